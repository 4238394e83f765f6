import { Type, type Static } from '@sinclair/typebox';
import { Perm } from '../permissions';
import { defineApi } from './endpoint';
import { Done, EmptyBody, Id, IdBody, IdsBody, SortValue } from './base';

export const DepartNode = Type.Recursive(
  (Self) =>
    Type.Object({
      id: Id,
      parentId: Type.String(),
      deptName: Type.String(),
      deptCode: Type.String(),
      sort: Type.Integer(),
      userCount: Type.Integer(),
      children: Type.Array(Self),
    }),
  { $id: 'DepartNode' },
);
export type DepartNode = Static<typeof DepartNode>;
export const DepartSaveBody = Type.Object({
  id: Type.Optional(Id),
  /** '' or '0' for a top-level department. */
  parentId: Type.Optional(Type.String({ maxLength: 32 })),
  deptName: Type.String({ minLength: 1, maxLength: 64 }),
  deptCode: Type.Optional(Type.String({ maxLength: 64 })),
  sort: Type.Optional(SortValue),
});
export type DepartSaveBody = Static<typeof DepartSaveBody>;
export const DepartRecord = Type.Object({
  id: Id,
  parentId: Type.String(),
  deptName: Type.String(),
  deptCode: Type.String(),
  sort: Type.Integer(),
});
export type DepartRecord = Static<typeof DepartRecord>;
/** /sort: move one department up (-1) or down (+1) among its siblings, or to an explicit sort value. */
export const SortBody = Type.Object({ id: Id, sort: SortValue });
export type SortBody = Static<typeof SortBody>;

export const departApi = defineApi('depart', {
  tree: { path: '/api/sys/depart/tree', access: 'admin', body: EmptyBody, response: Type.Array(DepartNode), summary: 'Department tree with user counts' },
  detail: { path: '/api/sys/depart/detail', access: 'admin', body: IdBody, response: DepartRecord, summary: 'One department' },
  save: { path: '/api/sys/depart/save', access: { perm: Perm.departSave }, body: DepartSaveBody, response: DepartRecord, summary: 'Create or update a department', okMsg: '保存成功' },
  delete: { path: '/api/sys/depart/delete', access: { perm: Perm.departDelete }, body: IdsBody, response: Done, summary: 'Delete empty departments', okMsg: '删除成功' },
  sort: { path: '/api/sys/depart/sort', access: { perm: Perm.departSave }, body: SortBody, response: DepartRecord, summary: 'Move a department up (-1) or down (+1) among its siblings, or to an explicit sort value' },
});
