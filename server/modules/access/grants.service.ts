import { mayCall } from '../../../common/api/access';
import type { Access } from '../../../common/api/endpoint';
import { RoleType } from '../../../common/codes';
import { ErrorCode } from '../../../common/errorCodes';
import type { AuthUser } from '../../caller';
import type { ServiceContext } from '../../context';
import { AppError, forbidden, sessionInvalid } from '../../lib/errors';
import * as repo from './grants.repository';

/**
 * Who may call what, and grant what: permission tags of roles, the menus a caller holds, and the
 * roles beyond a caller's reach. The server's route check and the admin's canAccess share mayCall.
 */

export { mayCall };

export const PASSWORD_CHANGE_MESSAGE = '为了账号安全，请先修改密码';

/**
 * Throws unless the caller may use an endpoint with this access rule (mayCall), with the reason.
 * A session marked at sign-in as having to change its password first may call only what needs no
 * session (public calls, sign-out among them) and the calls open during the change.
 */
export function assertMayCall(user: AuthUser | null, access: Access, duringPassChange = false): void {
  if (user?.passChangeRequired && access !== 'public' && !duringPassChange) {
    throw new AppError(ErrorCode.PASSWORD_CHANGE_REQUIRED, PASSWORD_CHANGE_MESSAGE);
  }
  if (mayCall(user, access)) return;
  if (!user) throw sessionInvalid();
  if (user.roleType !== RoleType.ADMIN) throw forbidden('您无权访问管理功能');
  throw new AppError(ErrorCode.FORBIDDEN, '您没有此功能的权限，请联系管理员授权');
}

/** The permission tags of a set of roles, by the key of its sorted ids (cached; cleared when roles or menus change). */
export function permissionsOfRoles(ctx: ServiceContext, rolesKey: string, roleIds: string[]): Promise<string[]> {
  return ctx.caches.permissions.getOrLoad(rolesKey, () => repo.findRolePermissionTags(ctx.db, roleIds));
}

/** Every menu granted to any of `who`'s roles: what `who` may grant. */
export async function heldMenuIds(ctx: ServiceContext, who: AuthUser): Promise<Set<string>> {
  return new Set(await repo.menuIdsOfRoles(ctx.db, who.roleIds));
}

/**
 * The roles among `roleIds` that grant a menu (and so a permission) that none of `who`'s roles
 * grants: what `who` may neither give nor take from anyone. Empty for the super administrator.
 */
export function rolesBeyond(ctx: ServiceContext, who: AuthUser, roleIds: readonly string[]): Promise<string[]> {
  return repo.rolesGrantingMoreThan(ctx.db, roleIds, who.roleIds);
}
