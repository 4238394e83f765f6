import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ErrorCode } from '../../../common/errorCodes';
import { setFlash } from '../../../common/flash';
import { NO_MENU_MESSAGE } from '../../../common/routing';
import { getToken, setSessionInvalidHandler } from '../../../common/http';
import { Msg } from '../../../common/validators';
import { learner, notice, pageOf, site } from '../../testing/fixtures';
import { renderApp } from '../../testing/render';
import { api, fail, startMockServer } from '../../testing/server';

startMockServer();

describe('login page', () => {
  it('offers 使用统一身份认证登录 only when OIDC is on, going to the IdP with the wanted page', async () => {
    renderApp({ path: '/login?redirect=%2Fweb%2Frepo', handlers: [api('sso/status', { oidc: true, ldap: false })] });
    const link = await screen.findByRole('link', { name: '使用统一身份认证登录' });
    expect(link.getAttribute('href')).toBe('/api/sso/oidc/start?redirect=%2Fweb%2Frepo');
  });

  it('shows no single sign-on button when OIDC is off', async () => {
    renderApp({ path: '/login' });
    expect(await screen.findByLabelText('用户名')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('link', { name: '使用统一身份认证登录' })).toBeNull());
  });

  it('asks for the user name and password before calling the server', async () => {
    const { user } = renderApp({ path: '/login' });
    await user.click(await screen.findByRole('button', { name: '登录' }));
    expect(await screen.findByText('请输入用户名')).toBeTruthy();
    expect(screen.getByText('请输入密码')).toBeTruthy();
  });

  it('shows the server message for wrong credentials and stays signed out', async () => {
    const { user, fill, location } = renderApp({
      path: '/login',
      handlers: [api('sys/user/login', () => fail(ErrorCode.BAD_CREDENTIALS, '用户名或密码错误'))],
    });
    await fill('用户名', 'student');
    await fill('密码', 'wrong1');
    await user.click(screen.getByRole('button', { name: '登录' }));
    expect(await screen.findByText('用户名或密码错误')).toBeTruthy();
    expect(location()).toBe('/login');
    expect(getToken()).toBeUndefined();
  });

  // Once flaky on a loaded machine (it ended on /web/index): see RouteGuard on a token on /login.
  it('signs in, goes through /sync with the redirect and lands on the wanted page', async () => {
    const me = learner();
    let loginBody: unknown;
    const { user, fill, location } = renderApp({
      path: '/login?redirect=%2Fweb%2Fnotice',
      handlers: [
        api('sys/user/login', (body) => {
          loginBody = body;
          return { token: 'fresh-token', user: me };
        }),
        api('sys/user/info', me),
        api('sys/notice/my-paging', pageOf([notice()])),
      ],
    });
    await fill('用户名', 'student');
    await fill('密码', 'Passw0rd');
    await user.click(screen.getByRole('button', { name: '登录' }));
    await waitFor(() => expect(location()).toBe('/web/notice'));
    expect(loginBody).toEqual({ username: 'student', password: 'Passw0rd' });
    expect(getToken()).toBe('fresh-token');
    expect(await screen.findByText('关于期末考试安排的通知')).toBeTruthy();
  });

  it('sends a learner to /web/index when there is no redirect', async () => {
    const me = learner();
    const { user, fill, location } = renderApp({
      path: '/login',
      handlers: [api('sys/user/login', { token: 't', user: me }), api('sys/user/info', me)],
    });
    await fill('用户名', 'student');
    await fill('密码', 'Passw0rd');
    await user.click(screen.getByRole('button', { name: '登录' }));
    await waitFor(() => expect(location()).toBe('/web/index'));
    expect(await screen.findByRole('heading', { name: '在线考试' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '退出登录' })).toBeTruthy();
  });

  it('links to registration only when the site allows it, and to /forgot only when a reset channel works', async () => {
    renderApp({ path: '/login', site: site({ allowRegister: true }) });
    expect((await screen.findByRole('link', { name: '立即注册' })).getAttribute('href')).toBe('/register');
    expect(screen.queryByText(/忘记密码/)).toBeNull();
    expect(screen.queryByRole('tab')).toBeNull();
  });

  it('offers SMS sign-in and the forgot link when site settings switch them on', async () => {
    renderApp({ path: '/login', site: site({ loginSms: true, resetSms: true, smsReady: true }) });
    expect((await screen.findByRole('link', { name: '忘记密码？' })).getAttribute('href')).toBe('/forgot');
    // The tabs are a chunk of their own, drawn once it has loaded.
    expect((await screen.findByRole('tab', { name: '账号登录' })).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tab', { name: '短信登录' })).toBeTruthy();
  });

  it('hides the registration link when registration is closed', async () => {
    renderApp({ path: '/login', site: site({ allowRegister: false, copyRight: '© 版权所有' }) });
    expect(await screen.findByText('© 版权所有')).toBeTruthy();
    expect(screen.queryByRole('link', { name: '立即注册' })).toBeNull();
  });

  it('has a /forgot page that says so when no reset channel is on', async () => {
    renderApp({ path: '/forgot' });
    expect(await screen.findByText('本站未开启自助找回密码，请联系管理员重置密码。')).toBeTruthy();
    expect(screen.getByRole('link', { name: '返回登录' }).getAttribute('href')).toBe('/login');
  });
});

describe('login page: why the user was sent here', () => {
  it("shows the admin app's refusal as an alert that stays until closed", async () => {
    // What the admin app leaves before its full-page change to /login (spec section 6).
    setFlash(NO_MENU_MESSAGE);
    const { user } = renderApp({ path: '/login?redirect=%2Fadmin%2Fdashboard' });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('您无权访问此系统，请联系管理员进行菜单授权！');
    // Taken once: a reload of the page does not show it again.
    expect(sessionStorage.getItem('examhall:flash')).toBeNull();
    await user.click(within(alert).getByRole('button', { name: /close|关闭/i }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });

  it('forgets the message once the user signs in', async () => {
    setFlash('用户信息加载失败');
    const me = learner();
    const { user, fill, location } = renderApp({
      path: '/login',
      handlers: [api('sys/user/login', { token: 't2', user: me }), api('sys/user/info', me)],
    });
    expect(await screen.findByText('用户信息加载失败')).toBeTruthy();
    await fill('用户名', 'student');
    await fill('密码', 'Passw0rd');
    await user.click(screen.getByRole('button', { name: '登录' }));
    await waitFor(() => expect(location()).toBe('/web/index'));
    expect(screen.queryByText('用户信息加载失败')).toBeNull();
  });

  it('keeps the reason of an ended session (10010002) for the sign-in page after the reload', async () => {
    const reload = vi.fn();
    setSessionInvalidHandler(reload);
    renderApp({
      path: '/web/notice',
      user: learner(),
      handlers: [api('sys/notice/my-paging', () => fail(ErrorCode.SESSION_INVALID, '登录已失效，请重新登录'))],
    });
    await waitFor(() => expect(reload).toHaveBeenCalled());
    await waitFor(() => expect(sessionStorage.getItem('examhall:flash')).toContain('登录已失效，请重新登录'));
  });
});

describe('register page', () => {
  it('checks every field with the spec messages', async () => {
    const { user, fill } = renderApp({ path: '/register' });
    await user.click(await screen.findByRole('button', { name: '注册' }));
    expect(await screen.findByText('请输入用户名')).toBeTruthy();
    expect(screen.getByText('请输入真实姓名')).toBeTruthy();
    expect(screen.getByText(Msg.passwordEmpty)).toBeTruthy();

    await fill('用户名', 'newbie');
    await fill('真实姓名', '李四');
    await fill('密码', 'abcdef');
    await fill('确认密码', 'abcdeg');
    await fill('手机号', '12345');
    expect(screen.getByText(Msg.password)).toBeTruthy();
    expect(screen.getByText('两次输入的密码不一致')).toBeTruthy();
    expect(screen.getByText(Msg.mobile)).toBeTruthy();
  });

  it('tells a pending registration to wait for review', async () => {
    let body: unknown;
    const { user, fill } = renderApp({
      path: '/register',
      handlers: [
        api('sys/user/reg', (b) => {
          body = b;
          return { token: '', pending: true };
        }),
      ],
    });
    await fill('用户名', 'newbie');
    await fill('真实姓名', '李四');
    await fill('密码', 'abc123');
    await fill('确认密码', 'abc123');
    await user.click(screen.getByRole('button', { name: '注册' }));
    expect(await screen.findByText('注册成功，请等待管理员审核')).toBeTruthy();
    expect(screen.getByRole('link', { name: '返回登录' }).getAttribute('href')).toBe('/login');
    expect(body).toEqual({ userName: 'newbie', realName: '李四', password: 'abc123' });
    expect(getToken()).toBeUndefined();
  });

  it('signs a new learner straight in when no review is needed', async () => {
    const me = learner({ userName: 'newbie', realName: '李四' });
    const { user, fill, location } = renderApp({
      path: '/register',
      handlers: [api('sys/user/reg', { token: 'new-token', pending: false, user: me }), api('sys/user/info', me)],
    });
    await fill('用户名', 'newbie');
    await fill('真实姓名', '李四');
    await fill('密码', 'abc123');
    await fill('确认密码', 'abc123');
    await fill('手机号', '13912345678');
    await user.click(screen.getByRole('button', { name: '注册' }));
    await waitFor(() => expect(location()).toBe('/web/index'));
    expect(getToken()).toBe('new-token');
    expect(await screen.findByText('李四')).toBeTruthy();
  });

  it('says so when registration is closed', async () => {
    renderApp({ path: '/register', site: site({ allowRegister: false }) });
    expect(await screen.findByText('系统暂未开放注册，请联系管理员为您开通账号。')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '注册' })).toBeNull();
  });
});
