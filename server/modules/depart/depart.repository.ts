import type { Kysely, Transaction } from 'kysely';
import type { DB, DepartRow } from '../../db/schema';
import type { Sibling } from './siblingOrder';

export type Db = Kysely<DB> | Transaction<DB>;

const COLUMNS = ['id', 'parent_id', 'dept_name', 'dept_code', 'sort', 'create_time'] as const;

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
    .where('dept_id', '!=', '')
    .groupBy('dept_id')
    .execute();
  return new Map(rows.map((r) => [r.dept_id, Number(r.n)]));
}

/** Ids among `ids` that exist. */
export async function existingDeptIds(db: Db, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('sys_depart').select('id').where('id', 'in', ids).execute();
  return rows.map((r) => r.id);
}

export async function siblingNameTaken(db: Db, parentId: string, name: string, exceptId?: string): Promise<boolean> {
  let q = db.selectFrom('sys_depart').select('id').where('parent_id', '=', parentId).where('dept_name', '=', name);
  if (exceptId) q = q.where('id', '!=', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

/** Siblings of one parent (unordered: the service orders them as the tree shows them). */
export function listSiblings(db: Db, parentId: string): Promise<Array<Sibling & { dept_name: string }>> {
  return db.selectFrom('sys_depart').select(['id', 'sort', 'dept_name']).where('parent_id', '=', parentId).execute();
}

export async function nextSort(db: Db, parentId: string): Promise<number> {
  const row = await db
    .selectFrom('sys_depart')
    .select((eb) => eb.fn.max('sort').as('m'))
    .where('parent_id', '=', parentId)
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
  return rows.map((r) => r.dept_id);
}

/** Children of the given departments that are not themselves in the list. */
export async function childrenOutside(db: Db, ids: readonly string[]): Promise<string[]> {
  const rows = await db.selectFrom('sys_depart').select('id').where('parent_id', 'in', ids).where('id', 'not in', ids).execute();
  return rows.map((r) => r.id);
}

export async function deleteDeparts(db: Db, ids: readonly string[]): Promise<void> {
  await db.deleteFrom('sys_notice_depart').where('dept_id', 'in', ids).execute();
  await db.deleteFrom('sys_depart').where('id', 'in', ids).execute();
}
