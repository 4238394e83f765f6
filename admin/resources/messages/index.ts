import { lazy } from 'react';
import MailIcon from '@mui/icons-material/Mail';
import type { SentMsg } from '../../../common/api';

/** 站内消息: each screen is loaded when first opened. */
export default {
  list: lazy(() => import('./MsgList').then((m) => ({ default: m.MsgList }))),
  create: lazy(() => import('./MsgSend').then((m) => ({ default: m.MsgSend }))),
  show: lazy(() => import('./MsgShow').then((m) => ({ default: m.MsgShow }))),
  icon: MailIcon,
  recordRepresentation: (r: SentMsg) => r.title,
};
