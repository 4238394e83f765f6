import { SEED_MENUS } from '../../server/seed/menus';
import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../../common/errorCodes';
import type { MenuNode, RouteEntry } from '../../common/api';
import { DIALECTS, insertUser, TEST_PASSWORD, useTestApp, type TestContext } from './helpers';

const PASSWORD = TEST_PASSWORD;

const makeUser = (t: TestContext, userName: string, roleIds: string[], deptId = 'dept_root') => insertUser(t, userName, { roleIds, deptId });

const find = (nodes: MenuNode[], id: string): MenuNode | undefined => {
  for (const n of nodes) {
    if (n.id === id) return n;
    const hit = find(n.children, id);
    if (hit) return hit;
  }
  return undefined;
};
/** The seeded top-level menus, in order (later features add theirs). */
const SEEDED_TOP = SEED_MENUS.map((m) => m.id);

const titles = (routes: RouteEntry[]): string[] => routes.flatMap((r) => [r.meta.title, ...titles(r.children)]);

describe.each(DIALECTS)('menus on %s', (dialect) => {
  const t = useTestApp(dialect);
  const tree = async () => (await t.call<MenuNode[]>('/api/sys/menu/tree', {}, await t.adminToken())).body.data;

  it('answers the whole tree, functions included, in sort order', async () => {
    const nodes = await tree();
    expect(nodes.map((n) => n.id)).toEqual(SEEDED_TOP);
    const sys = find(nodes, 'm_sys') as MenuNode;
    expect(sys.children.map((c) => c.path)).toEqual(['user', 'depart', 'role', 'menu', 'config', 'notice', 'msg']);
    const user = find(nodes, 'm_sys_user') as MenuNode;
    expect(user.children.every((c) => c.menuType === 2 && c.permissionTag.startsWith('sys:user:'))).toBe(true);
    const detail = await t.call('/api/sys/menu/detail', { id: 'm_sys_user' }, await t.adminToken());
    expect(detail.body.data).toMatchObject({ id: 'm_sys_user', parentId: 'm_sys', menuType: 1, component: 'sys/user/index', children: [] });
  });

  it("answers the administrator's routes in the spec's shape, without functions", async () => {
    const r = await t.call<RouteEntry[]>('/api/sys/menu/routes', {}, await t.adminToken());
    expect(r.body.code).toBe(0);
    const [dashboard, sys] = r.body.data;
    expect(dashboard).toEqual({
      path: '/dashboard', name: 'Dashboard', component: 'dashboard/index', alwaysShow: false, hidden: false,
      meta: { title: '控制台', icon: 'dashboard', noCache: false, affix: true }, children: [],
    });
    expect(sys).toMatchObject({ path: '/sys', component: 'Layout', redirect: '/sys/user', alwaysShow: true });
    expect(sys.children[0]).toMatchObject({ path: 'user', name: 'SysUser', component: 'sys/user/index', meta: { title: '用户管理' }, children: [] });
    expect(titles(r.body.data)).not.toContain('用户查询');
  });

  it('shows a role only what it was granted, and its permissions follow', async () => {
    const admin = await t.adminToken();
    const role = await t.call(
      '/api/sys/role/save',
      { roleCode: 'viewer', roleName: '查看员', roleType: 2, menuIds: ['m_sys_user', 'm_sys_user_list', 'm_sys_notice'] },
      admin,
    );
    expect(role.body.code, role.body.msg).toBe(0);
    // Parents of granted entries come along so the sidebar tree stays whole.
    expect(role.body.data.menuIds).toContain('m_sys');
    const viewer = await makeUser(t, 'menu_viewer', [role.body.data.id]);
    const routes = (await t.call<RouteEntry[]>('/api/sys/menu/routes', {}, viewer.token)).body.data;
    expect(routes.map((x) => x.path)).toEqual(['/sys']);
    expect(routes[0].children.map((x) => x.path)).toEqual(['user', 'notice']);
    expect(titles(routes)).not.toContain('用户查询');

    const info = await t.call('/api/sys/user/info', {}, viewer.token);
    expect(info.body.data.permissions).toEqual(['sys:user:list']);
    const refused = await t.call('/api/sys/menu/tree', {}, viewer.token);
    expect(refused.body.code).toBe(ErrorCode.FORBIDDEN);
  });

  it('validates what a menu needs by type', async () => {
    const admin = await t.adminToken();
    const fn = await t.call('/api/sys/menu/save', { parentId: 'm_sys_user', menuType: 2, title: '导入' }, admin);
    expect(fn.body.code).toBe(ErrorCode.FAIL);
    expect(fn.body.msg).toContain('权限标识');
    const noPath = await t.call('/api/sys/menu/save', { parentId: 'm_sys', menuType: 1, title: '报表', component: 'sys/report/index' }, admin);
    expect(noPath.body.msg).toContain('路由地址');
    const noComponent = await t.call('/api/sys/menu/save', { parentId: 'm_sys', menuType: 1, title: '报表', path: 'report' }, admin);
    expect(noComponent.body.msg).toContain('组件');
    const relativeTop = await t.call('/api/sys/menu/save', { menuType: 1, title: '报表', path: 'report', component: 'Layout' }, admin);
    expect(relativeTop.body.code).toBe(ErrorCode.FAIL);
    const underFunction = await t.call('/api/sys/menu/save', { parentId: 'm_sys_user_list', menuType: 2, title: 'x', permissionTag: 'a:b' }, admin);
    expect(underFunction.body.code).toBe(ErrorCode.FAIL);
    const cycle = await t.call(
      '/api/sys/menu/save',
      { id: 'm_sys', parentId: 'm_sys_user', menuType: 1, title: '系统管理', path: '/sys', component: 'Layout' },
      admin,
    );
    expect(cycle.body.code).toBe(ErrorCode.FAIL);
    const missingParent = await t.call('/api/sys/menu/save', { parentId: 'nope', menuType: 2, title: 'x', permissionTag: 'a:b' }, admin);
    expect(missingParent.body.code).toBe(ErrorCode.FAIL);
  });

  it('creates, moves and deletes menus with their descendants and grants', async () => {
    const admin = await t.adminToken();
    const top = await t.call(
      '/api/sys/menu/save',
      { menuType: 1, title: '报表中心', path: '/report', name: 'Report', component: 'Layout', icon: 'chart' },
      admin,
    );
    expect(top.body.code, top.body.msg).toBe(0);
    const topId = top.body.data.id as string;
    expect(top.body.data).toMatchObject({ parentId: '0', sort: SEEDED_TOP.length + 1, children: [] });
    const page = await t.call('/api/sys/menu/save', { parentId: topId, menuType: 1, title: '成绩报表', path: 'score', component: 'report/score/index' }, admin);
    const fn = await t.call('/api/sys/menu/save', { parentId: page.body.data.id, menuType: 2, title: '导出', permissionTag: 'report:score:export' }, admin);
    expect(fn.body.code).toBe(0);

    // The super administrator holds new menus at once.
    const routes = (await t.call<RouteEntry[]>('/api/sys/menu/routes', {}, admin)).body.data;
    expect(routes.map((r) => r.path)).toEqual([...SEED_MENUS.map((m) => m.path), '/report']);

    const up = await t.call('/api/sys/menu/sort', { id: topId, sort: -1 }, admin);
    expect(up.body.code).toBe(0);
    expect((await tree()).map((n) => n.id)).toEqual([...SEEDED_TOP.slice(0, -1), topId, SEEDED_TOP.at(-1)]);
    await t.call('/api/sys/menu/sort', { id: topId, sort: 1 }, admin);
    expect((await tree()).map((n) => n.id)).toEqual([...SEEDED_TOP, topId]);
    const last = await t.call('/api/sys/menu/sort', { id: topId, sort: 1 }, admin);
    expect(last.body.code).toBe(ErrorCode.FAIL);

    const del = await t.call('/api/sys/menu/delete', { ids: [topId] }, admin);
    expect(del.body.code).toBe(0);
    expect(find(await tree(), topId)).toBeUndefined();
    const left = await t.database.db
      .selectFrom('sys_menu')
      .select('id')
      .where('id', 'in', [topId, page.body.data.id, fn.body.data.id])
      .execute();
    expect(left).toEqual([]);
    const grants = await t.database.db
      .selectFrom('sys_role_menu')
      .select('menu_id')
      .where('menu_id', 'in', [topId, page.body.data.id, fn.body.data.id])
      .execute();
    expect(grants).toEqual([]);
  });

  it('keeps learners out', async () => {
    const reg = await t.call('/api/sys/user/reg', { userName: 'menu_learner', password: PASSWORD, realName: '学员' });
    const token = reg.body.data.token as string;
    for (const url of ['/api/sys/menu/routes', '/api/sys/menu/tree', '/api/sys/menu/detail', '/api/sys/menu/save', '/api/sys/menu/delete', '/api/sys/menu/sort']) {
      const r = await t.call(url, { id: 'm_sys', ids: ['m_sys'], menuType: 1, title: 'x', sort: 1 }, token);
      expect(r.body.code, url).toBe(ErrorCode.FORBIDDEN);
    }
    expect(find(await tree(), 'm_sys')).toBeDefined();
  });
});
