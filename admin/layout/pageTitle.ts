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
      // A screen may name an action itself (pages.sys/msg.create: 发送消息, not 站内消息 - 新增).
      const own = translate(`pages.${page.path.replace(/^\//, '')}.${action}`, { _: '' });
      if (own) return { title: own, trail: [...page.trail, own], known: true };
      const title = translate(`layout.page.${action}`, { title: page.title });
      // The breadcrumb names the action with the tab's word (新增 / 编辑 / 详情).
      return { title, trail: [...page.trail, translate(`layout.action.${action}`)], known: true };
    },
    [pages, translate],
  );
}
