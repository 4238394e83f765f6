import type { Kysely } from 'kysely';
import type { ServiceContext } from '../../context';
import { MenuType } from '../../../common/codes';
import type { IdsBody, MenuNode, MenuSaveBody, RouteEntry, SortBody } from '../../../common/api';
import type { DB, MenuRow } from '../../db/schema';
import { fail, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { subtreeIds, updateSorts } from '../../lib/tree';
import { invalidatePermissionCache } from '../auth/session.service';
import { SA_ROLE_ID } from '../../seed/constants';
import { planMove } from '../depart/siblingOrder';
import * as repo from './menu.repository';

/** parent_id of a top-level menu. */
export const TOP_PARENT = '0';


export function menuRowToNode(row: MenuRow): MenuNode {
  return {
    id: row.id,
    parentId: row.parent_id,
    menuType: row.menu_type,
    title: row.title,
    path: row.path,
    name: row.name,
    component: row.component,
    redirect: row.redirect,
    permissionTag: row.permission_tag,
    icon: row.icon,
    hidden: row.hidden === 1,
    alwaysShow: row.always_show === 1,
    noCache: row.no_cache === 1,
    affix: row.affix === 1,
    sort: row.sort,
    children: [],
  };
}

/** One entry of the route list, in the spec's shape (section 2). */
export function menuRowToRoute(row: MenuRow): RouteEntry {
  return {
    path: row.path,
    name: row.name,
    component: row.component,
    ...(row.redirect ? { redirect: row.redirect } : {}),
    alwaysShow: row.always_show === 1,
    hidden: row.hidden === 1,
    meta: {
      title: row.title,
      ...(row.icon ? { icon: row.icon } : {}),
      noCache: row.no_cache === 1,
      affix: row.affix === 1,
    },
    children: [],
  };
}

const bySort = (a: { sort: number; id: string }, b: { sort: number; id: string }) => a.sort - b.sort || a.id.localeCompare(b.id);

/**
 * Nests rows under their parents, siblings in sort order. With `dropOrphans` a row whose parent is
 * not among the rows is left out (a route list must not show a child without its parent);
 * otherwise it is shown at the top so the administrator can still find and fix it.
 */
function buildTree<T extends { children: T[] }>(rows: MenuRow[], map: (row: MenuRow) => T, dropOrphans: boolean): T[] {
  const ordered = [...rows].sort(bySort);
  const ids = new Set(ordered.map((r) => r.id));
  const nodes = new Map(ordered.map((r) => [r.id, map(r)]));
  const roots: T[] = [];
  for (const row of ordered) {
    const node = nodes.get(row.id) as T;
    if (row.parent_id !== row.id && ids.has(row.parent_id)) (nodes.get(row.parent_id) as T).children.push(node);
    else if (row.parent_id === TOP_PARENT || row.parent_id === '' || !dropOrphans) roots.push(node);
  }
  return roots;
}

/** The caller's admin sidebar: menus and routes granted to any of their roles; functions never appear. */
export async function routesOf(db: Kysely<DB>, roleIds: string[]): Promise<RouteEntry[]> {
  return buildTree(await repo.listGrantedRoutes(db, roleIds), menuRowToRoute, true);
}

/** Every menu, function and route. */
export async function menuTree(db: Kysely<DB>): Promise<MenuNode[]> {
  return buildTree(await repo.listMenus(db), menuRowToNode, false);
}

/** One menu; `children` is empty (the tree carries the nesting). */
export async function getMenu(db: Kysely<DB>, id: string): Promise<MenuNode> {
  const row = await repo.findMenu(db, id);
  if (!row) throw notFound('菜单不存在或已被删除');
  return menuRowToNode(row);
}

const normalParent = (parentId: string | undefined) => (!parentId || parentId === TOP_PARENT ? TOP_PARENT : parentId);

export async function saveMenu(ctx: ServiceContext, body: MenuSaveBody): Promise<MenuNode> {
  const { db } = ctx;
  const parentId = normalParent(body.parentId);
  const title = body.title.trim();
  const path = body.path?.trim() ?? '';
  const component = body.component?.trim() ?? '';
  const permissionTag = body.permissionTag?.trim() ?? '';
  if (!title) throw fail('菜单名称不能为空');
  if (body.menuType === MenuType.FUNCTION) {
    if (!permissionTag) throw fail('功能类型必须填写权限标识');
  } else {
    if (!path) throw fail('菜单和路由必须填写路由地址');
    if (!component) throw fail('菜单和路由必须填写组件');
    if (parentId === TOP_PARENT && !path.startsWith('/')) throw fail('顶级菜单的路由地址必须以 / 开头');
  }
  const id = await db.transaction().execute(async (trx) => {
    const current = body.id ? await repo.findMenu(trx, body.id) : undefined;
    if (body.id && !current) throw notFound('菜单不存在或已被删除');
    if (parentId !== TOP_PARENT) {
      const parent = await repo.findMenu(trx, parentId);
      if (!parent) throw fail('上级菜单不存在');
      if (parent.menu_type === MenuType.FUNCTION) throw fail('功能不能作为上级菜单');
      if (current && (await subtreeIds(trx, 'sys_menu', [current.id])).includes(parentId)) {
        throw fail('上级菜单不能是本菜单或其下级菜单');
      }
    }
    const values: repo.MenuValues = {
      parent_id: parentId,
      menu_type: body.menuType,
      title,
      path,
      name: body.name?.trim() ?? '',
      component,
      redirect: body.redirect?.trim() ?? '',
      permission_tag: permissionTag,
      icon: body.icon?.trim() ?? '',
      hidden: body.hidden ? 1 : 0,
      always_show: body.alwaysShow ? 1 : 0,
      no_cache: body.noCache ? 1 : 0,
      affix: body.affix ? 1 : 0,
      sort: body.sort ?? (current && current.parent_id === parentId ? current.sort : await repo.nextSort(trx, parentId)),
    };
    if (current) {
      await repo.updateMenu(trx, current.id, values);
      return current.id;
    }
    const created = newId();
    await repo.insertMenu(trx, { id: created, ...values, create_time: Date.now() });
    // The super administrator role holds every menu, new ones included.
    await repo.grantMenus(trx, SA_ROLE_ID, [created]);
    return created;
  });
  invalidatePermissionCache(ctx);
  return getMenu(db, id);
}

/** Deletes the menus, everything below them and every grant of them, in one transaction. */
export async function deleteMenus(ctx: ServiceContext, { ids }: IdsBody): Promise<void> {
  const { db } = ctx;
  await db.transaction().execute(async (trx) => {
    const all = await subtreeIds(trx, 'sys_menu', [...new Set(ids)]);
    if (all.length === 0) throw notFound('菜单不存在或已被删除');
    await repo.deleteMenus(trx, all);
  });
  invalidatePermissionCache(ctx);
}

/** sort -1 moves up one place among siblings, +1 down one; any other value is written as the sort itself. */
export async function sortMenu(db: Kysely<DB>, { id, sort }: SortBody): Promise<MenuNode> {
  await db.transaction().execute(async (trx) => {
    const row = await repo.findMenu(trx, id);
    if (!row) throw notFound('菜单不存在或已被删除');
    if (sort === -1 || sort === 1) {
      await updateSorts(trx, 'sys_menu', planMove((await repo.listSiblings(trx, row.parent_id)).sort(bySort), id, sort));
    } else {
      await updateSorts(trx, 'sys_menu', [{ id, sort }]);
    }
  });
  return getMenu(db, id);
}
