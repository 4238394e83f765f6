import { sql } from 'kysely';
import type { Page } from '../../../common/errorCodes';
import type { Db } from '../../db/database';
import { groupCommit } from '../../db/groupCommit';
import { isPostgres, rowsStatement } from '../../db/prepared';
import type { WrongBookRow } from '../../db/schema';
import { contains, paginate, type PageArgs } from '../../lib/paging';
import { withCopies } from '../paper/paper.copies';

/** The wrong book's rows: the only place that builds queries on them. */

export async function findWrong(db: Db, userId: string, examId: string, quId: string): Promise<WrongBookRow | undefined> {
  const r = await db.selectFrom('wrong_book').selectAll().where('user_id', '=', userId).where('exam_id', '=', examId).where('qu_id', '=', quId).executeTakeFirst();
  return r && (await withCopies(db, [r]))[0];
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

/**
 * Files missed questions in one statement, whatever is in the book already: a new question is
 * added (wrong_count 1, or 0 for a partial score); one there is counted again and takes its newest
 * copy, or, for a partial score, takes it only while never counted wrong (a question once wrong
 * keeps its record). The title of a question there stays as it was filed first.
 */
const upsertFiled = rowsStatement(
  [
    ['id', 'varchar(32)'], ['user_id', 'varchar(32)'], ['exam_id', 'varchar(32)'], ['qu_id', 'varchar(32)'], ['qu_type', 'integer'], ['title', 'text'],
    ['question', 'text'], ['wrong_count', 'integer'], ['create_time', 'bigint'], ['update_time', 'bigint'],
  ],
  (source) =>
    'insert into wrong_book (id, user_id, exam_id, qu_id, qu_type, title, question, wrong_count, create_time, update_time) ' +
    `select v.id, v.user_id, v.exam_id, v.qu_id, v.qu_type, v.title, v.question, v.wrong_count, v.create_time, v.update_time from ${source} where true ` +
    'on conflict (user_id, exam_id, qu_id) do update set wrong_count = wrong_book.wrong_count + excluded.wrong_count, question = excluded.question, ' +
    'update_time = excluded.update_time where excluded.wrong_count > 0 or wrong_book.wrong_count = 0',
);

const filedRows = (f: WrongFiling<{ quId: string; json: string; partial: boolean }>) =>
  f.items.map((w) => {
    const r = f.rowOf(w);
    return [r.id, r.user_id, r.exam_id, r.qu_id, r.qu_type, r.title, r.question, r.wrong_count, r.create_time, r.update_time];
  });

type Filing = WrongFiling<{ quId: string; json: string; partial: boolean }>;
const filingKey = (f: Filing) => `${f.userId}:${f.examId}`;

/**
 * Papers' filings in one statement; where a learner's exam comes twice (a statement changes a row
 * once), one statement per filing, together in one transaction: a batch that fails has written
 * nothing, and groupCommit files it again one by one.
 */
async function writeFilings(db: Db, filings: readonly Filing[]): Promise<void[]> {
  if (new Set(filings.map(filingKey)).size === filings.length) await upsertFiled(db, filings.flatMap(filedRows));
  else {
    const each = async (tx: Db) => {
      for (const f of filings) await upsertFiled(tx, filedRows(f));
    };
    await (db.isTransaction ? each(db) : db.transaction().execute(each));
  }
  return filings.map(() => undefined);
}

/**
 * Files papers' missed questions: new ones added, known ones counted again (or touched, for a
 * partial score). Papers handed in together are filed together in one statement (see groupCommit;
 * on PostgreSQL with no transaction around it: the statement is whole by itself, so a batch that
 * fails wrote nothing, and its filings run again one by one).
 */
export const fileWrong: <T extends { quId: string; json: string; partial: boolean }>(db: Db, f: WrongFiling<T>) => Promise<void> = groupCommit(
  async (db: Db, f: Filing) => {
    await upsertFiled(db, filedRows(f));
  },
  filingKey,
  { write: writeFilings, standalone: isPostgres },
) as never;

export async function pageWrong(
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
  const found = await paginate(q, page, (x) => x.selectAll().orderBy('update_time', 'desc').orderBy('id', 'desc'), (r) => r as WrongBookRow);
  return { ...found, records: await withCopies(db, found.records) };
}

export async function wrongOfExam(db: Db, userId: string, examId: string): Promise<WrongBookRow[]> {
  return withCopies(db, await db.selectFrom('wrong_book').selectAll().where('user_id', '=', userId).where('exam_id', '=', examId).orderBy('create_time').orderBy('id').execute());
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
