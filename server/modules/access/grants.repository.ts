import type { Db } from '../../db/database';

/** Role–menu grants, read for access decisions: the only place that builds these queries. */

/** Permission tags granted to any of these roles, through role menus → function menus. */
export async function findRolePermissionTags(db: Db, roleIds: readonly string[]): Promise<string[]> {
  if (roleIds.length === 0) return [];
  const rows = await db
    .selectFrom('sys_role_menu as rm')
    .innerJoin('sys_menu as m', 'm.id', 'rm.menu_id')
    .select('m.permission_tag')
    .distinct()
    .where('rm.role_id', 'in', roleIds)
    .where('m.permission_tag', '!=', '')
    .execute();
  return rows.map((r) => r.permission_tag);
}

/** Menu ids granted to any of the roles. */
export async function menuIdsOfRoles(db: Db, roleIds: readonly string[]): Promise<string[]> {
  if (roleIds.length === 0) return [];
  const rows = await db.selectFrom('sys_role_menu').select('menu_id').distinct().where('role_id', 'in', roleIds).execute();
  return rows.map((r) => r.menu_id);
}

/** Roles among `roleIds` that grant some menu none of `heldRoleIds` grants, in one query. */
export async function rolesGrantingMoreThan(db: Db, roleIds: readonly string[], heldRoleIds: readonly string[]): Promise<string[]> {
  if (roleIds.length === 0) return [];
  let q = db.selectFrom('sys_role_menu').select('role_id').distinct().where('role_id', 'in', roleIds);
  if (heldRoleIds.length) {
    q = q.where('menu_id', 'not in', (eb) => eb.selectFrom('sys_role_menu as held').select('held.menu_id').where('held.role_id', 'in', heldRoleIds));
  }
  return (await q.execute()).map((r) => r.role_id);
}

/**
 * Whether the user passes an endpoint's `{ perm }` rule as the session check applies it: one of
 * their roles is of the administrator type, and one of their roles grants the tag.
 */
export async function userHoldsAdminTag(db: Db, userId: string, tag: string, adminRoleType: number): Promise<boolean> {
  const row = await db
    .selectFrom('sys_user as u')
    .select('u.id')
    .where('u.id', '=', userId)
    .where((eb) =>
      eb.and([
        eb.exists(
          eb
            .selectFrom('sys_user_role as ur')
            .innerJoin('sys_role as r', 'r.id', 'ur.role_id')
            .select('ur.user_id')
            .whereRef('ur.user_id', '=', 'u.id')
            .where('r.role_type', '=', adminRoleType),
        ),
        eb.exists(
          eb
            .selectFrom('sys_user_role as ur')
            .innerJoin('sys_role_menu as rm', 'rm.role_id', 'ur.role_id')
            .innerJoin('sys_menu as m', 'm.id', 'rm.menu_id')
            .select('ur.user_id')
            .whereRef('ur.user_id', '=', 'u.id')
            .where('m.permission_tag', '=', tag),
        ),
      ]),
    )
    .executeTakeFirst();
  return row !== undefined;
}
