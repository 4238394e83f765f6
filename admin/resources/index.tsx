import type { ComponentType, ReactElement } from 'react';
import { SiteConfigPage } from './config';
import courseCatalogs from './courseCatalogs';
import { CourseRecordPage } from './courseRecords';
import courses, { CoursewarePage } from './courses';
import departs from './departs';
import exams, { ExamRankingPage, ExamStatsPage } from './exams';
import { MarkPage } from './marking';
import { PaperDetailPage, PaperPage } from './papers';
import menus from './menus';
import messages from './messages';
import notices from './notices';
import repoCatalogs from './repoCatalogs';
import questions, { QuImportPage } from './questions';
import repos, { RepoPracticePage } from './repos';
import roles from './roles';
import users from './users';

export { resourceCatalogues } from './catalogues';

export interface ResourceDef {
  name: string;
  list?: ComponentType;
  create?: ComponentType;
  edit?: ComponentType;
  show?: ComponentType;
  icon?: ComponentType;
  recordRepresentation?: string | ((r: any) => string);
}

/** The back-office resources; names are the API path segments, and admin/providers/resourceApi.ts maps them to their endpoints. */
export const resources: ResourceDef[] = [
  { name: 'sys/user', ...users },
  { name: 'sys/depart', ...departs },
  { name: 'sys/role', ...roles },
  { name: 'sys/menu', ...menus },
  { name: 'sys/notice', ...notices },
  { name: 'sys/msg', ...messages },
  { name: 'repo/catalog', ...repoCatalogs },
  { name: 'repo/list', ...repos },
  { name: 'repo/qu', ...questions },
  { name: 'course/catalog', ...courseCatalogs },
  { name: 'course/list', ...courses },
  { name: 'exam/list', ...exams },
];

export const customRoutes: Array<{ path: string; element: ReactElement }> = [
  { path: '/sys/config', element: <SiteConfigPage /> },
  { path: '/course/list/:id/files', element: <CoursewarePage /> },
  { path: '/course/record', element: <CourseRecordPage /> },
  { path: '/repo/list/:id/practice', element: <RepoPracticePage /> },
  { path: '/repo/qu/import', element: <QuImportPage /> },
  { path: '/exam/list/:id/ranking', element: <ExamRankingPage /> },
  { path: '/exam/list/:id/stats', element: <ExamStatsPage /> },
  { path: '/exam/paper', element: <PaperPage /> },
  { path: '/exam/paper/:id/show', element: <PaperDetailPage /> },
  { path: '/exam/mark', element: <MarkPage /> },
];
