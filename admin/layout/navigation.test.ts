import { describe, expect, it } from 'vitest';
import type { RouteEntry } from '../../common/api';
import { adminRoutes } from '../testing/fixtures';
import { buildNav, flattenNav, resolvePage, resolvePath } from './navigation';

const entry = (path: string, title: string, extra: Partial<RouteEntry> = {}): RouteEntry => ({
  path,
  name: title,
  component: 'page/index',
  alwaysShow: false,
  hidden: false,
  meta: { title },
  children: [],
  ...extra,
});

describe('navigation', () => {
  it('joins relative child paths onto their group', () => {
    expect(resolvePath('/sys', 'user')).toBe('/sys/user');
    expect(resolvePath('/sys', '/other/page')).toBe('/other/page');
    expect(resolvePath('/sys', 'https://example.com/doc')).toBe('https://example.com/doc');
  });

  it('builds groups, skips hidden entries and lists the pages with their trail', () => {
    const pages = flattenNav(buildNav(adminRoutes));
    expect(pages.map((p) => [p.path, p.trail.join('/')])).toEqual([
      ['/dashboard', '控制台'],
      ['/sys/user', '系统管理/用户管理'],
      ['/sys/depart', '系统管理/部门管理'],
      ['/sys/role', '系统管理/角色管理'],
    ]);
    expect(pages[0].affix).toBe(true);
  });

  it('shows a lone child in place of its group unless alwaysShow', () => {
    const group = (alwaysShow: boolean) =>
      entry('/exam', '考试管理', { component: 'Layout', alwaysShow, children: [entry('list', '考试列表'), entry('hidden', '隐藏', { hidden: true })] });
    expect(buildNav([group(false)]).map((i) => [i.path, i.title, Boolean(i.children)])).toEqual([['/exam/list', '考试列表', false]]);
    expect(buildNav([group(true)]).map((i) => [i.path, i.title, Boolean(i.children)])).toEqual([['/exam', '考试管理', true]]);
    expect(buildNav([entry('/empty', '空', { component: 'Layout' })])).toEqual([]);
  });

  it('resolves create, edit and show screens to their menu page', () => {
    const pages = flattenNav(buildNav(adminRoutes));
    expect(resolvePage('/sys/user', pages)).toMatchObject({ page: { path: '/sys/user' }, action: 'list' });
    expect(resolvePage('/sys/user/create', pages)).toMatchObject({ page: { path: '/sys/user' }, action: 'create' });
    // A screen of its own under a menu page is named by its word, not taken for an edit.
    expect(resolvePage('/sys/user/import', pages)).toMatchObject({ page: { path: '/sys/user' }, action: 'import' });
    expect(resolvePage('/sys/user/u1/practice', pages)).toMatchObject({ action: 'practice' });
    expect(resolvePage('/sys/user/42', pages)).toMatchObject({ page: { path: '/sys/user' }, action: 'edit' });
    expect(resolvePage('/sys/user/42/show', pages)).toMatchObject({ page: { path: '/sys/user' }, action: 'show' });
    expect(resolvePage('/sys/users', pages)).toBeNull();
  });
});
