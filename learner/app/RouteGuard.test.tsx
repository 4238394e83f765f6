import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ErrorCode } from '../../common/errorCodes';
import { http, HttpResponse } from 'msw';
import { getToken, HttpMessage, setPassChangeHandler, setToken } from '../../common/http';
import { admin, learner, pageOf } from '../testing/fixtures';
import { renderApp } from '../testing/render';
import { api, fail, startMockServer } from '../testing/server';
import { leaveApp } from './navigation';

vi.mock('./navigation', () => ({ leaveApp: vi.fn() }));

startMockServer();

describe('route guard and session start', () => {
  it('sends a visit without a token to /login with the wanted path, never showing the page meanwhile', async () => {
    let asked = 0;
    const { location } = renderApp({
      path: '/web/uc?tab=msg',
      handlers: [
        api('sys/user/msg/paging', () => {
          asked += 1;
          return pageOf([]);
        }),
      ],
    });
    await waitFor(() => expect(location()).toBe('/login?redirect=%2Fweb%2Fuc%3Ftab%3Dmsg'));
    expect(await screen.findByLabelText('用户名')).toBeTruthy();
    expect(asked).toBe(0);
    expect(screen.queryByText('我的消息')).toBeNull();
  });

  it('opens the bare root on the login page', async () => {
    const { location } = renderApp({ path: '/' });
    await waitFor(() => expect(location()).toBe('/login'));
  });

  it('sends a signed-in learner opening /login to the learner home', async () => {
    const { location } = renderApp({ path: '/login', user: learner() });
    await waitFor(() => expect(location()).toBe('/web/index'));
    expect(await screen.findByRole('heading', { name: '在线考试' })).toBeTruthy();
    expect(await screen.findByRole('link', { name: '在线考试' })).toBeTruthy();
  });

  it('sends a signed-in administrator opening / to the admin dashboard with a full page load', async () => {
    vi.mocked(leaveApp).mockClear();
    renderApp({ path: '/', user: admin() });
    await waitFor(() => expect(leaveApp).toHaveBeenCalledWith('/admin/dashboard'));
  });

  it('sends an administrator through /sync to the admin area', async () => {
    vi.mocked(leaveApp).mockClear();
    renderApp({ path: '/sync?redirect=%2Fadmin%2Fsys%2Fuser', user: admin() });
    await waitFor(() => expect(leaveApp).toHaveBeenCalledWith('/admin/sys/user'));
  });

  it('single sign-on: takes the token from the /sync fragment (and out of the address), then goes to the redirect', async () => {
    window.history.replaceState(null, '', '/sync#token=sso-token');
    const { location } = renderApp({
      path: '/sync?redirect=%2Fweb%2Fuc%3Ftab%3Dmsg',
      handlers: [api('sys/user/info', learner()), api('sys/user/msg/count-unread', 0), api('sys/user/msg/paging', pageOf([]))],
    });
    await waitFor(() => expect(location()).toBe('/web/uc?tab=msg'));
    expect(getToken()).toBe('sso-token');
    expect(window.location.hash).toBe('');
  });

  it('single sign-on: a refusal in the /sync fragment is shown on the sign-in page', async () => {
    window.history.replaceState(null, '', `/sync#error=${encodeURIComponent('系统中没有与您身份对应的账号，请联系管理员开通')}&code=10010033`);
    const { location } = renderApp({ path: '/sync' });
    await waitFor(() => expect(location()).toBe('/login'));
    expect(await screen.findByText('系统中没有与您身份对应的账号，请联系管理员开通')).toBeTruthy();
    expect(getToken()).toBeFalsy();
  });

  it('drops a dead session at start: token removed, back to /login, which shows the error text', async () => {
    let calls = 0;
    const { location } = renderApp({
      path: '/web/notice',
      user: learner(),
      handlers: [
        api('sys/user/info', () => {
          calls += 1;
          return fail(ErrorCode.USER_DISABLED, '账号已被禁用');
        }),
      ],
    });
    await waitFor(() => expect(location()).toBe('/login'));
    // An alert on the sign-in page, not a toast that is gone before it is read.
    expect((await screen.findByRole('alert')).textContent).toContain('账号已被禁用');
    expect(screen.getByRole('button', { name: '登录' })).toBeTruthy();
    expect(getToken()).toBeUndefined();
    expect(calls).toBe(1);
  });

  it('holds a session that must change its password on /change-password, keeps it, and goes on to the wanted page once changed', async () => {
    setPassChangeHandler(() => undefined);
    setToken('test-token');
    let changed = false;
    const changes: unknown[] = [];
    const { location, fill, user } = renderApp({
      path: '/web/uc',
      handlers: [
        api('sys/user/info', () => (changed ? learner() : fail(ErrorCode.PASSWORD_CHANGE_REQUIRED, '为了账号安全，请先修改密码'))),
        api('sys/user/msg/count-unread', 0),
        api('sys/user/update-pass', (body) => {
          changes.push(body);
          changed = true;
          return null;
        }),
      ],
    });
    await waitFor(() => expect(location()).toBe('/change-password?redirect=%2Fweb%2Fuc'));
    expect(await screen.findByText(/首次登录或管理员要求时需先修改密码/)).toBeTruthy();
    expect(getToken()).toBe('test-token');
    await fill('旧密码', 'Init1234');
    await fill('新密码', 'NewPass123');
    await fill('确认新密码', 'NewPass123');
    await user.click(screen.getByRole('button', { name: '确认修改' }));
    await waitFor(() => expect(location()).toBe('/web/uc'));
    expect(changes).toEqual([{ oldPassword: 'Init1234', password: 'NewPass123' }]);
  });

  it('shows the connection error on the sign-in page when the user info cannot be fetched', async () => {
    const { location } = renderApp({
      path: '/web/uc',
      user: learner(),
      handlers: [http.post('*/api/sys/user/info', () => HttpResponse.error())],
    });
    await waitFor(() => expect(location()).toBe('/login'));
    expect((await screen.findByRole('alert')).textContent).toContain(HttpMessage.noConnection);
    expect(getToken()).toBeUndefined();
  });

  it('shows the 404 page for unknown routes and the 401 page', async () => {
    renderApp({ path: '/no/such/page', user: learner() });
    expect(await screen.findByText('抱歉，您访问的页面不存在')).toBeTruthy();
    expect(screen.getByRole('link', { name: '返回首页' }).getAttribute('href')).toBe('/');
  });

  it('shows the 401 page', async () => {
    renderApp({ path: '/401' });
    expect(await screen.findByText('抱歉，您没有权限访问此页面')).toBeTruthy();
    expect(screen.getByText('401')).toBeTruthy();
  });

  it('replaces /redirect/{path} with the path', async () => {
    const { location } = renderApp({ path: '/redirect/web/repo?x=1', user: learner() });
    await waitFor(() => expect(location()).toBe('/web/repo?x=1'));
  });
});
