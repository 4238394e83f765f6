import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import type { SiteConfig, UserInfo } from '../../../common/api';
import { MSG_POLL_MS } from '../../../common/constants';
import { ApiError, getToken, notify, removeToken, setToken } from '../../../common/http';
import { fetchUserInfo } from '../../../common/services/auth';
import { fetchSiteConfig } from '../../../common/services/config';
import { countUnread } from '../../../common/services/msg';
import { paths } from '../../config/paths';
import { SessionContext, type Session } from './context';

/** Spec section 8: a failed user-info fetch shows the error text, or 'Has Error'. */
function showLoadError(err: unknown) {
  // The http client has already shown the message of every ApiError.
  if (err instanceof ApiError) return;
  notify.error((err instanceof Error && err.message) || 'Has Error');
}

/**
 * Owns the browser session: the token cookie, the signed-in user, the site settings and the unread
 * count (polled every MSG_POLL_MS while signed in). Lives inside the router so it can send the
 * user to /login when the session turns out to be dead.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const navigateRef = useRef(navigate);
  useEffect(() => {
    navigateRef.current = navigate;
  }, [navigate]);

  const [token, setTokenState] = useState(getToken);
  const [user, setUser] = useState<UserInfo | null>(null);
  const [site, setSite] = useState<SiteConfig | null>(null);
  const [unread, setUnread] = useState(0);
  const [signedOut, setSignedOut] = useState(false);
  const inFlight = useRef<Promise<UserInfo> | null>(null);

  const clear = useCallback(() => {
    removeToken();
    localStorage.clear();
    sessionStorage.clear();
    inFlight.current = null;
    setTokenState(undefined);
    setUser(null);
    setUnread(0);
    setSignedOut(true);
  }, []);

  const signIn = useCallback((next: string) => {
    setToken(next);
    inFlight.current = null;
    setTokenState(next);
    setUser(null);
    setSignedOut(false);
  }, []);

  const loadUser = useCallback(() => {
    if (inFlight.current) return inFlight.current;
    const request = fetchUserInfo().then(
      (info) => {
        if (inFlight.current === request) {
          setUser(info);
          setUnread(info.unreadMsg);
        }
        return info;
      },
      (err: unknown) => {
        if (inFlight.current === request) {
          showLoadError(err);
          clear();
          navigateRef.current(paths.login.path, { replace: true });
        }
        throw err;
      },
    );
    inFlight.current = request;
    request
      .finally(() => {
        if (inFlight.current === request) inFlight.current = null;
      })
      .catch(() => undefined);
    return request;
  }, [clear]);

  const refreshSite = useCallback(async () => {
    try {
      setSite(await fetchSiteConfig());
    } catch {
      // Shown by the http client; the layouts fall back to the default name.
    }
  }, []);

  const refreshUnread = useCallback(async () => {
    if (!getToken()) return;
    try {
      setUnread(await countUnread());
    } catch {
      // Shown by the http client; the badge keeps its last value until the next poll.
    }
  }, []);

  useEffect(() => {
    void refreshSite();
  }, [refreshSite]);

  // With a token but no user yet (start, or just after sign-in): fetch who we are.
  useEffect(() => {
    if (token && !user) loadUser().catch(() => undefined);
  }, [token, user, loadUser]);

  const userId = user?.id;
  useEffect(() => {
    if (!userId) return;
    const timer = window.setInterval(() => void refreshUnread(), MSG_POLL_MS);
    return () => window.clearInterval(timer);
  }, [userId, refreshUnread]);

  const value = useMemo<Session>(
    () => ({ token, user, site, unread, signedOut, signIn, loadUser, refreshSite, refreshUnread, clear }),
    [token, user, site, unread, signedOut, signIn, loadUser, refreshSite, refreshUnread, clear],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
