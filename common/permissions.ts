/**
 * Permission tags carried by function menus (menu type 2). Every admin endpoint names the one it
 * needs; the admin UI asks the same tags through canAccess. One table, used by name.
 */
export const Perm = {
  dashboard: 'sys:dashboard:view',
  userList: 'sys:user:list',
  userSave: 'sys:user:save',
  userDelete: 'sys:user:delete',
  userExport: 'sys:user:export',
  userResetPass: 'sys:user:reset-pass',
  userState: 'sys:user:state',
  userBatch: 'sys:user:batch',
  departList: 'sys:depart:list',
  departSave: 'sys:depart:save',
  departDelete: 'sys:depart:delete',
  roleList: 'sys:role:list',
  roleSave: 'sys:role:save',
  roleDelete: 'sys:role:delete',
  menuList: 'sys:menu:list',
  menuSave: 'sys:menu:save',
  menuDelete: 'sys:menu:delete',
  configSave: 'sys:config:save',
  noticeList: 'sys:notice:list',
  noticeSave: 'sys:notice:save',
  noticeDelete: 'sys:notice:delete',
  msgList: 'sys:msg:list',
  msgSend: 'sys:msg:send',
  repoCatalogSave: 'repo:catalog:save',
  repoCatalogDelete: 'repo:catalog:delete',
  repoList: 'repo:repo:list',
  repoSave: 'repo:repo:save',
  repoDelete: 'repo:repo:delete',
  quList: 'qu:qu:list',
  quSave: 'qu:qu:save',
  quDelete: 'qu:qu:delete',
  quImport: 'qu:qu:import',
  quExport: 'qu:qu:export',
  examList: 'exam:exam:list',
  examSave: 'exam:exam:save',
  examDelete: 'exam:exam:delete',
  paperList: 'exam:paper:list',
  paperExport: 'exam:paper:export',
  paperMark: 'exam:paper:mark',
} as const;

export type PermTag = (typeof Perm)[keyof typeof Perm];

