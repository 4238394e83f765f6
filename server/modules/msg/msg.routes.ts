import { Type } from '@sinclair/typebox';
import {
  EmptyBody, Envelope, IdBody, IdsBody, MsgSendBody, Page, SentMsg, SentMsgPagingBody, UserMsg, UserMsgPagingBody,
} from '../../../common/api';
import { Perm } from '../../../common/permissions';
import { ok } from '../../lib/envelope';
import { caller, type App } from '../../types';
import {
  countMyUnread, deleteMyMsgs, deleteSentMsgs, getSentMsg, markMyMsgsRead, pagingMyMsgs, pagingSentMsgs, readMyMsg, sendMsg,
} from './msg.service';

const tags = ['msg'];

export default async function msgRoutes(app: App) {
  // Recipient side: any signed-in user, and only their own deliveries.
  app.post(
    '/api/sys/user/msg/paging',
    {
      config: { access: 'login' },
      schema: { tags, summary: 'My messages, newest first', body: UserMsgPagingBody, response: { 200: Envelope(Page(UserMsg)) } },
    },
    async (req) => ok(await pagingMyMsgs(app.db, caller(req).id, req.body)),
  );

  app.post(
    '/api/sys/user/msg/detail-for-read',
    {
      config: { access: 'login' },
      schema: { tags, summary: 'Open one of my messages (marks it read)', body: IdBody, response: { 200: Envelope(UserMsg) } },
    },
    async (req) => ok(await readMyMsg(app.db, caller(req).id, req.body.id)),
  );

  app.post(
    '/api/sys/user/msg/count-unread',
    {
      config: { access: 'login' },
      schema: { tags, summary: 'How many of my messages are unread', body: EmptyBody, response: { 200: Envelope(Type.Integer()) } },
    },
    async (req) => ok(await countMyUnread(app.db, caller(req).id)),
  );

  app.post(
    '/api/sys/user/msg/mark-read',
    {
      config: { access: 'login' },
      schema: { tags, summary: 'Mark my messages read; answers how many changed', body: IdsBody, response: { 200: Envelope(Type.Integer()) } },
    },
    async (req) => ok(await markMyMsgsRead(app.db, caller(req).id, req.body), '已标记为已读'),
  );

  app.post(
    '/api/sys/user/msg/user-delete',
    {
      config: { access: 'login' },
      schema: { tags, summary: 'Delete my messages; answers how many went', body: IdsBody, response: { 200: Envelope(Type.Integer()) } },
    },
    async (req) => ok(await deleteMyMsgs(app.db, caller(req).id, req.body), '删除成功'),
  );

  // Sender side: administrators.
  app.post(
    '/api/sys/msg/send',
    {
      config: { access: { perm: Perm.msgSend } },
      schema: { tags, summary: 'Send a message to users, departments (with sub-departments) or everyone', body: MsgSendBody, response: { 200: Envelope(SentMsg) } },
    },
    async (req) => ok(await sendMsg(app.db, caller(req).id, req.body), '发送成功'),
  );

  app.post(
    '/api/sys/msg/paging',
    {
      config: { access: { perm: Perm.msgList } },
      schema: { tags, summary: 'Sent messages with read counts', body: SentMsgPagingBody, response: { 200: Envelope(Page(SentMsg)) } },
    },
    async (req) => ok(await pagingSentMsgs(app.db, req.body)),
  );

  app.post(
    '/api/sys/msg/detail',
    {
      config: { access: { perm: Perm.msgList } },
      schema: { tags, summary: 'One sent message', body: IdBody, response: { 200: Envelope(SentMsg) } },
    },
    async (req) => ok(await getSentMsg(app.db, req.body.id)),
  );

  app.post(
    '/api/sys/msg/delete',
    {
      config: { access: { perm: Perm.msgSend } },
      schema: { tags, summary: 'Delete sent messages and every delivery of them', body: IdsBody, response: { 200: Envelope(Type.Null()) } },
    },
    async (req) => {
      await deleteSentMsgs(app.db, req.body);
      return ok(null, '删除成功');
    },
  );
}
