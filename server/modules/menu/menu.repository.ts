import type { Insertable } from 'kysely';
import type { Db } from '../../db/database';
import type { MenuRow, SysMenuTable } from '../../db/schema';
import type { Sibling } from '../../lib/siblingOrder';

const COLUMNS = [
  'id', 'parent_id', 'menu_type', 'title', 'path', 'name', 'component', 'redirect', 'permission_tag', 'icon',
  'hidden', 'always_show', 'no_cache', 'affix', 'sort', 'create_time',
] as const;

export type MenuValues = Omit<MenuRow, 'id' | 'create_time'>;

/** Rows per INSERT when writing many grants at once. */
const BATCH = 500;

/** Menus directly under `parentId` (null: the top level). */
function childrenOf(db: Db, parentId: string | null) {
  const q = db.selectFrom('sys_menu');
  return parentId === null ? q.where('parent_id', 'is', null) : q.where('parent_id', '=', parentId);
}

export function findMenu(db: Db, id: string): Promise<MenuRow | undefined> {
  return db.selectFrom('sys_menu').select(COLUMNS).where('id', '=', id).executeTakeFirst();
}

export function listMenus(db: Db): Promise<MenuRow[]> {
  return db.selectFrom('sys_menu').select(COLUMNS).execute();
}

/** Menus and routes (types 1 and 3, never functions) granted to any of the roles. */
export function listGrantedRoutes(db: Db, roleIds: readonly string[]): Promise<MenuRow[]> {
  if (roleIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('sys_menu')
    .select(COLUMNS)
    .where('menu_type', 'in', [1, 3])
    .where('id', 'in', (eb) => eb.selectFrom('sys_role_menu').select('menu_id').where('role_id', 'in', roleIds))
    .execute();
}

export async function existingMenuIds(db: Db, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('sys_menu').select('id').where('id', 'in', ids).execute();
  return rows.map((r) => r.id);
}

export async function allMenuIds(db: Db): Promise<string[]> {
  return (await db.selectFrom('sys_menu').select('id').execute()).map((r) => r.id);
}

export async function menuTitles(db: Db, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  return (await db.selectFrom('sys_menu').select('title').where('id', 'in', ids).orderBy('sort').execute()).map((r) => r.title);
}

export async function insertMenu(db: Db, row: Insertable<SysMenuTable>): Promise<void> {
  await db.insertInto('sys_menu').values(row).execute();
}

export async function updateMenu(db: Db, id: string, values: MenuValues): Promise<void> {
  await db.updateTable('sys_menu').set(values).where('id', '=', id).execute();
}

/** Siblings of one parent (unordered: the service orders them as the tree shows them). */
export function listSiblings(db: Db, parentId: string | null): Promise<Sibling[]> {
  return childrenOf(db, parentId).select(['id', 'sort']).execute();
}

export async function nextSort(db: Db, parentId: string | null): Promise<number> {
  const row = await childrenOf(db, parentId)
    .select((eb) => eb.fn.max('sort').as('m'))
    .executeTakeFirst();
  return Number(row?.m ?? 0) + 1;
}

/** Grants menus to a role, skipping what it already has. */
export async function grantMenus(db: Db, roleId: string, menuIds: readonly string[]): Promise<void> {
  if (menuIds.length === 0) return;
  const held = new Set(
    (await db.selectFrom('sys_role_menu').select('menu_id').where('role_id', '=', roleId).where('menu_id', 'in', menuIds).execute()).map(
      (r) => r.menu_id,
    ),
  );
  const missing = menuIds.filter((id) => !held.has(id));
  for (let i = 0; i < missing.length; i += BATCH) {
    await db
      .insertInto('sys_role_menu')
      .values(missing.slice(i, i + BATCH).map((menu_id) => ({ role_id: roleId, menu_id })))
      .execute();
  }
}

/** Deletes menus; everything below them and every grant of them go too (foreign keys cascade). */
export async function deleteMenus(db: Db, ids: readonly string[]): Promise<number> {
  let deleted = 0;
  for (let i = 0; i < ids.length; i += BATCH) {
    const res = await db.deleteFrom('sys_menu').where('id', 'in', ids.slice(i, i + BATCH)).executeTakeFirst();
    deleted += Number(res.numDeletedRows);
  }
  return deleted;
}
