import { Type, type Static } from '@sinclair/typebox';
import { RoleType } from '../codes';
import { Perm } from '../permissions';
import { defineApi } from './endpoint';
import { Done, EmptyBody, Id, IdBody, IdsBody, Millis, OptText, Page, PageRequest } from './base';

export const RoleRecord = Type.Object({
  id: Id,
  roleCode: Type.String(),
  roleName: Type.String(),
  roleType: Type.Integer(),
  remark: Type.String(),
  menuIds: Type.Array(Id),
  userCount: Type.Integer(),
  createTime: Millis,
});
export type RoleRecord = Static<typeof RoleRecord>;
export const RoleSaveBody = Type.Object({
  id: Type.Optional(Id),
  roleCode: Type.String({ minLength: 1, maxLength: 32, pattern: '^[A-Za-z][A-Za-z0-9_]*$' }),
  roleName: Type.String({ minLength: 1, maxLength: 32 }),
  roleType: RoleType.schema,
  remark: Type.Optional(Type.String({ maxLength: 255 })),
  menuIds: Type.Array(Id, { maxItems: 2000 }),
});
export type RoleSaveBody = Static<typeof RoleSaveBody>;
/** roleType '' (or absent) means any type. */
export const RolePagingBody = PageRequest(
  Type.Object({ roleName: OptText(), roleType: Type.Optional(Type.Union([RoleType.schema, Type.Literal('')])) }),
);

export const roleApi = defineApi('role', {
  paging: { path: '/api/sys/role/paging', access: { perm: Perm.roleList }, body: RolePagingBody, response: Page(RoleRecord), summary: 'Roles, a page at a time' },
  list: { path: '/api/sys/role/list', access: 'admin', body: EmptyBody, response: Type.Array(RoleRecord), summary: 'Every role (for pickers)' },
  detail: { path: '/api/sys/role/detail', access: { perm: Perm.roleList }, body: IdBody, response: RoleRecord, summary: 'One role with its menu ids' },
  save: { path: '/api/sys/role/save', access: { perm: Perm.roleSave }, body: RoleSaveBody, response: RoleRecord, summary: 'Create or update a role and its menus', okMsg: '保存成功' },
  delete: { path: '/api/sys/role/delete', access: { perm: Perm.roleDelete }, body: IdsBody, response: Done, summary: 'Delete roles no user holds', okMsg: '删除成功' },
});
