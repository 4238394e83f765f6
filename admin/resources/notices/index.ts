import CampaignIcon from '@mui/icons-material/Campaign';
import type { NoticeRecord } from '../../../common/api';
import { NoticeCreate, NoticeEdit } from './NoticeForm';
import { NoticeList } from './NoticeList';
import { NoticeShow } from './NoticeShow';

export default {
  list: NoticeList,
  create: NoticeCreate,
  edit: NoticeEdit,
  show: NoticeShow,
  icon: CampaignIcon,
  recordRepresentation: (r: NoticeRecord) => r.title,
};
