import { lazy } from 'react';

/** 阅卷中心 (/exam/mark): by paper and by question. */
export const MarkPage = lazy(() => import('./MarkPage').then((m) => ({ default: m.MarkPage })));
