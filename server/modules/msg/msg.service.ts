import type { Kysely } from 'kysely';
import { MsgTarget, ReadState } from '../../../common/codes';
import type { Static } from '@sinclair/typebox';
import type { IdsBody, MsgSendBody, SentMsg, SentMsgPagingBody, UserMsg, UserMsgPagingBody } from '../../../common/api';
import type { Page } from '../../../common/errorCodes';
import type { DB } from '../../db/schema';
import { fail, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { paginate } from '../../lib/paging';
import { descendantDeptIds } from '../depart/depart.service';
import * as repo from './msg.repository';

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

export async function pagingMyMsgs(db: Kysely<DB>, userId: string, body: Static<typeof UserMsgPagingBody>): Promise<Page<UserMsg>> {
  const p = body.params ?? {};
  const query = repo.filterUserMsgs(db, userId, {
    readState: typeof p.readState === 'number' ? p.readState : undefined,
    title: p.title?.trim() || undefined,
  });
  return paginate(
    query,
    body,
    (q) => q.select(repo.USER_MSG_COLUMNS).orderBy('um.create_time', 'desc').orderBy('um.id', 'desc'),
    userMsgRowToUserMsg,
  );
}

/** Opens one of the caller's messages and marks it read. */
export async function readMyMsg(db: Kysely<DB>, userId: string, id: string): Promise<UserMsg> {
  const row = await repo.findUserMsg(db, userId, id);
  if (!row) throw notFound('消息不存在或已被删除');
  if (row.read_state === 0) {
    const now = Date.now();
    await repo.markRead(db, userId, [id], now);
    return userMsgRowToUserMsg({ ...row, read_state: 1, read_time: now });
  }
  return userMsgRowToUserMsg(row);
}

export const countMyUnread = (db: Kysely<DB>, userId: string) => repo.countUnread(db, userId);

export const markMyMsgsRead = (db: Kysely<DB>, userId: string, { ids }: IdsBody) => repo.markRead(db, userId, ids, Date.now());

export const deleteMyMsgs = (db: Kysely<DB>, userId: string, { ids }: IdsBody) => repo.deleteUserMsgs(db, userId, ids);

// ---------- sender side ----------

async function recipientsOf(db: Kysely<DB>, body: MsgSendBody): Promise<string[]> {
  if (body.targetType === MsgTarget.USERS) {
    if (!body.userIds?.length) throw fail('请选择接收人');
    return repo.existingUserIds(db, [...new Set(body.userIds)]);
  }
  if (body.targetType === MsgTarget.DEPARTS) {
    if (!body.deptIds?.length) throw fail('请选择接收部门');
    return repo.activeUserIds(db, await descendantDeptIds(db, [...new Set(body.deptIds)]));
  }
  return repo.activeUserIds(db);
}

/** Writes the message and one delivery per recipient in one transaction. */
export async function sendMsg(db: Kysely<DB>, senderId: string, body: MsgSendBody): Promise<SentMsg> {
  const title = body.title.trim();
  const content = body.content.trim();
  if (!title) throw fail('消息标题不能为空');
  if (!content) throw fail('消息内容不能为空');
  const recipients = await recipientsOf(db, body);
  if (recipients.length === 0) throw fail('没有符合条件的接收人');
  const id = newId();
  const now = Date.now();
  await db.transaction().execute(async (trx) => {
    await repo.insertMsg(trx, {
      id,
      title,
      content,
      target_type: body.targetType,
      sender_id: senderId,
      receiver_count: recipients.length,
      create_time: now,
    });
    await repo.insertDeliveries(trx, id, recipients, now, newId);
  });
  return getSentMsg(db, id);
}

export async function pagingSentMsgs(db: Kysely<DB>, body: Static<typeof SentMsgPagingBody>): Promise<Page<SentMsg>> {
  const query = repo.filterSentMsgs(db, { title: body.params?.title?.trim() || undefined });
  const page = await paginate(query, body, (q) => q.select(repo.SENT_MSG_COLUMNS).orderBy('m.create_time', 'desc').orderBy('m.id', 'desc'), (r) => r);
  const reads = await repo.readCounts(db, page.records.map((r) => r.id));
  return { ...page, records: page.records.map((r) => sentMsgRowToSentMsg(r, reads.get(r.id) ?? 0)) };
}

export async function getSentMsg(db: Kysely<DB>, id: string): Promise<SentMsg> {
  const row = await repo.findSentMsg(db, id);
  if (!row) throw notFound('消息不存在或已被删除');
  const reads = await repo.readCounts(db, [id]);
  return sentMsgRowToSentMsg(row, reads.get(id) ?? 0);
}

/** Deletes messages and every delivery of them. */
export async function deleteSentMsgs(db: Kysely<DB>, { ids }: IdsBody): Promise<void> {
  const deleted = await db.transaction().execute((trx) => repo.deleteMsgs(trx, [...new Set(ids)]));
  if (deleted === 0) throw notFound('消息不存在或已被删除');
}
