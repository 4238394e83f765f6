import { useMemo } from 'react';
import { useAuthProvider, useLocaleState, useTranslate } from 'react-admin';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { configApi, type RouteEntry, type SiteConfig } from '../../common/api';
import { SITE_CONFIG_ID } from '../../common/constants';
import type { AdminSession, AppAuthProvider } from '../providers/authProvider';
import { endpointQuery } from '../providers/endpointQuery';
import { DEFAULT_LOCALE } from '../providers/i18nProvider';
import { buildNav, flattenNav, type NavItem, type NavPage } from './navigation';

const SESSION_KEY = ['admin', 'session'] as const;

export interface AdminNavigation {
  session: AdminSession | undefined;
  nav: NavItem[];
  pages: NavPage[];
}

/** The signed-in administrator and the menu built from their routes (loaded by checkAuth, cached). */
export function useAdminNavigation(): AdminNavigation {
  const authProvider = useAuthProvider() as AppAuthProvider | undefined;
  const { data: session } = useQuery({
    queryKey: SESSION_KEY,
    queryFn: () => authProvider!.getSession(),
    enabled: Boolean(authProvider?.getSession),
    staleTime: Infinity,
  });
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return useMemo(() => {
    // The server's titles in Chinese; the seeded menus by their route name in other languages.
    const titleOf = (entry: RouteEntry) => {
      const own = entry.meta?.title || entry.name;
      return locale === DEFAULT_LOCALE || !entry.name ? own : translate(`menu.${entry.name}`, { _: own });
    };
    const nav = session ? buildNav(session.routes, titleOf) : [];
    return { session, nav, pages: flattenNav(nav) };
  }, [session, locale, translate]);
}

/** Reload the session (user info + routes), e.g. after the menus or the own roles changed. */
export function useRefreshAdminSession(): () => Promise<void> {
  const authProvider = useAuthProvider() as AppAuthProvider | undefined;
  const queryClient = useQueryClient();
  return async () => {
    if (!authProvider?.getSession) return;
    const fresh = await authProvider.getSession({ fresh: true });
    queryClient.setQueryData(SESSION_KEY, fresh);
  };
}

/** The one query of the site settings: the shell (name, logo) and the settings screen share it. */
export const siteConfigQuery = () => ({ ...endpointQuery(configApi.detail, { id: SITE_CONFIG_ID }), staleTime: 5 * 60_000 });

/** Site settings (name, logos); public, cached for the session of the page. */
export function useSiteConfig(): SiteConfig | undefined {
  return useQuery(siteConfigQuery()).data;
}
