import { RoleType } from '../codes';
import type { Access } from './endpoint';

/** What the access rule of an endpoint needs to know about the caller. */
export interface AccessUser {
  roleType: number;
  permissions: readonly string[];
}

/**
 * Whether this user may call an endpoint with this access (the rule of the Access type): the one
 * rule the server enforces (server/modules/access/grants.service.ts) and the admin's canAccess reads.
 */
export function mayCall(user: AccessUser | null, access: Access): boolean {
  if (access === 'public') return true;
  if (!user) return false;
  if (access === 'login') return true;
  if (user.roleType !== RoleType.ADMIN) return false;
  return access === 'admin' || user.permissions.includes(access.perm);
}
