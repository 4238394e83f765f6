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
