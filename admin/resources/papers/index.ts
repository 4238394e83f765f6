import { lazy } from 'react';

/** 考试记录: papers by exam with filters and export (/exam/paper), and one paper with its timeline (/exam/paper/:id/show). */
export const PaperPage = lazy(() => import('./PaperPage').then((m) => ({ default: m.PaperPage })));
export const PaperDetailPage = lazy(() => import('./PaperDetailPage').then((m) => ({ default: m.PaperDetailPage })));
