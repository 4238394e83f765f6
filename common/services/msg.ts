import { myMsgApi, type UserMsgPagingBody } from '../api';
import type { Static } from '@sinclair/typebox';
import { call } from '../http';

export type MyMessagePaging = Static<typeof UserMsgPagingBody>;

/** Unread count for the header badge; polled, so silent. */
export const countUnread = () => call(myMsgApi.countUnread, {}, { silent: true });

export const pageMyMessages = (body: MyMessagePaging) => call(myMsgApi.paging, body);

/** One message of mine; reading it marks it read. */
export const readMessage = (id: string) => call(myMsgApi.detailForRead, { id });

export const markRead = (ids: string[]) => call(myMsgApi.markRead, { ids });

export const deleteMyMessages = (ids: string[]) => call(myMsgApi.userDelete, { ids });
