import { lazy } from 'react';

/** 站点设置, loaded when first opened. */
export const SiteConfigPage = lazy(() => import('./SiteConfigPage').then((m) => ({ default: m.SiteConfigPage })));
