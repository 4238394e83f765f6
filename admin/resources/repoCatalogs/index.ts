import { lazy } from 'react';
import FolderIcon from '@mui/icons-material/Folder';
import type { RepoCatalogRecord } from '../../../common/api';

/** Bank categories are a tree: create, edit, sort and delete happen on the tree screen itself. */
export default {
  list: lazy(() => import('./RepoCatalogTree').then((m) => ({ default: m.RepoCatalogTree }))),
  icon: FolderIcon,
  recordRepresentation: (r: RepoCatalogRecord) => r.title,
};
