import MailIcon from '@mui/icons-material/Mail';
import type { SentMsg } from '../../../common/api';
import { MsgList } from './MsgList';
import { MsgSend } from './MsgSend';
import { MsgShow } from './MsgShow';

export default {
  list: MsgList,
  create: MsgSend,
  show: MsgShow,
  icon: MailIcon,
  recordRepresentation: (r: SentMsg) => r.title,
};
