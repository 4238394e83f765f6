import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HttpResponse, http } from 'msw';
import { getToken, setPassChangeHandler, setSessionInvalidHandler, setToken, subscribeNotify, type Notification } from '../../common/http';
import { ErrorCode } from '../../common/errorCodes';
import { takeFlash } from '../../common/flash';
import { NO_MENU_MESSAGE } from '../../common/routing';
import { adminRoutes, adminUser, learnerUser } from '../testing/fixtures';
import { server, sessionHandlers, setupMswServer } from '../testing/server';
import { VISITED_VIEWS_KEY } from '../layout/visitedViews';
import { createAuthProvider, defaultAuthDeps } from './authProvider';

setupMswServer();

let shown: Notification[] = [];
let stop = () => {};
beforeEach(() => {
  shown = [];
  sessionStorage.clear();
  stop = subscribeNotify((n) => shown.push(n));
});
afterEach(() => stop());

function provider(path = '/admin/sys/user?page=2') {
  const leftTo: string[] = [];
  const auth = createAuthProvider({ ...defaultAuthDeps, go: (url) => leftTo.push(url), currentPath: () => path });
  return { auth, leftTo };
}

describe('authProvider.checkAuth', () => {
  it('lets an administrator with routes in, and caches the session', async () => {
    let infoCalls = 0;
    server.use(
      http.post('/api/sys/user/info', () => {
        infoCalls += 1;
        return HttpResponse.json({ code: 0, msg: '', data: adminUser });
      }),
      ...sessionHandlers(),
    );
    setToken('t');
    const { auth, leftTo } = provider();
    await auth.checkAuth({});
    await auth.checkAuth({});
    expect(infoCalls).toBe(1);
    expect(leftTo).toEqual([]);
    expect(await auth.getIdentity!()).toEqual({ id: adminUser.id, fullName: '系统管理员', avatar: undefined });
    expect(await auth.getPermissions!({})).toEqual(adminUser.permissions);
    expect(await auth.canAccess!({ resource: 'sys/user', action: 'list' })).toBe(true);
    expect((await auth.getSession()).routes).toEqual(adminRoutes);
  });

  it('sends a visitor without a token to the sign-in page, remembering the admin path', async () => {
    const { auth, leftTo } = provider();
    await expect(auth.checkAuth({})).rejects.toMatchObject({ message: false, logoutUser: false });
    expect(leftTo).toEqual(['/login?redirect=%2Fadmin%2Fsys%2Fuser%3Fpage%3D2']);
  });

  it('sends a learner to the learner home', async () => {
    // The server refuses a learner's route request; the shell must not even ask.
    server.use(http.post('/api/sys/menu/routes', () => HttpResponse.json({ code: 10010003, msg: '无权访问', data: null })), ...sessionHandlers({ user: learnerUser }));
    setToken('t');
    const { auth, leftTo } = provider();
    await expect(auth.checkAuth({})).rejects.toBeTruthy();
    expect(leftTo).toEqual(['/web/index']);
    expect(shown).toEqual([]);
    expect(getToken()).toBe('t');
  });

  it('refuses an administrator with no routes: message, token cleared, sign-in with redirect', async () => {
    server.use(...sessionHandlers({ routes: [] }));
    setToken('t');
    const { auth, leftTo } = provider('/admin/dashboard');
    await expect(auth.checkAuth({})).rejects.toBeTruthy();
    expect(shown.map((n) => n.message)).toEqual([NO_MENU_MESSAGE]);
    expect(getToken()).toBeUndefined();
    expect(leftTo).toEqual(['/login?redirect=%2Fadmin%2Fdashboard']);
    // The sign-in page is another page load: the message travels with it.
    expect(takeFlash()).toEqual({ message: NO_MENU_MESSAGE, type: 'error' });
  });

  it('a failed route load shows its error, clears the token and goes to sign-in', async () => {
    // Handlers given first win.
    server.use(http.post('/api/sys/menu/routes', () => HttpResponse.json({ code: 1, msg: '菜单加载失败', data: null })), ...sessionHandlers());
    setToken('t');
    const { auth, leftTo } = provider('/admin/dashboard');
    await expect(auth.checkAuth({})).rejects.toBeTruthy();
    expect(shown.map((n) => n.message)).toEqual(['菜单加载失败']);
    expect(getToken()).toBeUndefined();
    expect(leftTo).toEqual(['/login?redirect=%2Fadmin%2Fdashboard']);
    expect(takeFlash()).toEqual({ message: '菜单加载失败', type: 'error' });
  });

  it('a user-info fetch the server cannot answer carries the connection message to sign-in', async () => {
    server.use(http.post('/api/sys/user/info', () => HttpResponse.error()), ...sessionHandlers());
    setToken('t');
    const { auth, leftTo } = provider('/admin/dashboard');
    await expect(auth.checkAuth({})).rejects.toBeTruthy();
    // Shown once (by the http client), and carried across.
    expect(shown.map((n) => n.message)).toEqual(['啊哦，与服务器失去连接了~']);
    expect(leftTo).toEqual(['/login?redirect=%2Fadmin%2Fdashboard']);
    expect(takeFlash()?.message).toBe('啊哦，与服务器失去连接了~');
  });

  it('a failure that is not an API answer says Has Error', async () => {
    setToken('t');
    const leftTo: string[] = [];
    const auth = createAuthProvider({
      ...defaultAuthDeps,
      fetchUserInfo: () => Promise.reject(new Error('')),
      go: (url) => leftTo.push(url),
      currentPath: () => '/admin/dashboard',
    });
    await expect(auth.checkAuth({})).rejects.toBeTruthy();
    expect(shown.map((n) => n.message)).toEqual(['Has Error']);
    expect(takeFlash()?.message).toBe('Has Error');
  });

  it('an expired session leaves no message behind', async () => {
    server.use(http.post('/api/sys/user/info', () => HttpResponse.json({ code: ErrorCode.SESSION_INVALID, msg: '登录已失效，请重新登录', data: null })), ...sessionHandlers());
    setSessionInvalidHandler(() => undefined);
    setToken('t');
    const { auth, leftTo } = provider('/admin/dashboard');
    await expect(auth.checkAuth({})).rejects.toBeTruthy();
    expect(getToken()).toBeUndefined();
    expect(leftTo).toEqual(['/login?redirect=%2Fadmin%2Fdashboard']);
    expect(takeFlash()).toBeNull();
  });

  it('a session that must change its password keeps its token and goes to the change-password page, saying nothing', async () => {
    server.use(http.post('/api/sys/user/info', () => HttpResponse.json({ code: ErrorCode.PASSWORD_CHANGE_REQUIRED, msg: '为了账号安全，请先修改密码', data: null })), ...sessionHandlers());
    setPassChangeHandler(() => undefined);
    setToken('t');
    const { auth, leftTo } = provider('/admin/sys/user');
    await expect(auth.checkAuth({})).rejects.toBeTruthy();
    expect(getToken()).toBe('t');
    expect(leftTo).toEqual(['/change-password?redirect=%2Fadmin%2Fsys%2Fuser']);
    expect(shown).toEqual([]);
  });
});

describe('authProvider.logout', () => {
  it('revokes the session, clears token and tabs, and leaves for /login', async () => {
    let revoked = false;
    server.use(
      http.post('/api/sys/user/logout', () => {
        revoked = true;
        return HttpResponse.json({ code: 0, msg: '', data: { endSessionUrl: '' } });
      }),
      ...sessionHandlers(),
    );
    setToken('t');
    sessionStorage.setItem(VISITED_VIEWS_KEY, '[]');
    const { auth, leftTo } = provider();
    expect(await auth.logout({})).toBe(false);
    expect(revoked).toBe(true);
    expect(getToken()).toBeUndefined();
    expect(sessionStorage.getItem(VISITED_VIEWS_KEY)).toBeNull();
    expect(leftTo).toEqual(['/login']);
  });

  it('a user who came through OIDC leaves for the IdP end-session address instead', async () => {
    const end = 'https://idp.test/session/end?client_id=examhall';
    server.use(http.post('/api/sys/user/logout', () => HttpResponse.json({ code: 0, msg: '', data: { endSessionUrl: end } })), ...sessionHandlers());
    setToken('t');
    const { auth, leftTo } = provider();
    expect(await auth.logout({})).toBe(false);
    expect(getToken()).toBeUndefined();
    expect(leftTo).toEqual([end]);
  });
});
