import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { RoleType } from '../../../common/codes';
import { ADMIN_HOME, isAdminPath, loginUrl, safeRedirect } from '../../../common/routing';
import { leaveApp } from '../../app/navigation';
import { useSession } from '../../app/session/context';
import { LoadingScreen } from '../../components/LoadingScreen';

/**
 * Shown right after sign-in (never cached): wait for who the user is (the session fetches it for
 * the new token), then go to the role's home or the wanted page. Administrators leave for the
 * admin SPA with a full load. A failed fetch is handled by the session (message on the sign-in
 * page, token cleared, back to /login).
 */
export function SyncPage() {
  const { token, user } = useSession();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const redirect = search.get('redirect');

  useEffect(() => {
    if (!token) {
      navigate(loginUrl(redirect ?? undefined), { replace: true });
      return;
    }
    if (!user) return;
    if (user.roleType === RoleType.ADMIN) {
      const target = safeRedirect(redirect, RoleType.ADMIN);
      leaveApp(isAdminPath(target) ? target : ADMIN_HOME);
    } else {
      navigate(safeRedirect(redirect, user.roleType), { replace: true });
    }
  }, [token, user, redirect, navigate]);

  return <LoadingScreen fullPage text="正在进入系统…" />;
}
