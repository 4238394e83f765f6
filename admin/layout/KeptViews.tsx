import { cloneElement, createContext, Fragment, isValidElement, Suspense, useContext, useEffect, useLayoutEffect, useMemo, useRef, type ReactElement, type ReactNode } from 'react';
import { useLocation, type Location } from 'react-router-dom';
import { ErrorBoundary } from 'react-error-boundary';
import { Error as ErrorPage, Loading, useCreatePath } from 'react-admin';
import Box from '@mui/material/Box';
import { useFormState } from 'react-hook-form';

/**
 * Visited views stay alive (spec section 2: pages are cached unless marked noCache): each open
 * tab's page stays mounted, hidden, with its own location, so a half-typed form, a list's
 * scroll, paging and selection are where they were when its tab is opened again. Closing a tab
 * drops its page; a page with unsaved changes asks first.
 */

/** What the layout lets a view do to its own tab. */
export interface ViewsApi {
  /** Close a view's tab and drop its page (after a save, the form has done its work). */
  close(path: string): void;
  /** Whether a view's page holds changes not yet saved. */
  setDirty(path: string, dirty: boolean): void;
}

export const ViewsContext = createContext<ViewsApi | null>(null);
export const ViewsProvider = ViewsContext.Provider;

interface ViewState {
  path: string;
  active: boolean;
}
const ViewContext = createContext<ViewState | null>(null);

/** The view a component is drawn in: its path and whether its tab is the open one. */
export function useView(): ViewState | null {
  return useContext(ViewContext);
}

/**
 * For a create or edit form's `redirect`: close this view's tab (its work is done; coming back to
 * 新增 opens an empty form) and go to the list.
 */
export function useRedirectAfterSave(): (resource?: string) => string {
  const views = useContext(ViewsContext);
  const view = useView();
  const createPath = useCreatePath();
  return (resource) => {
    if (view) views?.close(view.path);
    return createPath({ resource: resource ?? '', type: 'list' });
  };
}

/** Put inside a form: tells the layout while the form has unsaved changes, so closing its tab asks first. */
export function UnsavedChangesTracker() {
  const views = useContext(ViewsContext);
  const view = useView();
  const { isDirty } = useFormState();
  const path = view?.path;
  useEffect(() => {
    if (!views || !path) return;
    views.setDirty(path, isDirty);
    return () => views.setDirty(path, false);
  }, [views, path, isDirty]);
  return null;
}

interface KeptViewsProps {
  /** The routes react-admin hands the layout: rendered once per kept view, each at its own location. */
  children: ReactNode;
  /** Paths of the open tabs: only these pages are kept. */
  openPaths: readonly string[];
  /** Whether a path's page is kept when left (a menu page not marked noCache). */
  keep: (path: string) => boolean;
  /** Per path: bumping it remounts that page (刷新). */
  refreshKeys: Readonly<Record<string, number>>;
}

export function KeptViews({ children, openPaths, keep, refreshKeys }: KeptViewsProps) {
  const location = useLocation();
  const current = location.pathname;
  // The last location of each kept page, written after each render of the active one.
  const kept = useRef(new Map<string, Location>());

  useLayoutEffect(() => {
    if (keep(current)) kept.current.set(current, location);
    for (const path of kept.current.keys()) if (!openPaths.includes(path) || !keep(path)) kept.current.delete(path);
  });

  const entries = useMemo(() => {
    const list: Array<{ path: string; location: Location; active: boolean }> = [];
    for (const path of openPaths) {
      if (path === current) list.push({ path, location, active: true });
      else if (keep(path) && kept.current.has(path)) list.push({ path, location: kept.current.get(path)!, active: false });
    }
    if (!openPaths.includes(current)) list.push({ path: current, location, active: true });
    return list;
    // `kept` is read as of this render on purpose: it holds what each page last showed.
  }, [openPaths, current, location, keep]);

  if (!isValidElement(children)) return <>{children}</>;
  const routes = children as ReactElement<{ location?: Location }>;
  return (
    <>
      {entries.map(({ path, location: at, active }) => (
        <Box
          key={path}
          data-view={path}
          sx={{ display: active ? 'flex' : 'none', flexDirection: 'column', flex: 1, minWidth: 0 }}
          aria-hidden={active ? undefined : true}
        >
          <ViewContext.Provider value={{ path, active }}>
            <ErrorBoundary fallbackRender={({ error, resetErrorBoundary }) => <ErrorPage error={error as Error} resetErrorBoundary={resetErrorBoundary} />}>
              <Suspense fallback={<Loading />}>
                <Fragment key={refreshKeys[path] ?? 0}>{cloneElement(routes, { location: at })}</Fragment>
              </Suspense>
            </ErrorBoundary>
          </ViewContext.Provider>
        </Box>
      ))}
    </>
  );
}
