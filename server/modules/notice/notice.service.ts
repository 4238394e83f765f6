import type { BodyOf, IdsBody, NoticeRecord, NoticeSaveBody, noticeApi } from '../../../common/api';
import { NoticeState, NoticeTarget } from '../../../common/codes';
import type { Page } from '../../../common/errorCodes';
import { inTransaction, type ServiceContext } from '../../context';
import { fail, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { isBlankRichText, sanitizeRichText } from '../../lib/sanitize';
import { ancestorDeptIds, assertDepartsExist } from '../depart/depart.service';
import { deptIdOf } from '../user/user.service';
import * as repo from './notice.repository';

export function noticeRowToRecord(row: repo.NoticeJoinedRow, deptIds: string[]): NoticeRecord {
  return {
    id: row.id,
    title: row.title,
    content: row.content,
    state: NoticeState.of(row.state),
    targetType: NoticeTarget.of(row.target_type),
    deptIds,
    createByName: row.create_by_name ?? '',
    publishTime: row.publish_time,
    createTime: row.create_time,
    updateTime: row.update_time,
  };
}

async function toRecords(ctx: ServiceContext, rows: repo.NoticeJoinedRow[]): Promise<NoticeRecord[]> {
  const depts = await repo.deptIdsByNotice(ctx.db, rows.map((r) => r.id));
  return rows.map((r) => noticeRowToRecord(r, depts.get(r.id) ?? []));
}

async function toPage(ctx: ServiceContext, page: Page<repo.NoticeJoinedRow>): Promise<Page<NoticeRecord>> {
  return { ...page, records: await toRecords(ctx, page.records) };
}

const missing = () => notFound('公告不存在或已被删除');

// ---------- administrators ----------

export async function pagingNotices(ctx: ServiceContext, body: BodyOf<typeof noticeApi.paging>): Promise<Page<NoticeRecord>> {
  const p = body.params ?? {};
  const filters = { title: p.title?.trim() || undefined, state: p.state === '' ? undefined : p.state };
  return toPage(ctx, await repo.pageNotices(ctx.db, filters, body));
}

export async function getNotice(ctx: ServiceContext, id: string): Promise<NoticeRecord> {
  const row = await repo.findNotice(ctx.db, id);
  if (!row) throw missing();
  return (await toRecords(ctx, [row]))[0];
}

/** Content is sanitized; the publish time is stamped when a notice becomes published and cleared for drafts. */
export async function saveNotice(ctx: ServiceContext, authorId: string, body: NoticeSaveBody): Promise<NoticeRecord> {
  const title = body.title.trim();
  if (!title) throw fail('公告标题不能为空');
  const content = sanitizeRichText(body.content);
  if (isBlankRichText(content)) throw fail('公告内容不能为空');
  const deptIds = body.targetType === NoticeTarget.DEPARTS ? [...new Set(body.deptIds ?? [])] : [];
  if (body.targetType === NoticeTarget.DEPARTS && deptIds.length === 0) throw fail('请选择公告的接收部门');
  const id = await inTransaction(ctx, async (tx) => {
    await assertDepartsExist(tx, deptIds);
    const current = body.id ? await repo.findNotice(tx.db, body.id) : undefined;
    if (body.id && !current) throw missing();
    const now = tx.clock.now();
    const publishTime =
      body.state === NoticeState.PUBLISHED ? (current?.state === NoticeState.PUBLISHED ? current.publish_time ?? now : now) : null;
    const values = { title, content, state: body.state, target_type: body.targetType, publish_time: publishTime, update_time: now };
    let noticeId = current?.id;
    if (noticeId) {
      await repo.updateNotice(tx.db, noticeId, values);
    } else {
      noticeId = newId();
      await repo.insertNotice(tx.db, { id: noticeId, ...values, create_by: authorId, create_time: now });
    }
    await repo.replaceNoticeDeparts(tx.db, noticeId, deptIds);
    return noticeId;
  });
  return getNotice(ctx, id);
}

export async function deleteNotices(ctx: ServiceContext, { ids }: IdsBody): Promise<void> {
  const deleted = await inTransaction(ctx, (tx) => repo.deleteNotices(tx.db, [...new Set(ids)]));
  if (deleted === 0) throw missing();
}

// ---------- readers ----------

/** The reader's department and its ancestors: a notice for a parent department reaches its sub-departments. */
async function readerDeptIds(ctx: ServiceContext, userId: string): Promise<string[]> {
  return ancestorDeptIds(ctx, await deptIdOf(ctx, userId));
}

export async function pagingMyNotices(ctx: ServiceContext, userId: string, body: BodyOf<typeof noticeApi.myPaging>): Promise<Page<NoticeRecord>> {
  const page = await repo.pageVisibleNotices(ctx.db, await readerDeptIds(ctx, userId), { title: body.params?.title?.trim() || undefined }, body);
  return toPage(ctx, page);
}

export async function getMyNotice(ctx: ServiceContext, userId: string, id: string): Promise<NoticeRecord> {
  const row = await repo.findVisibleNotice(ctx.db, await readerDeptIds(ctx, userId), id);
  if (!row) throw missing();
  return (await toRecords(ctx, [row]))[0];
}
