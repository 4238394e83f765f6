import { Audience } from '../../../common/codes';
import type { Page } from '../../../common/errorCodes';
import { CourseState } from '../../../common/api/course';
import type { Db } from '../../db/database';
import type { CourseRow } from '../../db/schema';
import { contains, paginate, type PageArgs } from '../../lib/paging';

export type CourseJoinedRow = CourseRow & { cat_name: string | null; create_by_name: string | null };

const COURSE_COLUMNS = [
  'c.id', 'c.title', 'c.cover', 'c.content', 'c.cat_id', 'c.teacher', 'c.class_hours', 'c.audience', 'c.required', 'c.state',
  'c.deadline', 'c.unlock_in_order', 'c.exam_id', 'c.check_minutes', 'c.no_skip', 'c.create_by', 'c.publish_time',
  'c.create_time', 'c.update_time', 'k.title as cat_name', 'u.real_name as create_by_name',
] as const;

export interface CourseFilter {
  title?: string;
  /** The category and its sub-categories. */
  catIds?: string[];
  state?: number;
  required?: boolean;
}

function joined(db: Db) {
  return db
    .selectFrom('course as c')
    .leftJoin('course_catalog as k', 'k.id', 'c.cat_id')
    .leftJoin('sys_user as u', 'u.id', 'c.create_by');
}

function filterCourses(db: Db, f: CourseFilter) {
  let q = joined(db);
  if (f.title) q = q.where(contains('c.title', f.title));
  if (f.catIds) q = q.where('c.cat_id', 'in', f.catIds.length ? f.catIds : ['']);
  if (f.state !== undefined) q = q.where('c.state', '=', f.state);
  if (f.required !== undefined) q = q.where('c.required', '=', f.required ? 1 : 0);
  return q;
}

/** A page of courses, newest first. */
export function pageCourses(db: Db, f: CourseFilter, page: PageArgs): Promise<Page<CourseJoinedRow>> {
  return paginate(filterCourses(db, f), page, (q) => q.select(COURSE_COLUMNS).orderBy('c.create_time', 'desc').orderBy('c.id', 'desc'), (r) => r);
}

export function findCourse(db: Db, id: string): Promise<CourseJoinedRow | undefined> {
  return joined(db).select(COURSE_COLUMNS).where('c.id', '=', id).executeTakeFirst();
}

export async function existingCourseIds(db: Db, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  return (await db.selectFrom('course').select('id').where('id', 'in', ids).execute()).map((r) => r.id);
}

export async function insertCourse(db: Db, row: CourseRow): Promise<void> {
  await db.insertInto('course').values(row).execute();
}

export type CourseValues = Omit<CourseRow, 'id' | 'create_by' | 'create_time'>;

export async function updateCourse(db: Db, id: string, values: CourseValues): Promise<void> {
  await db.updateTable('course').set(values).where('id', '=', id).execute();
}

export async function replaceAudience(db: Db, courseId: string, deptIds: readonly string[], userIds: readonly string[]): Promise<void> {
  await db.deleteFrom('course_depart').where('course_id', '=', courseId).execute();
  await db.deleteFrom('course_user').where('course_id', '=', courseId).execute();
  if (deptIds.length) await db.insertInto('course_depart').values(deptIds.map((dept_id) => ({ course_id: courseId, dept_id }))).execute();
  for (let i = 0; i < userIds.length; i += 500) {
    const chunk = userIds.slice(i, i + 500);
    await db.insertInto('course_user').values(chunk.map((user_id) => ({ course_id: courseId, user_id }))).execute();
  }
}

async function groupIds(db: Db, table: 'course_depart' | 'course_user', courseIds: readonly string[]): Promise<Map<string, string[]>> {
  const map = new Map<string, string[]>(courseIds.map((id) => [id, []]));
  if (courseIds.length === 0) return map;
  const column = table === 'course_depart' ? 'dept_id' : 'user_id';
  const rows = await db
    .selectFrom(table)
    .select(['course_id', `${column} as ref_id`])
    .where('course_id', 'in', courseIds)
    .orderBy('ref_id')
    .execute();
  for (const r of rows as Array<{ course_id: string; ref_id: string }>) map.get(r.course_id)?.push(r.ref_id);
  return map;
}

export const departIdsByCourse = (db: Db, courseIds: readonly string[]) => groupIds(db, 'course_depart', courseIds);
export const userIdsByCourse = (db: Db, courseIds: readonly string[]) => groupIds(db, 'course_user', courseIds);

/** Files and required seconds per course. */
export async function fileStatsByCourse(db: Db, courseIds: readonly string[]): Promise<Map<string, { count: number; needSeconds: number }>> {
  const map = new Map<string, { count: number; needSeconds: number }>();
  if (courseIds.length === 0) return map;
  const rows = await db
    .selectFrom('course_file')
    .select(['course_id', (eb) => eb.fn.countAll<number>().as('n'), (eb) => eb.fn.sum<number>('need_seconds').as('need')])
    .where('course_id', 'in', courseIds)
    .groupBy('course_id')
    .execute();
  for (const r of rows) map.set(r.course_id, { count: Number(r.n), needSeconds: Number(r.need ?? 0) });
  return map;
}

/** Learners started and finished per course. */
export async function learnerStatsByCourse(db: Db, courseIds: readonly string[]): Promise<Map<string, { learners: number; finished: number }>> {
  const map = new Map<string, { learners: number; finished: number }>();
  if (courseIds.length === 0) return map;
  const rows = await db
    .selectFrom('course_learner')
    .select(['course_id', (eb) => eb.fn.countAll<number>().as('n'), (eb) => eb.fn.count<number>('finish_time').as('f')])
    .where('course_id', 'in', courseIds)
    .groupBy('course_id')
    .execute();
  for (const r of rows) map.set(r.course_id, { learners: Number(r.n), finished: Number(r.f) });
  return map;
}

export async function setCourseState(db: Db, ids: readonly string[], state: number, now: number): Promise<number> {
  const res = await db
    .updateTable('course')
    .set((eb) => ({
      state,
      update_time: now,
      // The first publication is stamped; withdrawing keeps it, republishing keeps the first.
      publish_time: state === CourseState.PUBLISHED ? eb.fn.coalesce('publish_time', eb.val(now)) : eb.ref('publish_time'),
    }))
    .where('id', 'in', ids)
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}

export async function deleteCourses(db: Db, ids: readonly string[]): Promise<number> {
  const res = await db.deleteFrom('course').where('id', 'in', ids).executeTakeFirst();
  return Number(res.numDeletedRows);
}

// ---------- what a learner sees ----------

export interface VisibleFilter {
  title?: string;
  catIds?: string[];
  required?: boolean;
  /** 'started': has a standing row; 'learning': started, not finished; 'finished'. */
  standing?: 'started' | 'learning' | 'finished';
}

export type VisibleCourseRow = CourseJoinedRow & { start_time: number | null; finish_time: number | null };

/**
 * Published courses a learner may study: for everyone, for any of `deptIds` (the learner's
 * department and its ancestors, so a course for a department reaches its sub-departments), or
 * naming the learner; with the learner's standing (started, finished) joined.
 */
function filterVisible(db: Db, userId: string, deptIds: readonly string[], f: VisibleFilter) {
  let q = joined(db)
    .leftJoin('course_learner as cl', (j) => j.onRef('cl.course_id', '=', 'c.id').on('cl.user_id', '=', userId))
    .where('c.state', '=', CourseState.PUBLISHED)
    .where((eb) =>
      eb.or([
        eb('c.audience', '=', Audience.EVERYONE),
        ...(deptIds.length
          ? [
              eb.and([
                eb('c.audience', '=', Audience.DEPARTS),
                eb.exists(eb.selectFrom('course_depart as cd').select('cd.course_id').whereRef('cd.course_id', '=', 'c.id').where('cd.dept_id', 'in', deptIds)),
              ]),
            ]
          : []),
        eb.and([
          eb('c.audience', '=', Audience.PEOPLE),
          eb.exists(eb.selectFrom('course_user as cu').select('cu.course_id').whereRef('cu.course_id', '=', 'c.id').where('cu.user_id', '=', userId)),
        ]),
      ]),
    );
  if (f.title) q = q.where(contains('c.title', f.title));
  if (f.catIds) q = q.where('c.cat_id', 'in', f.catIds.length ? f.catIds : ['']);
  if (f.required !== undefined) q = q.where('c.required', '=', f.required ? 1 : 0);
  if (f.standing === 'started') q = q.where('cl.user_id', 'is not', null);
  if (f.standing === 'learning') q = q.where('cl.user_id', 'is not', null).where('cl.finish_time', 'is', null);
  if (f.standing === 'finished') q = q.where('cl.finish_time', 'is not', null);
  return q;
}

const VISIBLE_COLUMNS = [...COURSE_COLUMNS, 'cl.start_time', 'cl.finish_time'] as const;

/** Required first, then the latest published; with `byActivity`, the latest started first. */
export function pageVisibleCourses(
  db: Db,
  userId: string,
  deptIds: readonly string[],
  f: VisibleFilter,
  page: PageArgs,
  byActivity = false,
): Promise<Page<VisibleCourseRow>> {
  return paginate(
    filterVisible(db, userId, deptIds, f),
    page,
    (q) =>
      (byActivity
        ? q.select(VISIBLE_COLUMNS).orderBy('cl.start_time', 'desc')
        : q.select(VISIBLE_COLUMNS).orderBy('c.required', 'desc').orderBy('c.publish_time', 'desc')
      ).orderBy('c.id', 'desc'),
    (r) => r as VisibleCourseRow,
  );
}

export async function findVisibleCourse(db: Db, userId: string, deptIds: readonly string[], id: string): Promise<VisibleCourseRow | undefined> {
  return (await filterVisible(db, userId, deptIds, {}).select(VISIBLE_COLUMNS).where('c.id', '=', id).executeTakeFirst()) as
    | VisibleCourseRow
    | undefined;
}
