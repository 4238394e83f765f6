import { Type, type Static } from '@sinclair/typebox';
import { MsgTarget, ReadState } from '../codes';
import { Perm } from '../permissions';
import { defineApi } from './endpoint';
import { Done, EmptyBody, Id, IdBody, IdsBody, Millis, OptText, Page, PageRequest } from './base';

/** A message as its recipient sees it: /api/sys/user/msg/* */
export const UserMsg = Type.Object({
  id: Id,
  msgId: Id,
  title: Type.String(),
  content: Type.String(),
  senderName: Type.String(),
  /** 0 unread, 1 read */
  readState: ReadState.schema,
  readTime: Type.Union([Millis, Type.Null()]),
  createTime: Millis,
});
export type UserMsg = Static<typeof UserMsg>;
export const UserMsgPagingBody = PageRequest(
  Type.Object({ readState: Type.Optional(Type.Union([ReadState.schema, Type.Literal('')])), title: OptText() }),
);
/** /api/sys/msg/send (admin): to named users, to departments (with their sub-departments), or to everyone. */
export const MsgSendBody = Type.Object({
  title: Type.String({ minLength: 1, maxLength: 128 }),
  content: Type.String({ minLength: 1, maxLength: 5000 }),
  /** 1 named users, 2 departments, 3 everyone */
  targetType: MsgTarget.schema,
  userIds: Type.Optional(Type.Array(Id, { maxItems: 5000 })),
  deptIds: Type.Optional(Type.Array(Id, { maxItems: 500 })),
});
export type MsgSendBody = Static<typeof MsgSendBody>;
/** A sent message as the administrator sees it: /api/sys/msg/paging, /detail */
export const SentMsg = Type.Object({
  id: Id,
  title: Type.String(),
  content: Type.String(),
  targetType: MsgTarget.schema,
  senderName: Type.String(),
  receiverCount: Type.Integer(),
  readCount: Type.Integer(),
  createTime: Millis,
});
export type SentMsg = Static<typeof SentMsg>;
export const SentMsgPagingBody = PageRequest(Type.Object({ title: OptText() }));

/** A recipient's own messages: /api/sys/user/msg/* */
export const myMsgApi = defineApi('msg', {
  paging: { path: '/api/sys/user/msg/paging', access: 'login', body: UserMsgPagingBody, response: Page(UserMsg), summary: 'My messages, newest first' },
  detailForRead: { path: '/api/sys/user/msg/detail-for-read', access: 'login', body: IdBody, response: UserMsg, summary: 'Open one of my messages (marks it read)' },
  countUnread: { path: '/api/sys/user/msg/count-unread', access: 'login', body: EmptyBody, response: Type.Integer(), summary: 'How many of my messages are unread' },
  markRead: { path: '/api/sys/user/msg/mark-read', access: 'login', body: IdsBody, response: Type.Integer(), summary: 'Mark my messages read; answers how many changed' },
  userDelete: { path: '/api/sys/user/msg/user-delete', access: 'login', body: IdsBody, response: Type.Integer(), summary: 'Delete my messages; answers how many went', okMsg: '删除成功' },
});

/** Messages as their sender sees them: /api/sys/msg/* */
export const msgApi = defineApi('msg', {
  send: { path: '/api/sys/msg/send', access: { perm: Perm.msgSend }, body: MsgSendBody, response: SentMsg, summary: 'Send a message to users, departments (with sub-departments) or everyone', okMsg: '发送成功' },
  paging: { path: '/api/sys/msg/paging', access: { perm: Perm.msgList }, body: SentMsgPagingBody, response: Page(SentMsg), summary: 'Sent messages with read counts' },
  detail: { path: '/api/sys/msg/detail', access: { perm: Perm.msgList }, body: IdBody, response: SentMsg, summary: 'One sent message' },
  delete: { path: '/api/sys/msg/delete', access: { perm: Perm.msgSend }, body: IdsBody, response: Done, summary: 'Delete sent messages and every delivery of them', okMsg: '删除成功' },
});
