import { Type, type Static } from '@sinclair/typebox';
import { MenuType } from '../codes';
import { Perm } from '../permissions';
import { defineApi } from './endpoint';
import { Done, EmptyBody, Id, IdBody, IdsBody, SortValue } from './base';
import { SortBody } from './depart';

export const MenuMeta = Type.Object({
  title: Type.String(),
  icon: Type.Optional(Type.String()),
  noCache: Type.Optional(Type.Boolean()),
  affix: Type.Optional(Type.Boolean()),
});
/** One entry of /api/sys/menu/routes (spec section 2). */
export const RouteEntry = Type.Recursive(
  (Self) =>
    Type.Object({
      path: Type.String(),
      name: Type.String(),
      component: Type.String(),
      redirect: Type.Optional(Type.String()),
      alwaysShow: Type.Boolean(),
      hidden: Type.Boolean(),
      meta: MenuMeta,
      children: Type.Array(Self),
    }),
  { $id: 'RouteEntry' },
);
export type RouteEntry = Static<typeof RouteEntry>;
export const MenuNode = Type.Recursive(
  (Self) =>
    Type.Object({
      id: Id,
      parentId: Type.String(),
      menuType: Type.Integer(),
      title: Type.String(),
      path: Type.String(),
      name: Type.String(),
      component: Type.String(),
      redirect: Type.String(),
      permissionTag: Type.String(),
      icon: Type.String(),
      hidden: Type.Boolean(),
      alwaysShow: Type.Boolean(),
      noCache: Type.Boolean(),
      affix: Type.Boolean(),
      sort: Type.Integer(),
      children: Type.Array(Self),
    }),
  { $id: 'MenuNode' },
);
export type MenuNode = Static<typeof MenuNode>;
export const MenuSaveBody = Type.Object({
  id: Type.Optional(Id),
  parentId: Type.Optional(Type.String({ maxLength: 32 })),
  menuType: MenuType.schema,
  title: Type.String({ minLength: 1, maxLength: 64 }),
  path: Type.Optional(Type.String({ maxLength: 255 })),
  name: Type.Optional(Type.String({ maxLength: 64 })),
  component: Type.Optional(Type.String({ maxLength: 128 })),
  redirect: Type.Optional(Type.String({ maxLength: 255 })),
  permissionTag: Type.Optional(Type.String({ maxLength: 128 })),
  icon: Type.Optional(Type.String({ maxLength: 64 })),
  hidden: Type.Optional(Type.Boolean()),
  alwaysShow: Type.Optional(Type.Boolean()),
  noCache: Type.Optional(Type.Boolean()),
  affix: Type.Optional(Type.Boolean()),
  sort: Type.Optional(SortValue),
});
export type MenuSaveBody = Static<typeof MenuSaveBody>;

export const menuApi = defineApi('menu', {
  routes: { path: '/api/sys/menu/routes', access: 'admin', body: EmptyBody, response: Type.Array(RouteEntry), summary: "The caller's admin routes (sidebar)" },
  tree: { path: '/api/sys/menu/tree', access: { perm: Perm.menuList }, body: EmptyBody, response: Type.Array(MenuNode), summary: 'Every menu, function and route as a tree' },
  detail: { path: '/api/sys/menu/detail', access: { perm: Perm.menuList }, body: IdBody, response: MenuNode, summary: 'One menu (children empty)' },
  save: { path: '/api/sys/menu/save', access: { perm: Perm.menuSave }, body: MenuSaveBody, response: MenuNode, summary: 'Create or update a menu', okMsg: '保存成功' },
  delete: { path: '/api/sys/menu/delete', access: { perm: Perm.menuDelete }, body: IdsBody, response: Done, summary: 'Delete menus with everything below them', okMsg: '删除成功' },
  sort: { path: '/api/sys/menu/sort', access: { perm: Perm.menuSave }, body: SortBody, response: MenuNode, summary: 'Move a menu up (-1) or down (+1) among its siblings, or to an explicit sort value' },
});
