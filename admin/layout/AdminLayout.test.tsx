import { useEffect } from 'react';
import { describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Cookies from 'js-cookie';
import { AutocompleteInput, Form, TextInput, useNotify } from 'react-admin';
import { Pagination, TablePagination } from '@mui/material';
import { adminRoutes } from '../testing/fixtures';
import { renderAdmin, testResources } from '../testing/renderAdmin';
import { setupMswServer } from '../testing/server';
import { createI18nProvider, LOCALE_KEY } from '../providers/i18nProvider';
import { UnsavedChangesTracker } from './KeptViews';

setupMswServer();

const FIND = { timeout: 5000 };

/**
 * The sidebar's entries come from the session query, which settles on its own schedule: a page on
 * screen (the dashboard, a list's heading) says nothing about the menu, so a test that uses the
 * menu waits for it.
 */
const MAIN_MENU = { name: /主菜单|Main menu/ };
const menuReady = (name = '控制台') => within(screen.getByRole('navigation', MAIN_MENU)).findByRole('link', { name }, FIND);

async function openDashboard(options: Parameters<typeof renderAdmin>[0] = {}) {
  const view = renderAdmin(options);
  await screen.findByText('欢迎回来，系统管理员', undefined, FIND);
  // On a phone the sidebar is closed: there is no menu to wait for.
  if (screen.queryByRole('navigation', MAIN_MENU)) await menuReady();
  return view;
}

const sidebar = () => screen.getByRole('navigation', { name: '主菜单' });
const tabBar = () => screen.getByRole('navigation', { name: '已访问页面' });
const tabTitles = () => within(tabBar()).getAllByRole('link').map((a) => a.textContent);

describe('admin layout', { timeout: 20_000 }, () => {
  it('shows the dashboard with the live figures and the document title', async () => {
    await openDashboard();
    for (const [label, value] of [
      ['进行中的考试', '3'],
      ['正在考试的人数', '12'],
      ['今日交卷', '45'],
      ['待阅卷', '7'],
    ]) {
      expect(await within(screen.getByRole('region', { name: label })).findByText(value, undefined, FIND)).toBeTruthy();
    }
    await waitFor(() => expect(document.title).toBe('控制台 - 考试中心'));
  });

  it('builds the sidebar from the server routes and skips hidden entries', async () => {
    const user = userEvent.setup();
    await openDashboard();
    const nav = sidebar();
    expect(within(nav).getByRole('link', { name: '控制台' })).toBeTruthy();
    await user.click(within(nav).getByRole('button', { name: '系统管理' }));
    expect(within(nav).getByRole('link', { name: '用户管理' }).getAttribute('href')).toBe('/admin/sys/user');
    expect(within(nav).getByRole('link', { name: '部门管理' })).toBeTruthy();
    expect(within(nav).getByRole('link', { name: '角色管理' })).toBeTruthy();
    expect(within(nav).queryByText('审计日志')).toBeNull();

    await user.click(within(nav).getByRole('link', { name: '用户管理' }));
    expect(await screen.findByRole('heading', { name: '用户列表' }, FIND)).toBeTruthy();
    expect(within(nav).getByRole('link', { name: '用户管理' }).className).toContain('Mui-selected');
  });

  it('route search finds 用户管理 by a fuzzy title, its pinyin initials and its path, and opens it', async () => {
    const user = userEvent.setup();
    const { router } = await openDashboard();
    await user.click(screen.getByRole('button', { name: '搜索菜单' }));
    const input = screen.getByRole('combobox', { name: '菜单搜索' });

    await user.type(input, '用护管理');
    expect(await screen.findByRole('option', { name: /系统管理 > 用户管理/ })).toBeTruthy();

    await user.clear(input);
    await user.type(input, 'yhgl');
    await waitFor(() => expect(screen.getAllByRole('option')[0].textContent).toContain('系统管理 > 用户管理'));

    await user.clear(input);
    await user.type(input, 'sys/user');
    const option = await screen.findByRole('option', { name: /用户管理/ });
    expect(screen.getAllByRole('option')[0]).toBe(option);

    await user.click(option);
    expect(await screen.findByRole('heading', { name: '用户列表' }, FIND)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/admin/sys/user');
  });

  it('tab bar: the context menu closes others and all, the pinned dashboard stays', async () => {
    const user = userEvent.setup();
    const { router } = await openDashboard();
    const nav = sidebar();
    await user.click(within(nav).getByRole('button', { name: '系统管理' }));
    await user.click(within(nav).getByRole('link', { name: '用户管理' }));
    await screen.findByRole('heading', { name: '用户列表' }, FIND);
    await user.click(within(nav).getByRole('link', { name: '角色管理' }));
    await screen.findByRole('heading', { name: '角色列表' }, FIND);
    await waitFor(() => expect(tabTitles()).toEqual(['控制台', '用户管理', '角色管理']));
    // The pinned tab has no close button, the others do.
    expect(within(tabBar()).queryByRole('button', { name: '关闭 控制台' })).toBeNull();
    expect(within(tabBar()).getByRole('button', { name: '关闭 用户管理' })).toBeTruthy();

    await user.pointer({ keys: '[MouseRight]', target: within(tabBar()).getByRole('link', { name: '用户管理' }) });
    const menu = await screen.findByRole('menu');
    expect(within(menu).getAllByRole('menuitem').map((i) => i.textContent)).toEqual(['刷新', '关闭', '关闭其他', '关闭所有']);
    await user.click(within(menu).getByRole('menuitem', { name: '关闭其他' }));
    await waitFor(() => expect(tabTitles()).toEqual(['控制台', '用户管理']));
    expect(await screen.findByRole('heading', { name: '用户列表' }, FIND)).toBeTruthy();

    await user.pointer({ keys: '[MouseRight]', target: within(tabBar()).getByRole('link', { name: '控制台' }) });
    const affixMenu = await screen.findByRole('menu');
    expect(within(affixMenu).queryByRole('menuitem', { name: '关闭' })).toBeNull();
    await user.click(within(affixMenu).getByRole('menuitem', { name: '关闭所有' }));
    await waitFor(() => expect(tabTitles()).toEqual(['控制台']));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/dashboard'));
  });

  it('刷新 remounts the view', async () => {
    const user = userEvent.setup();
    let mounts = 0;
    const Counted = () => {
      useEffect(() => {
        mounts += 1;
      }, []);
      return <h1>计数页</h1>;
    };
    renderAdmin({ path: '/sys/user', props: { resources: [{ name: 'sys/user', list: Counted }] } });
    await screen.findByRole('heading', { name: '计数页' }, FIND);
    const tab = await within(tabBar()).findByRole('link', { name: '用户管理' });
    const before = mounts;
    await user.pointer({ keys: '[MouseRight]', target: tab });
    await user.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: '刷新' }));
    await waitFor(() => expect(mounts).toBe(before + 1));
    expect(screen.getByRole('heading', { name: '计数页' })).toBeTruthy();
  });

  it('closing the current tab opens the last remaining one', async () => {
    const user = userEvent.setup();
    const { router } = await openDashboard();
    await user.click(within(sidebar()).getByRole('button', { name: '系统管理' }));
    await user.click(within(sidebar()).getByRole('link', { name: '部门管理' }));
    await screen.findByRole('heading', { name: '部门列表' }, FIND);
    await user.click(within(tabBar()).getByRole('button', { name: '关闭 部门管理' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/dashboard'));
    expect(tabTitles()).toEqual(['控制台']);
  });

  it('layout size defaults to medium and is kept in the size cookie', async () => {
    const user = userEvent.setup();
    await openDashboard();
    expect(Cookies.get('size')).toBeUndefined();
    await user.click(screen.getByRole('button', { name: '布局大小' }));
    const menu = await screen.findByRole('menu', { name: '布局大小' });
    expect(within(menu).getAllByRole('menuitemradio').map((i) => i.textContent)).toEqual(['默认', '中等', '小型', '迷你']);
    expect(within(menu).getByRole('menuitemradio', { name: '中等' }).getAttribute('aria-checked')).toBe('true');
    await user.click(within(menu).getByRole('menuitemradio', { name: '小型' }));
    expect(Cookies.get('size')).toBe('small');
  });

  it('the sidebar toggle folds the menu and remembers it in the sidebarStatus cookie', async () => {
    const user = userEvent.setup();
    await openDashboard();
    const toggle = screen.getByRole('button', { name: '切换侧边栏' });
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    await user.click(toggle);
    expect(Cookies.get('sidebarStatus')).toBe('0');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await user.click(toggle);
    expect(Cookies.get('sidebarStatus')).toBe('1');
  });

  it('below 992 px the sidebar is closed and the toggle opens it', async () => {
    const user = userEvent.setup();
    const width = window.innerWidth;
    try {
      window.innerWidth = 800;
      await openDashboard();
      expect(screen.queryByRole('navigation', { name: '主菜单' })).toBeNull();
      await user.click(screen.getByRole('button', { name: '切换侧边栏' }));
      expect(await screen.findByRole('navigation', { name: '主菜单' })).toBeTruthy();
    } finally {
      act(() => {
        window.innerWidth = width;
        window.dispatchEvent(new Event('resize'));
      });
    }
  });

  it('the settings drawer hides the tab bar and the sidebar logo, and saves the choice', async () => {
    const user = userEvent.setup();
    await openDashboard();
    expect(screen.getByRole('navigation', { name: '已访问页面' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '布局设置' }));
    const drawer = await screen.findByRole('region', { name: '布局设置' });
    expect(within(drawer).getByRole('radio', { name: '主题色 #1890ff' }).getAttribute('aria-checked')).toBe('true');
    expect((within(drawer).getByRole('switch', { name: '固定头部' }) as HTMLInputElement).checked).toBe(false);
    expect((within(drawer).getByRole('switch', { name: '侧边栏 Logo' }) as HTMLInputElement).checked).toBe(true);
    await user.click(within(drawer).getByRole('switch', { name: '显示标签栏' }));
    expect(screen.queryByRole('navigation', { name: '已访问页面' })).toBeNull();
    await user.click(within(drawer).getByRole('radio', { name: '主题色 #722ed1' }));
    expect(JSON.parse(localStorage.getItem('admin.layoutSettings')!)).toMatchObject({ tagsView: false, themeColor: '#722ed1' });
  });

  it('warns when the browser cannot go fullscreen', async () => {
    const user = userEvent.setup();
    await openDashboard();
    Object.defineProperty(document, 'fullscreenEnabled', { configurable: true, value: false });
    await user.click(screen.getByRole('button', { name: '全屏' }));
    expect(await screen.findByText('您的浏览器不支持全屏')).toBeTruthy();
  });

  it('unknown admin paths show the not-found page inside the layout', async () => {
    renderAdmin({ path: '/no/such/page' });
    expect(await screen.findByText('页面不存在', undefined, FIND)).toBeTruthy();
    expect(screen.getByRole('navigation', { name: '主菜单' })).toBeTruthy();
  });

  it('a page left through the tab bar keeps what was typed in it', async () => {
    const user = userEvent.setup();
    const Draft = () => (
      <Form>
        <h1>编辑草稿</h1>
        <TextInput source="title" label="草稿标题" />
      </Form>
    );
    renderAdmin({ path: '/sys/user', props: { resources: [{ name: 'sys/user', list: Draft }, ...testResources.slice(1)] } });
    await user.type(await screen.findByRole('textbox', { name: '草稿标题' }, FIND), '半句话');
    await user.click(await menuReady('部门管理'));
    await screen.findByRole('heading', { name: '部门列表' }, FIND);
    expect(screen.queryByRole('textbox', { name: '草稿标题' })).toBeNull();
    await user.click(within(tabBar()).getByRole('link', { name: '用户管理' }));
    expect(((await screen.findByRole('textbox', { name: '草稿标题' })) as HTMLInputElement).value).toBe('半句话');
  });

  it('a page marked noCache starts afresh when opened again', async () => {
    const user = userEvent.setup();
    const routes = adminRoutes.map((r) => (r.name === 'Sys' ? { ...r, children: r.children.map((c) => (c.name === 'SysUser' ? { ...c, meta: { ...c.meta, noCache: true } } : c)) } : r));
    const Draft = () => (
      <Form>
        <TextInput source="title" label="草稿标题" />
      </Form>
    );
    renderAdmin({ path: '/sys/user', routes, props: { resources: [{ name: 'sys/user', list: Draft }, ...testResources.slice(1)] } });
    await user.type(await screen.findByRole('textbox', { name: '草稿标题' }, FIND), '半句话');
    await user.click(await menuReady('部门管理'));
    await screen.findByRole('heading', { name: '部门列表' }, FIND);
    await user.click(within(tabBar()).getByRole('link', { name: '用户管理' }));
    expect(((await screen.findByRole('textbox', { name: '草稿标题' }, FIND)) as HTMLInputElement).value).toBe('');
  });

  it('closing a tab with unsaved changes asks first', async () => {
    const user = userEvent.setup();
    const Draft = () => (
      <Form>
        <UnsavedChangesTracker />
        <TextInput source="title" label="草稿标题" />
      </Form>
    );
    const { router } = renderAdmin({ path: '/sys/user', props: { resources: [{ name: 'sys/user', list: Draft }, ...testResources.slice(1)] } });
    await user.type(await screen.findByRole('textbox', { name: '草稿标题' }, FIND), '半句话');
    await user.click(await within(tabBar()).findByRole('button', { name: '关闭 用户管理' }, FIND));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('“用户管理”有修改尚未保存，关闭后将丢失。确定关闭吗？')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(within(tabBar()).getByRole('link', { name: '用户管理' })).toBeTruthy());

    await user.click(within(tabBar()).getByRole('button', { name: '关闭 用户管理' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: /放弃修改/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/dashboard'));
    await waitFor(() => expect(within(tabBar()).queryByRole('link', { name: '用户管理' })).toBeNull());
  });

  it('react-admin messages appear in the one notification style (top centre, with an icon)', async () => {
    const user = userEvent.setup();
    const Notifying = () => {
      const notify = useNotify();
      return (
        <button type="button" onClick={() => notify('ra.notification.updated', { type: 'success', messageArgs: { smart_count: 1 } })}>
          通知一下
        </button>
      );
    };
    renderAdmin({ path: '/sys/user', props: { resources: [{ name: 'sys/user', list: Notifying }, ...testResources.slice(1)] } });
    await user.click(await screen.findByRole('button', { name: '通知一下' }, FIND));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('已更新');
    expect(alert.querySelector('.MuiAlert-icon')).toBeTruthy();
    expect(document.querySelector('.MuiSnackbarContent-root')).toBeNull();
  });

  it('a confirmation closes 表单填写有误 and leaves other errors', async () => {
    const user = userEvent.setup();
    // Errors that would stay a minute: only the confirmation can close one within the test.
    const LONG = 60_000;
    const Notifying = () => {
      const notify = useNotify();
      return (
        <>
          <button type="button" onClick={() => notify('ra.message.invalid_form', { type: 'error', autoHideDuration: LONG })}>
            表单有误
          </button>
          <button type="button" onClick={() => notify('ra.notification.http_error', { type: 'error', autoHideDuration: LONG })}>
            出错
          </button>
          <button type="button" onClick={() => notify('examhall.common.saved', { type: 'success' })}>
            保存好了
          </button>
        </>
      );
    };
    renderAdmin({ path: '/sys/user', props: { resources: [{ name: 'sys/user', list: Notifying }, ...testResources.slice(1)] } });
    const alerts = () => screen.queryAllByRole('alert').map((a) => a.textContent);
    await user.click(await screen.findByRole('button', { name: '表单有误' }, FIND));
    await user.click(screen.getByRole('button', { name: '出错' }));
    await waitFor(() => expect(alerts()).toEqual(['表单填写有误，请检查', '与服务器通信出错']));
    await user.click(screen.getByRole('button', { name: '保存好了' }));
    await waitFor(() => expect(alerts()).toEqual(['与服务器通信出错', '保存成功']));
  });

  it('speaks English in the menu, tabs, breadcrumb and title, and in the dropdowns', async () => {
    const user = userEvent.setup();
    renderAdmin({ path: '/sys/user', locale: 'en' });
    await screen.findByRole('heading', { name: '用户列表' }, FIND);
    await menuReady('Dashboard');
    const nav = screen.getByRole('navigation', { name: 'Main menu' });
    expect(within(nav).getByRole('button', { name: 'System' })).toBeTruthy();
    expect(within(nav).getByRole('link', { name: 'Users' })).toBeTruthy();
    const tabs = screen.getByRole('navigation', { name: 'Visited pages' });
    expect(await within(tabs).findByRole('link', { name: 'Dashboard' }, FIND)).toBeTruthy();
    expect(within(tabs).getByRole('link', { name: 'Users' })).toBeTruthy();
    expect(within(screen.getByRole('navigation', { name: 'You are here' })).getByText('System')).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Users - 考试中心'));
    expect(document.documentElement.lang).toBe('en');
    // A menu the catalogue does not know keeps the server's title.
    await user.click(screen.getByRole('button', { name: 'Search menu' }));
    await user.type(screen.getByRole('combobox', { name: 'Menu search' }), 'sys/role');
    expect(await screen.findByRole('option', { name: /System > Roles/ })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Menu search' }).closest('.MuiAutocomplete-root')).toBeTruthy();
  });

  describe('pagers speak the admin language', () => {
    const Pagers = () => (
      <>
        <TablePagination component="div" count={25} page={1} rowsPerPage={10} onPageChange={() => undefined} />
        <Pagination count={3} page={2} />
      </>
    );
    const render = (locale: 'zh-CN' | 'en') =>
      renderAdmin({ path: '/sys/user', locale, props: { resources: [{ name: 'sys/user', list: Pagers }, ...testResources.slice(1)] } });

    it('in Chinese', async () => {
      render('zh-CN');
      expect(await screen.findAllByRole('button', { name: '上一页' }, FIND)).toHaveLength(2);
      expect(screen.getAllByRole('button', { name: '下一页' })).toHaveLength(2);
      expect(screen.getByRole('button', { name: '前往第 1 页' })).toBeTruthy();
      expect(screen.getByRole('button', { name: '第 2 页' })).toBeTruthy();
      expect(screen.getByText('第 11-20 条，共 25 条')).toBeTruthy();
      expect(screen.getByText('每页条数：')).toBeTruthy();
      expect(screen.queryByRole('button', { name: /Go to/ })).toBeNull();
    });

    it('in English', async () => {
      render('en');
      expect((await screen.findAllByRole('button', { name: 'Go to previous page' }, FIND)).length).toBe(2);
      expect(screen.getByRole('button', { name: 'Go to page 3' })).toBeTruthy();
      expect(screen.getByText('11-20 of 25')).toBeTruthy();
    });
  });

  it('the user menu switches between 中文 and English, and the choice outlives a reload', async () => {
    const user = userEvent.setup();
    localStorage.removeItem(LOCALE_KEY);
    const { unmount } = await openDashboard();
    await user.click(screen.getByRole('button', { name: '用户菜单' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('语言')).toBeTruthy();
    expect(within(menu).getByRole('menuitemradio', { name: '中文' }).getAttribute('aria-checked')).toBe('true');
    await user.click(within(menu).getByRole('menuitemradio', { name: 'English' }));
    expect(await screen.findByRole('navigation', { name: 'Main menu' }, FIND)).toBeTruthy();
    await waitFor(() => expect(document.documentElement.lang).toBe('en'));
    expect(localStorage.getItem(LOCALE_KEY)).toBe('en');
    unmount();
    // What the app starts with after a reload: the remembered language.
    expect(createI18nProvider().getLocale()).toBe('en');

    renderAdmin({ locale: 'en' });
    await user.click(await screen.findByRole('button', { name: 'User menu' }, FIND));
    const english = await screen.findByRole('menu');
    expect(within(english).getByRole('menuitemradio', { name: 'English' }).getAttribute('aria-checked')).toBe('true');
    await user.click(within(english).getByRole('menuitemradio', { name: '中文' }));
    expect(await screen.findByRole('navigation', { name: '主菜单' }, FIND)).toBeTruthy();
    expect(localStorage.getItem(LOCALE_KEY)).toBe('zh-CN');
    localStorage.removeItem(LOCALE_KEY);
  });

  it('a dropdown says 打开, not Open', async () => {
    const Picker = () => (
      <Form>
        <AutocompleteInput source="roleId" label="角色" choices={[{ id: 'r1', name: '学员' }]} />
      </Form>
    );
    renderAdmin({ path: '/sys/user', props: { resources: [{ name: 'sys/user', list: Picker }, ...testResources.slice(1)] } });
    expect(await screen.findByRole('button', { name: '打开' }, FIND)).toBeTruthy();
    expect(screen.queryByTitle('Open')).toBeNull();
  });
});
