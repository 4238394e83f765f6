import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { RoleType } from '../../../common/codes';
import { ADMIN_HOME, isAdminPath, loginUrl, safeRedirect } from '../../../common/routing';
import { leaveLoginNotice } from '../../app/loginNotice';
import { leaveApp } from '../../app/navigation';
import { useSession } from '../../app/session/context';
import { LoadingScreen } from '../../components/LoadingScreen';

/** The single sign-on hand-off in the URL fragment (#token=… or #error=…), taken out of the address. */
function takeHandoff(): { token: string; error: string } | null {
  const hash = window.location.hash.replace(/^#/, '');
  if (!hash) return null;
  const params = new URLSearchParams(hash);
  const token = params.get('token') ?? '';
  const error = params.get('error') ?? '';
  if (!token && !error) return null;
  window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
  return { token, error };
}

/**
 * Shown right after sign-in (never cached): wait for who the user is (the session fetches it for
 * the new token), then go to the role's home or the wanted page. Administrators leave for the
 * admin SPA with a full load. A failed fetch is handled by the session (message on the sign-in
 * page, token cleared, back to /login).
 */
export function SyncPage() {
  const { token, user, signIn } = useSession();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const redirect = search.get('redirect');
  // Single sign-on lands here with the new token (or why it was refused) in the fragment: taken
  // once, before anything else, and removed from the address.
  const [handoff] = useState(() => takeHandoff());

  useEffect(() => {
    if (handoff?.token && token !== handoff.token) {
      signIn(handoff.token);
      return;
    }
    if (handoff?.error) {
      leaveLoginNotice(handoff.error);
      navigate(loginUrl(redirect ?? undefined), { replace: true });
      return;
    }
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
  }, [handoff, signIn, token, user, redirect, navigate]);

  return <LoadingScreen fullPage text="正在进入系统…" />;
}
