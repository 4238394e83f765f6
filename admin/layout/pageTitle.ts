import { useCallback } from 'react';
import { useTranslate } from 'react-admin';
import { resolvePage, type NavPage } from './navigation';

export interface PageInfo {
  /** The tab / document title. */
  title: string;
  /** Breadcrumb: group titles, the page, then the action (新增 / 编辑 / 详情) if any. */
  trail: string[];
  /** Whether the location belongs to a menu page (only those get a tab). */
  known: boolean;
}

/** Title and breadcrumb of a location, from the menu pages (translated action suffixes). */
export function usePageInfoResolver(pages: NavPage[]): (pathname: string) => PageInfo {
  const translate = useTranslate();
  return useCallback(
    (pathname: string) => {
      const resolved = resolvePage(pathname, pages);
      if (!resolved) return { title: translate('ra.page.not_found'), trail: [], known: false };
      const { page, action } = resolved;
      if (action === 'list') return { title: page.title, trail: page.trail, known: true };
      const title = translate(`layout.page.${action}`, { title: page.title });
      return { title, trail: [...page.trail, translate(`ra.action.${action === 'show' ? 'show' : action}`)], known: true };
    },
    [pages, translate],
  );
}
