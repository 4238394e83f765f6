import type { Kysely } from 'kysely';
import type { Static } from '@sinclair/typebox';
import type { IdsBody, MyNoticePagingBody, NoticePagingBody, NoticeRecord, NoticeSaveBody } from '../../../common/api';
import type { Page } from '../../../common/errorCodes';
import type { DB } from '../../db/schema';
import { fail, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { paginate } from '../../lib/paging';
import { isBlankRichText, sanitizeRichText } from '../../lib/sanitize';
import { ancestorDeptIds } from '../depart/depart.service';
import { existingDeptIds } from '../depart/depart.repository';
import * as repo from './notice.repository';

/** Notice states and audiences. */
export const NoticeState = { DRAFT: 0, PUBLISHED: 1 } as const;
export const NoticeTarget = { EVERYONE: 1, DEPARTS: 2 } as const;

export function noticeRowToRecord(row: repo.NoticeJoinedRow, deptIds: string[]): NoticeRecord {
  return {
    id: row.id,
    title: row.title,
    content: row.content,
    state: row.state,
    targetType: row.target_type,
    deptIds,
    createByName: row.create_by_name ?? '',
    publishTime: row.publish_time,
    createTime: row.create_time,
    updateTime: row.update_time,
  };
}

async function toRecords(db: Kysely<DB>, rows: repo.NoticeJoinedRow[]): Promise<NoticeRecord[]> {
  const depts = await repo.deptIdsByNotice(db, rows.map((r) => r.id));
  return rows.map((r) => noticeRowToRecord(r, depts.get(r.id) ?? []));
}

async function toPage(db: Kysely<DB>, page: Page<repo.NoticeJoinedRow>): Promise<Page<NoticeRecord>> {
  return { ...page, records: await toRecords(db, page.records) };
}

// ---------- administrators ----------

export async function pagingNotices(db: Kysely<DB>, body: Static<typeof NoticePagingBody>): Promise<Page<NoticeRecord>> {
  const p = body.params ?? {};
  const query = repo.filterNotices(db, { title: p.title?.trim() || undefined, state: typeof p.state === 'number' ? p.state : undefined });
  const page = await paginate(query, body, (q) => q.select(repo.NOTICE_COLUMNS).orderBy('n.create_time', 'desc').orderBy('n.id', 'desc'), (r) => r);
  return toPage(db, page);
}

export async function getNotice(db: Kysely<DB>, id: string): Promise<NoticeRecord> {
  const row = await repo.findNotice(db, id);
  if (!row) throw notFound('公告不存在或已被删除');
  return (await toRecords(db, [row]))[0];
}

/** Content is sanitized; the publish time is stamped when a notice becomes published and cleared for drafts. */
export async function saveNotice(db: Kysely<DB>, authorId: string, body: NoticeSaveBody): Promise<NoticeRecord> {
  const title = body.title.trim();
  if (!title) throw fail('公告标题不能为空');
  const content = sanitizeRichText(body.content);
  if (isBlankRichText(content)) throw fail('公告内容不能为空');
  const deptIds = body.targetType === NoticeTarget.DEPARTS ? [...new Set(body.deptIds ?? [])] : [];
  if (body.targetType === NoticeTarget.DEPARTS && deptIds.length === 0) throw fail('请选择公告的接收部门');
  const id = await db.transaction().execute(async (trx) => {
    if ((await existingDeptIds(trx, deptIds)).length !== deptIds.length) throw fail('所选部门不存在或已被删除');
    const current = body.id ? await repo.findNotice(trx, body.id) : undefined;
    if (body.id && !current) throw notFound('公告不存在或已被删除');
    const now = Date.now();
    const publishTime =
      body.state === NoticeState.PUBLISHED ? (current?.state === NoticeState.PUBLISHED ? current.publish_time ?? now : now) : null;
    const values = { title, content, state: body.state, target_type: body.targetType, publish_time: publishTime, update_time: now };
    let noticeId = current?.id;
    if (noticeId) {
      await repo.updateNotice(trx, noticeId, values);
    } else {
      noticeId = newId();
      await repo.insertNotice(trx, { id: noticeId, ...values, create_by: authorId, create_time: now });
    }
    await repo.replaceNoticeDeparts(trx, noticeId, deptIds);
    return noticeId;
  });
  return getNotice(db, id);
}

export async function deleteNotices(db: Kysely<DB>, { ids }: IdsBody): Promise<void> {
  const deleted = await db.transaction().execute((trx) => repo.deleteNotices(trx, [...new Set(ids)]));
  if (deleted === 0) throw notFound('公告不存在或已被删除');
}

// ---------- readers ----------

/** The reader's department and its ancestors: a notice for a parent department reaches its sub-departments. */
async function readerDeptIds(db: Kysely<DB>, userId: string): Promise<string[]> {
  return ancestorDeptIds(db, await repo.findUserDeptId(db, userId));
}

export async function pagingMyNotices(db: Kysely<DB>, userId: string, body: Static<typeof MyNoticePagingBody>): Promise<Page<NoticeRecord>> {
  const query = repo.filterVisibleNotices(db, await readerDeptIds(db, userId), { title: body.params?.title?.trim() || undefined });
  const page = await paginate(query, body, (q) => q.select(repo.NOTICE_COLUMNS).orderBy('n.publish_time', 'desc').orderBy('n.id', 'desc'), (r) => r);
  return toPage(db, page);
}

export async function getMyNotice(db: Kysely<DB>, userId: string, id: string): Promise<NoticeRecord> {
  const row = await repo
    .filterVisibleNotices(db, await readerDeptIds(db, userId), {})
    .select(repo.NOTICE_COLUMNS)
    .where('n.id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound('公告不存在或已被删除');
  return (await toRecords(db, [row]))[0];
}
