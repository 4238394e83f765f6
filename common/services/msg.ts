import type { Static } from '@sinclair/typebox';
import type { UserMsg, UserMsgPagingBody } from '../api';
import type { Page } from '../errorCodes';
import { post } from '../http';

export type MyMessagePaging = Static<typeof UserMsgPagingBody>;

/** Unread count for the header badge; polled, so silent. */
export function countUnread(): Promise<number> {
  return post<number>('/api/sys/user/msg/count-unread', {}, { silent: true });
}

export function pageMyMessages(body: MyMessagePaging): Promise<Page<UserMsg>> {
  return post<Page<UserMsg>>('/api/sys/user/msg/paging', body);
}

/** One message of mine; reading it marks it read. */
export function readMessage(id: string): Promise<UserMsg> {
  return post<UserMsg>('/api/sys/user/msg/detail-for-read', { id });
}

export function markRead(ids: string[]): Promise<null> {
  return post<null>('/api/sys/user/msg/mark-read', { ids });
}

export function deleteMyMessages(ids: string[]): Promise<null> {
  return post<null>('/api/sys/user/msg/user-delete', { ids });
}
