import { RoleType } from './codes';

/** Pure redirect rules of spec sections 2 and 6, shared by both SPAs. */

/** Routes reachable without a token. */
export const PUBLIC_PATHS = ['/login', '/register', '/forgot', '/401', '/404', '/sync'];
export const LEARNER_HOME = '/web/index';
export const ADMIN_HOME = '/admin/dashboard';
export const LOGIN_PATH = '/login';
/** Where a session that must change its password first is sent (PASSWORD_CHANGE_REQUIRED), in the learner app. */
export const CHANGE_PASSWORD_PATH = '/change-password';
/** An administrator whose menu-route list is empty is refused with this (spec section 6). */
export const NO_MENU_MESSAGE = '您无权访问此系统，请联系管理员进行菜单授权！';

/** Home of a role type: administrators land on the dashboard, everyone else on the learner home. */
export function homeOf(roleType: number): string {
  return roleType === RoleType.ADMIN ? ADMIN_HOME : LEARNER_HOME;
}

export function isAdminPath(path: string): boolean {
  const bare = pathOnly(path);
  return bare === '/admin' || bare.startsWith('/admin/');
}

/** Public pages, matched on the path alone (query and hash ignored). */
export function isPublicPath(path: string): boolean {
  return PUBLIC_PATHS.includes(pathOnly(path));
}

function pathOnly(path: string): string {
  const cut = path.search(/[?#]/);
  const bare = cut < 0 ? path : path.slice(0, cut);
  return bare.length > 1 ? bare.replace(/\/+$/, '') : bare;
}

/** The sign-in page, remembering where to go afterwards. */
export function loginUrl(redirect?: string): string {
  return redirect ? `${LOGIN_PATH}?redirect=${encodeURIComponent(redirect)}` : LOGIN_PATH;
}

/** The change-password page, remembering where to go afterwards. */
export function changePasswordUrl(redirect?: string): string {
  const back = redirect && pathOnly(redirect) !== CHANGE_PASSWORD_PATH ? redirect : '';
  return back ? `${CHANGE_PASSWORD_PATH}?redirect=${encodeURIComponent(back)}` : CHANGE_PASSWORD_PATH;
}

export interface EntryState {
  /** The wanted path (may carry a query string). */
  path: string;
  hasToken: boolean;
  /** Role type of the signed-in user, when known. */
  roleType?: number | null;
}

const isKnownRole = (roleType: number | null | undefined): roleType is number =>
  roleType === RoleType.LEARNER || roleType === RoleType.ADMIN;

/** Where a navigation to `path` must go instead; null means it may stay. */
export function resolveEntry({ path, hasToken, roleType }: EntryState): string | null {
  const bare = pathOnly(path);
  if (!hasToken) {
    if (isPublicPath(bare)) return null;
    // The bare root's default page is the sign-in page itself (spec section 2): nothing to remember.
    return bare === '' || bare === '/' ? LOGIN_PATH : loginUrl(path);
  }
  if (bare === '' || bare === '/' || bare === LOGIN_PATH) return isKnownRole(roleType) ? homeOf(roleType) : null;
  if (roleType === RoleType.LEARNER && isAdminPath(bare)) return LEARNER_HOME;
  return null;
}

/**
 * Where to go after sign-in, from a `redirect` query value. Only same-site absolute paths are
 * followed (no "//host", no scheme, no backslash tricks); a learner is never sent into /admin and
 * public pages are not targets. Anything else falls back to the role's home.
 */
export function safeRedirect(raw: string | null | undefined, roleType: number): string {
  const home = homeOf(roleType);
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || /[\\\s]/.test(raw)) return home;
  const bare = pathOnly(raw);
  if (bare === '/' || isPublicPath(bare)) return home;
  if (roleType !== RoleType.ADMIN && isAdminPath(bare)) return home;
  return raw;
}
