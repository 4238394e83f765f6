import { NoticeState, NoticeTarget } from '../../../common/codes';
import type { Page } from '../../../common/errorCodes';
import type { Db } from '../../db/database';
import type { NoticeRow } from '../../db/schema';
import { contains, paginate, type PageArgs } from '../../lib/paging';

export type NoticeJoinedRow = NoticeRow & { create_by_name: string | null };

export const NOTICE_COLUMNS = [
  'n.id', 'n.title', 'n.content', 'n.state', 'n.target_type', 'n.create_by', 'u.real_name as create_by_name',
  'n.publish_time', 'n.create_time', 'n.update_time',
] as const;

/** Notices with their author's name, filtered (selection and order are added by the callers below). */
function filterNotices(db: Db, filters: { title?: string; state?: number }) {
  let q = db.selectFrom('sys_notice as n').leftJoin('sys_user as u', 'u.id', 'n.create_by');
  if (filters.title) q = q.where(contains('n.title', filters.title));
  if (filters.state !== undefined) q = q.where('n.state', '=', filters.state);
  return q;
}

/**
 * Published notices a reader sees: those for everyone, and those for any of `deptIds` (the
 * reader's department and its ancestors).
 */
function filterVisibleNotices(db: Db, deptIds: readonly string[], filters: { title?: string }) {
  return filterNotices(db, { title: filters.title, state: NoticeState.PUBLISHED }).where((eb) =>
    eb.or([
      eb('n.target_type', '=', NoticeTarget.EVERYONE),
      ...(deptIds.length
        ? [
            eb.and([
              eb('n.target_type', '=', NoticeTarget.DEPARTS),
              eb.exists(
                eb
                  .selectFrom('sys_notice_depart as nd')
                  .select('nd.notice_id')
                  .whereRef('nd.notice_id', '=', 'n.id')
                  .where('nd.dept_id', 'in', deptIds),
              ),
            ]),
          ]
        : []),
    ]),
  );
}

/** A page of notices, newest first. */
export function pageNotices(db: Db, filters: { title?: string; state?: number }, page: PageArgs): Promise<Page<NoticeJoinedRow>> {
  return paginate(filterNotices(db, filters), page, (q) => q.select(NOTICE_COLUMNS).orderBy('n.create_time', 'desc').orderBy('n.id', 'desc'), (r) => r);
}

/** A page of the notices a reader sees, latest published first. */
export function pageVisibleNotices(db: Db, deptIds: readonly string[], filters: { title?: string }, page: PageArgs): Promise<Page<NoticeJoinedRow>> {
  return paginate(
    filterVisibleNotices(db, deptIds, filters),
    page,
    (q) => q.select(NOTICE_COLUMNS).orderBy('n.publish_time', 'desc').orderBy('n.id', 'desc'),
    (r) => r,
  );
}

export function findNotice(db: Db, id: string): Promise<NoticeJoinedRow | undefined> {
  return filterNotices(db, {}).select(NOTICE_COLUMNS).where('n.id', '=', id).executeTakeFirst();
}

/** One notice, if the reader with these departments sees it. */
export function findVisibleNotice(db: Db, deptIds: readonly string[], id: string): Promise<NoticeJoinedRow | undefined> {
  return filterVisibleNotices(db, deptIds, {}).select(NOTICE_COLUMNS).where('n.id', '=', id).executeTakeFirst();
}

/** Target departments of each notice, in one query. */
export async function deptIdsByNotice(db: Db, noticeIds: readonly string[]): Promise<Map<string, string[]>> {
  const map = new Map<string, string[]>(noticeIds.map((id) => [id, []]));
  if (noticeIds.length === 0) return map;
  const rows = await db
    .selectFrom('sys_notice_depart')
    .select(['notice_id', 'dept_id'])
    .where('notice_id', 'in', noticeIds)
    .orderBy('dept_id')
    .execute();
  for (const r of rows) map.get(r.notice_id)?.push(r.dept_id);
  return map;
}

export async function insertNotice(db: Db, row: NoticeRow): Promise<void> {
  await db.insertInto('sys_notice').values(row).execute();
}

export async function updateNotice(
  db: Db,
  id: string,
  values: Pick<NoticeRow, 'title' | 'content' | 'state' | 'target_type' | 'publish_time' | 'update_time'>,
): Promise<void> {
  await db.updateTable('sys_notice').set(values).where('id', '=', id).execute();
}

export async function replaceNoticeDeparts(db: Db, noticeId: string, deptIds: readonly string[]): Promise<void> {
  await db.deleteFrom('sys_notice_depart').where('notice_id', '=', noticeId).execute();
  if (deptIds.length) {
    await db.insertInto('sys_notice_depart').values(deptIds.map((dept_id) => ({ notice_id: noticeId, dept_id }))).execute();
  }
}

/** Deletes notices; their target departments go too (foreign keys cascade). */
export async function deleteNotices(db: Db, ids: readonly string[]): Promise<number> {
  const res = await db.deleteFrom('sys_notice').where('id', 'in', ids).executeTakeFirst();
  return Number(res.numDeletedRows);
}
