import { lazy } from 'react';
import CampaignIcon from '@mui/icons-material/Campaign';
import type { NoticeRecord } from '../../../common/api';

/** 通知公告: each screen is loaded when first opened (the form brings the rich-text editor). */
export default {
  list: lazy(() => import('./NoticeList').then((m) => ({ default: m.NoticeList }))),
  create: lazy(() => import('./NoticeForm').then((m) => ({ default: m.NoticeCreate }))),
  edit: lazy(() => import('./NoticeForm').then((m) => ({ default: m.NoticeEdit }))),
  show: lazy(() => import('./NoticeShow').then((m) => ({ default: m.NoticeShow }))),
  icon: CampaignIcon,
  recordRepresentation: (r: NoticeRecord) => r.title,
};
