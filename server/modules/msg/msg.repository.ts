import { UserState } from '../../../common/codes';
import type { Page } from '../../../common/errorCodes';
import type { Db } from '../../db/database';
import { contains, paginate, type PageArgs } from '../../lib/paging';

/** Rows per INSERT when delivering to many recipients. */
const BATCH = 500;

/** Unread messages of one user: an indexed count on (user_id, read_state). */
export async function countUnread(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('sys_user_msg')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('read_state', '=', 0)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

// ---------- recipient side: every query is bound to the owner's user_id ----------

export interface UserMsgRow {
  id: string;
  msg_id: string;
  title: string;
  content: string;
  sender_name: string | null;
  read_state: number;
  read_time: number | null;
  create_time: number;
}

/** The owner's deliveries joined to their message and sender, filtered. */
function filterUserMsgs(db: Db, userId: string, filters: { readState?: number; title?: string }) {
  let q = db
    .selectFrom('sys_user_msg as um')
    .innerJoin('sys_msg as m', 'm.id', 'um.msg_id')
    .leftJoin('sys_user as u', 'u.id', 'm.sender_id')
    .where('um.user_id', '=', userId);
  if (filters.readState !== undefined) q = q.where('um.read_state', '=', filters.readState);
  if (filters.title) q = q.where(contains('m.title', filters.title));
  return q;
}

const USER_MSG_COLUMNS = [
  'um.id', 'um.msg_id', 'm.title', 'm.content', 'u.real_name as sender_name', 'um.read_state', 'um.read_time', 'um.create_time',
] as const;

/** A page of the owner's messages, newest first. */
export function pageUserMsgs(db: Db, userId: string, filters: { readState?: number; title?: string }, page: PageArgs): Promise<Page<UserMsgRow>> {
  return paginate(
    filterUserMsgs(db, userId, filters),
    page,
    (q) => q.select(USER_MSG_COLUMNS).orderBy('um.create_time', 'desc').orderBy('um.id', 'desc'),
    (r) => r,
  );
}

export function findUserMsg(db: Db, userId: string, id: string): Promise<UserMsgRow | undefined> {
  return filterUserMsgs(db, userId, {}).select(USER_MSG_COLUMNS).where('um.id', '=', id).executeTakeFirst();
}

/** Marks the owner's unread deliveries among `ids` read; returns how many changed. */
export async function markRead(db: Db, userId: string, ids: readonly string[], now: number): Promise<number> {
  const res = await db
    .updateTable('sys_user_msg')
    .set({ read_state: 1, read_time: now })
    .where('user_id', '=', userId)
    .where('id', 'in', ids)
    .where('read_state', '=', 0)
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}

/** Deletes the owner's deliveries among `ids`; returns how many went. */
export async function deleteUserMsgs(db: Db, userId: string, ids: readonly string[]): Promise<number> {
  const res = await db.deleteFrom('sys_user_msg').where('user_id', '=', userId).where('id', 'in', ids).executeTakeFirst();
  return Number(res.numDeletedRows);
}

// ---------- sender side ----------

export interface SentMsgRow {
  id: string;
  title: string;
  content: string;
  target_type: number;
  sender_name: string | null;
  receiver_count: number;
  create_time: number;
}

function filterSentMsgs(db: Db, filters: { title?: string }) {
  let q = db.selectFrom('sys_msg as m').leftJoin('sys_user as u', 'u.id', 'm.sender_id');
  if (filters.title) q = q.where(contains('m.title', filters.title));
  return q;
}

const SENT_MSG_COLUMNS = [
  'm.id', 'm.title', 'm.content', 'm.target_type', 'u.real_name as sender_name', 'm.receiver_count', 'm.create_time',
] as const;

/** A page of sent messages, newest first. */
export function pageSentMsgs(db: Db, filters: { title?: string }, page: PageArgs): Promise<Page<SentMsgRow>> {
  return paginate(
    filterSentMsgs(db, filters),
    page,
    (q) => q.select(SENT_MSG_COLUMNS).orderBy('m.create_time', 'desc').orderBy('m.id', 'desc'),
    (r) => r,
  );
}

export function findSentMsg(db: Db, id: string): Promise<SentMsgRow | undefined> {
  return filterSentMsgs(db, {}).select(SENT_MSG_COLUMNS).where('m.id', '=', id).executeTakeFirst();
}

/** Read deliveries per message, in one grouped query. */
export async function readCounts(db: Db, msgIds: readonly string[]): Promise<Map<string, number>> {
  if (msgIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('sys_user_msg')
    .select(['msg_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('msg_id', 'in', msgIds)
    .where('read_state', '=', 1)
    .groupBy('msg_id')
    .execute();
  return new Map(rows.map((r) => [r.msg_id, Number(r.n)]));
}

/** Named users that exist (any state: an administrator may write to a pending or disabled account). */
export async function existingUserIds(db: Db, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('sys_user').select('id').where('id', 'in', ids).execute();
  return rows.map((r) => r.id);
}

/** Active users (state 0), optionally only those in the given departments. */
export async function activeUserIds(db: Db, deptIds?: readonly string[]): Promise<string[]> {
  if (deptIds && deptIds.length === 0) return [];
  let q = db.selectFrom('sys_user').select('id').where('state', '=', UserState.NORMAL);
  if (deptIds) q = q.where('dept_id', 'in', deptIds);
  return (await q.execute()).map((r) => r.id);
}

export async function insertMsg(
  db: Db,
  row: { id: string; title: string; content: string; target_type: number; sender_id: string; receiver_count: number; create_time: number },
): Promise<void> {
  await db.insertInto('sys_msg').values(row).execute();
}

/** One delivery per recipient, in batched inserts. */
export async function insertDeliveries(db: Db, msgId: string, userIds: readonly string[], now: number, makeId: () => string): Promise<void> {
  for (let i = 0; i < userIds.length; i += BATCH) {
    await db
      .insertInto('sys_user_msg')
      .values(
        userIds.slice(i, i + BATCH).map((user_id) => ({ id: makeId(), msg_id: msgId, user_id, read_state: 0, read_time: null, create_time: now })),
      )
      .execute();
  }
}

/** Deletes messages; every delivery of them goes too (foreign keys cascade). */
export async function deleteMsgs(db: Db, ids: readonly string[]): Promise<number> {
  const res = await db.deleteFrom('sys_msg').where('id', 'in', ids).executeTakeFirst();
  return Number(res.numDeletedRows);
}
