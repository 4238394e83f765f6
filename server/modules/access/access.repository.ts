import type { Db } from '../../db/database';
import { prepared, type Slots } from '../../db/prepared';

/**
 * What access decisions read across modules (papers, exams and their audiences, practice, the wrong
 * book), as immich's access repository: small indexed reads, one question each.
 */

const openPaper = prepared((db, v: Slots<{ userId: string }>) =>
  // uq_paper_open_user: at most one paper in exam per learner.
  db.selectFrom('paper').select(['id', 'exam_id', 'title']).where('user_id', '=', v.userId).where('state', '=', 0).limit(1),
);

/** The learner's paper still in exam (handed in or not yet past its deadline). */
export function openPaperOf(db: Db, userId: string): Promise<{ id: string; exam_id: string; title: string } | undefined> {
  return openPaper.first(db, { userId });
}

/** Bank question ids on a paper (parts included): its draft's, or its rows' once the draft is gone. They never change. */
export async function paperQuIds(db: Db, paperId: string): Promise<string[]> {
  const draft = await db.selectFrom('paper_draft').select('card').where('paper_id', '=', paperId).executeTakeFirst();
  // The draft's card: one [quId, parentId, group, sort, type, score] entry per question (paper.repository).
  if (draft) return (JSON.parse(draft.card) as Array<[string, ...unknown[]]>).map((e) => e[0]);
  return (await db.selectFrom('paper_qu').select('qu_id').where('paper_id', '=', paperId).execute()).map((r) => r.qu_id);
}

export interface ClosingExam {
  id: string;
  title: string;
  open_type: number;
  start_time: number | null;
  end_time: number | null;
  chance: number;
}

/** Enabled exams drawing from a bank (idx_exam_repo_repo) that keep practice closed while open. */
export function examsClosingBank(db: Db, repoId: string): Promise<ClosingExam[]> {
  return db
    .selectFrom('exam_repo as r')
    .innerJoin('exam as e', 'e.id', 'r.exam_id')
    .select(['e.id', 'e.title', 'e.open_type', 'e.start_time', 'e.end_time', 'e.chance'])
    .where('r.repo_id', '=', repoId)
    .where('e.state', '=', 0)
    .where('e.publish_time', 'is not', null)
    .where('e.practice_during', '=', 0)
    .orderBy('e.create_time')
    .execute();
}

/** Whether an exam's audience lists (departments / people) hold the user. */
export async function examAudienceLists(db: Db, examId: string, userId: string, deptIds: readonly string[]): Promise<{ byDept: boolean; byUser: boolean }> {
  const [d, u] = await Promise.all([
    deptIds.length ? db.selectFrom('exam_depart').select('exam_id').where('exam_id', '=', examId).where('dept_id', 'in', deptIds).executeTakeFirst() : undefined,
    db.selectFrom('exam_user').select('exam_id').where('exam_id', '=', examId).where('user_id', '=', userId).executeTakeFirst(),
  ]);
  return { byDept: d !== undefined, byUser: u !== undefined };
}

/** A learner's attempts at an exam (idx_paper_user_exam). */
export async function attemptsAt(db: Db, userId: string, examId: string): Promise<number> {
  const r = await db.selectFrom('paper').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', userId).where('exam_id', '=', examId).executeTakeFirst();
  return Number(r?.n ?? 0);
}

export async function hasPractised(db: Db, userId: string, quId: string): Promise<boolean> {
  if ((await db.selectFrom('practice_stat').select('qu_id').where('user_id', '=', userId).where('qu_id', '=', quId).executeTakeFirst()) !== undefined) return true;
  // Answered in a training and awaiting the learner's own verdict: the reference answer was shown.
  const answered = await db
    .selectFrom('practice_answer as a')
    .innerJoin('practice_train as t', 't.id', 'a.train_id')
    .select('a.qu_id')
    .where('t.user_id', '=', userId)
    .where('a.qu_id', '=', quId)
    .executeTakeFirst();
  return answered !== undefined;
}

/** An exam's release rule as the wrong book applies it (null fields: the exam is gone). */
export interface ExamRelease {
  exam_id: string;
  title: string | null;
  result_show: number | null;
  review_after_end: number | null;
  end_time: number | null;
}

/** The exams of a learner's wrong book (of one question, or all), with their release rules. */
export function wrongBookExams(db: Db, userId: string, quId?: string): Promise<ExamRelease[]> {
  let q = db
    .selectFrom('wrong_book as w')
    .leftJoin('exam as e', 'e.id', 'w.exam_id')
    .select(['w.exam_id', 'e.title', 'e.result_show', 'e.review_after_end', 'e.end_time'])
    .distinct()
    .where('w.user_id', '=', userId);
  if (quId !== undefined) q = q.where('w.qu_id', '=', quId);
  return q.execute();
}

/** The exam's release rule (undefined: no such exam). */
export function examRelease(db: Db, examId: string): Promise<ExamRelease | undefined> {
  return db
    .selectFrom('exam as e')
    .select(['e.id as exam_id', 'e.title', 'e.result_show', 'e.review_after_end', 'e.end_time'])
    .where('e.id', '=', examId)
    .executeTakeFirst();
}

/** The release rules of the exams a learner has scored attempts of (the statistics read model). */
export function attemptedExamReleases(db: Db, userId: string): Promise<ExamRelease[]> {
  return db
    .selectFrom('stats_attempt as a')
    .innerJoin('exam as e', 'e.id', 'a.exam_id')
    .select(['a.exam_id', 'e.title', 'e.result_show', 'e.review_after_end', 'e.end_time'])
    .distinct()
    .where('a.user_id', '=', userId)
    .execute();
}

/** The settings of the learner's finished papers (state 2) that hold the question. */
export function finishedPapersWith(db: Db, userId: string, quId: string): Promise<Array<{ settings: string }>> {
  return db
    .selectFrom('paper as p')
    .innerJoin('paper_qu as q', 'q.paper_id', 'p.id')
    .select(['p.settings'])
    .where('p.user_id', '=', userId)
    .where('p.state', '=', 2)
    .where('q.qu_id', '=', quId)
    .execute();
}

/** What an exam says about its ranking (undefined: no such exam). */
export interface ExamRankingRule {
  id: string;
  result_show: number;
  rank_open: number;
  rank_names: number;
}

export function examRankingRule(db: Db, examId: string): Promise<ExamRankingRule | undefined> {
  return db.selectFrom('exam').select(['id', 'result_show', 'rank_open', 'rank_names']).where('id', '=', examId).executeTakeFirst();
}

/** Whether the learner's record of the exam holds a scored paper (uq_exam_record). */
export async function hasScoredRecord(db: Db, userId: string, examId: string): Promise<boolean> {
  const r = await db.selectFrom('exam_record').select('best_time').where('user_id', '=', userId).where('exam_id', '=', examId).executeTakeFirst();
  return r !== undefined && r.best_time !== null;
}

/** A user's department and state, for audience decisions (undefined: no such user). */
export function userStanding(db: Db, userId: string): Promise<{ dept_id: string | null; state: number } | undefined> {
  return db.selectFrom('sys_user').select(['dept_id', 'state']).where('id', '=', userId).executeTakeFirst();
}
