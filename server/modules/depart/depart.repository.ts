import type { Db } from '../../db/database';
import type { DepartRow } from '../../db/schema';
import type { Sibling } from '../../lib/siblingOrder';

const COLUMNS = ['id', 'parent_id', 'dept_name', 'dept_code', 'sort', 'create_time'] as const;

/** Departments directly under `parentId` (null: the top level). */
function childrenOf(db: Db, parentId: string | null) {
  const q = db.selectFrom('sys_depart');
  return parentId === null ? q.where('parent_id', 'is', null) : q.where('parent_id', '=', parentId);
}

export function findDepart(db: Db, id: string): Promise<DepartRow | undefined> {
  return db.selectFrom('sys_depart').select(COLUMNS).where('id', '=', id).executeTakeFirst();
}

export function listDeparts(db: Db): Promise<DepartRow[]> {
  return db.selectFrom('sys_depart').select(COLUMNS).execute();
}

/** Users directly in each department (departments without users are absent). */
export async function countUsersByDept(db: Db): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('sys_user')
    .select(['dept_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('dept_id', 'is not', null)
    .groupBy('dept_id')
    .execute();
  return new Map(rows.map((r) => [r.dept_id as string, Number(r.n)]));
}

/** Ids among `ids` that exist. */
export async function existingDeptIds(db: Db, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('sys_depart').select('id').where('id', 'in', ids).execute();
  return rows.map((r) => r.id);
}

export async function siblingNameTaken(db: Db, parentId: string | null, name: string, exceptId?: string): Promise<boolean> {
  let q = childrenOf(db, parentId).select('id').where('dept_name', '=', name);
  if (exceptId) q = q.where('id', '!=', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

/** Siblings of one parent (unordered: the service orders them as the tree shows them). */
export function listSiblings(db: Db, parentId: string | null): Promise<Array<Sibling & { dept_name: string }>> {
  return childrenOf(db, parentId).select(['id', 'sort', 'dept_name']).execute();
}

export async function nextSort(db: Db, parentId: string | null): Promise<number> {
  const row = await childrenOf(db, parentId)
    .select((eb) => eb.fn.max('sort').as('m'))
    .executeTakeFirst();
  return Number(row?.m ?? 0) + 1;
}

export async function insertDepart(db: Db, row: DepartRow): Promise<void> {
  await db.insertInto('sys_depart').values(row).execute();
}

export async function updateDepart(db: Db, id: string, values: Pick<DepartRow, 'parent_id' | 'dept_name' | 'dept_code' | 'sort'>): Promise<void> {
  await db.updateTable('sys_depart').set(values).where('id', '=', id).execute();
}

/** Ids among `ids` that still have users in them. */
export async function deptsWithUsers(db: Db, ids: readonly string[]): Promise<string[]> {
  const rows = await db.selectFrom('sys_user').select('dept_id').distinct().where('dept_id', 'in', ids).execute();
  return rows.map((r) => r.dept_id as string);
}

/** Children of the given departments that are not themselves in the list. */
export async function childrenOutside(db: Db, ids: readonly string[]): Promise<string[]> {
  const rows = await db.selectFrom('sys_depart').select('id').where('parent_id', 'in', ids).where('id', 'not in', ids).execute();
  return rows.map((r) => r.id);
}

/** Deletes departments; notices addressed to them lose them as targets (foreign keys cascade). */
export async function deleteDeparts(db: Db, ids: readonly string[]): Promise<number> {
  const res = await db.deleteFrom('sys_depart').where('id', 'in', ids).executeTakeFirst();
  return Number(res.numDeletedRows);
}
