import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { Confirm, SkipNavigationButton, useRefresh, useTranslate } from 'react-admin';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import { documentTitle } from '../../common/title';
import { AppHeader } from './AppHeader';
import { KeptViews, ViewsProvider, type ViewsApi } from './KeptViews';
import { MuiLocale } from './MuiLocale';
import { resolvePage } from './navigation';
import { usePageInfoResolver } from './pageTitle';
import { useLayoutPreferences } from './preferences';
import { SettingsDrawer } from './SettingsDrawer';
import { Sidebar } from './Sidebar';
import { TagsView } from './TagsView';
import { useAdminNavigation, useSiteConfig } from './useAdminSession';
import { closeAll, closeOthers, closeView, loadVisitedViews, saveVisitedViews, visit, withAffix, type VisitedView } from './visitedViews';

const HOME = '/dashboard';
/** How long a returning view may take to grow tall enough for its saved scroll position. */
const RESTORE_MS = 3000;

/**
 * Remembers the window's scroll position per path and restores it when a path is shown again.
 * Positions are keyed by the URL at the moment of each scroll event: leaving a long page makes
 * the browser clamp the scroll before React knows the new path, and that clamp belongs to the
 * new page, not to the one we left. Lists render after their data arrives (and may briefly
 * shrink again while they refetch), so the position is held for RESTORE_MS unless the user
 * scrolls first.
 */
function useScrollMemory(pathname: string) {
  const positions = useRef(new Map<string, number>());

  useEffect(() => {
    const onScroll = () => positions.current.set(window.location.pathname, window.scrollY);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  useLayoutEffect(() => {
    const target = positions.current.get(window.location.pathname) ?? 0;
    const deadline = performance.now() + RESTORE_MS;
    let frame = 0;
    const stop = () => cancelAnimationFrame(frame);
    const restore = () => {
      if (Math.abs(window.scrollY - target) > 1) window.scrollTo(0, target);
      if (performance.now() < deadline) frame = requestAnimationFrame(restore);
    };
    const userEvents = ['wheel', 'touchmove', 'keydown', 'pointerdown'] as const;
    userEvents.forEach((e) => window.addEventListener(e, stop, { once: true, passive: true }));
    restore();
    return () => {
      stop();
      userEvents.forEach((e) => window.removeEventListener(e, stop));
    };
  }, [pathname]);
}

/** The admin layout of spec section 2: sidebar, header with breadcrumb and tools, tab bar, kept pages. */
export function AdminLayout({ children }: { children?: ReactNode }) {
  const location = useLocation();
  const navigate = useNavigate();
  const translate = useTranslate();
  const refreshQueries = useRefresh();
  const { session, nav, pages } = useAdminNavigation();
  const site = useSiteConfig();
  const { settings } = useLayoutPreferences();
  const pageInfo = usePageInfoResolver(pages);
  const current = pageInfo(location.pathname);
  const fullPath = location.pathname + location.search;

  const affixPaths = useMemo(() => pages.filter((p) => p.affix).map((p) => p.path), [pages]);
  const [views, setViews] = useState<VisitedView[]>(loadVisitedViews);
  const [refreshKeys, setRefreshKeys] = useState<Record<string, number>>({});
  const dirty = useUnsavedViews();
  const [confirm, setConfirm] = useState<{ message: string; run: () => void } | null>(null);

  useEffect(() => {
    if (!session) return;
    setViews((prev) => {
      const pinned = withAffix(prev, affixPaths);
      return current.known ? visit(pinned, location.pathname, fullPath) : pinned;
    });
  }, [session, affixPaths, current.known, location.pathname, fullPath]);

  useEffect(() => saveVisitedViews(views), [views]);

  useEffect(() => {
    document.title = documentTitle(session && location.pathname !== '/' ? current.title : undefined, site?.siteName);
  }, [session, current.title, location.pathname, site?.siteName]);

  useScrollMemory(location.pathname);

  const goToLast = useCallback((remaining: VisitedView[]) => navigate(remaining[remaining.length - 1]?.fullPath ?? HOME), [navigate]);

  /** Runs `run` at once, or after a confirmation when one of `paths` holds unsaved changes. */
  const guard = (paths: string[], kind: 'close' | 'refresh', run: () => void) => {
    const unsaved = paths.filter((p) => dirty.has(p));
    if (!unsaved.length) return run();
    const titles = unsaved.map((p) => pageInfo(p).title);
    const message =
      titles.length === 1
        ? translate(`layout.unsaved.${kind}`, { title: titles[0] })
        : translate('layout.unsaved.closeMany', { titles: titles.map((t) => `“${t}”`).join('、') });
    setConfirm({
      message,
      run: () => {
        unsaved.forEach((p) => dirty.set(p, false));
        run();
      },
    });
  };

  const tagActions = {
    onRefresh: (view: VisitedView) =>
      guard([view.path], 'refresh', () => {
        if (view.path !== location.pathname) navigate(view.fullPath);
        setRefreshKeys((keys) => ({ ...keys, [view.path]: (keys[view.path] ?? 0) + 1 }));
        refreshQueries();
      }),
    onClose: (view: VisitedView) =>
      guard([view.path], 'close', () => {
        const remaining = closeView(views, view.path);
        setViews(remaining);
        if (view.path === location.pathname) goToLast(remaining);
      }),
    onCloseOthers: (view: VisitedView) => {
      const remaining = closeOthers(views, view.path);
      guard(
        views.filter((v) => !remaining.includes(v)).map((v) => v.path),
        'close',
        () => {
          setViews(remaining);
          if (view.path !== location.pathname) navigate(view.fullPath);
        },
      );
    },
    onCloseAll: () => {
      const remaining = closeAll(views);
      guard(
        views.filter((v) => !remaining.includes(v)).map((v) => v.path),
        'close',
        () => {
          setViews(remaining);
          goToLast(remaining);
        },
      );
    },
  };

  const viewsApi = useMemo<ViewsApi>(() => ({ close: (path) => setViews((prev) => closeView(prev, path)), setDirty: dirty.set }), [dirty.set]);
  const openPaths = useMemo(() => views.map((v) => v.path), [views]);
  // Pages stay alive while the tab bar can close them; noCache pages never do.
  const keep = useCallback(
    (path: string) => {
      if (!settings.tagsView) return false;
      const resolved = resolvePage(path, pages);
      return resolved !== null && !resolved.page.noCache;
    },
    [settings.tagsView, pages],
  );

  return (
    <MuiLocale>
      <ViewsProvider value={viewsApi}>
        <Box className="admin-layout" sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default' }}>
          <SkipNavigationButton />
          <Sidebar nav={nav} site={site} />
          <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
            <AppBar
              position={settings.fixedHeader ? 'sticky' : 'static'}
              sx={(theme) => ({ top: 0, bgcolor: 'background.paper', boxShadow: settings.tagsView ? 'none' : theme.palette.chrome.headerShadow, zIndex: theme.zIndex.appBar })}
            >
              <AppHeader trail={current.known ? current.trail : session ? [current.title] : []} pages={pages} />
              {settings.tagsView && <TagsView views={views} activePath={location.pathname} titleOf={(path) => pageInfo(path).title} {...tagActions} />}
            </AppBar>
            <Box component="main" id="main-content" sx={{ flex: 1, minWidth: 0, p: { xs: 1, sm: 2 }, display: 'flex', flexDirection: 'column' }}>
              <KeptViews openPaths={openPaths} keep={keep} refreshKeys={refreshKeys}>
                {children}
              </KeptViews>
            </Box>
          </Box>
          <SettingsDrawer />
          <Confirm
            isOpen={confirm !== null}
            title="layout.unsaved.title"
            content={confirm?.message ?? ''}
            confirm="layout.unsaved.discard"
            confirmColor="warning"
            onConfirm={() => {
              confirm?.run();
              setConfirm(null);
            }}
            onClose={() => setConfirm(null)}
          />
        </Box>
      </ViewsProvider>
    </MuiLocale>
  );
}

/**
 * Which views hold unsaved changes (reported by their forms). While any does, leaving the page
 * (reload, closing the browser tab) asks the browser's confirmation too.
 */
function useUnsavedViews() {
  const paths = useRef(new Set<string>());
  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (paths.current.size === 0) return;
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, []);
  return useMemo(
    () => ({
      has: (path: string) => paths.current.has(path),
      set: (path: string, isDirty: boolean) => {
        if (isDirty) paths.current.add(path);
        else paths.current.delete(path);
      },
    }),
    [],
  );
}
