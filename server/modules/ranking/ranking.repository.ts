import type { Db } from '../../db/database';

/**
 * An exam's ranking, read from each learner's record (exam_record: best score and the seconds that
 * paper took) through idx_exam_record_rank (exam_id, max_score desc, best_time, user_id): a page
 * is an index range in order, a rank a count of the entries before it. Records without a scored
 * paper (best_time null) are not ranked.
 */

export interface RankedRow {
  user_id: string;
  max_score: number;
  best_time: number;
  real_name: string;
  dept_name: string | null;
}

/**
 * A page of the ranking: the records in order from the index alone (a deep page skips index
 * entries, not joined rows), then the names of the page's learners.
 */
export async function rankedPage(db: Db, examId: string, offset: number, limit: number): Promise<RankedRow[]> {
  const page = await db
    .selectFrom('exam_record')
    .select(['user_id', 'max_score', 'best_time'])
    .where('exam_id', '=', examId)
    .where('best_time', 'is not', null)
    .orderBy('max_score', 'desc')
    .orderBy('best_time')
    .orderBy('user_id')
    .limit(limit)
    .offset(offset)
    .execute();
  if (page.length === 0) return [];
  const names = new Map(
    (
      await db
        .selectFrom('sys_user as u')
        .leftJoin('sys_depart as d', 'd.id', 'u.dept_id')
        .select(['u.id', 'u.real_name', 'd.dept_name'])
        .where(
          'u.id',
          'in',
          page.map((r) => r.user_id),
        )
        .execute()
    ).map((u) => [u.id, u]),
  );
  return page.map((r) => ({ user_id: r.user_id, max_score: r.max_score, best_time: Number(r.best_time), real_name: names.get(r.user_id)?.real_name ?? '', dept_name: names.get(r.user_id)?.dept_name ?? null }));
}

/** How many learners the exam ranks. */
export async function countRanked(db: Db, examId: string): Promise<number> {
  const r = await db
    .selectFrom('exam_record')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('exam_id', '=', examId)
    .where('best_time', 'is not', null)
    .executeTakeFirst();
  return Number(r?.n ?? 0);
}

/** How many ranked learners did strictly better: a higher score, or the same score in less time. */
export async function countBetter(db: Db, examId: string, score: number, seconds: number): Promise<number> {
  const r = await db
    .selectFrom('exam_record')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('exam_id', '=', examId)
    .where('best_time', 'is not', null)
    .where((eb) => eb.or([eb('max_score', '>', score), eb.and([eb('max_score', '=', score), eb('best_time', '<', seconds)])]))
    .executeTakeFirst();
  return Number(r?.n ?? 0);
}

/** The learner's ranked entry of the exam (uq_exam_record), if any. */
export function rankedRowOf(db: Db, examId: string, userId: string): Promise<RankedRow | undefined> {
  return db
    .selectFrom('exam_record as r')
    .innerJoin('sys_user as u', 'u.id', 'r.user_id')
    .leftJoin('sys_depart as d', 'd.id', 'u.dept_id')
    .select(['r.user_id', 'r.max_score', 'r.best_time', 'u.real_name', 'd.dept_name'])
    .where('r.user_id', '=', userId)
    .where('r.exam_id', '=', examId)
    .where('r.best_time', 'is not', null)
    .executeTakeFirst()
    .then((r) => (r ? { ...r, best_time: Number(r.best_time) } : undefined));
}
