import { sql } from 'kysely';
import { CourseState } from '../../../common/api/course';
import { GenericState, PaperState } from '../../../common/codes';
import type { Db } from '../../db/database';
import type { DashDayTable } from '../../db/schema';
import { DAY_MS, UTC_OFFSET_MS } from './dashboard.days';

/**
 * What the dashboard reads, each through an index on what it filters by: exams (a small table),
 * papers by state and deadline / hand-in time / exam and state, course learners by course and by
 * finish time, practice answers by answer time; past days from dash_day.
 */

/** Row counts of the main tables, in one statement of scalar sub-queries. */
export async function countTotals(db: Db) {
  return db
    .selectNoFrom((eb) => [
      eb.selectFrom('sys_user').select(eb.fn.countAll<number>().as('n')).as('user_count'),
      eb.selectFrom('sys_depart').select(eb.fn.countAll<number>().as('n')).as('depart_count'),
      eb.selectFrom('sys_notice').select(eb.fn.countAll<number>().as('n')).as('notice_count'),
      eb.selectFrom('sys_msg').select(eb.fn.countAll<number>().as('n')).as('msg_count'),
    ])
    .executeTakeFirstOrThrow();
}

/** Exams published and enabled whose window holds `now`. */
function openExams(db: Db, now: number) {
  return db
    .selectFrom('exam')
    .where('publish_time', 'is not', null)
    .where('state', '=', GenericState.NORMAL)
    .where((eb) => eb.and([eb.or([eb('start_time', 'is', null), eb('start_time', '<=', now)]), eb.or([eb('end_time', 'is', null), eb('end_time', '>', now)])]));
}

/** The live counts, in one statement: exams open, papers in exam (idx_paper_state_deadline), handed in since `from` (idx_paper_hand_time), awaiting marking. */
export async function liveCounts(db: Db, now: number, from: number) {
  const r = await db
    .selectNoFrom((eb) => [
      openExams(db, now).select(eb.fn.countAll<number>().as('n')).as('exams_open'),
      eb.selectFrom('paper').select(eb.fn.countAll<number>().as('n')).where('state', '=', PaperState.IN_EXAM).where('deadline', '>', now).as('in_exam'),
      eb.selectFrom('paper').select(eb.fn.countAll<number>().as('n')).where('hand_time', '>=', from).as('handed_in'),
      eb.selectFrom('paper').select(eb.fn.countAll<number>().as('n')).where('state', '=', PaperState.AWAITING_MARK).as('awaiting'),
    ])
    .executeTakeFirstOrThrow();
  return { examsOpen: Number(r.exams_open ?? 0), inExam: Number(r.in_exam ?? 0), handedIn: Number(r.handed_in ?? 0), awaiting: Number(r.awaiting ?? 0) };
}

/** Open exams ending after `now` and by `until`, soonest first. */
export function examsEnding(db: Db, now: number, until: number, limit: number): Promise<Array<{ id: string; title: string; end_time: number | null }>> {
  return openExams(db, now).select(['id', 'title', 'end_time']).where('end_time', '<=', until).orderBy('end_time').orderBy('id').limit(limit).execute();
}

/**
 * Per exam: papers in exam now and papers handed in, each counted on idx_paper_exam_state (the
 * handed-in ones from the index alone; only the few papers in exam are read for their deadline).
 */
export async function paperCountsOf(db: Db, examIds: readonly string[], now: number): Promise<Map<string, { inExam: number; handedIn: number }>> {
  const out = new Map<string, { inExam: number; handedIn: number }>();
  if (examIds.length === 0) return out;
  const count = (state: readonly number[]) =>
    db
      .selectFrom('paper')
      .select((eb) => ['exam_id', eb.fn.countAll<number>().as('n')])
      .where('exam_id', 'in', examIds)
      .where('state', 'in', state)
      .groupBy('exam_id');
  const [inExam, handedIn] = await Promise.all([
    count([PaperState.IN_EXAM]).where('deadline', '>', now).execute(),
    count([PaperState.AWAITING_MARK, PaperState.FINISHED]).execute(),
  ]);
  for (const id of examIds) out.set(id, { inExam: 0, handedIn: 0 });
  for (const r of inExam) out.get(r.exam_id)!.inExam = Number(r.n);
  for (const r of handedIn) out.get(r.exam_id)!.handedIn = Number(r.n);
  return out;
}

/**
 * Published courses with learners, lowest completion first (then the most learners): one pass over
 * course_learner's (course_id, finish_time) index, which holds both counts.
 */
export async function lowestCompletion(db: Db, limit: number): Promise<Array<{ id: string; title: string; learners: number; finished: number }>> {
  const rows = await db
    .selectFrom('course_learner as cl')
    .innerJoin('course as c', 'c.id', 'cl.course_id')
    .select((eb) => ['c.id', 'c.title', eb.fn.countAll<number>().as('learners'), eb.fn.count<number>('cl.finish_time').as('finished')])
    .where('c.state', '=', CourseState.PUBLISHED)
    .groupBy(['c.id', 'c.title'])
    .orderBy(sql`count(cl.finish_time) * 1.0 / count(*)`)
    .orderBy(sql`count(*)`, 'desc')
    .orderBy('c.id')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ id: r.id, title: r.title, learners: Number(r.learners), finished: Number(r.finished) }));
}

/** `(column + offset) / day`: the business day of a time column, the same integer on both dialects. */
const dayExpr = (column: string) => sql<number>`(${sql.ref(column)} + ${sql.lit(UTC_OFFSET_MS)}) / ${sql.lit(DAY_MS)}`;

/** A day's papers (by hand-in time): handed in, scored (finished) with the sum of their score rates, awaiting marking. */
export interface PaperDay {
  papers: number;
  scored: number;
  rate_sum: number;
  pending: number;
}

/** A day's learning: courses finished and practice answers given. */
export interface ActivityDay {
  completions: number;
  practice_answers: number;
}

export type DayFigures = PaperDay & ActivityDay;

/**
 * Per day of [from, to) (epoch ms), the papers handed in: one pass over idx_paper_hand_time, which
 * holds every column this reads. Days without papers are absent.
 */
export async function papersByDay(db: Db, from: number, to: number): Promise<Map<number, PaperDay>> {
  const rows = await db
    .selectFrom('paper')
    .select((eb) => [
      dayExpr('hand_time').as('day'),
      eb.fn.countAll<number>().as('papers'),
      eb.fn.sum<number>(eb.case().when('state', '=', PaperState.FINISHED).then(1).else(0).end()).as('scored'),
      eb.fn.sum<number>(sql`case when state = ${sql.lit(PaperState.FINISHED)} and total_score > 0 then user_score * 100.0 / total_score else 0 end`).as('rate_sum'),
      eb.fn.sum<number>(eb.case().when('state', '=', PaperState.AWAITING_MARK).then(1).else(0).end()).as('pending'),
    ])
    .where('hand_time', '>=', from)
    .where('hand_time', '<', to)
    .groupBy(dayExpr('hand_time'))
    .execute();
  return new Map(rows.map((r) => [Number(r.day), { papers: Number(r.papers), scored: Number(r.scored ?? 0), rate_sum: Number(r.rate_sum ?? 0), pending: Number(r.pending ?? 0) }]));
}

/**
 * Per day of [from, to), course completions (idx_course_learner_finish) and practice answers
 * (idx_practice_answer_time), each counted from its time index alone. Days with neither are absent.
 */
export async function activityByDay(db: Db, from: number, to: number): Promise<Map<number, ActivityDay>> {
  const [completions, answers] = await Promise.all([
    db
      .selectFrom('course_learner')
      .select((eb) => [dayExpr('finish_time').as('day'), eb.fn.countAll<number>().as('n')])
      .where('finish_time', '>=', from)
      .where('finish_time', '<', to)
      .groupBy(dayExpr('finish_time'))
      .execute(),
    db
      .selectFrom('practice_answer')
      .select((eb) => [dayExpr('create_time').as('day'), eb.fn.countAll<number>().as('n')])
      .where('create_time', '>=', from)
      .where('create_time', '<', to)
      .groupBy(dayExpr('create_time'))
      .execute(),
  ]);
  const out = new Map<number, ActivityDay>();
  const at = (day: unknown) => {
    const d = Number(day);
    let f = out.get(d);
    if (!f) out.set(d, (f = { completions: 0, practice_answers: 0 }));
    return f;
  };
  for (const r of completions) at(r.day).completions = Number(r.n);
  for (const r of answers) at(r.day).practice_answers = Number(r.n);
  return out;
}

/** Kept days of [first, last]. */
export function keptDays(db: Db, first: number, last: number): Promise<DashDayTable[]> {
  return db.selectFrom('dash_day').selectAll().where('day', '>=', first).where('day', '<=', last).execute();
}

/** Keeps (or replaces) computed days. */
export async function keepDays(db: Db, rows: readonly DashDayTable[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('dash_day')
    .values([...rows])
    .onConflict((oc) =>
      oc.column('day').doUpdateSet((eb) => ({
        papers: eb.ref('excluded.papers'),
        scored: eb.ref('excluded.scored'),
        rate_sum: eb.ref('excluded.rate_sum'),
        pending: eb.ref('excluded.pending'),
        completions: eb.ref('excluded.completions'),
        practice_answers: eb.ref('excluded.practice_answers'),
        computed_at: eb.ref('excluded.computed_at'),
      })),
    )
    .execute();
}
