import type { Access } from '../../common/api';
import { RoleType } from '../../common/codes';
import { endpointOf } from './resourceApi';

/** What canAccess needs to know about the signed-in user. */
export interface AccessUser {
  roleType: number;
  permissions: readonly string[];
}

export interface AccessRequest {
  resource: string;
  action: string;
}

/** Whether the server lets this user call an endpoint with this access (the rule of the Access type in common/api). */
export function mayCall(user: AccessUser, access: Access): boolean {
  if (access === 'public' || access === 'login') return true;
  if (user.roleType !== RoleType.ADMIN) return false;
  return access === 'admin' || user.permissions.includes(access.perm);
}

/**
 * Pure authorization: may this user do `action` on `resource`? The answer is the server's: the
 * endpoint that performs the action (admin/providers/resourceApi.ts) and its access rule. Pairs
 * no endpoint performs are refused.
 */
export function canAccess(user: AccessUser | null | undefined, request: AccessRequest): boolean {
  if (!user) return false;
  const endpoint = endpointOf(request.resource, request.action);
  return endpoint !== undefined && mayCall(user, endpoint.access);
}
