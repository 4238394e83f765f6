import { repoCatalogApi, type RepoCatalogNode } from '../../../common/api';
import { CatalogTree } from '../shared/CatalogTree';

/** 题库分类: the category tree question banks are filed under (by subject). */
export function RepoCatalogTree() {
  return <CatalogTree<RepoCatalogNode> spec={{ resource: 'repo/catalog', messages: 'examhall.repoCatalogs', api: repoCatalogApi, countKey: 'repoCount' }} />;
}
