import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { ErrorCode } from '../../../common/errorCodes';
import { ApiError, getToken, removeToken, setToken } from '../../../common/http';
import { sessionScope } from '../../../common/storage';
import { paths } from '../../config/paths';
import { dismissLoginNotice, leaveLoginNotice } from '../loginNotice';
import { meQuery, sessionKeys, siteQuery, unreadQuery } from './api';
import { SessionContext, type Session } from './context';

/** Spec section 8: the error text of a failed user-info fetch, or 'Has Error'. */
const errorText = (err: unknown) => (err instanceof Error && err.message) || 'Has Error';

/**
 * Owns the browser session: the token cookie, and through TanStack Query the signed-in user, the
 * site settings and the unread count (polled while signed in). Lives inside the router so it can
 * send the user to /login when the session turns out to be dead.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [token, setTokenState] = useState(getToken);
  const [signedOut, setSignedOut] = useState(false);

  const site = useQuery(siteQuery());
  const me = useQuery(meQuery(token));
  const user = (token && me.data) || null;
  const unread = useQuery(unreadQuery(token, user, me.dataUpdatedAt));

  const clear = useCallback(() => {
    removeToken();
    sessionScope.clear();
    setTokenState(undefined);
    setSignedOut(true);
    // Another user may sign in next in this tab: nothing fetched for this one may show.
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== sessionKeys.site[0] });
  }, [queryClient]);

  const signIn = useCallback((next: string) => {
    setToken(next);
    dismissLoginNotice();
    setTokenState(next);
    setSignedOut(false);
  }, []);

  // Spec section 8: a failed user-info fetch shows its text, clears the token and goes to /login.
  // Only while nobody is known yet: a later refresh that fails (the profile page asks again) keeps
  // the session and shows its failure where it was asked.
  // A session that must change its password first is alive: it is held on the change-password page (RouteGuard).
  const mustChangePassword = Boolean(token) && me.error instanceof ApiError && me.error.code === ErrorCode.PASSWORD_CHANGE_REQUIRED && !me.data;
  const failed = Boolean(token) && me.isError && !me.data && !mustChangePassword;
  useEffect(() => {
    if (!failed) return;
    leaveLoginNotice(errorText(me.error));
    clear();
    navigate(paths.login.path, { replace: true });
  }, [failed, me.error, clear, navigate]);

  const value = useMemo<Session>(
    () => ({
      token,
      user,
      site: site.data ?? null,
      unread: user ? (unread.data ?? user.unreadMsg) : 0,
      mustChangePassword,
      signedOut,
      signIn,
      clear,
    }),
    [token, user, site.data, unread.data, mustChangePassword, signedOut, signIn, clear],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
