import { lazy } from 'react';
import MenuIcon from '@mui/icons-material/Menu';
import type { MenuNode } from '../../../common/api';

/** Menus are a tree: create, edit, sort and delete happen on the tree table itself. */
export default {
  list: lazy(() => import('./MenuTree').then((m) => ({ default: m.MenuTree }))),
  icon: MenuIcon,
  recordRepresentation: (r: MenuNode) => r.title,
};
