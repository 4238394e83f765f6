import { lazy } from 'react';
import BadgeIcon from '@mui/icons-material/Badge';
import type { RoleRecord } from '../../../common/api';

/** 角色管理: each screen is loaded when first opened. */
export default {
  list: lazy(() => import('./RoleList').then((m) => ({ default: m.RoleList }))),
  create: lazy(() => import('./RoleForm').then((m) => ({ default: m.RoleCreate }))),
  edit: lazy(() => import('./RoleForm').then((m) => ({ default: m.RoleEdit }))),
  icon: BadgeIcon,
  recordRepresentation: (r: RoleRecord) => r.roleName,
};
