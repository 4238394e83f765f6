import { lazy } from 'react';
import QuizIcon from '@mui/icons-material/Quiz';
import type { QuListItem } from '../../../common/api';
import { stemText } from '../../../common/richText';

/** 试题管理: the list, and the editor for new and existing questions (it brings the rich-text editor); the import wizard is a page of its own. */
export default {
  list: lazy(() => import('./QuList').then((m) => ({ default: m.QuList }))),
  create: lazy(() => import('./QuFormPage').then((m) => ({ default: m.QuCreate }))),
  edit: lazy(() => import('./QuFormPage').then((m) => ({ default: m.QuEdit }))),
  icon: QuizIcon,
  recordRepresentation: (r: QuListItem) => stemText(r.content, 40),
};

export const QuImportPage = lazy(() => import('./QuImportPage').then((m) => ({ default: m.QuImportPage })));
