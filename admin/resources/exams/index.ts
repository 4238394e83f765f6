import { lazy } from 'react';
import EventNoteIcon from '@mui/icons-material/EventNote';
import type { ExamRecord } from '../../../common/api';

/** 考试列表: each screen is loaded when first opened (the form brings the editor and the section builder). */
export default {
  list: lazy(() => import('./ExamList').then((m) => ({ default: m.ExamList }))),
  create: lazy(() => import('./ExamForm').then((m) => ({ default: m.ExamCreate }))),
  edit: lazy(() => import('./ExamForm').then((m) => ({ default: m.ExamEdit }))),
  icon: EventNoteIcon,
  recordRepresentation: (r: ExamRecord) => r.title,
};

/** 成绩分析 of one exam (/exam/list/:id/stats); its charts are a chunk of their own. */
export const ExamStatsPage = lazy(() => import('./ExamStatsPage').then((m) => ({ default: m.ExamStatsPage })));

/** 成绩排名 of one exam (/exam/list/:id/ranking). */
export const ExamRankingPage = lazy(() => import('./ExamRankingPage').then((m) => ({ default: m.ExamRankingPage })));
