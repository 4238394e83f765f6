import { CompiledQuery, sql, type Compilable } from 'kysely';
import type { Db } from '../../db/database';
import type { CourseLearnRow } from '../../db/schema';

/**
 * A query compiled once per dialect and run with new values: Kysely rebuilds and recompiles a
 * query on every call (about 0.2 ms for the heartbeat's lookup, more than running it), so the
 * heartbeat's two statements are built once with placeholder values and their parameters are
 * swapped for the real ones at each run.
 */
function compiledOnce<A extends Record<string, unknown>>(keys: readonly (keyof A & string)[], build: (db: Db, args: A) => Compilable) {
  const marks = Object.fromEntries(keys.map((k) => [k, `\u0000${k}\u0000`])) as unknown as A;
  const byDialect = new Map<unknown, { sql: string; slots: Array<{ key: keyof A } | { value: unknown }> }>();
  return <R>(db: Db, args: A) => {
    const dialect = db.getExecutor().adapter.constructor;
    let compiled = byDialect.get(dialect);
    if (!compiled) {
      const q = build(db, marks).compile();
      const slots = q.parameters.map((p) => {
        const key = keys.find((k) => marks[k] === p);
        return key ? { key } : { value: p };
      });
      compiled = { sql: q.sql, slots };
      byDialect.set(dialect, compiled);
    }
    const parameters = compiled.slots.map((s) => ('key' in s ? args[s.key] : s.value));
    return db.executeQuery<R>(CompiledQuery.raw(compiled.sql, parameters));
  };
}

/**
 * What a heartbeat needs, in one statement of primary-key and index probes: the learner's
 * department (audience), their row for the beaten file (f_*, null when never opened), their
 * latest-beaten row, the crediting chain (c_*, with the page session of its last beat; null when
 * they never learned anything), and their standing on the course (s_*).
 */
export interface BeatLookupRow {
  dept_id: string;
  f_file_id: string | null;
  f_learned_ms: number | null;
  f_position_ms: number | null;
  f_furthest_ms: number | null;
  f_pages_seen: string | null;
  f_pages_count: number | null;
  f_done: number | null;
  f_done_time: number | null;
  f_beat_time: number | null;
  f_beat_active: number | null;
  f_beat_page: string | null;
  c_file_id: string | null;
  c_course_id: string | null;
  c_beat_time: number | null;
  c_beat_active: number | null;
  c_beat_page: string | null;
  c_check_due: number | null;
  c_check_pending: number | null;
  /** The learner's standing on the course (null: not started). */
  s_start_time: number | null;
  s_finish_time: number | null;
}

const beatLookupQuery = compiledOnce<{ userId: string; courseId: string; fileId: string }>(['userId', 'courseId', 'fileId'], (db, a) =>
  db
    .selectFrom('sys_user as u')
    .leftJoin('course_learn as f', (j) => j.onRef('f.user_id', '=', 'u.id').on('f.file_id', '=', a.fileId))
    .leftJoin('course_learner as s', (j) => j.onRef('s.user_id', '=', 'u.id').on('s.course_id', '=', a.courseId))
    .leftJoin('course_learn as c', (j) =>
      j
        .onRef('c.user_id', '=', 'u.id')
        .on((eb) =>
          eb('c.file_id', '=', eb.selectFrom('course_learn as m').select('m.file_id').whereRef('m.user_id', '=', 'u.id').orderBy('m.beat_time', 'desc').limit(1)),
        ),
    )
    .select([
      'u.dept_id',
      'f.file_id as f_file_id',
      'f.learned_ms as f_learned_ms',
      'f.position_ms as f_position_ms',
      'f.furthest_ms as f_furthest_ms',
      'f.pages_seen as f_pages_seen',
      'f.pages_count as f_pages_count',
      'f.done as f_done',
      'f.done_time as f_done_time',
      'f.beat_time as f_beat_time',
      'f.beat_active as f_beat_active',
      'f.beat_page as f_beat_page',
      'c.file_id as c_file_id',
      'c.course_id as c_course_id',
      'c.beat_time as c_beat_time',
      'c.beat_active as c_beat_active',
      'c.beat_page as c_beat_page',
      'c.check_due as c_check_due',
      'c.check_pending as c_check_pending',
      's.start_time as s_start_time',
      's.finish_time as s_finish_time',
    ])
    .where('u.id', '=', a.userId),
);

export async function beatLookup(db: Db, userId: string, courseId: string, fileId: string): Promise<BeatLookupRow | undefined> {
  return (await beatLookupQuery<BeatLookupRow>(db, { userId, courseId, fileId })).rows[0];
}

/** The learner's latest-beaten row (their crediting chain). */
export function findChain(db: Db, userId: string): Promise<Pick<CourseLearnRow, 'file_id' | 'course_id' | 'beat_time' | 'check_due' | 'check_pending'> | undefined> {
  return db
    .selectFrom('course_learn')
    .select(['file_id', 'course_id', 'beat_time', 'check_due', 'check_pending'])
    .where('user_id', '=', userId)
    .orderBy('beat_time', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** First beat on a file: false when a concurrent beat created the row first. */
export async function insertLearn(db: Db, row: CourseLearnRow): Promise<boolean> {
  const res = await db
    .insertInto('course_learn')
    .values(row)
    .onConflict((oc) => oc.columns(['user_id', 'file_id']).doNothing())
    .executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0n) > 0;
}

export type LearnBeatValues = Pick<
  CourseLearnRow,
  | 'learned_ms' | 'position_ms' | 'furthest_ms' | 'pages_seen' | 'pages_count' | 'done' | 'done_time' | 'beat_time'
  | 'beat_active' | 'beat_page' | 'check_due' | 'check_pending' | 'update_time'
>;
type BeatWrite = Omit<LearnBeatValues, 'learned_ms'> & { credit: number; userId: string; fileId: string; readBeatTime: number };

const BEAT_WRITE_KEYS = [
  'position_ms', 'furthest_ms', 'pages_seen', 'pages_count', 'done', 'done_time', 'beat_time', 'beat_active', 'beat_page', 'check_due',
  'check_pending', 'update_time', 'credit', 'userId', 'fileId', 'readBeatTime',
] as const;

const beatWriteQuery = compiledOnce<BeatWrite>(BEAT_WRITE_KEYS, (db, a) =>
  db
    .updateTable('course_learn')
    .set({
      position_ms: a.position_ms,
      furthest_ms: a.furthest_ms,
      pages_seen: a.pages_seen,
      pages_count: a.pages_count,
      done: a.done,
      done_time: a.done_time,
      beat_time: a.beat_time,
      beat_active: a.beat_active,
      beat_page: a.beat_page,
      check_due: a.check_due,
      check_pending: a.check_pending,
      update_time: a.update_time,
      learned_ms: sql<number>`learned_ms + ${a.credit}`,
    })
    .where('user_id', '=', a.userId)
    .where('file_id', '=', a.fileId)
    .where('beat_time', '=', a.readBeatTime),
);

/**
 * The beat's one write, guarded by the row's beat time as it was read: when a concurrent beat
 * (another tab) wrote first, nothing changes and false is answered, so an interval is never
 * credited twice. `learned_ms` is added, not set.
 */
export async function updateLearnIfUnchanged(db: Db, userId: string, fileId: string, readBeatTime: number, credit: number, values: Omit<LearnBeatValues, 'learned_ms'>): Promise<boolean> {
  const res = await beatWriteQuery(db, { ...values, credit, userId, fileId, readBeatTime });
  return Number(res.numAffectedRows ?? 0n) > 0;
}

/** Answers "are you still here?" on the chain row: crediting restarts from now. */
export async function confirmPresence(db: Db, userId: string, fileId: string, readBeatTime: number, now: number, checkDue: number | null): Promise<boolean> {
  const res = await db
    .updateTable('course_learn')
    .set({ check_pending: 0, check_due: checkDue, beat_time: now, beat_active: 0, update_time: now })
    .where('user_id', '=', userId)
    .where('file_id', '=', fileId)
    .where('beat_time', '=', readBeatTime)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

export type LearnFigures = Pick<CourseLearnRow, 'file_id' | 'course_id' | 'learned_ms' | 'position_ms' | 'furthest_ms' | 'pages_count' | 'done' | 'update_time'>;
const FIGURES = ['file_id', 'course_id', 'learned_ms', 'position_ms', 'furthest_ms', 'pages_count', 'done', 'update_time'] as const;

/** One learner's rows on some courses. */
export function learnRowsOfUser(db: Db, userId: string, courseIds: readonly string[]): Promise<LearnFigures[]> {
  if (courseIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('course_learn').select(FIGURES).where('course_id', 'in', courseIds).where('user_id', '=', userId).execute();
}

/** Several learners' rows on one course. */
export function learnRowsOfCourse(db: Db, courseId: string, userIds: readonly string[]): Promise<Array<LearnFigures & { user_id: string }>> {
  if (userIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('course_learn')
    .select([...FIGURES, 'user_id'])
    .where('course_id', '=', courseId)
    .where('user_id', 'in', userIds)
    .execute();
}

/** Files of a course the learner has done. */
export async function doneFileIds(db: Db, userId: string, courseId: string): Promise<string[]> {
  const rows = await db.selectFrom('course_learn').select('file_id').where('course_id', '=', courseId).where('user_id', '=', userId).where('done', '=', 1).execute();
  return rows.map((r) => r.file_id);
}

// ---------- standing per course ----------

export async function startCourse(db: Db, userId: string, courseId: string, now: number): Promise<void> {
  await db
    .insertInto('course_learner')
    .values({ user_id: userId, course_id: courseId, start_time: now, finish_time: null })
    .onConflict((oc) => oc.columns(['user_id', 'course_id']).doNothing())
    .execute();
}

export async function finishCourse(db: Db, userId: string, courseId: string, now: number): Promise<void> {
  await db
    .updateTable('course_learner')
    .set({ finish_time: now })
    .where('user_id', '=', userId)
    .where('course_id', '=', courseId)
    .where('finish_time', 'is', null)
    .execute();
}

export function findStanding(db: Db, userId: string, courseId: string): Promise<{ start_time: number; finish_time: number | null } | undefined> {
  return db.selectFrom('course_learner').select(['start_time', 'finish_time']).where('user_id', '=', userId).where('course_id', '=', courseId).executeTakeFirst();
}

// ---------- after an administrator changes a course's files ----------

/** Re-derives a file's done flags from the learners' figures under its current rule. */
export async function refreshFileDone(db: Db, fileId: string, needMs: number, needPages: number, now: number): Promise<void> {
  const met = (eb: any) => eb.and([eb('learned_ms', '>=', needMs), eb('pages_count', '>=', needPages)]);
  await db.updateTable('course_learn').set({ done: 1, done_time: now }).where('file_id', '=', fileId).where('done', '=', 0).where(met).execute();
  await db
    .updateTable('course_learn')
    .set({ done: 0, done_time: null })
    .where('file_id', '=', fileId)
    .where('done', '=', 1)
    .where((eb) => eb.not(met(eb)))
    .execute();
}

/** Re-derives every learner's finish of a course: finished exactly when all `fileCount` files are done. */
export async function refreshCourseFinish(db: Db, courseId: string, fileCount: number, now: number): Promise<void> {
  const doneCount = (eb: any) =>
    eb
      .selectFrom('course_learn as l')
      .select((e: any) => e.fn.countAll().as('n'))
      .whereRef('l.user_id', '=', 'course_learner.user_id')
      .where('l.course_id', '=', courseId)
      .where('l.done', '=', 1);
  let unfinish = db.updateTable('course_learner').set({ finish_time: null }).where('course_id', '=', courseId).where('finish_time', 'is not', null);
  // A course without files is finished by nobody.
  if (fileCount > 0) unfinish = unfinish.where((eb) => eb(doneCount(eb), '<', fileCount));
  await unfinish.execute();
  if (fileCount > 0) {
    await db
      .updateTable('course_learner')
      .set({ finish_time: now })
      .where('course_id', '=', courseId)
      .where('finish_time', 'is', null)
      .where((eb) => eb(doneCount(eb), '>=', fileCount))
      .execute();
  }
}
