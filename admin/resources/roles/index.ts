import BadgeIcon from '@mui/icons-material/Badge';
import type { RoleRecord } from '../../../common/api';
import { RoleList } from './RoleList';
import { RoleCreate, RoleEdit } from './RoleForm';

export default {
  list: RoleList,
  create: RoleCreate,
  edit: RoleEdit,
  icon: BadgeIcon,
  recordRepresentation: (r: RoleRecord) => r.roleName,
};
