import type { AuthProvider, UserIdentity } from 'react-admin';
import type { RouteEntry, UserInfo } from '../../common/api';
import { ErrorCode } from '../../common/errorCodes';
import { setFlash } from '../../common/flash';
import { ApiError, getToken, notify, removeToken } from '../../common/http';
import { LEARNER_HOME, LOGIN_PATH, NO_MENU_MESSAGE, changePasswordUrl, loginUrl } from '../../common/routing';
import { RoleType } from '../../common/codes';
import { fetchUserInfo, logout as logoutRequest } from '../../common/services/auth';
import { fetchAdminRoutes } from '../../common/services/menu';
import { canAccess } from './canAccess';
import { clearVisitedViews } from '../layout/visitedViews';

/** What the shell knows about the signed-in administrator: who they are and which screens they have. */
export interface AdminSession {
  user: UserInfo;
  routes: RouteEntry[];
}

/** Everything the auth provider reaches outside itself, so tests can pass fakes. */
export interface AuthDeps {
  fetchUserInfo: () => Promise<UserInfo>;
  fetchAdminRoutes: () => Promise<RouteEntry[]>;
  logout: () => Promise<unknown>;
  /** Full-page navigation (sign-in and the learner area live outside this SPA). */
  go: (url: string) => void;
  /** The address being opened, /admin prefix included: where sign-in sends the user back to. */
  currentPath: () => string;
}

export interface AppAuthProvider extends AuthProvider {
  /** The cached session (user info + admin routes); `fresh` reloads it (after menus change). */
  getSession(options?: { fresh?: boolean }): Promise<AdminSession>;
}

export const defaultAuthDeps: AuthDeps = {
  fetchUserInfo,
  fetchAdminRoutes,
  logout: logoutRequest,
  go: (url) => window.location.assign(url),
  currentPath: () => window.location.pathname + window.location.search,
};

/** checkAuth rejects with this: the page is already on its way elsewhere, react-admin must neither notify nor redirect. */
const LEAVING = { message: false, redirectTo: false, logoutUser: false } as const;

export function createAuthProvider(deps: AuthDeps = defaultAuthDeps): AppAuthProvider {
  let session: Promise<AdminSession> | null = null;
  let leaving = false;

  const leave = (url: string) => {
    leaving = true;
    deps.go(url);
    return LEAVING;
  };

  const load = (fresh = false): Promise<AdminSession> => {
    // The page is on its way to another address: nothing more is asked of the server.
    if (leaving) return new Promise<never>(() => undefined);
    if (!session || fresh) {
      // A learner has no admin routes to ask for (the server refuses them): they only need sending home.
      const next = deps.fetchUserInfo().then(async (user) => ({
        user,
        routes: user.roleType === RoleType.ADMIN ? await deps.fetchAdminRoutes() : [],
      }));
      // A failed load is not cached: the next check tries again.
      next.catch(() => {
        if (session === next) session = null;
      });
      session = next;
    }
    return session;
  };

  /**
   * Refuse entry with a message: shown now, and carried to the sign-in page (a full-page change,
   * which would otherwise lose it), where the learner app shows it again.
   */
  const refuse = (message: string, { shown = false } = {}) => {
    if (!shown) notify.error(message);
    setFlash(message);
    removeToken();
    return leave(loginUrl(deps.currentPath()));
  };

  return {
    // Signing in happens on the learner app's /login page, shared by both SPAs.
    async login() {
      leave(loginUrl(deps.currentPath()));
    },

    async checkAuth() {
      if (leaving) throw LEAVING;
      if (!getToken()) throw leave(loginUrl(deps.currentPath()));
      let current: AdminSession;
      try {
        current = await load();
      } catch (error) {
        if (leaving) throw LEAVING;
        // An expired session is the http client's (token cleared, page reloaded): nothing to say.
        if (error instanceof ApiError && error.code === ErrorCode.SESSION_INVALID) {
          removeToken();
          throw leave(loginUrl(deps.currentPath()));
        }
        // Signed in, but the password must change first: the shared change-password page, session kept.
        if (error instanceof ApiError && error.code === ErrorCode.PASSWORD_CHANGE_REQUIRED) throw leave(changePasswordUrl(deps.currentPath()));
        // The http client has already shown an API failure; anything else is shown here (spec section 8).
        const message = error instanceof Error && error.message ? error.message : 'Has Error';
        throw refuse(message, { shown: error instanceof ApiError });
      }
      if (current.user.roleType !== RoleType.ADMIN) throw leave(LEARNER_HOME);
      if (current.routes.length === 0) throw refuse(NO_MENU_MESSAGE);
    },

    async logout() {
      if (leaving) return false;
      let endSessionUrl: unknown = '';
      if (getToken()) {
        // Revoking the session server-side is best effort: the token goes in any case.
        endSessionUrl = await deps.logout().catch(() => '');
      }
      removeToken();
      clearVisitedViews();
      // Signed in through the organisation's IdP: its session ends too (it comes back to /login).
      leave(typeof endSessionUrl === 'string' && endSessionUrl ? endSessionUrl : LOGIN_PATH);
      // false: react-admin clears its store and queries but does not navigate inside /admin.
      return false;
    },

    // 10010002 is handled by the http client (token removed, page reloaded); other failures are the screen's to show.
    checkError: async () => undefined,

    async getIdentity(): Promise<UserIdentity> {
      const { user } = await load();
      return { id: user.id, fullName: user.realName || user.userName, avatar: user.avatar || undefined };
    },

    async getPermissions() {
      const { user } = await load();
      return user.permissions;
    },

    async canAccess({ resource, action }) {
      if (!getToken()) return false;
      const { user } = await load();
      return canAccess(user, { resource, action });
    },

    getSession: ({ fresh = false } = {}) => load(fresh),
  };
}
