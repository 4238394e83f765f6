import { lazy } from 'react';
import CollectionsBookmarkIcon from '@mui/icons-material/CollectionsBookmark';
import type { RepoRecord } from '../../../common/api';

/** 题库列表: banks with counts per type and level; each bank's practice figures are a page of their own. */
export default {
  list: lazy(() => import('./RepoList').then((m) => ({ default: m.RepoList }))),
  create: lazy(() => import('./RepoForm').then((m) => ({ default: m.RepoCreate }))),
  edit: lazy(() => import('./RepoForm').then((m) => ({ default: m.RepoEdit }))),
  icon: CollectionsBookmarkIcon,
  recordRepresentation: (r: RepoRecord) => r.title,
};

export const RepoPracticePage = lazy(() => import('./RepoPracticePage').then((m) => ({ default: m.RepoPracticePage })));
