import { GenericState, UserState } from '../../../common/codes';
import type { Page } from '../../../common/errorCodes';
import type { Db } from '../../db/database';
import { prepared, type Slots } from '../../db/prepared';
import type { ExamRow } from '../../db/schema';
import { contains, paginate, type PageArgs } from '../../lib/paging';

/**
 * Exams and their audience: the only place that builds queries on exam, exam_depart, exam_user,
 * exam_repo (and counts the users an audience reaches).
 */

const COLUMNS = [
  'id', 'title', 'content', 'open_type', 'password', 'start_time', 'end_time', 'total_time', 'qualify_score', 'chance', 'hand_min', 'late_max',
  'result_show', 'review_after_end', 'practice_during', 'rank_open', 'rank_names', 'excellent_score', 'thanks', 'settings', 'groups', 'total_score', 'qu_count', 'state', 'publish_time', 'create_by', 'create_time', 'update_time',
] as const;

export interface ExamFilter {
  title?: string;
  openType?: number;
  /** Computed state filter, as drafts or published ones, time bounds and the enable flag. */
  state?: { draft: boolean; enabled?: number; startAfter?: number; endBefore?: number; openAt?: number };
}

function filtered(db: Db, f: ExamFilter) {
  let q = db.selectFrom('exam');
  if (f.title) q = q.where(contains('title', f.title));
  if (f.openType !== undefined) q = q.where('open_type', '=', f.openType);
  const s = f.state;
  if (s) q = q.where('publish_time', s.draft ? 'is' : 'is not', null);
  if (s?.enabled !== undefined) q = q.where('state', '=', s.enabled);
  if (s?.startAfter !== undefined) q = q.where('start_time', '>', s.startAfter);
  if (s?.endBefore !== undefined) q = q.where('end_time', '<=', s.endBefore);
  if (s?.openAt !== undefined) {
    const now = s.openAt;
    q = q.where((eb) => eb.and([eb.or([eb('start_time', 'is', null), eb('start_time', '<=', now)]), eb.or([eb('end_time', 'is', null), eb('end_time', '>', now)])]));
  }
  return q;
}

export function pageExams(db: Db, f: ExamFilter, page: PageArgs): Promise<Page<ExamRow>> {
  return paginate(filtered(db, f), page, (q) => q.select(COLUMNS).orderBy('create_time', 'desc').orderBy('id', 'desc'), (r) => r);
}

/**
 * Published, enabled exams open at some moment of [from, to] (open before `to`, not ended by
 * `from`), with `startedSince` only those starting from then on; the latest to start first, at most
 * `limit`: those whose first starts the warm-up prepares.
 */
export async function examIdsOpenWithin(db: Db, f: { from: number; to: number; startedSince?: number }, limit: number): Promise<string[]> {
  const { from, to, startedSince } = f;
  let q = db.selectFrom('exam');
  if (startedSince !== undefined) q = q.where('start_time', '>=', startedSince);
  const rows = await q
    .select('id')
    .where('publish_time', 'is not', null)
    .where('state', '=', GenericState.NORMAL)
    .where((eb) => eb.and([eb.or([eb('start_time', 'is', null), eb('start_time', '<=', to)]), eb.or([eb('end_time', 'is', null), eb('end_time', '>', from)])]))
    .orderBy('start_time', 'desc')
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

const examById = prepared((db, v: Slots<{ id: string }>) => db.selectFrom('exam').select(COLUMNS).where('id', '=', v.id));

export function findExam(db: Db, id: string): Promise<ExamRow | undefined> {
  return examById.first(db, { id });
}

export async function insertExam(db: Db, row: ExamRow): Promise<void> {
  await db.insertInto('exam').values(row).execute();
}

export type ExamValues = Omit<ExamRow, 'id' | 'create_by' | 'create_time' | 'state' | 'publish_time'>;

export async function updateExam(db: Db, id: string, values: ExamValues): Promise<void> {
  await db.updateTable('exam').set(values).where('id', '=', id).execute();
}

export async function setExamState(db: Db, ids: readonly string[], state: number, now: number): Promise<void> {
  await db.updateTable('exam').set({ state, update_time: now }).where('id', 'in', ids).execute();
}

/** Publishes the drafts among these exams (a published exam keeps its publish time); returns how many. */
export async function publishExams(db: Db, ids: readonly string[], now: number): Promise<number> {
  const res = await db.updateTable('exam').set({ publish_time: now, update_time: now }).where('id', 'in', ids).where('publish_time', 'is', null).executeTakeFirst();
  return Number(res.numUpdatedRows);
}

/** How many of these exams exist. */
export async function countExams(db: Db, ids: readonly string[]): Promise<number> {
  const row = await db.selectFrom('exam').select((eb) => eb.fn.countAll<number>().as('n')).where('id', 'in', ids).executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function deleteExams(db: Db, ids: readonly string[]): Promise<number> {
  const res = await db.deleteFrom('exam').where('id', 'in', ids).executeTakeFirst();
  return Number(res.numDeletedRows);
}

export async function replaceAudience(db: Db, examId: string, deptIds: readonly string[], userIds: readonly string[], repoIds: readonly string[]): Promise<void> {
  await db.deleteFrom('exam_depart').where('exam_id', '=', examId).execute();
  await db.deleteFrom('exam_user').where('exam_id', '=', examId).execute();
  await db.deleteFrom('exam_repo').where('exam_id', '=', examId).execute();
  if (deptIds.length) await db.insertInto('exam_depart').values(deptIds.map((dept_id) => ({ exam_id: examId, dept_id }))).execute();
  for (let i = 0; i < userIds.length; i += 500) {
    await db.insertInto('exam_user').values(userIds.slice(i, i + 500).map((user_id) => ({ exam_id: examId, user_id }))).execute();
  }
  if (repoIds.length) await db.insertInto('exam_repo').values(repoIds.map((repo_id) => ({ exam_id: examId, repo_id }))).execute();
}

async function groupIds(db: Db, table: 'exam_depart' | 'exam_user', examIds: readonly string[]): Promise<Map<string, string[]>> {
  const map = new Map<string, string[]>(examIds.map((id) => [id, []]));
  if (examIds.length === 0) return map;
  const column = table === 'exam_depart' ? 'dept_id' : 'user_id';
  const rows = (await db.selectFrom(table).select(['exam_id', `${column} as member`] as never).where('exam_id', 'in', examIds).execute()) as unknown as Array<{ exam_id: string; member: string }>;
  for (const r of rows) map.get(r.exam_id)?.push(r.member);
  return map;
}
export const departIdsByExam = (db: Db, ids: readonly string[]) => groupIds(db, 'exam_depart', ids);
export const userIdsByExam = (db: Db, ids: readonly string[]) => groupIds(db, 'exam_user', ids);

/** Titles of exams drawing from any of the banks. */
export async function examsUsingRepos(db: Db, repoIds: readonly string[]): Promise<string[]> {
  if (repoIds.length === 0) return [];
  const rows = await db
    .selectFrom('exam as e')
    .select('e.title')
    .where((eb) => eb.exists(eb.selectFrom('exam_repo as r').select('r.exam_id').whereRef('r.exam_id', '=', 'e.id').where('r.repo_id', 'in', repoIds)))
    .orderBy('e.title')
    .execute();
  return rows.map((r) => r.title);
}

/** Published, enabled exams a learner's audience reaches (public and password ones for everyone), newest first. */
export function pageExamsFor(db: Db, userId: string, deptIds: readonly string[], title: string | undefined, page: PageArgs): Promise<Page<ExamRow>> {
  let q = db
    .selectFrom('exam as e')
    .where('e.publish_time', 'is not', null)
    .where('e.state', '=', 0)
    .where((eb) =>
      eb.or([
        eb('e.open_type', 'in', [1, 9]),
        eb.and([
          eb('e.open_type', '=', 2),
          eb.exists(eb.selectFrom('exam_depart as d').select('d.exam_id').whereRef('d.exam_id', '=', 'e.id').where('d.dept_id', 'in', deptIds.length ? deptIds : [''])),
        ]),
        eb.and([eb('e.open_type', '=', 3), eb.exists(eb.selectFrom('exam_user as u').select('u.exam_id').whereRef('u.exam_id', '=', 'e.id').where('u.user_id', '=', userId))]),
      ]),
    );
  if (title) q = q.where(contains('e.title', title));
  return paginate(q, page, (x) => x.select(COLUMNS.map((c) => `e.${c}` as const)).orderBy('e.create_time', 'desc').orderBy('e.id', 'desc'), (r) => r as ExamRow);
}

/** Whom an exam reaches: everyone, the users of some departments (subdepartments included), or its listed people. */
export type AudienceReach = { kind: 'everyone' } | { kind: 'departs'; deptIds: readonly string[] } | { kind: 'listed'; examId: string };

/** How many active users (state 0) an audience reaches. */
export async function countAudience(db: Db, reach: AudienceReach): Promise<number> {
  let q = db.selectFrom('sys_user as u').select((eb) => eb.fn.countAll<number>().as('n')).where('u.state', '=', UserState.NORMAL);
  if (reach.kind === 'departs') {
    if (reach.deptIds.length === 0) return 0;
    q = q.where('u.dept_id', 'in', reach.deptIds);
  } else if (reach.kind === 'listed') {
    q = q.where((eb) => eb.exists(eb.selectFrom('exam_user as x').select('x.exam_id').where('x.exam_id', '=', reach.examId).whereRef('x.user_id', '=', 'u.id')));
  }
  return Number((await q.executeTakeFirstOrThrow()).n);
}

/** Papers per exam, and of those awaiting marking. */
export async function paperCounts(db: Db, examIds: readonly string[]): Promise<Map<string, { papers: number; awaiting: number }>> {
  const map = new Map<string, { papers: number; awaiting: number }>();
  if (examIds.length === 0) return map;
  const rows = await db
    .selectFrom('paper')
    .select(['exam_id', 'state', (eb) => eb.fn.countAll<number>().as('n')])
    .where('exam_id', 'in', examIds)
    .groupBy(['exam_id', 'state'])
    .execute();
  for (const r of rows) {
    const m = map.get(r.exam_id) ?? { papers: 0, awaiting: 0 };
    m.papers += Number(r.n);
    if (r.state === 1) m.awaiting += Number(r.n);
    map.set(r.exam_id, m);
  }
  return map;
}
