import type { IdsBody, MenuNode, MenuSaveBody, RouteEntry, SortBody } from '../../../common/api';
import { MenuType } from '../../../common/codes';
import { inTransaction, type ServiceContext } from '../../context';
import type { MenuRow } from '../../db/schema';
import { fail, forbidden, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { planMove } from '../../lib/siblingOrder';
import { ancestorIds, subtreeIds, updateSorts } from '../../lib/tree';
import { SA_ROLE_ID } from '../../seed/constants';
import { invalidatePermissionCache, type AuthUser } from '../identity/session.service';
import { heldMenuIds } from '../access/grants.service';
import * as repo from './menu.repository';

/** parentId of a top-level menu in the API (NULL in the database). */
export const TOP_PARENT = '0';

const missing = () => notFound('菜单不存在或已被删除');

export function menuRowToNode(row: MenuRow): MenuNode {
  return {
    id: row.id,
    parentId: row.parent_id ?? TOP_PARENT,
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
  const nodes = new Map(ordered.map((r) => [r.id, map(r)]));
  const roots: T[] = [];
  for (const row of ordered) {
    const node = nodes.get(row.id) as T;
    const parent = row.parent_id === null ? undefined : nodes.get(row.parent_id);
    if (parent) parent.children.push(node);
    else if (row.parent_id === null || !dropOrphans) roots.push(node);
  }
  return roots;
}

// ---------- for other modules ----------

export const existingMenuIds = (ctx: ServiceContext, ids: readonly string[]) => repo.existingMenuIds(ctx.db, ids);
export const allMenuIds = (ctx: ServiceContext) => repo.allMenuIds(ctx.db);
/** Titles of the menus, in sort order (for messages). */
export const menuTitles = (ctx: ServiceContext, ids: readonly string[]) => repo.menuTitles(ctx.db, ids);
/** The menus and every menu above them. */
export const withAncestorMenus = (ctx: ServiceContext, ids: readonly string[]) => ancestorIds(ctx.db, 'sys_menu', ids);

// ---------- the caller's own routes ----------

/** The caller's admin sidebar: menus and routes granted to any of their roles; functions never appear. */
export async function routesOf(ctx: ServiceContext, roleIds: string[]): Promise<RouteEntry[]> {
  return buildTree(await repo.listGrantedRoutes(ctx.db, roleIds), menuRowToRoute, true);
}

// ---------- administrators ----------

/** Every menu, function and route. */
export async function menuTree(ctx: ServiceContext): Promise<MenuNode[]> {
  return buildTree(await repo.listMenus(ctx.db), menuRowToNode, false);
}

/** One menu; `children` is empty (the tree carries the nesting). */
export async function getMenu(ctx: ServiceContext, id: string): Promise<MenuNode> {
  const row = await repo.findMenu(ctx.db, id);
  if (!row) throw missing();
  return menuRowToNode(row);
}

/** The stored parent: null for the top level ('' or '0' in the API). */
const storedParent = (parentId: string | undefined) => (!parentId || parentId === TOP_PARENT ? null : parentId);

/**
 * Creates or updates a menu. A permission tag is a grant in waiting: nobody puts a tag they do not
 * hold on a menu, nor edits a menu they do not hold (either would hand them a permission).
 */
export async function saveMenu(ctx: ServiceContext, who: AuthUser, body: MenuSaveBody): Promise<MenuNode> {
  const parentId = storedParent(body.parentId);
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
    if (parentId === null && !path.startsWith('/')) throw fail('顶级菜单的路由地址必须以 / 开头');
  }
  const id = await inTransaction(ctx, async (tx) => {
    const current = body.id ? await repo.findMenu(tx.db, body.id) : undefined;
    if (body.id && !current) throw missing();
    const held = await heldMenuIds(tx, who);
    // Whoever holds every menu (the super administrator) may also bring in new permission tags.
    const holdsAll = (await repo.allMenuIds(tx.db)).every((m) => held.has(m));
    if (current && !held.has(current.id)) throw forbidden(`不能修改您没有的菜单：${current.title}`);
    if (permissionTag && !holdsAll && !who.permissions.includes(permissionTag)) {
      throw forbidden(`您不能设置自己没有的权限标识：${permissionTag}`);
    }
    if (parentId !== null) {
      const parent = await repo.findMenu(tx.db, parentId);
      if (!parent) throw fail('上级菜单不存在');
      if (parent.menu_type === MenuType.FUNCTION) throw fail('功能不能作为上级菜单');
      if (current && (await subtreeIds(tx.db, 'sys_menu', [current.id])).includes(parentId)) {
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
      sort: body.sort ?? (current && current.parent_id === parentId ? current.sort : await repo.nextSort(tx.db, parentId)),
    };
    if (current) {
      await repo.updateMenu(tx.db, current.id, values);
      return current.id;
    }
    const created = newId();
    await repo.insertMenu(tx.db, { id: created, ...values, create_time: tx.clock.now() });
    // The super administrator role holds every menu, new ones included.
    await repo.grantMenus(tx.db, SA_ROLE_ID, [created]);
    return created;
  });
  invalidatePermissionCache(ctx);
  return getMenu(ctx, id);
}

/** Deletes the menus; everything below them and every grant of them go too. */
export async function deleteMenus(ctx: ServiceContext, { ids }: IdsBody): Promise<void> {
  const deleted = await inTransaction(ctx, (tx) => repo.deleteMenus(tx.db, [...new Set(ids)]));
  if (deleted === 0) throw missing();
  invalidatePermissionCache(ctx);
}

/** sort -1 moves up one place among siblings, +1 down one; any other value is written as the sort itself. */
export async function sortMenu(ctx: ServiceContext, { id, sort }: SortBody): Promise<MenuNode> {
  await inTransaction(ctx, async (tx) => {
    const row = await repo.findMenu(tx.db, id);
    if (!row) throw missing();
    if (sort === -1 || sort === 1) {
      await updateSorts(tx.db, 'sys_menu', planMove((await repo.listSiblings(tx.db, row.parent_id)).sort(bySort), id, sort));
    } else {
      await updateSorts(tx.db, 'sys_menu', [{ id, sort }]);
    }
  });
  return getMenu(ctx, id);
}
