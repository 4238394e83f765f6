import { sql } from 'kysely';
import type { Page } from '../../../common/errorCodes';
import type { Db } from '../../db/database';
import type { PracticeTrainRow } from '../../db/schema';
import { contains, paginate, type PageArgs } from '../../lib/paging';

/** Trainings, practice answers, per-question figures and favourites: the only place that builds queries on them. */

export function findTrain(db: Db, id: string): Promise<PracticeTrainRow | undefined> {
  return db.selectFrom('practice_train').selectAll().where('id', '=', id).executeTakeFirst();
}

export function openTrain(db: Db, userId: string, repoId: string, mode: number): Promise<PracticeTrainRow | undefined> {
  return db
    .selectFrom('practice_train')
    .selectAll()
    .where('user_id', '=', userId)
    .where('repo_id', '=', repoId)
    .where('mode', '=', mode)
    .where('finished', '=', 0)
    .orderBy('update_time', 'desc')
    .executeTakeFirst();
}

export async function insertTrain(db: Db, row: PracticeTrainRow): Promise<void> {
  await db.insertInto('practice_train').values(row).execute();
}

export async function finishTrains(db: Db, userId: string, repoId: string, mode: number, now: number): Promise<void> {
  await db.updateTable('practice_train').set({ finished: 1, update_time: now }).where('user_id', '=', userId).where('repo_id', '=', repoId).where('mode', '=', mode).where('finished', '=', 0).execute();
}

export function recentTrains(db: Db, userId: string, repoId: string, limit: number): Promise<PracticeTrainRow[]> {
  return db.selectFrom('practice_train').selectAll().where('user_id', '=', userId).where('repo_id', '=', repoId).orderBy('update_time', 'desc').limit(limit).execute();
}

export async function setPosition(db: Db, id: string, position: number, now: number): Promise<void> {
  await db.updateTable('practice_train').set({ position, update_time: now }).where('id', '=', id).execute();
}

/** practice_answer.assess: who gave the verdict. */
export const Assess = { JUDGED: 0, PENDING: 1, SELF: 2 } as const;

export function answersOf(db: Db, trainId: string) {
  return db.selectFrom('practice_answer').select(['qu_id', 'answer', 'is_right', 'assess']).where('train_id', '=', trainId).execute();
}

export function answerOf(db: Db, trainId: string, quId: string) {
  return db.selectFrom('practice_answer').select(['answer', 'is_right', 'assess']).where('train_id', '=', trainId).where('qu_id', '=', quId).executeTakeFirst();
}

/** One verdict in the learner's running figures of a question (the bank's accuracy, wrong-only practice). */
async function addVerdict(db: Db, a: { userId: string; quId: string; repoId: string; quType: number; isRight: boolean; self: boolean; now: number }): Promise<void> {
  const right = a.isRight ? 1 : 0;
  const self = a.self ? 1 : 0;
  await db
    .insertInto('practice_stat')
    .values({
      user_id: a.userId, qu_id: a.quId, repo_id: a.repoId, qu_type: a.quType, answered: 1, right_count: right, wrong_count: 1 - right, streak: right, last_right: right,
      self_count: self, self_right: self * right, last_self: self, last_time: a.now,
    })
    .onConflict((oc) =>
      oc.columns(['user_id', 'qu_id']).doUpdateSet({
        answered: sql`practice_stat.answered + 1`,
        right_count: sql`practice_stat.right_count + ${right}`,
        wrong_count: sql`practice_stat.wrong_count + ${1 - right}`,
        streak: a.isRight ? sql`practice_stat.streak + 1` : sql`0`,
        last_right: right,
        self_count: sql`practice_stat.self_count + ${self}`,
        self_right: sql`practice_stat.self_right + ${self * right}`,
        last_self: self,
        last_time: a.now,
      }),
    )
    .execute();
}

/**
 * Records the first answer to a question of a training, in the training and (with a verdict) in the
 * learner's running figures; an answer awaiting the learner's own verdict counts as answered, not
 * right, and reaches the running figures with that verdict (assessAnswer). Answered before (a
 * repeat, or two at once): nothing changes, and false.
 */
export async function recordAnswer(
  db: Db,
  a: { trainId: string; userId: string; quId: string; repoId: string; quType: number; answer: string; isRight: boolean; pending: boolean; position: number; finished: boolean; now: number },
): Promise<boolean> {
  const right = a.isRight && !a.pending ? 1 : 0;
  const inserted = await db
    .insertInto('practice_answer')
    .values({ train_id: a.trainId, qu_id: a.quId, answer: a.answer, is_right: right, assess: a.pending ? Assess.PENDING : Assess.JUDGED, create_time: a.now })
    .onConflict((oc) => oc.columns(['train_id', 'qu_id']).doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return false;
  await db
    .updateTable('practice_train')
    .set({
      answered: sql`answered + 1`,
      right_count: sql`right_count + ${right}`,
      pending_count: sql`pending_count + ${a.pending ? 1 : 0}`,
      position: a.position,
      finished: a.finished ? 1 : 0,
      update_time: a.now,
    })
    .where('id', '=', a.trainId)
    .execute();
  if (!a.pending) await addVerdict(db, { ...a, isRight: a.isRight, self: false });
  return true;
}

/**
 * The learner's own verdict on an answer of a training awaiting it: in the answer, the training
 * and the running figures, once. Not awaiting it (assessed already, also at the same moment): nothing changes, and false.
 */
export async function assessAnswer(db: Db, a: { trainId: string; userId: string; quId: string; repoId: string; quType: number; isRight: boolean; now: number }): Promise<boolean> {
  const right = a.isRight ? 1 : 0;
  const updated = await db
    .updateTable('practice_answer')
    .set({ is_right: right, assess: Assess.SELF })
    .where('train_id', '=', a.trainId)
    .where('qu_id', '=', a.quId)
    .where('assess', '=', Assess.PENDING)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) return false;
  await db
    .updateTable('practice_train')
    .set({
      right_count: sql`right_count + ${right}`,
      pending_count: sql`pending_count - 1`,
      self_count: sql`self_count + 1`,
      self_right: sql`self_right + ${right}`,
      update_time: a.now,
    })
    .where('id', '=', a.trainId)
    .execute();
  await addVerdict(db, { ...a, self: true });
  return true;
}

export function statsOf(db: Db, userId: string, repoId: string) {
  return db
    .selectFrom('practice_stat')
    .select(['qu_id', 'qu_type', 'answered', 'right_count', 'wrong_count', 'streak', 'last_right', 'last_self', 'last_time'])
    .where('user_id', '=', userId)
    .where('repo_id', '=', repoId)
    .execute();
}

export interface RepoFigures {
  answered: number;
  right: number;
  selfAssessed: number;
  selfRight: number;
  lastTime: number;
}

/** Per bank: the questions I answered, right the last time, and those whose last verdict was my own (and right). */
export async function statsByRepo(db: Db, userId: string, repoIds: readonly string[]): Promise<Map<string, RepoFigures>> {
  const out = new Map<string, RepoFigures>();
  if (repoIds.length === 0) return out;
  const rows = await db
    .selectFrom('practice_stat')
    .select([
      'repo_id',
      (eb) => eb.fn.countAll<number>().as('n'),
      (eb) => eb.fn.sum<number>('last_right').as('r'),
      (eb) => eb.fn.sum<number>('last_self').as('s'),
      (eb) => eb.fn.sum<number>(sql`last_self * last_right`).as('sr'),
      (eb) => eb.fn.max('last_time').as('t'),
    ])
    .where('user_id', '=', userId)
    .where('repo_id', 'in', repoIds)
    .groupBy('repo_id')
    .execute();
  for (const r of rows) out.set(r.repo_id, { answered: Number(r.n), right: Number(r.r ?? 0), selfAssessed: Number(r.s ?? 0), selfRight: Number(r.sr ?? 0), lastTime: Number(r.t) });
  return out;
}

// ---------- favourites ----------

export async function setFavorite(db: Db, userId: string, quId: string, repoId: string, on: boolean, now: number): Promise<void> {
  if (on) await db.insertInto('practice_favorite').values({ user_id: userId, qu_id: quId, repo_id: repoId, create_time: now }).onConflict((oc) => oc.columns(['user_id', 'qu_id']).doNothing()).execute();
  else await db.deleteFrom('practice_favorite').where('user_id', '=', userId).where('qu_id', '=', quId).execute();
}

export async function favoriteIds(db: Db, userId: string, quIds?: readonly string[]): Promise<Set<string>> {
  let q = db.selectFrom('practice_favorite').select('qu_id').where('user_id', '=', userId);
  if (quIds) q = q.where('qu_id', 'in', quIds.length ? quIds : ['']);
  return new Set((await q.orderBy('create_time').execute()).map((r) => r.qu_id));
}

export function pageFavorites(db: Db, userId: string, title: string | undefined, page: PageArgs) {
  let q = db.selectFrom('practice_favorite as f').innerJoin('qu', 'qu.id', 'f.qu_id').innerJoin('qu_repo as r', 'r.id', 'f.repo_id').where('f.user_id', '=', userId);
  if (title) q = q.where(contains('qu.content', title));
  return paginate(q, page, (x) => x.select(['f.qu_id', 'f.repo_id', 'r.title as repo_title', 'qu.qu_type', 'qu.content', 'f.create_time']).orderBy('f.create_time', 'desc'), (r) => r);
}

// ---------- administrators ----------

export function pagePracticeUsers(db: Db, f: { repoId: string; deptIds?: string[]; realName?: string }, page: PageArgs) {
  let q = db
    .selectFrom('practice_stat as s')
    .innerJoin('sys_user as u', 'u.id', 's.user_id')
    .leftJoin('sys_depart as d', 'd.id', 'u.dept_id')
    .where('s.repo_id', '=', f.repoId)
    .groupBy(['s.user_id', 'u.user_name', 'u.real_name', 'd.dept_name']);
  if (f.deptIds) q = q.where('u.dept_id', 'in', f.deptIds.length ? f.deptIds : ['']);
  if (f.realName) q = q.where(contains('u.real_name', f.realName));
  const select = (x: typeof q) =>
    x
      .select([
        's.user_id',
        'u.user_name',
        'u.real_name',
        'd.dept_name',
        (eb) => eb.fn.sum<number>('s.answered').as('answered'),
        (eb) => eb.fn.sum<number>('s.right_count').as('right'),
        (eb) => eb.fn.sum<number>('s.self_count').as('self_count'),
        (eb) => eb.fn.sum<number>('s.self_right').as('self_right'),
        (eb) => eb.fn.max('s.last_time').as('last_time'),
      ])
      .orderBy('last_time', 'desc');
  return (async () => {
    const total = Number((await db.selectFrom(q.select('s.user_id').as('g')).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst())?.n ?? 0);
    const rows = await select(q).limit(page.size).offset((page.current - 1) * page.size).execute();
    return { records: rows, total, current: page.current, size: page.size, pages: Math.ceil(total / page.size) };
  })();
}

export async function trainingCounts(db: Db, repoId: string, userIds: readonly string[]): Promise<Map<string, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await db.selectFrom('practice_train').select(['user_id', (eb) => eb.fn.countAll<number>().as('n')]).where('repo_id', '=', repoId).where('user_id', 'in', userIds).groupBy('user_id').execute();
  return new Map(rows.map((r) => [r.user_id, Number(r.n)]));
}

export function pageMissed(db: Db, repoId: string, page: PageArgs): Promise<Page<{ qu_id: string; qu_type: number; content: string; answered: number; wrong: number }>> {
  const q = db
    .selectFrom('practice_stat as s')
    .innerJoin('qu', 'qu.id', 's.qu_id')
    .where('s.repo_id', '=', repoId)
    .where('s.wrong_count', '>', 0)
    .groupBy(['s.qu_id', 'qu.qu_type', 'qu.content']);
  return (async () => {
    const total = Number((await db.selectFrom(q.select('s.qu_id').as('g')).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst())?.n ?? 0);
    const rows = await q
      .select(['s.qu_id', 'qu.qu_type', 'qu.content', (eb) => eb.fn.sum<number>('s.answered').as('answered'), (eb) => eb.fn.sum<number>('s.wrong_count').as('wrong')])
      .orderBy('wrong', 'desc')
      .limit(page.size)
      .offset((page.current - 1) * page.size)
      .execute();
    return { records: rows.map((r) => ({ ...r, answered: Number(r.answered), wrong: Number(r.wrong) })), total, current: page.current, size: page.size, pages: Math.ceil(total / page.size) };
  })();
}
