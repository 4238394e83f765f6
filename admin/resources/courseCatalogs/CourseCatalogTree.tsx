import { courseCatalogApi, type CourseCatalogNode } from '../../../common/api';
import { CatalogTree } from '../shared/CatalogTree';

/** 课程分类: the category tree courses are filed under. */
export function CourseCatalogTree() {
  return <CatalogTree<CourseCatalogNode> spec={{ resource: 'course/catalog', messages: 'examhall.courseCatalogs', api: courseCatalogApi, countKey: 'courseCount' }} />;
}
