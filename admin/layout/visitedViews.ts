/**
 * The tab bar's visited views, kept in sessionStorage (a tab of the browser keeps its own tabs).
 * Pure list operations; pinned (affix) views survive every close.
 */
export interface VisitedView {
  /** The location's pathname: one tab per path. */
  path: string;
  /** pathname + search, so coming back restores the query the view had. */
  fullPath: string;
  affix: boolean;
}

export const VISITED_VIEWS_KEY = 'admin.visitedViews';

export function loadVisitedViews(): VisitedView[] {
  try {
    const raw = sessionStorage.getItem(VISITED_VIEWS_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(parsed)
      ? parsed.filter((v): v is VisitedView => typeof v?.path === 'string' && typeof v?.fullPath === 'string').map((v) => ({ ...v, affix: Boolean(v.affix) }))
      : [];
  } catch {
    return [];
  }
}

export function saveVisitedViews(views: VisitedView[]): void {
  sessionStorage.setItem(VISITED_VIEWS_KEY, JSON.stringify(views));
}

export function clearVisitedViews(): void {
  sessionStorage.removeItem(VISITED_VIEWS_KEY);
}

/** Pinned views first (in menu order), then the others in visiting order; pins follow the current menu. */
export function withAffix(views: VisitedView[], affixPaths: string[]): VisitedView[] {
  const pinned = affixPaths.map((path) => views.find((v) => v.path === path) ?? { path, fullPath: path, affix: true }).map((v) => ({ ...v, affix: true }));
  const rest = views.filter((v) => !affixPaths.includes(v.path)).map((v) => ({ ...v, affix: false }));
  return [...pinned, ...rest];
}

/** Record a visit: a new tab at the end, or the existing tab's query updated in place. */
export function visit(views: VisitedView[], path: string, fullPath: string): VisitedView[] {
  const existing = views.find((v) => v.path === path);
  if (!existing) return [...views, { path, fullPath, affix: false }];
  if (existing.fullPath === fullPath) return views;
  return views.map((v) => (v.path === path ? { ...v, fullPath } : v));
}

export function closeView(views: VisitedView[], path: string): VisitedView[] {
  return views.filter((v) => v.affix || v.path !== path);
}

export function closeOthers(views: VisitedView[], path: string): VisitedView[] {
  return views.filter((v) => v.affix || v.path === path);
}

export function closeAll(views: VisitedView[]): VisitedView[] {
  return views.filter((v) => v.affix);
}
