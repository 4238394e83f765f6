import { sql } from 'kysely';
import type { Page } from '../../../common/errorCodes';
import type { Db } from '../../db/database';
import { groupCommit } from '../../db/groupCommit';
import { insertRows, prepared, type Slots } from '../../db/prepared';
import type { WrongBookRow } from '../../db/schema';
import { contains, paginate, type PageArgs } from '../../lib/paging';

/** The wrong book's rows: the only place that builds queries on them. */

export function findWrong(db: Db, userId: string, examId: string, quId: string): Promise<WrongBookRow | undefined> {
  return db.selectFrom('wrong_book').selectAll().where('user_id', '=', userId).where('exam_id', '=', examId).where('qu_id', '=', quId).executeTakeFirst();
}

const wrongIds = prepared((db, v: Slots<{ userId: string; examId: string }>) =>
  db.selectFrom('wrong_book').select(['id', 'qu_id']).where('user_id', '=', v.userId).where('exam_id', '=', v.examId),
);

/** The wrong-book entries of a learner for one exam: which questions are there already. */
export function wrongIdsOfExam(db: Db, userId: string, examId: string): Promise<Array<{ id: string; qu_id: string }>> {
  return wrongIds.rows(db, { userId, examId });
}

export async function insertWrongRows(db: Db, rows: readonly WrongBookRow[]): Promise<void> {
  await insertRows(db, 'wrong_book', rows);
}

const bump = prepared((db, v: Slots<{ id: string; question: string; now: number }>) =>
  db.updateTable('wrong_book').set({ wrong_count: sql`wrong_count + 1`, question: v.question, update_time: v.now }).where('id', '=', v.id),
);

export async function bumpWrong(db: Db, id: string, question: string, now: number): Promise<void> {
  await bump.run(db, { id, question, now });
}

/** A partial score on a question already in the book: its newest copy and time, unless it was ever wrong (then its record stays as it is). */
export async function touchPartial(db: Db, id: string, question: string, now: number): Promise<void> {
  await db.updateTable('wrong_book').set({ question, update_time: now }).where('id', '=', id).where('wrong_count', '=', 0).execute();
}

/** One paper's missed questions as the wrong book takes them (fileWrong). */
export interface WrongFiling<T extends { quId: string; json: string; partial: boolean }> {
  userId: string;
  examId: string;
  items: readonly T[];
  now: number;
  /** The new row of an item not in the book yet. */
  rowOf(item: T): WrongBookRow;
}

async function writeFiling<T extends { quId: string; json: string; partial: boolean }>(db: Db, f: WrongFiling<T>): Promise<void> {
  const known = new Map((await wrongIdsOfExam(db, f.userId, f.examId)).map((r) => [r.qu_id, r.id]));
  const fresh: WrongBookRow[] = [];
  for (const w of f.items) {
    const id = known.get(w.quId);
    if (!id) fresh.push(f.rowOf(w));
    else if (w.partial) await touchPartial(db, id, w.json, f.now);
    else await bumpWrong(db, id, w.json, f.now);
  }
  await insertRows(db, 'wrong_book', fresh);
}

/**
 * Files one paper's missed questions: new ones added, known ones counted again (or touched, for a
 * partial score). Papers handed in together are filed together, in one transaction (see
 * groupCommit): a cohort's hand-in storm commits its wrong books once per round, not once per paper
 * and known question.
 */
export const fileWrong: <T extends { quId: string; json: string; partial: boolean }>(db: Db, f: WrongFiling<T>) => Promise<void> = groupCommit(
  writeFiling as (db: Db, f: WrongFiling<{ quId: string; json: string; partial: boolean }>) => Promise<void>,
  (f) => `${f.userId}:${f.examId}`,
) as never;

export function pageWrong(
  db: Db,
  userId: string,
  f: { examId?: string; title?: string; heldExamIds?: readonly string[]; quIds?: readonly string[] },
  page: PageArgs,
): Promise<Page<WrongBookRow>> {
  let q = db.selectFrom('wrong_book').where('user_id', '=', userId);
  if (f.heldExamIds?.length) q = q.where('exam_id', 'not in', f.heldExamIds);
  if (f.examId) q = q.where('exam_id', '=', f.examId);
  if (f.quIds) q = f.quIds.length ? q.where('qu_id', 'in', f.quIds) : q.where(sql<boolean>`1 = 0`);
  if (f.title) q = q.where(contains('title', f.title));
  return paginate(q, page, (x) => x.selectAll().orderBy('update_time', 'desc').orderBy('id', 'desc'), (r) => r as WrongBookRow);
}

export function wrongOfExam(db: Db, userId: string, examId: string): Promise<WrongBookRow[]> {
  return db.selectFrom('wrong_book').selectAll().where('user_id', '=', userId).where('exam_id', '=', examId).orderBy('create_time').orderBy('id').execute();
}

export async function deleteWrong(db: Db, userId: string, ids: readonly string[]): Promise<number> {
  const res = await db.deleteFrom('wrong_book').where('user_id', '=', userId).where('id', 'in', ids).executeTakeFirst();
  return Number(res.numDeletedRows);
}

/** The questions in my wrong book (outside the held exams): those answered wrong, or (`partialToo`) every one listed. */
export async function wrongQuIds(db: Db, userId: string, heldExamIds: readonly string[] = [], partialToo = false): Promise<string[]> {
  let q = db.selectFrom('wrong_book').select('qu_id').distinct().where('user_id', '=', userId);
  if (!partialToo) q = q.where('wrong_count', '>', 0);
  if (heldExamIds.length) q = q.where('exam_id', 'not in', heldExamIds);
  return (await q.execute()).map((r) => r.qu_id);
}
