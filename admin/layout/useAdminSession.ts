import { useMemo } from 'react';
import { useAuthProvider } from 'react-admin';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { SiteConfig } from '../../common/api';
import { fetchSiteConfig } from '../../common/services/config';
import type { AdminSession, AppAuthProvider } from '../providers/authProvider';
import { buildNav, flattenNav, type NavItem, type NavPage } from './navigation';

const SESSION_KEY = ['admin', 'session'] as const;
const SITE_KEY = ['admin', 'siteConfig'] as const;

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
  return useMemo(() => {
    const nav = session ? buildNav(session.routes) : [];
    return { session, nav, pages: flattenNav(nav) };
  }, [session]);
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

/** Site settings (name, logos); public, cached for the session of the page. */
export function useSiteConfig(): SiteConfig | undefined {
  const { data } = useQuery({ queryKey: SITE_KEY, queryFn: () => fetchSiteConfig(), staleTime: 5 * 60_000 });
  return data;
}

export const SITE_CONFIG_QUERY_KEY = SITE_KEY;
