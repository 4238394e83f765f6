import AccountTreeIcon from '@mui/icons-material/AccountTree';
import type { DepartRecord } from '../../../common/api';
import { DepartTree } from './DepartTree';

/** Departments are a tree: create, edit, sort and delete happen on the tree screen itself. */
export default {
  list: DepartTree,
  icon: AccountTreeIcon,
  recordRepresentation: (r: DepartRecord) => r.deptName,
};
