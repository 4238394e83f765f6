import type { CourseCatalogNode, CourseCatalogRecord, CourseCatalogSaveBody, IdsBody, SortBody } from '../../../common/api';
import { ErrorCode } from '../../../common/errorCodes';
import { inTransaction, type ServiceContext } from '../../context';
import type { CourseCatalogRow } from '../../db/schema';
import { AppError, fail, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { planMove } from '../../lib/siblingOrder';
import * as repo from './catalog.repository';

/** parent_id of a top-level category. */
export const TOP_CATALOG = '0';

const missing = () => notFound('课程分类不存在或已被删除');

export function catalogRowToRecord(row: CourseCatalogRow): CourseCatalogRecord {
  return { id: row.id, parentId: row.parent_id, title: row.title, sort: row.sort };
}

/** Display order of siblings: sort, then title, then id. */
const compareCatalog = (a: { sort: number; title: string; id: string }, b: { sort: number; title: string; id: string }) =>
  a.sort - b.sort || a.title.localeCompare(b.title, 'zh-CN') || a.id.localeCompare(b.id);

/** The whole tree in two queries, each node with the number of courses filed directly under it. */
export async function catalogTree(ctx: ServiceContext): Promise<CourseCatalogNode[]> {
  const [rows, counts] = await Promise.all([repo.listCatalogs(ctx.db), repo.countCoursesByCatalog(ctx.db)]);
  const nodes = new Map<string, CourseCatalogNode>(
    rows.map((r) => [r.id, { ...catalogRowToRecord(r), courseCount: counts.get(r.id) ?? 0, children: [] }]),
  );
  const roots: CourseCatalogNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentId === node.id ? undefined : nodes.get(node.parentId);
    (parent ? parent.children : roots).push(node);
  }
  const sortAll = (list: CourseCatalogNode[]) => {
    list.sort(compareCatalog);
    list.forEach((n) => sortAll(n.children));
  };
  sortAll(roots);
  return roots;
}

export async function getCatalog(ctx: ServiceContext, id: string): Promise<CourseCatalogRecord> {
  const row = await repo.findCatalog(ctx.db, id);
  if (!row) throw missing();
  return catalogRowToRecord(row);
}

/** The category and all its sub-categories (for "courses in this category" filters). */
export function catalogWithDescendants(ctx: ServiceContext, id: string): Promise<string[]> {
  return repo.catalogSubtreeIds(ctx.db, [id]);
}

/** Refuses unless the id names an existing category. */
export async function assertCatalogExists(ctx: ServiceContext, id: string): Promise<void> {
  if (!(await repo.findCatalog(ctx.db, id))) throw fail('所选课程分类不存在或已被删除');
}

const normalParent = (parentId: string | undefined) => (!parentId || parentId === TOP_CATALOG ? TOP_CATALOG : parentId);

export async function saveCatalog(ctx: ServiceContext, body: CourseCatalogSaveBody): Promise<CourseCatalogRecord> {
  const title = body.title.trim();
  if (!title) throw fail('分类名称不能为空');
  const parentId = normalParent(body.parentId);
  const id = await inTransaction(ctx, async (tx) => {
    const current = body.id ? await repo.findCatalog(tx.db, body.id) : undefined;
    if (body.id && !current) throw missing();
    if (parentId !== TOP_CATALOG) {
      if (!(await repo.findCatalog(tx.db, parentId))) throw fail('上级分类不存在或已被删除');
      if (current && (await repo.catalogSubtreeIds(tx.db, [current.id])).includes(parentId)) {
        throw fail('上级分类不能是本分类或其下级分类');
      }
    }
    if (await repo.siblingTitleTaken(tx.db, parentId, title, current?.id)) {
      throw new AppError(ErrorCode.DUPLICATE, '同级分类名称已存在');
    }
    const values = {
      parent_id: parentId,
      title,
      sort: body.sort ?? (current && current.parent_id === parentId ? current.sort : await repo.nextSort(tx.db, parentId)),
    };
    if (current) {
      await repo.updateCatalog(tx.db, current.id, values);
      return current.id;
    }
    const created = newId();
    await repo.insertCatalog(tx.db, { id: created, ...values, create_time: tx.clock.now() });
    return created;
  });
  return getCatalog(ctx, id);
}

/** Refused, naming the categories, while courses are filed under one or sub-categories outside the list remain. */
export async function deleteCatalogs(ctx: ServiceContext, { ids }: IdsBody): Promise<void> {
  const unique = [...new Set(ids)];
  await inTransaction(ctx, async (tx) => {
    const holding = await repo.catalogsWithCourses(tx.db, unique);
    if (holding.length) throw fail(`分类“${holding.join('”、“')}”下还有课程，请先移走或删除这些课程`);
    const parents = await repo.catalogsWithChildrenOutside(tx.db, unique);
    if (parents.length) throw fail(`分类“${parents.join('”、“')}”下还有子分类，请先删除子分类`);
    if ((await repo.deleteCatalogs(tx.db, unique)) === 0) throw missing();
  });
}

/** sort -1 moves up one place among siblings, +1 down one; any other value is written as the sort itself. */
export async function sortCatalog(ctx: ServiceContext, { id, sort }: SortBody): Promise<CourseCatalogRecord> {
  await inTransaction(ctx, async (tx) => {
    const row = await repo.findCatalog(tx.db, id);
    if (!row) throw missing();
    if (sort === -1 || sort === 1) {
      const siblings = (await repo.listSiblings(tx.db, row.parent_id)).sort(compareCatalog);
      await repo.updateSorts(tx.db, 'course_catalog', planMove(siblings, id, sort));
    } else {
      await repo.updateSorts(tx.db, 'course_catalog', [{ id, sort }]);
    }
  });
  return getCatalog(ctx, id);
}
