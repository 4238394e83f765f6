import { sql } from 'kysely';
import { PaperState } from '../../../common/codes';
import type { Db } from '../../db/database';
import type { StatsAttemptTable } from '../../db/schema';
import { copyTexts, withCopies } from '../paper/paper.copies';

/**
 * The statistics read model (migration 20261205_0501_stats): scored papers as statistics read them
 * (stats_attempt), each exam's change counter (stats_version), and the figures computed from them
 * (stats_exam, stats_exam_question). Live answer rows are read only to fill stats_attempt, in
 * batches after hand-ins and markings, never when someone asks for figures.
 */

export interface ScoredPaperRow {
  id: string;
  exam_id: string;
  user_id: string;
  dept_id: string | null;
  state: number;
  user_score: number | null;
  total_score: number;
  qualify_score: number;
  create_time: number;
  hand_time: number | null;
}

/** The papers (with their learners' departments) among these ids. */
export function papersForStats(db: Db, paperIds: readonly string[]): Promise<ScoredPaperRow[]> {
  if (paperIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('paper as p')
    .innerJoin('sys_user as u', 'u.id', 'p.user_id')
    .select(['p.id', 'p.exam_id', 'p.user_id', 'u.dept_id', 'p.state', 'p.user_score', 'p.total_score', 'p.qualify_score', 'p.create_time', 'p.hand_time'])
    .where('p.id', 'in', paperIds)
    .execute();
}

export interface StatsQuRow {
  paper_id: string;
  qu_id: string;
  group_index: number;
  sort: number;
  qu_type: number;
  score: number;
  answer: string;
  actual_score: number | null;
  /** The copy as the row stores it: its line (or, for rows written before lines, its whole text). */
  question: string;
}

/**
 * The questions of these papers (not the parts of combined questions: their question carries the
 * mark), each with its copy as the row stores it (a line: see paper.copies; copiesOf reads the texts
 * of the distinct ones, which papers of an exam share).
 */
export function paperQuestionsForStats(db: Db, paperIds: readonly string[]): Promise<StatsQuRow[]> {
  if (paperIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('paper_qu')
    .select(['paper_id', 'qu_id', 'group_index', 'sort', 'qu_type', 'score', 'answer', 'actual_score', 'question'])
    .where('paper_id', 'in', paperIds)
    .where('parent_id', '=', '')
    .execute();
}

/** The whole texts of copies as paper rows store them (see paper.copies). */
export const copiesOf = (db: Db, lines: readonly string[]): Promise<string[]> => copyTexts(db, lines);

/**
 * An exam's scored papers the read model lacks or holds older than the paper (marked since), in
 * pages by id: what a missed batch (a restart between hand-in and recording) left out.
 */
export async function unrecordedPaperIds(db: Db, examId: string, afterId: string, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('paper as p')
    .leftJoin('stats_attempt as a', 'a.paper_id', 'p.id')
    .select('p.id')
    .where('p.exam_id', '=', examId)
    .where('p.state', '=', PaperState.FINISHED)
    .where('p.id', '>', afterId)
    .where((eb) => eb.or([eb('a.paper_id', 'is', null), eb('p.update_time', '>', eb.ref('a.update_time'))]))
    .orderBy('p.id')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/** An exam's scored papers, in pages by id (a rebuild). */
export async function scoredPaperIds(db: Db, examId: string, afterId: string, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('paper')
    .select('id')
    .where('exam_id', '=', examId)
    .where('state', '=', PaperState.FINISHED)
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

export async function countScoredPapers(db: Db, examId: string): Promise<number> {
  const r = await db
    .selectFrom('paper')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('exam_id', '=', examId)
    .where('state', '=', PaperState.FINISHED)
    .executeTakeFirst();
  return Number(r?.n ?? 0);
}

export async function upsertAttempts(db: Db, rows: readonly StatsAttemptTable[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 200) {
    await db
      .insertInto('stats_attempt')
      .values(rows.slice(i, i + 200))
      .onConflict((oc) =>
        oc.column('paper_id').doUpdateSet((eb) => ({
          dept_id: eb.ref('excluded.dept_id'),
          total: eb.ref('excluded.total'),
          max_total: eb.ref('excluded.max_total'),
          qualify_score: eb.ref('excluded.qualify_score'),
          seconds: eb.ref('excluded.seconds'),
          items: eb.ref('excluded.items'),
          update_time: eb.ref('excluded.update_time'),
        })),
      )
      .execute();
  }
}

export async function deleteAttemptsOfExam(db: Db, examId: string): Promise<void> {
  await db.deleteFrom('stats_attempt').where('exam_id', '=', examId).execute();
}

/** Counts a change of these exams' attempts: what was computed of them is now stale. */
export async function bumpVersions(db: Db, examIds: readonly string[]): Promise<void> {
  for (const examId of examIds) {
    await db
      .insertInto('stats_version')
      .values({ exam_id: examId, version: 1 })
      .onConflict((oc) => oc.column('exam_id').doUpdateSet({ version: sql<number>`stats_version.version + 1` }))
      .execute();
  }
}

export async function versionOf(db: Db, examId: string): Promise<number> {
  const row = await db.selectFrom('stats_version').select('version').where('exam_id', '=', examId).executeTakeFirst();
  return row?.version ?? 0;
}

export interface AttemptReadRow {
  paper_id: string;
  user_id: string;
  dept_id: string | null;
  total: number;
  seconds: number;
  start_time: number;
  items: string;
}

const ATTEMPT_COLUMNS = ['paper_id', 'user_id', 'dept_id', 'total', 'seconds', 'start_time', 'items'] as const;

export function attemptsOfExam(db: Db, examId: string): Promise<AttemptReadRow[]> {
  return db.selectFrom('stats_attempt').select(ATTEMPT_COLUMNS).where('exam_id', '=', examId).execute();
}

/** Attempts for mastery: of a learner, of departments, of an exam (each filter optional, at least one given). */
export function attemptsFor(db: Db, f: { userId?: string; deptIds?: readonly string[]; examIds?: readonly string[] }): Promise<AttemptReadRow[]> {
  let q = db.selectFrom('stats_attempt').select(ATTEMPT_COLUMNS);
  if (f.userId) q = q.where('user_id', '=', f.userId);
  if (f.deptIds) q = f.deptIds.length ? q.where('dept_id', 'in', f.deptIds) : q.where(sql<boolean>`1 = 0`);
  if (f.examIds) q = f.examIds.length ? q.where('exam_id', 'in', f.examIds) : q.where(sql<boolean>`1 = 0`);
  return q.execute();
}

/** A learner's best total in an exam's read model, or null. */
export async function bestTotalOf(db: Db, examId: string, userId: string): Promise<number | null> {
  const r = await db
    .selectFrom('stats_attempt')
    .select((eb) => eb.fn.max('total').as('best'))
    .where('exam_id', '=', examId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return r?.best === null || r?.best === undefined ? null : Number(r.best);
}

/** The exams a learner has scored attempts of. */
export async function examIdsOfUser(db: Db, userId: string): Promise<string[]> {
  const rows = await db.selectFrom('stats_attempt').select('exam_id').distinct().where('user_id', '=', userId).execute();
  return rows.map((r) => r.exam_id);
}

/** The questions of an exam as some of its scored papers show them (one copy each). */
export async function questionCopies(db: Db, examId: string): Promise<Array<{ qu_id: string; question: string }>> {
  const papers = await db.selectFrom('stats_attempt').select('paper_id').where('exam_id', '=', examId).orderBy('paper_id').limit(50).execute();
  if (papers.length === 0) return [];
  const rows = await db
    .selectFrom('paper_qu')
    .select(['qu_id', 'question'])
    .where(
      'paper_id',
      'in',
      papers.map((p) => p.paper_id),
    )
    .where('parent_id', '=', '')
    .execute();
  return withCopies(db, rows);
}

export interface ExamStatsRule {
  id: string;
  title: string;
  total_score: number;
  qualify_score: number;
  excellent_score: number | null;
}

export function examForStats(db: Db, examId: string): Promise<ExamStatsRule | undefined> {
  return db.selectFrom('exam').select(['id', 'title', 'total_score', 'qualify_score', 'excellent_score']).where('id', '=', examId).executeTakeFirst();
}

export function allDeparts(db: Db): Promise<Array<{ id: string; dept_name: string; parent_id: string | null }>> {
  return db.selectFrom('sys_depart').select(['id', 'dept_name', 'parent_id']).orderBy('sort').orderBy('id').execute();
}

export function findComputed(db: Db, examId: string, mode: string): Promise<{ version: number; summary: string; computed_at: number } | undefined> {
  return db.selectFrom('stats_exam').select(['version', 'summary', 'computed_at']).where('exam_id', '=', examId).where('mode', '=', mode).executeTakeFirst();
}

export function computedQuestions(db: Db, examId: string, mode: string): Promise<Array<{ figures: string }>> {
  return db.selectFrom('stats_exam_question').select('figures').where('exam_id', '=', examId).where('mode', '=', mode).orderBy('slot').execute();
}

export async function saveComputed(
  db: Db,
  row: { exam_id: string; mode: string; version: number; summary: string; computed_at: number },
  questions: ReadonlyArray<{ slot: number; qu_id: string; figures: string }>,
): Promise<void> {
  await db.deleteFrom('stats_exam').where('exam_id', '=', row.exam_id).where('mode', '=', row.mode).execute();
  await db.deleteFrom('stats_exam_question').where('exam_id', '=', row.exam_id).where('mode', '=', row.mode).execute();
  await db.insertInto('stats_exam').values(row).execute();
  for (let i = 0; i < questions.length; i += 200) {
    await db
      .insertInto('stats_exam_question')
      .values(questions.slice(i, i + 200).map((q) => ({ exam_id: row.exam_id, mode: row.mode, ...q })))
      .execute();
  }
}

// ---------- the learners' answers to one question ----------

export interface AnswerRow {
  paper_id: string;
  user_id: string;
  user_name: string;
  real_name: string;
  dept_name: string | null;
  question: string;
  answer: string;
  is_right: number;
  actual_score: number | null;
  hand_time: number | null;
  start_time: number;
  seconds: number;
}

/**
 * Which of an exam's recorded attempts a mode counts, as the figures pick them (stats.math's
 * pickAttempts): each learner's earliest ('first'), highest total then earliest hand-in ('best'),
 * or every one ('all'). Totals are compared to the sixth decimal, as sums of decimal marks drift.
 */
function chosenAttempts(db: Db, examId: string, mode: 'first' | 'best' | 'all') {
  const order = mode === 'best' ? sql`round(cast(total as numeric), 6) desc, start_time + seconds * 1000, start_time, paper_id` : sql`start_time, paper_id`;
  return db
    .with('chosen', (w) =>
      w
        .selectFrom('stats_attempt')
        .select(['paper_id', 'user_id', 'dept_id', 'start_time', 'seconds', sql<number>`row_number() over (partition by user_id order by ${order})`.as('n')])
        .where('exam_id', '=', examId),
    )
    .selectFrom('chosen as c')
    .$if(mode !== 'all', (q) => q.where('c.n', '=', 1));
}

/**
 * A page of the answers to a question (by its bank id) on the attempts a mode counts: handed-in,
 * scored papers only (the read model holds no other), latest hand-in first; and how many there are.
 */
export async function answersPage(
  db: Db,
  f: { examId: string; quId: string; mode: 'first' | 'best' | 'all'; limit: number; offset: number },
): Promise<{ rows: AnswerRow[]; total: number }> {
  const held = () =>
    chosenAttempts(db, f.examId, f.mode)
      .innerJoin('paper_qu as q', (j) => j.onRef('q.paper_id', '=', 'c.paper_id').on('q.qu_id', '=', f.quId).on('q.parent_id', '=', ''))
      .innerJoin('paper as p', 'p.id', 'c.paper_id')
      .where('p.state', '=', PaperState.FINISHED);
  const [rows, count] = await Promise.all([
    held()
      .innerJoin('sys_user as u', 'u.id', 'c.user_id')
      .leftJoin('sys_depart as d', 'd.id', 'c.dept_id')
      .select([
        'c.paper_id',
        'c.user_id',
        'u.user_name',
        'u.real_name',
        'd.dept_name',
        'q.question',
        'q.answer',
        'q.is_right',
        'q.actual_score',
        'p.hand_time',
        'c.start_time',
        'c.seconds',
      ])
      .orderBy('p.hand_time', 'desc')
      .orderBy('c.paper_id')
      .limit(f.limit)
      .offset(f.offset)
      .execute(),
    held()
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst(),
  ]);
  return { rows: await withCopies(db, rows), total: Number(count?.n ?? 0) };
}

/** The stored answers of a combined question's parts on these papers. */
export function partAnswers(db: Db, paperIds: readonly string[], quId: string): Promise<Array<{ paper_id: string; qu_id: string; answer: string }>> {
  if (paperIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('paper_qu').select(['paper_id', 'qu_id', 'answer']).where('paper_id', 'in', paperIds).where('parent_id', '=', quId).execute();
}

/** A question's kept figures for a mode (its options in the order the distribution lists them), if computed. */
export async function computedQuestion(db: Db, examId: string, mode: string, quId: string): Promise<string | null> {
  const row = await db.selectFrom('stats_exam_question').select('figures').where('exam_id', '=', examId).where('mode', '=', mode).where('qu_id', '=', quId).executeTakeFirst();
  return row?.figures ?? null;
}
