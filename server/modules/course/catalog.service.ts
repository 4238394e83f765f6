import type { CourseCatalogNode, CourseCatalogRecord, CourseCatalogSaveBody, IdsBody, SortBody } from '../../../common/api';
import type { ServiceContext } from '../../context';
import { createCatalog } from '../../lib/catalog';

/** Course categories: the shared category tree over course_catalog, counting courses. */
const catalog = createCatalog({ table: 'course_catalog', itemTable: 'course', noun: '课程' });

type Node = Awaited<ReturnType<typeof catalog.tree>>[number];
const toNode = (n: Node): CourseCatalogNode => ({
  id: n.id,
  parentId: n.parentId,
  title: n.title,
  sort: n.sort,
  courseCount: n.count,
  children: (n.children as Node[]).map(toNode),
});

export const catalogTree = async (ctx: ServiceContext): Promise<CourseCatalogNode[]> => (await catalog.tree(ctx)).map(toNode);
export const getCatalog = (ctx: ServiceContext, id: string): Promise<CourseCatalogRecord> => catalog.get(ctx, id);
/** The category and all its sub-categories (for "courses in this category" filters). */
export const catalogWithDescendants = (ctx: ServiceContext, id: string): Promise<string[]> => catalog.withDescendants(ctx, id);
export const assertCatalogExists = (ctx: ServiceContext, id: string): Promise<void> => catalog.assertExists(ctx, id);
export const saveCatalog = (ctx: ServiceContext, body: CourseCatalogSaveBody): Promise<CourseCatalogRecord> => catalog.save(ctx, body);
export const deleteCatalogs = (ctx: ServiceContext, { ids }: IdsBody): Promise<void> => catalog.remove(ctx, ids);
export const sortCatalog = (ctx: ServiceContext, body: SortBody): Promise<CourseCatalogRecord> => catalog.sort(ctx, body);
