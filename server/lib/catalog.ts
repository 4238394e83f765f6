import { sql, type Kysely } from 'kysely';
import { ErrorCode } from '../../common/errorCodes';
import { inTransaction, type ServiceContext } from '../context';
import type { Db } from '../db/database';
import { AppError, fail, notFound } from './errors';
import { newId } from './ids';
import { planMove } from './siblingOrder';

/**
 * A category tree that files things (courses, question banks): one implementation of the tree,
 * its save rules (no cycles, unique titles among siblings), deletion rules (nothing filed, no
 * sub-categories left) and sibling order. Each module makes one with its tables and words.
 */

export interface CatalogRecord {
  id: string;
  parentId: string;
  title: string;
  sort: number;
}
export interface CatalogSaveInput {
  id?: string;
  parentId?: string;
  title: string;
  sort?: number;
}

interface CatalogRow {
  id: string;
  parent_id: string;
  title: string;
  sort: number;
  create_time: number;
}

export interface CatalogSpec {
  /** The category table (id, parent_id, title, sort, create_time). */
  table: 'course_catalog' | 'repo_catalog';
  /** The filed things' table and its category column. */
  itemTable: 'course' | 'qu_repo';
  /** What is filed, as messages name it: 课程, 题库. */
  noun: string;
}

/** parent_id of a top-level category. */
export const TOP_CATALOG = '0';

const COLUMNS = ['id', 'parent_id', 'title', 'sort', 'create_time'] as const;

const toRecord = (row: CatalogRow): CatalogRecord => ({ id: row.id, parentId: row.parent_id, title: row.title, sort: row.sort });

/** Display order of siblings: sort, then title, then id. */
const compareCatalog = (a: { sort: number; title: string; id: string }, b: { sort: number; title: string; id: string }) =>
  a.sort - b.sort || a.title.localeCompare(b.title, 'zh-CN') || a.id.localeCompare(b.id);

/** Several sort values of one table in one statement. */
export async function updateSorts(db: Db, table: string, changes: ReadonlyArray<{ id: string; sort: number }>): Promise<void> {
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

export function createCatalog(spec: CatalogSpec) {
  const { table, itemTable, noun } = spec;
  const q = (db: Db) => db as unknown as Kysely<any>;
  const missing = () => notFound(`${noun}分类不存在或已被删除`);

  const find = (db: Db, id: string): Promise<CatalogRow | undefined> => q(db).selectFrom(table).select(COLUMNS).where('id', '=', id).executeTakeFirst();

  async function subtreeIds(db: Db, rootIds: readonly string[]): Promise<string[]> {
    if (rootIds.length === 0) return [];
    const rows = await q(db)
      .withRecursive('sub(id)', (qb) =>
        qb
          .selectFrom(table)
          .select('id')
          .where('id', 'in', rootIds)
          .union(qb.selectFrom(`${table} as c`).innerJoin('sub', 'sub.id', 'c.parent_id').select('c.id')),
      )
      .selectFrom('sub')
      .select('id')
      .execute();
    return rows.map((r: { id: string }) => r.id);
  }

  /** The whole tree in two queries, each node with `count`: the things filed directly under it. */
  async function tree(ctx: ServiceContext): Promise<Array<CatalogRecord & { count: number; children: unknown[] }>> {
    type Node = CatalogRecord & { count: number; children: Node[] };
    const [rows, counts] = await Promise.all([
      q(ctx.db).selectFrom(table).select(COLUMNS).execute() as Promise<CatalogRow[]>,
      q(ctx.db)
        .selectFrom(itemTable)
        .select(['cat_id', (eb) => eb.fn.countAll<number>().as('n')])
        .where('cat_id', 'is not', null)
        .groupBy('cat_id')
        .execute() as Promise<Array<{ cat_id: string; n: number }>>,
    ]);
    const countOf = new Map(counts.map((r) => [r.cat_id, Number(r.n)]));
    const nodes = new Map<string, Node>(rows.map((r) => [r.id, { ...toRecord(r), count: countOf.get(r.id) ?? 0, children: [] }]));
    const roots: Node[] = [];
    for (const node of nodes.values()) {
      const parent = node.parentId === node.id ? undefined : nodes.get(node.parentId);
      (parent ? parent.children : roots).push(node);
    }
    const sortAll = (list: Node[]) => {
      list.sort(compareCatalog);
      list.forEach((n) => sortAll(n.children));
    };
    sortAll(roots);
    return roots;
  }

  async function get(ctx: ServiceContext, id: string): Promise<CatalogRecord> {
    const row = await find(ctx.db, id);
    if (!row) throw missing();
    return toRecord(row);
  }

  /** The category and all its sub-categories (for "things in this category" filters). */
  const withDescendants = (ctx: ServiceContext, id: string) => subtreeIds(ctx.db, [id]);

  /** Refuses unless the id names an existing category. */
  async function assertExists(ctx: ServiceContext, id: string): Promise<void> {
    if (!(await find(ctx.db, id))) throw fail(`所选${noun}分类不存在或已被删除`);
  }

  const normalParent = (parentId: string | undefined) => (!parentId || parentId === TOP_CATALOG ? TOP_CATALOG : parentId);

  async function save(ctx: ServiceContext, body: CatalogSaveInput): Promise<CatalogRecord> {
    const title = body.title.trim();
    if (!title) throw fail('分类名称不能为空');
    const parentId = normalParent(body.parentId);
    const id = await inTransaction(ctx, async (tx) => {
      const current = body.id ? await find(tx.db, body.id) : undefined;
      if (body.id && !current) throw missing();
      if (parentId !== TOP_CATALOG) {
        if (!(await find(tx.db, parentId))) throw fail('上级分类不存在或已被删除');
        if (current && (await subtreeIds(tx.db, [current.id])).includes(parentId)) throw fail('上级分类不能是本分类或其下级分类');
      }
      let taken = q(tx.db).selectFrom(table).select('id').where('parent_id', '=', parentId).where('title', '=', title);
      if (current) taken = taken.where('id', '!=', current.id);
      if (await taken.executeTakeFirst()) throw new AppError(ErrorCode.DUPLICATE, '同级分类名称已存在');
      const nextSort = async () => {
        const row = await q(tx.db).selectFrom(table).select((eb) => eb.fn.max('sort').as('m')).where('parent_id', '=', parentId).executeTakeFirst();
        return Number(row?.m ?? 0) + 1;
      };
      const values = {
        parent_id: parentId,
        title,
        sort: body.sort ?? (current && current.parent_id === parentId ? current.sort : await nextSort()),
      };
      if (current) {
        await q(tx.db).updateTable(table).set(values).where('id', '=', current.id).execute();
        return current.id;
      }
      const created = newId();
      await q(tx.db).insertInto(table).values({ id: created, ...values, create_time: tx.clock.now() }).execute();
      return created;
    });
    return get(ctx, id);
  }

  /** Refused, naming the categories, while things are filed under one or sub-categories outside the list remain. */
  async function remove(ctx: ServiceContext, ids: readonly string[]): Promise<void> {
    const unique = [...new Set(ids)];
    await inTransaction(ctx, async (tx) => {
      const holding = await q(tx.db)
        .selectFrom(`${table} as c`)
        .select('c.title')
        .where('c.id', 'in', unique)
        .where((eb) => eb.exists(eb.selectFrom(`${itemTable} as k`).select('k.id').whereRef('k.cat_id', '=', 'c.id')))
        .orderBy('c.title')
        .execute();
      if (holding.length) throw fail(`分类“${holding.map((r: { title: string }) => r.title).join('”、“')}”下还有${noun}，请先移走或删除这些${noun}`);
      const parents = await q(tx.db)
        .selectFrom(`${table} as c`)
        .select('c.title')
        .where('c.id', 'in', unique)
        .where((eb) => eb.exists(eb.selectFrom(`${table} as k`).select('k.id').whereRef('k.parent_id', '=', 'c.id').where('k.id', 'not in', unique)))
        .orderBy('c.title')
        .execute();
      if (parents.length) throw fail(`分类“${parents.map((r: { title: string }) => r.title).join('”、“')}”下还有子分类，请先删除子分类`);
      const res = await q(tx.db).deleteFrom(table).where('id', 'in', unique).executeTakeFirst();
      if (Number(res.numDeletedRows) === 0) throw missing();
    });
  }

  /** sort -1 moves up one place among siblings, +1 down one; any other value is written as the sort itself. */
  async function sort(ctx: ServiceContext, { id, sort }: { id: string; sort: number }): Promise<CatalogRecord> {
    await inTransaction(ctx, async (tx) => {
      const row = await find(tx.db, id);
      if (!row) throw missing();
      if (sort === -1 || sort === 1) {
        const siblings = (
          (await q(tx.db).selectFrom(table).select(['id', 'sort', 'title']).where('parent_id', '=', row.parent_id).execute()) as Array<{ id: string; sort: number; title: string }>
        ).sort(compareCatalog);
        await updateSorts(tx.db, table, planMove(siblings, id, sort));
      } else {
        await updateSorts(tx.db, table, [{ id, sort }]);
      }
    });
    return get(ctx, id);
  }

  return { tree, get, withDescendants, assertExists, save, remove, sort };
}
