import { describe, expect, it } from 'vitest';
import {
  ADMIN_HOME,
  LEARNER_HOME,
  NO_MENU_MESSAGE,
  PUBLIC_PATHS,
  homeOf,
  isAdminPath,
  isPublicPath,
  loginUrl,
  resolveEntry,
  safeRedirect,
} from './routing';

describe('constants', () => {
  it('match spec sections 2 and 6', () => {
    expect(PUBLIC_PATHS).toEqual(['/login', '/register', '/forgot', '/401', '/404', '/sync']);
    expect(LEARNER_HOME).toBe('/web/index');
    expect(ADMIN_HOME).toBe('/admin/dashboard');
    expect(NO_MENU_MESSAGE).toBe('您无权访问此系统，请联系管理员进行菜单授权！');
  });
});

describe('homeOf', () => {
  it('sends learners to /web/index and administrators to /admin/dashboard', () => {
    expect(homeOf(1)).toBe('/web/index');
    expect(homeOf(2)).toBe('/admin/dashboard');
  });
});

describe('isAdminPath', () => {
  it.each([
    ['/admin', true],
    ['/admin/', true],
    ['/admin/sys/user', true],
    ['/admin?x=1', true],
    ['/administrator', false],
    ['/web/admin', false],
    ['/', false],
  ])('%s → %s', (path, expected) => {
    expect(isAdminPath(path)).toBe(expected);
  });
});

describe('isPublicPath', () => {
  it('accepts the public routes, with or without a query', () => {
    PUBLIC_PATHS.forEach((p) => expect(isPublicPath(p)).toBe(true));
    expect(isPublicPath('/login?redirect=%2Fweb%2Fuc')).toBe(true);
    expect(isPublicPath('/login/')).toBe(true);
  });
  it('refuses the rest', () => {
    expect(isPublicPath('/')).toBe(false);
    expect(isPublicPath('/web/index')).toBe(false);
    expect(isPublicPath('/login-help')).toBe(false);
    expect(isPublicPath('/admin/login')).toBe(false);
  });
});

describe('loginUrl', () => {
  it('adds an encoded redirect when given', () => {
    expect(loginUrl()).toBe('/login');
    expect(loginUrl('')).toBe('/login');
    expect(loginUrl('/web/notice?page=2')).toBe('/login?redirect=%2Fweb%2Fnotice%3Fpage%3D2');
  });
});

describe('resolveEntry', () => {
  it('sends a visitor without a token to the sign-in page, remembering the path', () => {
    expect(resolveEntry({ path: '/web/uc', hasToken: false })).toBe('/login?redirect=%2Fweb%2Fuc');
    expect(resolveEntry({ path: '/admin/sys/user', hasToken: false })).toBe('/login?redirect=%2Fadmin%2Fsys%2Fuser');
    expect(resolveEntry({ path: '/', hasToken: false })).toBe('/login');
    expect(resolveEntry({ path: '', hasToken: false })).toBe('/login');
  });

  it('lets a visitor without a token open the public pages', () => {
    PUBLIC_PATHS.forEach((path) => expect(resolveEntry({ path, hasToken: false })).toBeNull());
  });

  it('sends a signed-in user opening /, an empty path or /login home', () => {
    for (const path of ['/', '', '/login', '/login?redirect=%2Fweb']) {
      expect(resolveEntry({ path, hasToken: true, roleType: 1 })).toBe('/web/index');
      expect(resolveEntry({ path, hasToken: true, roleType: 2 })).toBe('/admin/dashboard');
    }
  });

  it('waits for the role type before deciding a home', () => {
    expect(resolveEntry({ path: '/', hasToken: true })).toBeNull();
    expect(resolveEntry({ path: '/login', hasToken: true, roleType: null })).toBeNull();
  });

  it('keeps learners out of /admin', () => {
    expect(resolveEntry({ path: '/admin', hasToken: true, roleType: 1 })).toBe('/web/index');
    expect(resolveEntry({ path: '/admin/dashboard', hasToken: true, roleType: 1 })).toBe('/web/index');
    expect(resolveEntry({ path: '/admin/dashboard', hasToken: true, roleType: 2 })).toBeNull();
  });

  it('lets everyone signed in stay elsewhere', () => {
    expect(resolveEntry({ path: '/web/notice', hasToken: true, roleType: 1 })).toBeNull();
    expect(resolveEntry({ path: '/web/notice', hasToken: true, roleType: 2 })).toBeNull();
    expect(resolveEntry({ path: '/register', hasToken: true, roleType: 1 })).toBeNull();
  });
});

describe('safeRedirect', () => {
  it('follows a same-site path', () => {
    expect(safeRedirect('/web/notice/detail/7?x=1', 1)).toBe('/web/notice/detail/7?x=1');
    expect(safeRedirect('/admin/sys/user', 2)).toBe('/admin/sys/user');
    expect(safeRedirect('/web/uc', 2)).toBe('/web/uc');
  });

  it('falls back home for anything off-site or malformed', () => {
    for (const raw of ['https://evil.example/', '//evil.example/x', '/\\evil.example', 'web/index', 'javascript:alert(1)', '', null, undefined]) {
      expect(safeRedirect(raw, 1)).toBe('/web/index');
      expect(safeRedirect(raw, 2)).toBe('/admin/dashboard');
    }
  });

  it('never sends a learner into /admin', () => {
    expect(safeRedirect('/admin/dashboard', 1)).toBe('/web/index');
    expect(safeRedirect('/admin', 1)).toBe('/web/index');
  });

  it('does not target the public pages or the root', () => {
    expect(safeRedirect('/login', 1)).toBe('/web/index');
    expect(safeRedirect('/register?x', 2)).toBe('/admin/dashboard');
    expect(safeRedirect('/', 2)).toBe('/admin/dashboard');
  });
});
