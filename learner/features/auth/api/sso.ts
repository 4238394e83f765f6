import { useQuery } from '@tanstack/react-query';
import { SSO_PATHS, ssoApi } from '../../../../common/api/sso';
import { call } from '../../../../common/http';

/** Which single sign-on ways the site offers (public; silent: the password form stands on its own). */
export const useSsoStatus = () =>
  useQuery({ queryKey: ['sso-status'], queryFn: () => call(ssoApi.status, {}, { silent: true }), staleTime: 5 * 60_000 });

/** The address that starts an OIDC sign-in and comes back to `redirect`. */
export const oidcStartUrl = (redirect: string | null) =>
  redirect ? `${SSO_PATHS.oidcStart}?${new URLSearchParams({ redirect })}` : SSO_PATHS.oidcStart;
