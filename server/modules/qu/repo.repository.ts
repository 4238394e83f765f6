import type { Page } from '../../../common/errorCodes';
import type { Db } from '../../db/database';
import type { QuRepoRow } from '../../db/schema';
import { contains, paginate, type PageArgs } from '../../lib/paging';

/** Question banks and their practice audience: the only place that builds queries on qu_repo*. */

export type RepoJoinedRow = QuRepoRow & { cat_name: string | null };

const REPO_COLUMNS = [
  'r.id', 'r.title', 'r.cat_id', 'r.remark', 'r.practice_open', 'r.practice_audience', 'r.create_by', 'r.create_time', 'r.update_time', 'c.title as cat_name',
] as const;

const joined = (db: Db) => db.selectFrom('qu_repo as r').leftJoin('repo_catalog as c', 'c.id', 'r.cat_id');

export interface RepoFilter {
  title?: string;
  catIds?: string[];
  excludes?: string[];
}

export function pageRepos(db: Db, f: RepoFilter, page: PageArgs): Promise<Page<RepoJoinedRow>> {
  let q = joined(db);
  if (f.title) q = q.where(contains('r.title', f.title));
  if (f.catIds) q = q.where('r.cat_id', 'in', f.catIds.length ? f.catIds : ['']);
  if (f.excludes?.length) q = q.where('r.id', 'not in', f.excludes);
  return paginate(q, page, (x) => x.select(REPO_COLUMNS).orderBy('r.create_time', 'desc').orderBy('r.id', 'desc'), (r) => r as RepoJoinedRow);
}

export function findRepo(db: Db, id: string): Promise<RepoJoinedRow | undefined> {
  return joined(db).select(REPO_COLUMNS).where('r.id', '=', id).executeTakeFirst() as Promise<RepoJoinedRow | undefined>;
}

export async function repoTitles(db: Db, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('qu_repo').select(['id', 'title']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, r.title]));
}

export async function insertRepo(db: Db, row: QuRepoRow): Promise<void> {
  await db.insertInto('qu_repo').values(row).execute();
}

export type RepoValues = Omit<QuRepoRow, 'id' | 'create_by' | 'create_time'>;

export async function updateRepo(db: Db, id: string, values: RepoValues): Promise<void> {
  await db.updateTable('qu_repo').set(values).where('id', '=', id).execute();
}

export async function touchRepos(db: Db, ids: readonly string[], now: number): Promise<void> {
  if (ids.length) await db.updateTable('qu_repo').set({ update_time: now }).where('id', 'in', ids).execute();
}

export async function replaceAudience(db: Db, repoId: string, deptIds: readonly string[], userIds: readonly string[]): Promise<void> {
  await db.deleteFrom('qu_repo_depart').where('repo_id', '=', repoId).execute();
  await db.deleteFrom('qu_repo_user').where('repo_id', '=', repoId).execute();
  if (deptIds.length) await db.insertInto('qu_repo_depart').values(deptIds.map((dept_id) => ({ repo_id: repoId, dept_id }))).execute();
  for (let i = 0; i < userIds.length; i += 500) {
    await db.insertInto('qu_repo_user').values(userIds.slice(i, i + 500).map((user_id) => ({ repo_id: repoId, user_id }))).execute();
  }
}

async function groupIds(db: Db, table: 'qu_repo_depart' | 'qu_repo_user', repoIds: readonly string[]): Promise<Map<string, string[]>> {
  const map = new Map<string, string[]>(repoIds.map((id) => [id, []]));
  if (repoIds.length === 0) return map;
  const column = table === 'qu_repo_depart' ? 'dept_id' : 'user_id';
  const rows = (await db.selectFrom(table).select(['repo_id', `${column} as member`] as never).where('repo_id', 'in', repoIds).execute()) as unknown as Array<{ repo_id: string; member: string }>;
  for (const r of rows) map.get(r.repo_id)?.push(r.member);
  return map;
}

export const departIdsByRepo = (db: Db, ids: readonly string[]) => groupIds(db, 'qu_repo_depart', ids);
export const userIdsByRepo = (db: Db, ids: readonly string[]) => groupIds(db, 'qu_repo_user', ids);

export interface StatRow {
  repo_id: string;
  qu_type: number;
  level: number;
  n: number;
}

/** Question counts per bank, type and level. */
export async function statsByRepo(db: Db, repoIds: readonly string[]): Promise<StatRow[]> {
  if (repoIds.length === 0) return [];
  const rows = await db
    .selectFrom('qu')
    .select(['repo_id', 'qu_type', 'level', (eb) => eb.fn.countAll<number>().as('n')])
    .where('repo_id', 'in', repoIds)
    .groupBy(['repo_id', 'qu_type', 'level'])
    .execute();
  return rows.map((r) => ({ ...r, n: Number(r.n) }));
}

export async function deleteRepos(db: Db, ids: readonly string[]): Promise<number> {
  // Knowledge points have no foreign key to the bank (they follow their question), so go first.
  await db.deleteFrom('qu_tag').where('repo_id', 'in', ids).execute();
  const res = await db.deleteFrom('qu_repo').where('id', 'in', ids).executeTakeFirst();
  return Number(res.numDeletedRows);
}

/** Banks open for practice to a learner (everyone, one of their departments or above, or them). */
function openTo(db: Db, userId: string, deptIds: readonly string[]) {
  return joined(db)
    .where('r.practice_open', '=', 1)
    .where((eb) =>
      eb.or([
        eb('r.practice_audience', '=', 1),
        eb.and([
          eb('r.practice_audience', '=', 2),
          eb.exists(eb.selectFrom('qu_repo_depart as d').select('d.repo_id').whereRef('d.repo_id', '=', 'r.id').where('d.dept_id', 'in', deptIds.length ? deptIds : [''])),
        ]),
        eb.and([eb('r.practice_audience', '=', 3), eb.exists(eb.selectFrom('qu_repo_user as u').select('u.repo_id').whereRef('u.repo_id', '=', 'r.id').where('u.user_id', '=', userId))]),
      ]),
    );
}

/** Banks open to the user, by title and (`tag`) those holding a question of that knowledge point. */
export function pageReposOpenTo(db: Db, userId: string, deptIds: readonly string[], f: { title?: string; tag?: string }, page: PageArgs): Promise<Page<RepoJoinedRow>> {
  let q = openTo(db, userId, deptIds);
  if (f.title) q = q.where(contains('r.title', f.title));
  const tag = f.tag;
  if (tag) q = q.where((eb) => eb.exists(eb.selectFrom('qu_tag as t').select('t.qu_id').whereRef('t.repo_id', '=', 'r.id').where('t.name', '=', tag)));
  return paginate(q, page, (x) => x.select(REPO_COLUMNS).orderBy('r.create_time', 'desc').orderBy('r.id', 'desc'), (r) => r as RepoJoinedRow);
}

export async function isOpenTo(db: Db, repoId: string, userId: string, deptIds: readonly string[]): Promise<boolean> {
  return (await openTo(db, userId, deptIds).select('r.id').where('r.id', '=', repoId).executeTakeFirst()) !== undefined;
}
