import { sql, type Kysely } from 'kysely';
import type { Db } from '../db/database';

/** Tables that form a tree through `parent_id` (NULL at the top). */
export type TreeTable = 'sys_depart' | 'sys_menu';

/**
 * The given rows and every row below them, in one recursive query. UNION (not UNION ALL) also
 * ends the walk should a cycle ever slip into the data.
 */
export async function subtreeIds(db: Db, table: TreeTable, rootIds: readonly string[]): Promise<string[]> {
  if (rootIds.length === 0) return [];
  const k = db as unknown as Kysely<any>;
  const rows = await k
    .withRecursive('sub(id)', (qb) =>
      qb
        .selectFrom(table)
        .select('id')
        .where('id', 'in', rootIds)
        .union(qb.selectFrom(`${table} as t`).innerJoin('sub', 'sub.id', 't.parent_id').select('t.id')),
    )
    .selectFrom('sub')
    .select('id')
    .execute();
  return rows.map((r: { id: string }) => r.id);
}

/** The given rows and every row above them up to the top, in one recursive query. */
export async function ancestorIds(db: Db, table: TreeTable, ids: readonly string[]): Promise<string[]> {
  const wanted = ids.filter(Boolean);
  if (wanted.length === 0) return [];
  const k = db as unknown as Kysely<any>;
  const rows = await k
    .withRecursive('up(id, parent_id)', (qb) =>
      qb
        .selectFrom(table)
        .select(['id', 'parent_id'])
        .where('id', 'in', wanted)
        .union(qb.selectFrom(`${table} as t`).innerJoin('up', 'up.parent_id', 't.id').select(['t.id', 't.parent_id'])),
    )
    .selectFrom('up')
    .select('id')
    .execute();
  return rows.map((r: { id: string }) => r.id);
}

/** Writes several sort values of one tree table in one statement. */
export async function updateSorts(db: Db, table: TreeTable, changes: ReadonlyArray<{ id: string; sort: number }>): Promise<void> {
  if (changes.length === 0) return;
  const cases = sql.join(
    changes.map((c) => sql`when ${c.id} then ${sql.lit(Math.trunc(c.sort))}`),
    sql` `,
  );
  await (db as unknown as Kysely<any>)
    .updateTable(table)
    .set({ sort: sql<number>`case ${sql.ref('id')} ${cases} else ${sql.ref('sort')} end` })
    .where('id', 'in', changes.map((c) => c.id))
    .execute();
}
