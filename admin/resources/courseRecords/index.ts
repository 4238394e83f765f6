import { lazy } from 'react';

/** 学习记录: a screen of its own (per course, filtered by department, exported; per learner in a dialog). */
export const CourseRecordPage = lazy(() => import('./CourseRecordPage').then((m) => ({ default: m.CourseRecordPage })));
