import PeopleIcon from '@mui/icons-material/People';
import type { UserRecord } from '../../../common/api';
import { UserCreate, UserEdit } from './UserForm';
import { UserList } from './UserList';

export default {
  list: UserList,
  create: UserCreate,
  edit: UserEdit,
  icon: PeopleIcon,
  recordRepresentation: (r: UserRecord) => r.realName || r.userName,
};
