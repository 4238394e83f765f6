import { configApi, courseApi, faceApi, courseCatalogApi, repoCatalogApi, repoApi, quApi, practiceAdminApi, examApi, markApi, paperApi, courseFileApi, courseRecordApi, dashboardApi, departApi, menuApi, msgApi, noticeApi, roleApi, userApi, type Endpoint } from '../../common/api';

/**
 * What each back-office resource does, as the endpoints of common/api that do it. The data
 * provider calls these endpoints and canAccess reads their `access`: the server's permission
 * table is never restated here.
 *
 * Actions are react-admin's (list, show, create, edit, delete) plus a screen's own (sort, export,
 * state…). `clone` is a create. Anything not listed is refused.
 */
export interface ResourceApi {
  /**
   * How the data provider serves it: `paging`, getList pages through `list`; `tree`, `list` answers
   * the whole tree at once. Absent: a screen of its own, not a react-admin resource.
   */
  readonly listing?: 'paging' | 'tree';
  /**
   * How getMany finds several records in ONE request: `ids` sends `params.ids` to the paging
   * endpoint; `all` reads the `all` endpoint (or the tree) and keeps the asked ids; absent means the
   * contract offers no way, and getMany refuses.
   */
  readonly many?: 'ids' | 'all';
  /** Every record at once (pickers), for `many: 'all'` on paged resources. */
  readonly all?: Endpoint;
  readonly actions: Readonly<Record<string, Endpoint>>;
}

export const resourceApis = {
  'sys/user': {
    listing: 'paging',
    many: 'ids',
    actions: {
      list: userApi.paging,
      show: userApi.detail,
      create: userApi.save,
      edit: userApi.save,
      delete: userApi.delete,
      export: userApi.export,
      'reset-pass': userApi.resetPass,
      state: userApi.state,
      unlock: userApi.unlock,
      'face-clear': faceApi.clear,
      review: userApi.review,
      'batch-dept': userApi.batchDept,
      'batch-role': userApi.batchRole,
      'pass-change': userApi.passChange,
      import: userApi.importParse,
    },
  },
  'sys/depart': {
    listing: 'tree',
    many: 'all',
    actions: { list: departApi.tree, show: departApi.detail, create: departApi.save, edit: departApi.save, sort: departApi.sort, delete: departApi.delete },
  },
  'sys/role': {
    listing: 'paging',
    many: 'all',
    all: roleApi.list,
    actions: { list: roleApi.paging, show: roleApi.detail, create: roleApi.save, edit: roleApi.save, delete: roleApi.delete },
  },
  'sys/menu': {
    listing: 'tree',
    many: 'all',
    actions: { list: menuApi.tree, show: menuApi.detail, create: menuApi.save, edit: menuApi.save, sort: menuApi.sort, delete: menuApi.delete },
  },
  'sys/notice': {
    listing: 'paging',
    actions: { list: noticeApi.paging, show: noticeApi.detail, create: noticeApi.save, edit: noticeApi.save, delete: noticeApi.delete },
  },
  // Messages are sent, never edited.
  'sys/msg': {
    listing: 'paging',
    actions: { list: msgApi.paging, show: msgApi.detail, create: msgApi.send, delete: msgApi.delete },
  },
  'repo/catalog': {
    listing: 'tree',
    many: 'all',
    actions: { list: repoCatalogApi.tree, show: repoCatalogApi.detail, create: repoCatalogApi.save, edit: repoCatalogApi.save, sort: repoCatalogApi.sort, delete: repoCatalogApi.delete },
  },
  'repo/list': {
    listing: 'paging',
    actions: {
      list: repoApi.paging,
      show: repoApi.detail,
      create: repoApi.save,
      edit: repoApi.save,
      delete: repoApi.delete,
      practice: practiceAdminApi.users,
      'practice-export': practiceAdminApi.usersExport,
      missed: practiceAdminApi.missed,
    },
  },
  'repo/qu': {
    listing: 'paging',
    actions: {
      list: quApi.paging,
      show: quApi.detail,
      create: quApi.save,
      edit: quApi.save,
      delete: quApi.delete,
      batch: quApi.batch,
      'batch-level': quApi.batchLevel,
      'batch-tag': quApi.batchTag,
      tags: quApi.tags,
      import: quApi.importParse,
      'import-commit': quApi.importCommit,
      template: quApi.importTemplate,
      export: quApi.export,
    },
  },
  'course/catalog': {
    listing: 'tree',
    many: 'all',
    actions: { list: courseCatalogApi.tree, show: courseCatalogApi.detail, create: courseCatalogApi.save, edit: courseCatalogApi.save, sort: courseCatalogApi.sort, delete: courseCatalogApi.delete },
  },
  'course/list': {
    listing: 'paging',
    actions: {
      list: courseApi.paging,
      show: courseApi.detail,
      create: courseApi.save,
      edit: courseApi.save,
      delete: courseApi.delete,
      state: courseApi.state,
      files: courseFileApi.outline,
      upload: courseFileApi.upload,
    },
  },
  // Records are a screen of their own (per course, per learner).
  'course/record': {
    actions: { list: courseRecordApi.paging, show: courseRecordApi.userPaging, export: courseRecordApi.export },
  },
  'exam/list': {
    listing: 'paging',
    actions: {
      list: examApi.paging,
      show: examApi.detail,
      create: examApi.save,
      edit: examApi.save,
      delete: examApi.delete,
      state: examApi.state,
      audience: examApi.audience,
      check: examApi.check,
      preview: examApi.preview,
    },
  },
  // Papers and marking are screens of their own (/exam/paper, /exam/mark).
  'exam/paper': {
    actions: { list: paperApi.paging, show: paperApi.detail, export: paperApi.export },
  },
  'exam/mark': {
    actions: { list: markApi.examPaging, show: markApi.paper, edit: markApi.score, finish: markApi.finish },
  },
  // One record (id 1): the screen shows it to whoever may read it and saves with the save permission.
  'sys/config': {
    actions: { list: configApi.detail, show: configApi.detail, edit: configApi.save },
  },
  // The dashboard is one screen: whatever is asked of it needs what its figures need.
  dashboard: {
    actions: { list: dashboardApi.live, show: dashboardApi.live },
  },
} as const satisfies Record<string, ResourceApi>;

export type ResourceName = keyof typeof resourceApis;

export const isResourceName = (name: string): name is ResourceName => Object.prototype.hasOwnProperty.call(resourceApis, name);

/** react-admin names some actions differently from the endpoint that does them. */
const ACTION_ALIASES: Record<string, string> = { clone: 'create' };

/** The endpoint that performs `action` on `resource`, if there is one. */
export function endpointOf(resource: string, action: string): Endpoint | undefined {
  if (!isResourceName(resource)) return undefined;
  const actions: Readonly<Record<string, Endpoint>> = resourceApis[resource].actions;
  const key = ACTION_ALIASES[action] ?? action;
  return Object.prototype.hasOwnProperty.call(actions, key) ? actions[key] : undefined;
}
