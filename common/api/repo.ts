import { Type, type Static } from '@sinclair/typebox';
import { Audience, QuLevel, QuType } from '../codes';
import { Perm } from '../permissions';
import { defineApi } from './endpoint';
import { Done, EmptyBody, Id, IdBody, IdsBody, Millis, OptText, Page, PageRequest, SortValue } from './base';
import { SortBody } from './depart';

// ---------- bank categories: /api/repo/catalog/* (a tree, like departments) ----------

export const RepoCatalogNode = Type.Recursive(
  (Self) =>
    Type.Object({
      id: Id,
      parentId: Type.String(),
      title: Type.String(),
      sort: Type.Integer(),
      /** Banks filed directly under this category. */
      repoCount: Type.Integer(),
      children: Type.Array(Self),
    }),
  { $id: 'RepoCatalogNode' },
);
export type RepoCatalogNode = Static<typeof RepoCatalogNode>;
export const RepoCatalogRecord = Type.Object({ id: Id, parentId: Type.String(), title: Type.String(), sort: Type.Integer() });
export type RepoCatalogRecord = Static<typeof RepoCatalogRecord>;
export const RepoCatalogSaveBody = Type.Object({
  id: Type.Optional(Id),
  /** '' or '0' for a top-level category. */
  parentId: Type.Optional(Type.String({ maxLength: 32 })),
  title: Type.String({ minLength: 1, maxLength: 64 }),
  sort: Type.Optional(SortValue),
});
export type RepoCatalogSaveBody = Static<typeof RepoCatalogSaveBody>;

// ---------- banks: /api/repo/* ----------

/** How many questions of one type and level a bank holds (types 99 count the combined question once). */
export const RepoStat = Type.Object({ quType: QuType.schema, level: QuLevel.schema, count: Type.Integer() });
export type RepoStat = Static<typeof RepoStat>;

export const RepoRecord = Type.Object({
  id: Id,
  title: Type.String(),
  /** '' when not filed under a category. */
  catId: Type.String(),
  catName: Type.String(),
  remark: Type.String(),
  /** Open for learner practice (the practice issue reads it). */
  practiceOpen: Type.Boolean(),
  practiceAudience: Audience.schema,
  departIds: Type.Array(Id),
  userIds: Type.Array(Id),
  quCount: Type.Integer(),
  /** Counts per type and level, as /list-stat answers them. */
  stats: Type.Array(RepoStat),
  createTime: Millis,
  updateTime: Millis,
});
export type RepoRecord = Static<typeof RepoRecord>;

export const RepoSaveBody = Type.Object({
  id: Type.Optional(Id),
  title: Type.String({ minLength: 1, maxLength: 128 }),
  catId: Type.Optional(Type.String({ maxLength: 32 })),
  remark: Type.Optional(Type.String({ maxLength: 1000 })),
  practiceOpen: Type.Boolean(),
  practiceAudience: Audience.schema,
  departIds: Type.Optional(Type.Array(Id, { maxItems: 500 })),
  userIds: Type.Optional(Type.Array(Id, { maxItems: 5000 })),
});
export type RepoSaveBody = Static<typeof RepoSaveBody>;

/** catId includes its sub-categories; excludes leaves banks out (pickers). */
export const RepoFilters = Type.Object({
  title: OptText(),
  catId: OptText(32),
  excludes: Type.Optional(Type.Array(Id, { maxItems: 200 })),
});
export const RepoPagingBody = PageRequest(RepoFilters);

export const repoCatalogApi = defineApi('repo', {
  tree: { path: '/api/repo/catalog/tree', access: 'admin', body: EmptyBody, response: Type.Array(RepoCatalogNode), summary: 'Bank categories as a tree, with bank counts' },
  detail: { path: '/api/repo/catalog/detail', access: 'admin', body: IdBody, response: RepoCatalogRecord, summary: 'One bank category' },
  save: { path: '/api/repo/catalog/save', access: { perm: Perm.repoCatalogSave }, body: RepoCatalogSaveBody, response: RepoCatalogRecord, summary: 'Create or update a bank category', okMsg: '保存成功' },
  delete: { path: '/api/repo/catalog/delete', access: { perm: Perm.repoCatalogDelete }, body: IdsBody, response: Done, summary: 'Delete empty bank categories', okMsg: '删除成功' },
  sort: { path: '/api/repo/catalog/sort', access: { perm: Perm.repoCatalogSave }, body: SortBody, response: RepoCatalogRecord, summary: 'Move a category among its siblings' },
});

export const repoApi = defineApi('repo', {
  paging: { path: '/api/repo/paging', access: { perm: Perm.repoList }, body: RepoPagingBody, response: Page(RepoRecord), summary: 'Banks with counts per type and level' },
  detail: { path: '/api/repo/detail', access: { perm: Perm.repoList }, body: IdBody, response: RepoRecord, summary: 'One bank' },
  save: { path: '/api/repo/save', access: { perm: Perm.repoSave }, body: RepoSaveBody, response: RepoRecord, summary: 'Create or update a bank', okMsg: '保存成功' },
  delete: {
    path: '/api/repo/delete',
    access: { perm: Perm.repoDelete },
    body: IdsBody,
    response: Done,
    summary: 'Delete banks and their questions (refused while an exam draws from one)',
    okMsg: '删除成功',
  },
  listStat: { path: '/api/repo/list-stat', access: 'admin', body: IdBody, response: Type.Array(RepoStat), summary: 'Question counts per type and level (caps exam draws)' },
});
