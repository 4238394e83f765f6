import MenuIcon from '@mui/icons-material/Menu';
import type { MenuNode } from '../../../common/api';
import { MenuTree } from './MenuTree';

/** Menus are a tree: create, edit, sort and delete happen on the tree table itself. */
export default {
  list: MenuTree,
  icon: MenuIcon,
  recordRepresentation: (r: MenuNode) => r.title,
};
