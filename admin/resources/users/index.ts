import { lazy } from 'react';
import PeopleIcon from '@mui/icons-material/People';
import type { UserRecord } from '../../../common/api';

/** 用户管理: each screen is loaded when first opened. */
export default {
  list: lazy(() => import('./UserList').then((m) => ({ default: m.UserList }))),
  create: lazy(() => import('./UserForm').then((m) => ({ default: m.UserCreate }))),
  edit: lazy(() => import('./UserForm').then((m) => ({ default: m.UserEdit }))),
  icon: PeopleIcon,
  recordRepresentation: (r: UserRecord) => r.realName || r.userName,
};
