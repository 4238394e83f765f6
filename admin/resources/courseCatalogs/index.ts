import { lazy } from 'react';
import FolderIcon from '@mui/icons-material/Folder';
import type { CourseCatalogRecord } from '../../../common/api';

/** Course categories are a tree: create, edit, sort and delete happen on the tree screen itself. */
export default {
  list: lazy(() => import('./CourseCatalogTree').then((m) => ({ default: m.CourseCatalogTree }))),
  icon: FolderIcon,
  recordRepresentation: (r: CourseCatalogRecord) => r.title,
};
