import { sql, type Kysely } from 'kysely';
import type { Db } from '../../db/database';
import type { CourseCatalogRow } from '../../db/schema';

const COLUMNS = ['id', 'parent_id', 'title', 'sort', 'create_time'] as const;

export function findCatalog(db: Db, id: string): Promise<CourseCatalogRow | undefined> {
  return db.selectFrom('course_catalog').select(COLUMNS).where('id', '=', id).executeTakeFirst();
}

export function listCatalogs(db: Db): Promise<CourseCatalogRow[]> {
  return db.selectFrom('course_catalog').select(COLUMNS).execute();
}

/** Courses filed directly under each category (categories without courses are absent). */
export async function countCoursesByCatalog(db: Db): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('course')
    .select(['cat_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('cat_id', 'is not', null)
    .groupBy('cat_id')
    .execute();
  return new Map(rows.map((r) => [r.cat_id as string, Number(r.n)]));
}

/** The given categories and every category below them, in one recursive query (UNION ends a cycle). */
export async function catalogSubtreeIds(db: Db, rootIds: readonly string[]): Promise<string[]> {
  if (rootIds.length === 0) return [];
  const rows = await (db as unknown as Kysely<any>)
    .withRecursive('sub(id)', (qb) =>
      qb
        .selectFrom('course_catalog')
        .select('id')
        .where('id', 'in', rootIds)
        .union(qb.selectFrom('course_catalog as c').innerJoin('sub', 'sub.id', 'c.parent_id').select('c.id')),
    )
    .selectFrom('sub')
    .select('id')
    .execute();
  return rows.map((r: { id: string }) => r.id);
}

export async function siblingTitleTaken(db: Db, parentId: string, title: string, exceptId?: string): Promise<boolean> {
  let q = db.selectFrom('course_catalog').select('id').where('parent_id', '=', parentId).where('title', '=', title);
  if (exceptId) q = q.where('id', '!=', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

export function listSiblings(db: Db, parentId: string): Promise<Array<Pick<CourseCatalogRow, 'id' | 'sort' | 'title'>>> {
  return db.selectFrom('course_catalog').select(['id', 'sort', 'title']).where('parent_id', '=', parentId).execute();
}

export async function nextSort(db: Db, parentId: string): Promise<number> {
  const row = await db
    .selectFrom('course_catalog')
    .select((eb) => eb.fn.max('sort').as('m'))
    .where('parent_id', '=', parentId)
    .executeTakeFirst();
  return Number(row?.m ?? 0) + 1;
}

export async function insertCatalog(db: Db, row: CourseCatalogRow): Promise<void> {
  await db.insertInto('course_catalog').values(row).execute();
}

export async function updateCatalog(db: Db, id: string, values: Pick<CourseCatalogRow, 'parent_id' | 'title' | 'sort'>): Promise<void> {
  await db.updateTable('course_catalog').set(values).where('id', '=', id).execute();
}

/** Several sort values of one table in one statement. */
export async function updateSorts(
  db: Db,
  table: 'course_catalog' | 'course_chapter' | 'course_file',
  changes: ReadonlyArray<{ id: string; sort: number }>,
): Promise<void> {
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

/** Titles of the categories among `ids` that still have courses filed under them. */
export async function catalogsWithCourses(db: Db, ids: readonly string[]): Promise<string[]> {
  const rows = await db
    .selectFrom('course_catalog as c')
    .select('c.title')
    .where('c.id', 'in', ids)
    .where((eb) => eb.exists(eb.selectFrom('course as k').select('k.id').whereRef('k.cat_id', '=', 'c.id')))
    .orderBy('c.title')
    .execute();
  return rows.map((r) => r.title);
}

/** Titles of the categories among `ids` that have sub-categories not themselves in the list. */
export async function catalogsWithChildrenOutside(db: Db, ids: readonly string[]): Promise<string[]> {
  const rows = await db
    .selectFrom('course_catalog as c')
    .select('c.title')
    .where('c.id', 'in', ids)
    .where((eb) =>
      eb.exists(eb.selectFrom('course_catalog as k').select('k.id').whereRef('k.parent_id', '=', 'c.id').where('k.id', 'not in', ids)),
    )
    .orderBy('c.title')
    .execute();
  return rows.map((r) => r.title);
}

export async function deleteCatalogs(db: Db, ids: readonly string[]): Promise<number> {
  const res = await db.deleteFrom('course_catalog').where('id', 'in', ids).executeTakeFirst();
  return Number(res.numDeletedRows);
}
