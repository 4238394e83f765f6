import type { BodyOf, IdsBody, MsgSendBody, SentMsg, UserMsg, msgApi, myMsgApi } from '../../../common/api';
import { MsgTarget, ReadState } from '../../../common/codes';
import type { Page } from '../../../common/errorCodes';
import { inTransaction, type ServiceContext } from '../../context';
import { fail, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { descendantDeptIds } from '../depart/depart.service';
import * as repo from './msg.repository';

const missing = () => notFound('消息不存在或已被删除');

export function userMsgRowToUserMsg(row: repo.UserMsgRow): UserMsg {
  return {
    id: row.id,
    msgId: row.msg_id,
    title: row.title,
    content: row.content,
    senderName: row.sender_name ?? '',
    readState: ReadState.of(row.read_state),
    readTime: row.read_time,
    createTime: row.create_time,
  };
}

export function sentMsgRowToSentMsg(row: repo.SentMsgRow, readCount: number): SentMsg {
  return {
    id: row.id,
    title: row.title,
    content: row.content,
    targetType: MsgTarget.of(row.target_type),
    senderName: row.sender_name ?? '',
    receiverCount: row.receiver_count,
    readCount,
    createTime: row.create_time,
  };
}

// ---------- recipient side: only the caller's own deliveries ----------

export async function pagingMyMsgs(ctx: ServiceContext, userId: string, body: BodyOf<typeof myMsgApi.paging>): Promise<Page<UserMsg>> {
  const p = body.params ?? {};
  const filters = { readState: typeof p.readState === 'number' ? p.readState : undefined, title: p.title?.trim() || undefined };
  const page = await repo.pageUserMsgs(ctx.db, userId, filters, body);
  return { ...page, records: page.records.map(userMsgRowToUserMsg) };
}

/** Opens one of the caller's messages and marks it read. */
export async function readMyMsg(ctx: ServiceContext, userId: string, id: string): Promise<UserMsg> {
  const row = await repo.findUserMsg(ctx.db, userId, id);
  if (!row) throw missing();
  if (row.read_state === ReadState.UNREAD) {
    const now = ctx.clock.now();
    await repo.markRead(ctx.db, userId, [id], now);
    return userMsgRowToUserMsg({ ...row, read_state: ReadState.READ, read_time: now });
  }
  return userMsgRowToUserMsg(row);
}

/** Unread messages of one user (the header badge; /info). */
export const countUnread = (ctx: ServiceContext, userId: string) => repo.countUnread(ctx.db, userId);

export const markMyMsgsRead = (ctx: ServiceContext, userId: string, { ids }: IdsBody) => repo.markRead(ctx.db, userId, ids, ctx.clock.now());

export const deleteMyMsgs = (ctx: ServiceContext, userId: string, { ids }: IdsBody) => repo.deleteUserMsgs(ctx.db, userId, ids);

// ---------- sender side ----------

async function recipientsOf(ctx: ServiceContext, body: MsgSendBody): Promise<string[]> {
  if (body.targetType === MsgTarget.USERS) {
    if (!body.userIds?.length) throw fail('请选择接收人');
    return repo.existingUserIds(ctx.db, [...new Set(body.userIds)]);
  }
  if (body.targetType === MsgTarget.DEPARTS) {
    if (!body.deptIds?.length) throw fail('请选择接收部门');
    return repo.activeUserIds(ctx.db, await descendantDeptIds(ctx, [...new Set(body.deptIds)]));
  }
  return repo.activeUserIds(ctx.db);
}

/** Writes the message and one delivery per recipient in one transaction. */
export async function sendMsg(ctx: ServiceContext, senderId: string, body: MsgSendBody): Promise<SentMsg> {
  const title = body.title.trim();
  const content = body.content.trim();
  if (!title) throw fail('消息标题不能为空');
  if (!content) throw fail('消息内容不能为空');
  const recipients = await recipientsOf(ctx, body);
  if (recipients.length === 0) throw fail('没有符合条件的接收人');
  const id = newId();
  await inTransaction(ctx, async (tx) => {
    const now = tx.clock.now();
    await repo.insertMsg(tx.db, { id, title, content, target_type: body.targetType, sender_id: senderId, receiver_count: recipients.length, create_time: now });
    await repo.insertDeliveries(tx.db, id, recipients, now, newId);
  });
  return getSentMsg(ctx, id);
}

export async function pagingSentMsgs(ctx: ServiceContext, body: BodyOf<typeof msgApi.paging>): Promise<Page<SentMsg>> {
  const page = await repo.pageSentMsgs(ctx.db, { title: body.params?.title?.trim() || undefined }, body);
  const reads = await repo.readCounts(ctx.db, page.records.map((r) => r.id));
  return { ...page, records: page.records.map((r) => sentMsgRowToSentMsg(r, reads.get(r.id) ?? 0)) };
}

export async function getSentMsg(ctx: ServiceContext, id: string): Promise<SentMsg> {
  const row = await repo.findSentMsg(ctx.db, id);
  if (!row) throw missing();
  const reads = await repo.readCounts(ctx.db, [id]);
  return sentMsgRowToSentMsg(row, reads.get(id) ?? 0);
}

/** Deletes messages and every delivery of them. */
export async function deleteSentMsgs(ctx: ServiceContext, { ids }: IdsBody): Promise<void> {
  const deleted = await inTransaction(ctx, (tx) => repo.deleteMsgs(tx.db, [...new Set(ids)]));
  if (deleted === 0) throw missing();
}
