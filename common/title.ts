/** Shown when neither the route nor the site has a name yet. */
export const DEFAULT_TITLE = 'Examhall';

/** Document title of spec section 1: route title, then site name. */
export function documentTitle(routeTitle: string | undefined, siteName: string | undefined): string {
  const parts = [routeTitle?.trim(), siteName?.trim()].filter((p): p is string => !!p);
  return parts.length ? parts.join(' - ') : DEFAULT_TITLE;
}
