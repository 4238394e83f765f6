import { noticeApi, type MyNoticePagingBody } from '../api';
import type { Static } from '@sinclair/typebox';
import { call } from '../http';

export type MyNoticePaging = Static<typeof MyNoticePagingBody>;

/** Published notices visible to me. */
export const pageMyNotices = (body: MyNoticePaging) => call(noticeApi.myPaging, body);

export const fetchMyNotice = (id: string) => call(noticeApi.myDetail, { id });
