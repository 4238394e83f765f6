import { Type } from '@sinclair/typebox';
import { EmptyBody, Envelope, IdBody, IdsBody, MenuNode, MenuSaveBody, RouteEntry, SortBody } from '../../../common/api';
import { Perm } from '../../../common/permissions';
import { ok } from '../../lib/envelope';
import { caller, type App } from '../../types';
import { deleteMenus, getMenu, menuTree, routesOf, saveMenu, sortMenu } from './menu.service';

const tags = ['menu'];

export default async function menuRoutes(app: App) {
  app.post(
    '/api/sys/menu/routes',
    {
      config: { access: 'admin' },
      schema: { tags, summary: "The caller's admin routes (sidebar)", body: EmptyBody, response: { 200: Envelope(Type.Array(RouteEntry)) } },
    },
    async (req) => ok(await routesOf(app.db, caller(req).roleIds)),
  );

  app.post(
    '/api/sys/menu/tree',
    {
      config: { access: { perm: Perm.menuList } },
      schema: { tags, summary: 'Every menu, function and route as a tree', body: EmptyBody, response: { 200: Envelope(Type.Array(MenuNode)) } },
    },
    async () => ok(await menuTree(app.db)),
  );

  app.post(
    '/api/sys/menu/detail',
    {
      config: { access: { perm: Perm.menuList } },
      schema: { tags, summary: 'One menu (children empty)', body: IdBody, response: { 200: Envelope(MenuNode) } },
    },
    async (req) => ok(await getMenu(app.db, req.body.id)),
  );

  app.post(
    '/api/sys/menu/save',
    {
      config: { access: { perm: Perm.menuSave } },
      schema: { tags, summary: 'Create or update a menu', body: MenuSaveBody, response: { 200: Envelope(MenuNode) } },
    },
    async (req) => ok(await saveMenu(app.ctx, req.body), '保存成功'),
  );

  app.post(
    '/api/sys/menu/delete',
    {
      config: { access: { perm: Perm.menuDelete } },
      schema: { tags, summary: 'Delete menus with everything below them', body: IdsBody, response: { 200: Envelope(Type.Null()) } },
    },
    async (req) => {
      await deleteMenus(app.ctx, req.body);
      return ok(null, '删除成功');
    },
  );

  app.post(
    '/api/sys/menu/sort',
    {
      config: { access: { perm: Perm.menuSave } },
      schema: { tags, summary: 'Move a menu up (-1) or down (+1) among its siblings', body: SortBody, response: { 200: Envelope(MenuNode) } },
    },
    async (req) => ok(await sortMenu(app.db, req.body), '排序成功'),
  );
}
