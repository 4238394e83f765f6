import type { Page } from '../../../common/errorCodes';
import type { Db } from '../../db/database';
import type { RoleRow } from '../../db/schema';
import { contains, paginate, type PageArgs } from '../../lib/paging';

const ROLE_COLUMNS = ['id', 'role_code', 'role_name', 'role_type', 'remark', 'create_time'] as const;

/** Rows per INSERT when writing many grants at once. */
const BATCH = 500;

export function findRole(db: Db, id: string): Promise<RoleRow | undefined> {
  return db.selectFrom('sys_role').select(ROLE_COLUMNS).where('id', '=', id).executeTakeFirst();
}

export function listRoles(db: Db): Promise<RoleRow[]> {
  return db.selectFrom('sys_role').select(ROLE_COLUMNS).orderBy('create_time').orderBy('id').execute();
}

/** A page of roles, oldest first. */
export function pageRoles(db: Db, filters: { roleName?: string; roleType?: number }, page: PageArgs): Promise<Page<RoleRow>> {
  let q = db.selectFrom('sys_role');
  if (filters.roleName) q = q.where(contains('role_name', filters.roleName));
  if (filters.roleType !== undefined) q = q.where('role_type', '=', filters.roleType);
  return paginate(q, page, (s) => s.select(ROLE_COLUMNS).orderBy('create_time').orderBy('id'), (r) => r);
}



/** Menu ids granted to each of the roles, in one query. */
export async function menuIdsByRole(db: Db, roleIds: readonly string[]): Promise<Map<string, string[]>> {
  const map = new Map<string, string[]>(roleIds.map((id) => [id, []]));
  if (roleIds.length === 0) return map;
  const rows = await db.selectFrom('sys_role_menu').select(['role_id', 'menu_id']).where('role_id', 'in', roleIds).orderBy('menu_id').execute();
  for (const r of rows) map.get(r.role_id)?.push(r.menu_id);
  return map;
}

/** Users holding each of the roles, in one grouped query. */
export async function userCountByRole(db: Db, roleIds: readonly string[]): Promise<Map<string, number>> {
  if (roleIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('sys_user_role')
    .select(['role_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('role_id', 'in', roleIds)
    .groupBy('role_id')
    .execute();
  return new Map(rows.map((r) => [r.role_id, Number(r.n)]));
}

export async function roleCodeTaken(db: Db, roleCode: string, exceptId?: string): Promise<boolean> {
  let q = db.selectFrom('sys_role').select('id').where('role_code', '=', roleCode);
  if (exceptId) q = q.where('id', '!=', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

export async function insertRole(db: Db, row: RoleRow): Promise<void> {
  await db.insertInto('sys_role').values(row).execute();
}

export async function updateRole(db: Db, id: string, values: Pick<RoleRow, 'role_code' | 'role_name' | 'role_type' | 'remark'>): Promise<void> {
  await db.updateTable('sys_role').set(values).where('id', '=', id).execute();
}

/** Replaces the role's grants: one delete and batched inserts. */
export async function replaceRoleMenus(db: Db, roleId: string, menuIds: readonly string[]): Promise<void> {
  await db.deleteFrom('sys_role_menu').where('role_id', '=', roleId).execute();
  for (let i = 0; i < menuIds.length; i += BATCH) {
    await db
      .insertInto('sys_role_menu')
      .values(menuIds.slice(i, i + BATCH).map((menu_id) => ({ role_id: roleId, menu_id })))
      .execute();
  }
}

/** Roles among `ids` that some user still holds. */
export async function rolesInUse(db: Db, ids: readonly string[]): Promise<string[]> {
  const rows = await db.selectFrom('sys_user_role').select('role_id').distinct().where('role_id', 'in', ids).execute();
  return rows.map((r) => r.role_id);
}

export async function existingRoleIds(db: Db, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('sys_role').select('id').where('id', 'in', ids).execute();
  return rows.map((r) => r.id);
}

/** Deletes roles; their grants go with them (foreign keys cascade). */
export async function deleteRoles(db: Db, ids: readonly string[]): Promise<void> {
  await db.deleteFrom('sys_role').where('id', 'in', ids).execute();
}
