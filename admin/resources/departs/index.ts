import { lazy } from 'react';
import AccountTreeIcon from '@mui/icons-material/AccountTree';
import type { DepartRecord } from '../../../common/api';

/** Departments are a tree: create, edit, sort and delete happen on the tree screen itself. */
export default {
  list: lazy(() => import('./DepartTree').then((m) => ({ default: m.DepartTree }))),
  icon: AccountTreeIcon,
  recordRepresentation: (r: DepartRecord) => r.deptName,
};
