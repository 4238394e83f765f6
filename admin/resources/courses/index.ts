import { lazy } from 'react';
import VideoLibraryIcon from '@mui/icons-material/VideoLibrary';
import type { CourseRecord } from '../../../common/api';

/** 课程列表: each screen is loaded when first opened (the form brings the rich-text editor). */
export default {
  list: lazy(() => import('./CourseList').then((m) => ({ default: m.CourseList }))),
  create: lazy(() => import('./CourseForm').then((m) => ({ default: m.CourseCreate }))),
  edit: lazy(() => import('./CourseForm').then((m) => ({ default: m.CourseEdit }))),
  icon: VideoLibraryIcon,
  recordRepresentation: (r: CourseRecord) => r.title,
};

export const CoursewarePage = lazy(() => import('./CoursewarePage').then((m) => ({ default: m.CoursewarePage })));
