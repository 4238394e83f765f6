import type { BodyOf, RepoCatalogNode, RepoCatalogRecord, RepoCatalogSaveBody, RepoRecord, RepoSaveBody, RepoStat, SortBody, repoApi } from '../../../common/api';
import { Audience, QuLevel, QuType } from '../../../common/codes';
import type { Page } from '../../../common/errorCodes';
import { emit, inTransaction, type ServiceContext } from '../../context';
import { createCatalog } from '../../lib/catalog';
import { AppError, fail, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { ancestorDeptIds, assertDepartsExist } from '../depart/depart.service';
import { deptIdOf } from '../user/user.service';
import { isForeignKeyViolation } from '../../db/errors';
import * as repo from './repo.repository';

/** Question banks, filed under a category tree, each with its practice audience. */

const missing = () => notFound('题库不存在或已被删除');

// ---------- categories ----------

const catalog = createCatalog({ table: 'repo_catalog', itemTable: 'qu_repo', noun: '题库' });
type Node = Awaited<ReturnType<typeof catalog.tree>>[number];
const toNode = (n: Node): RepoCatalogNode => ({
  id: n.id,
  parentId: n.parentId,
  title: n.title,
  sort: n.sort,
  repoCount: n.count,
  children: (n.children as Node[]).map(toNode),
});
export const catalogTree = async (ctx: ServiceContext): Promise<RepoCatalogNode[]> => (await catalog.tree(ctx)).map(toNode);
export const getCatalog = (ctx: ServiceContext, id: string): Promise<RepoCatalogRecord> => catalog.get(ctx, id);
export const saveCatalog = (ctx: ServiceContext, body: RepoCatalogSaveBody): Promise<RepoCatalogRecord> => catalog.save(ctx, body);
export const deleteCatalogs = (ctx: ServiceContext, ids: readonly string[]): Promise<void> => catalog.remove(ctx, ids);
export const sortCatalog = (ctx: ServiceContext, body: SortBody): Promise<RepoCatalogRecord> => catalog.sort(ctx, body);

// ---------- banks ----------

function toStats(rows: repo.StatRow[]): RepoStat[] {
  return rows
    .map((r) => ({ quType: QuType.of(r.qu_type), level: QuLevel.of(r.level), count: r.n }))
    .sort((a, b) => a.quType - b.quType || a.level - b.level);
}

async function toRecords(ctx: ServiceContext, rows: repo.RepoJoinedRow[]): Promise<RepoRecord[]> {
  const ids = rows.map((r) => r.id);
  const [departs, users, stats] = await Promise.all([repo.departIdsByRepo(ctx.db, ids), repo.userIdsByRepo(ctx.db, ids), repo.statsByRepo(ctx.db, ids)]);
  return rows.map((r) => {
    const own = toStats(stats.filter((s) => s.repo_id === r.id));
    return {
      id: r.id,
      title: r.title,
      catId: r.cat_id ?? '',
      catName: r.cat_name ?? '',
      remark: r.remark,
      practiceOpen: r.practice_open === 1,
      practiceAudience: Audience.of(r.practice_audience),
      departIds: departs.get(r.id) ?? [],
      userIds: users.get(r.id) ?? [],
      quCount: own.reduce((n, s) => n + s.count, 0),
      stats: own,
      createTime: r.create_time,
      updateTime: r.update_time,
    };
  });
}

export async function pagingRepos(ctx: ServiceContext, body: BodyOf<typeof repoApi.paging>): Promise<Page<RepoRecord>> {
  const p = body.params ?? {};
  const catId = p.catId?.trim();
  const page = await repo.pageRepos(
    ctx.db,
    { title: p.title?.trim() || undefined, catIds: catId ? await catalog.withDescendants(ctx, catId) : undefined, excludes: p.excludes },
    body,
  );
  return { ...page, records: await toRecords(ctx, page.records) };
}

export async function getRepo(ctx: ServiceContext, id: string): Promise<RepoRecord> {
  const row = await repo.findRepo(ctx.db, id);
  if (!row) throw missing();
  return (await toRecords(ctx, [row]))[0];
}

/** Refuses unless the id names an existing bank. */
export async function assertRepoExists(ctx: ServiceContext, id: string, msg = '所选题库不存在或已被删除'): Promise<void> {
  if (!(await repo.findRepo(ctx.db, id))) throw fail(msg);
}

/** Titles of banks by id (lists that name banks). */
export const repoTitles = (ctx: ServiceContext, ids: readonly string[]) => repo.repoTitles(ctx.db, [...new Set(ids)]);

export async function saveRepo(ctx: ServiceContext, authorId: string, body: RepoSaveBody): Promise<RepoRecord> {
  const title = body.title.trim();
  if (!title) throw fail('题库名称不能为空');
  const audience = body.practiceAudience;
  const departIds = body.practiceOpen && audience === Audience.DEPARTS ? [...new Set(body.departIds ?? [])] : [];
  const userIds = body.practiceOpen && audience === Audience.PEOPLE ? [...new Set(body.userIds ?? [])] : [];
  if (body.practiceOpen && audience === Audience.DEPARTS && departIds.length === 0) throw fail('请选择可以练习的部门');
  if (body.practiceOpen && audience === Audience.PEOPLE && userIds.length === 0) throw fail('请选择可以练习的人员');
  const catId = body.catId?.trim() ?? '';
  try {
    const id = await inTransaction(ctx, async (tx) => {
      if (catId) await catalog.assertExists(tx, catId);
      await assertDepartsExist(tx, departIds);
      const current = body.id ? await repo.findRepo(tx.db, body.id) : undefined;
      if (body.id && !current) throw missing();
      const now = tx.clock.now();
      const values: repo.RepoValues = {
        title,
        cat_id: catId || null,
        remark: body.remark?.trim() ?? '',
        practice_open: body.practiceOpen ? 1 : 0,
        practice_audience: audience,
        update_time: now,
      };
      let repoId = current?.id;
      if (repoId) await repo.updateRepo(tx.db, repoId, values);
      else {
        repoId = newId();
        await repo.insertRepo(tx.db, { id: repoId, ...values, create_by: authorId, create_time: now });
      }
      await repo.replaceAudience(tx.db, repoId, departIds, userIds);
      return repoId;
    });
    return await getRepo(ctx, id);
  } catch (e) {
    if (isForeignKeyViolation(e)) throw fail('所选人员不存在或已被删除，请刷新后重试');
    throw e;
  }
}

/** Lets another module refuse a bank's deletion while something draws from it (an exam). */
export function registerRepoUsage(ctx: ServiceContext, check: ServiceContext['hooks']['repoUsage'][number]): void {
  ctx.hooks.repoUsage.push(check);
}

/** Deletes banks with their questions; refused, with the registered check's message, while an exam draws from one. */
export async function deleteRepos(ctx: ServiceContext, ids: readonly string[]): Promise<void> {
  const unique = [...new Set(ids)];
  for (const check of ctx.hooks.repoUsage) {
    const message = await check(ctx, unique);
    if (message) throw fail(message);
  }
  const removed = await inTransaction(ctx, (tx) => repo.deleteRepos(tx.db, unique));
  if (removed === 0) throw missing();
  await emit(ctx, 'question.changed', { repoIds: unique });
}

/** Question counts per type and level of one bank (the exam form caps draws with it). */
export async function listStat(ctx: ServiceContext, repoId: string): Promise<RepoStat[]> {
  const caches = ctx.caches.qu;
  const rows = await caches.stats.getOrLoad(caches.statKey(repoId), async () => {
    await assertRepoExists(ctx, repoId, '题库不存在或已被删除');
    return repo.statsByRepo(ctx.db, [repoId]);
  });
  return toStats(rows);
}

/** A bank's counts per type and level (cached as list-stat's), or undefined when there is no such bank. */
export async function bankCounts(ctx: ServiceContext, repoId: string): Promise<RepoStat[] | undefined> {
  try {
    return await listStat(ctx, repoId);
  } catch (e) {
    if (e instanceof AppError) return undefined;
    throw e;
  }
}

export const touchRepos = (ctx: ServiceContext, ids: readonly string[]) => repo.touchRepos(ctx.db, [...new Set(ids)], ctx.clock.now());

// ---------- practice audience ----------

const deptChain = async (ctx: ServiceContext, userId: string) => ancestorDeptIds(ctx, (await deptIdOf(ctx, userId)) || null);

/** Banks open for practice to the learner, with their counts. */
export async function pagingReposOpenTo(ctx: ServiceContext, userId: string, f: { title?: string; tag?: string }, page: { current: number; size: number }): Promise<Page<RepoRecord>> {
  const result = await repo.pageReposOpenTo(ctx.db, userId, await deptChain(ctx, userId), f, page);
  return { ...result, records: await toRecords(ctx, result.records) };
}

/** A bank open for practice to the learner; the same refusal whether missing or closed to them. */
export async function repoOpenTo(ctx: ServiceContext, userId: string, repoId: string): Promise<RepoRecord> {
  if (!(await repo.isOpenTo(ctx.db, repoId, userId, await deptChain(ctx, userId)))) throw notFound('题库不存在或未对您开放练习');
  return getRepo(ctx, repoId);
}
