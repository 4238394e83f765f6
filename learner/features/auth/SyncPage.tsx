import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { RoleType } from '../../../common/codes';
import { ADMIN_HOME, isAdminPath, loginUrl, safeRedirect } from '../../../common/routing';
import { leaveApp } from '../../app/navigation';
import { useSession } from '../../app/session/context';
import { LoadingScreen } from '../../components/LoadingScreen';

/**
 * Shown right after sign-in (never cached): fetch who the user is and the site settings, then go
 * to the role's home or the wanted page. Administrators leave for the admin SPA with a full load.
 * A failed fetch is handled by the session (message, token cleared, back to /login).
 */
export function SyncPage() {
  const { token, loadUser, refreshSite } = useSession();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const redirect = search.get('redirect');

  useEffect(() => {
    if (!token) {
      navigate(loginUrl(redirect ?? undefined), { replace: true });
      return;
    }
    let cancelled = false;
    Promise.all([loadUser(), refreshSite()])
      .then(([user]) => {
        if (cancelled) return;
        if (user.roleType === RoleType.ADMIN) {
          const target = safeRedirect(redirect, RoleType.ADMIN);
          leaveApp(isAdminPath(target) ? target : ADMIN_HOME);
        } else {
          navigate(safeRedirect(redirect, user.roleType), { replace: true });
        }
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [token, redirect, loadUser, refreshSite, navigate]);

  return <LoadingScreen fullPage text="正在进入系统…" />;
}
