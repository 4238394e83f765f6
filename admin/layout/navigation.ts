import type { RouteEntry } from '../../common/api';

/**
 * The sidebar, the route search, the tab titles and the breadcrumb all read the server's route
 * list (spec section 2) through these pure functions.
 */

/** One entry of the sidebar: a group (children) or a page (path). */
export interface NavItem {
  key: string;
  title: string;
  /** Absolute path inside the admin app ('/sys/user'), or an http(s) address for external links. */
  path: string;
  icon?: string;
  affix: boolean;
  noCache: boolean;
  children?: NavItem[];
}

/** A page reachable from the menu, with the titles of the groups above it. */
export interface NavPage {
  path: string;
  title: string;
  /** Group titles from the top, then the page's own title. */
  trail: string[];
  icon?: string;
  affix: boolean;
  noCache: boolean;
}

const GROUP_COMPONENTS = new Set(['Layout', 'WebLayout']);

export const isExternal = (path: string) => /^https?:\/\//i.test(path);

/** '/sys' + 'user' → '/sys/user'; absolute children and external links stand alone. */
export function resolvePath(base: string, path: string): string {
  if (isExternal(path)) return path;
  if (path.startsWith('/')) return normalise(path);
  if (!path) return normalise(base || '/');
  return normalise(`${base}/${path}`);
}

function normalise(path: string): string {
  const joined = `/${path}`.replace(/\/+/g, '/');
  return joined.length > 1 ? joined.replace(/\/$/, '') : joined;
}

/** The title shown for a route entry (the admin's language may rename the seeded ones). */
export type TitleOf = (entry: RouteEntry) => string;
const serverTitle: TitleOf = (entry) => entry.meta?.title || entry.name;

function toItem(entry: RouteEntry, base: string, titleOf: TitleOf): NavItem | null {
  if (entry.hidden) return null;
  const path = resolvePath(base, entry.path);
  const isGroup = GROUP_COMPONENTS.has(entry.component);
  const own = {
    key: path,
    title: titleOf(entry) || path,
    path,
    icon: entry.meta?.icon || undefined,
    affix: Boolean(entry.meta?.affix),
    noCache: Boolean(entry.meta?.noCache),
  };
  if (!isGroup) return own;
  const children = (entry.children ?? []).map((child) => toItem(child, path, titleOf)).filter((c): c is NavItem => c !== null);
  if (children.length === 0) return null;
  // A group with one visible child shows that child in its place, unless alwaysShow keeps the group.
  if (children.length === 1 && !entry.alwaysShow) {
    const only = children[0];
    return { ...only, icon: only.icon ?? own.icon };
  }
  return { ...own, children };
}

/** The sidebar tree: hidden entries skipped, paths made absolute. */
export function buildNav(routes: RouteEntry[], titleOf: TitleOf = serverTitle): NavItem[] {
  return routes.map((entry) => toItem(entry, '', titleOf)).filter((item): item is NavItem => item !== null);
}

/** Every page of the tree (groups left out), depth first, with its trail of titles. */
export function flattenNav(items: NavItem[], trail: string[] = []): NavPage[] {
  return items.flatMap((item) => {
    const here = [...trail, item.title];
    if (item.children) return flattenNav(item.children, here);
    return [{ path: item.path, title: item.title, trail: here, icon: item.icon, affix: item.affix, noCache: item.noCache }];
  });
}

/** How a path below a menu page relates to it (react-admin's create / edit / show screens). */
export type PageAction = 'list' | 'create' | 'edit' | 'show' | SubPage;

/** Screens of their own under a menu page (/repo/qu/import, /repo/list/:id/practice, /course/list/:id/files, /exam/list/:id/ranking, /exam/list/:id/stats): named by pages.<path>.<word>. */
const SUB_PAGES = ['import', 'practice', 'files', 'ranking', 'stats'] as const;
type SubPage = (typeof SUB_PAGES)[number];
const isSubPage = (word: string | undefined): word is SubPage => (SUB_PAGES as readonly string[]).includes(word ?? '');

export interface ResolvedPage {
  page: NavPage;
  action: PageAction;
}

/** The menu page a location belongs to: the exact page, else the longest page path it lies under. */
export function resolvePage(pathname: string, pages: NavPage[]): ResolvedPage | null {
  const path = normalise(pathname);
  let best: NavPage | null = null;
  for (const page of pages) {
    if (isExternal(page.path)) continue;
    if (page.path === path) return { page, action: 'list' };
    if (path.startsWith(`${page.path}/`) && (!best || page.path.length > best.path.length)) best = page;
  }
  if (!best) return null;
  const rest = path.slice(best.path.length + 1).split('/');
  const last = rest[rest.length - 1];
  const action: PageAction = rest[0] === 'create' ? 'create' : last === 'show' ? 'show' : isSubPage(last) ? last : 'edit';
  return { page: best, action };
}

/** How a Chinese title is typed in pinyin: in full (yonghuguanli) and by initials (yhgl). */
export interface Spelling {
  pinyin: string;
  initials: string;
}

const HAN = /\p{Script=Han}/u;

/**
 * Search documents for fuse.js: the title key holds the trail so a group name finds its pages too;
 * with `spell`, the pinyin and initials keys hold how each Chinese title of the trail is typed.
 */
export function searchDocuments(pages: NavPage[], spell?: (title: string) => Spelling) {
  return pages.map((page) => {
    const spellings = spell ? page.trail.filter((t) => HAN.test(t)).map(spell) : [];
    return { path: page.path, title: page.trail, pinyin: spellings.map((s) => s.pinyin), initials: spellings.map((s) => s.initials), page };
  });
}
