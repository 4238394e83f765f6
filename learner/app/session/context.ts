import { createContext, useContext } from 'react';
import type { SiteConfig, UserInfo } from '../../../common/api';

export interface Session {
  /** The token cookie as this app last saw it. */
  token: string | undefined;
  /** The signed-in user, once /api/sys/user/info answered. */
  user: UserInfo | null;
  /** Site settings (public); null until loaded or when they could not be loaded. */
  site: SiteConfig | null;
  /** Unread message count shown on the header badge. */
  unread: number;
  /** The session was ended here (logout, or a dead session found): the next stop is /login itself. */
  signedOut: boolean;
  /** Keep a fresh token (after login or registration); the user is fetched next. */
  signIn: (token: string) => void;
  /**
   * Fetch /api/sys/user/info now (one request at a time). On failure the session is cleared, the
   * error shown and the app goes to /login; the returned promise then rejects.
   */
  loadUser: () => Promise<UserInfo>;
  refreshSite: () => Promise<void>;
  refreshUnread: () => Promise<void>;
  /** Forget everything the browser keeps about the session (token, user, stored data). */
  clear: () => void;
}

export const SessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside <SessionProvider>');
  return session;
}
