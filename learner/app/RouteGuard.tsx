import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation, useNavigation } from 'react-router-dom';
import { changePasswordUrl, isAdminPath, isPublicPath, resolveEntry } from '../../common/routing';
import { LoadingScreen } from '../components/LoadingScreen';
import { paths } from '../config/paths';
import { leaveApp } from './navigation';
import { useSession } from './session/context';

/**
 * The redirect rules of spec section 2 on every navigation: no token on a protected route goes to
 * /login?redirect=…, a signed-in user opening / or '' goes to the home of their role type
 * (administrators leave for the admin SPA with a full page load). While the next screen's code
 * loads, a redirect waits for it.
 *
 * A token on /login goes to /sync with the page's redirect: where the sign-in page itself sends the
 * user once signed in. The router commits its navigations in a transition, so the session's urgent
 * update (who the user is) can render here before the page's navigation has; the rule for a
 * signed-in user must then lead to the same place, or it overtakes the page (it did: the learner
 * landed on the home page instead of the wanted one, on a loaded machine). /sync sends each role home.
 */
export function RouteGuard({ children }: { children: ReactNode }) {
  const { token, user, signedOut, mustChangePassword } = useSession();
  const { pathname, search } = useLocation();
  const navigating = useNavigation().state === 'loading';
  const signedInOnLogin = Boolean(token) && pathname === paths.login.path;
  // With a token the role decides; wait for it (the session is fetching it). /sync fetches it itself.
  const onChangePassword = pathname === paths.changePassword.path;
  const waiting = Boolean(token) && !user && pathname !== paths.sync.path && !signedInOnLogin && !mustChangePassword && !onChangePassword;
  // A session that must change its password first sees that page and the public ones, nothing else.
  // /sync (where sign-in lands) goes there too, and on after the change.
  const held = mustChangePassword && !onChangePassword && (!isPublicPath(pathname) || pathname === paths.sync.path);
  // Only a signed-in session has a password to change.
  const noSession = onChangePassword && !token && !signedOut;
  const target = held
    ? changePasswordUrl(pathname + search)
    : noSession
    ? paths.login.path
    : onChangePassword
    ? null
    : signedInOnLogin
    ? paths.sync.to(new URLSearchParams(search).get('redirect'))
    : waiting
    ? null
    : signedOut && !token && !isPublicPath(pathname)
      ? // Logging out from a page is not a visit to it: no redirect back after the next sign-in.
        paths.login.path
      : resolveEntry({ path: pathname + search, hasToken: Boolean(token), roleType: user?.roleType });
  const external = target !== null && isAdminPath(target);

  const leave = external && !navigating;

  useEffect(() => {
    if (leave) leaveApp(target);
  }, [leave, target]);

  // A page the rules refuse never shows, not even while the next screen loads.
  if (waiting || external || (target && navigating)) return <LoadingScreen fullPage />;
  if (target) return <Navigate to={target} replace />;
  return children;
}
