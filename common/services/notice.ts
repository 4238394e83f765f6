import type { Static } from '@sinclair/typebox';
import type { MyNoticePagingBody, NoticeRecord } from '../api';
import type { Page } from '../errorCodes';
import { post } from '../http';

export type MyNoticePaging = Static<typeof MyNoticePagingBody>;

/** Published notices visible to me. */
export function pageMyNotices(body: MyNoticePaging): Promise<Page<NoticeRecord>> {
  return post<Page<NoticeRecord>>('/api/sys/notice/my-paging', body);
}

export function fetchMyNotice(id: string): Promise<NoticeRecord> {
  return post<NoticeRecord>('/api/sys/notice/my-detail', { id });
}
