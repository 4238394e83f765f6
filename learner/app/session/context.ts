import { createContext, useContext } from 'react';
import type { SiteConfig } from '../../../common/api/config';
import type { UserInfo } from '../../../common/api/user';

export interface Session {
  /** The token cookie as this app last saw it. */
  token: string | undefined;
  /** The signed-in user, once /api/sys/user/info answered. */
  user: UserInfo | null;
  /** Site settings (public); null until loaded or when they could not be loaded. */
  site: SiteConfig | null;
  /** Unread message count shown on the header badge. */
  unread: number;
  /** Signed in, but the server answers nothing until the password is changed (PASSWORD_CHANGE_REQUIRED). */
  mustChangePassword: boolean;
  /** The session was ended here (logout, or a dead session found): the next stop is /login itself. */
  signedOut: boolean;
  /** Keep a fresh token (after login or registration); the user is fetched next. */
  signIn: (token: string) => void;
  /**
   * Forget everything the browser keeps about the session: the token, the server data cached for
   * it and the session's own stored keys (never the rest of the app's storage).
   */
  clear: () => void;
}

export const SessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside <SessionProvider>');
  return session;
}
