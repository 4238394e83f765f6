import type { BodyOf } from '../../../common/api';
import { QU_LIMITS, type QuBody, type QuDetail, type QuListItem, type QuReview, type QuSaveBody, type QuTag, type quApi } from '../../../common/api/qu';
import { QuLevel, QuType } from '../../../common/codes';
import type { Page } from '../../../common/errorCodes';
import { emit, inTransaction, type ServiceContext } from '../../context';
import { fail, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { mayReviewQuestion, refuseReview } from '../access/access.service';
import * as repo from './qu.repository';
import { normalizeQuestion, stemKey, validateQuestion } from './qu.rules';
import { rowToDetail, toWrite } from './qu.rows';
import { assertRepoExists, bankCounts, repoTitles, touchRepos } from './repo.service';

/**
 * Questions as other modules use them: exams snapshot and grade them, practice walks a bank in
 * order. Everything here answers whole questions (answers included): callers must shape what a
 * learner sees with qu.public.ts.
 */

export { stemKey } from './qu.rules';

/** Whole questions (answers included) in the order of `ids`; ids that no longer exist are left out. */
export async function getQuestions(ctx: ServiceContext, ids: readonly string[]): Promise<QuDetail[]> {
  if (ids.length === 0) return [];
  const [rows, tags] = await Promise.all([repo.findQuestions(ctx.db, ids), repo.tagsOf(ctx.db, ids)]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [rowToDetail(row, tags.get(id) ?? [])] : [];
  });
}

/** Question ids of a bank by type (and level): what an exam draws from, cached per app. */
export function drawPool(ctx: ServiceContext, repoId: string, quType: number, level?: number): Promise<string[]> {
  const caches = ctx.caches.qu;
  return caches.pools.getOrLoad(caches.poolKey(repoId, quType, level), () => repo.poolIds(ctx.db, repoId, quType, level));
}

/** Question ids of a bank in bank order, optionally of one type or knowledge point (practice). */
export function bankOrder(ctx: ServiceContext, repoId: string, filter: { quType?: number; tag?: string } = {}): Promise<string[]> {
  return repo.orderedIds(ctx.db, repoId, filter);
}

/** The longest a long import works without letting the event loop serve others (a live exam's saves, health probes). */
export const IMPORT_SLICE_MS = 8;

/**
 * For a long loop on the event loop: call the answer once per step, and it gives the event loop a
 * turn (setImmediate) whenever IMPORT_SLICE_MS have passed since the last one. Time, not a count:
 * sanitizing one question costs from a few microseconds to milliseconds.
 */
export function breather(): () => Promise<void> | undefined {
  // The first call yields at once: a long loop never runs in the same turn as the request's body
  // parse before it (a 5,000-question commit's JSON alone holds the event loop for tens of ms).
  let since = -Infinity;
  return () => {
    if (performance.now() - since < IMPORT_SLICE_MS) return undefined;
    return new Promise<void>((resolve) =>
      setImmediate(() => {
        since = performance.now();
        resolve();
      }),
    );
  };
}

/**
 * Questions an import's commit prepared in a worker thread (import/commit.worker.ts), added at the
 * bank's end, all or none. `parts`: the rows (QuWrite[], sort counted from 0) as UTF-8 JSON, a few
 * hundred a part, each read here only when it is written, between turns of the event loop. On PostgreSQL
 * one transaction holds them all (the other connections go on meanwhile). On SQLite the one
 * connection would keep every live exam's saves waiting for the whole import: each part is a
 * transaction of its own, and when one fails the parts written before it are taken back.
 */
export async function insertPreparedQuestions(ctx: ServiceContext, repoId: string, parts: readonly Uint8Array[]): Promise<number> {
  const breathe = breather();
  const read = (part: Uint8Array, first: number) => {
    const writes = JSON.parse(Buffer.from(part.buffer, part.byteOffset, part.byteLength).toString('utf8')) as repo.QuWrite[];
    for (const w of writes) {
      w.row.repo_id = repoId;
      w.row.sort += first;
    }
    return writes;
  };
  let created = 0;
  if (ctx.config.dialect === 'sqlite') {
    const written: string[] = [];
    const first = await repo.nextSort(ctx.db, repoId);
    try {
      for (const part of parts) {
        await breathe();
        const writes = read(part, first);
        await inTransaction(ctx, (tx) => repo.insertQuestions(tx.db, writes));
        written.push(...writes.map((w) => w.row.id));
      }
    } catch (e) {
      if (written.length) await repo.deleteQuestions(ctx.db, written);
      throw e;
    }
    created = written.length;
  } else {
    await inTransaction(ctx, async (tx) => {
      const first = await repo.nextSort(tx.db, repoId);
      for (const part of parts) {
        await breathe();
        const writes = read(part, first);
        await repo.insertQuestions(tx.db, writes);
        created += writes.length;
      }
    });
  }
  await emit(ctx, 'question.changed', { repoIds: [repoId] });
  return created;
}

// ---------- the administrators' calls ----------

const missing = () => notFound('试题不存在或已被删除');

/** Stored questions before the admin edits; the first problem(s) of an unanswerable one, as one message. */
export function assertAnswerable(q: QuBody): void {
  const issues = validateQuestion(q);
  if (issues.length) throw fail(issues.map((i) => i.message).join('；'));
}

export async function pagingQuestions(ctx: ServiceContext, body: BodyOf<typeof quApi.paging>): Promise<Page<QuListItem>> {
  const p = body.params ?? {};
  const filter = {
    repoId: p.repoId?.trim() || undefined,
    quType: p.quType === '' ? undefined : p.quType,
    level: p.level === '' ? undefined : p.level,
    content: p.content?.trim() || undefined,
    tag: p.tag?.trim() || undefined,
    excludes: p.excludes,
  };
  // A bank by type and level: its size is in the bank's cached counts, no count over the bank per
  // page. Only where one process serves the database (SQLite): another process's counts may lag.
  const counts = ctx.config.dialect === 'sqlite' && filter.repoId && !filter.content && !filter.tag && !filter.excludes?.length ? await bankCounts(ctx, filter.repoId) : undefined;
  const total = counts
    ?.filter((s) => (filter.quType === undefined || s.quType === filter.quType) && (filter.level === undefined || s.level === filter.level))
    .reduce((n, s) => n + s.count, 0);
  const page = await repo.pageQuestions(ctx.db, filter, body, total);
  const tags = await repo.tagsOf(ctx.db, page.records.map((r) => r.id));
  return {
    ...page,
    records: page.records.map((r) => ({
      id: r.id,
      repoId: r.repo_id,
      quType: QuType.of(r.qu_type),
      level: QuLevel.of(r.level),
      content: r.content,
      tags: tags.get(r.id) ?? [],
      createTime: r.create_time,
      updateTime: r.update_time,
    })),
  };
}

export async function getQuestion(ctx: ServiceContext, id: string): Promise<QuDetail> {
  const [q] = await getQuestions(ctx, [id]);
  if (!q) throw missing();
  const titles = await repoTitles(ctx, [q.repoId]);
  return { ...q, repoTitle: titles.get(q.repoId) ?? '' };
}

/**
 * Creates or updates a question after normalizing (sanitizing) and validating it. Papers already
 * drawn hold their own copies, so an edit is always allowed and never changes them.
 */
export async function saveQuestion(ctx: ServiceContext, userId: string, body: QuSaveBody): Promise<QuDetail> {
  const { id, repoId, ...content } = body;
  const q = normalizeQuestion(content);
  assertAnswerable(q);
  const saved = await inTransaction(ctx, async (tx) => {
    await assertRepoExists(tx, repoId);
    const now = tx.clock.now();
    const current = id ? await repo.findRow(tx.db, id) : undefined;
    if (id && !current) throw missing();
    if (current) {
      await repo.updateQuestion(tx.db, toWrite(q, { id: current.id, repoId, sort: current.repo_id === repoId ? current.sort : await repo.nextSort(tx.db, repoId), userId: current.create_by, now, createTime: current.create_time }));
      await touchRepos(tx, [repoId, current.repo_id]);
      await emit(tx, 'question.changed', { repoIds: [repoId, current.repo_id] });
      return current.id;
    }
    const newQuId = newId();
    await repo.insertQuestions(tx.db, [toWrite(q, { id: newQuId, repoId, sort: await repo.nextSort(tx.db, repoId), userId, now })]);
    await touchRepos(tx, [repoId]);
    await emit(tx, 'question.changed', { repoIds: [repoId] });
    return newQuId;
  });
  return getQuestion(ctx, saved);
}

/** Deletes questions; papers that drew them keep their copies. */
export async function deleteQuestions(ctx: ServiceContext, ids: readonly string[]): Promise<void> {
  const unique = [...new Set(ids)];
  const banks = await inTransaction(ctx, async (tx) => {
    const repoIds = await repo.repoIdsOf(tx.db, unique);
    if ((await repo.deleteQuestions(tx.db, unique)) === 0) throw missing();
    await touchRepos(tx, repoIds);
    return repoIds;
  });
  await emit(ctx, 'question.changed', { repoIds: banks });
}

/** Moves questions to another bank, or copies them there (copies get new ids, at the bank's end). */
export async function batchQuestions(ctx: ServiceContext, userId: string, body: BodyOf<typeof quApi.batch>): Promise<number> {
  const ids = [...new Set(body.ids)];
  const questions = await getQuestions(ctx, ids);
  if (questions.length === 0) throw missing();
  const banks = await inTransaction(ctx, async (tx) => {
    await assertRepoExists(tx, body.repoId, '目标题库不存在或已被删除');
    const now = tx.clock.now();
    const first = await repo.nextSort(tx.db, body.repoId);
    const from = [...new Set(questions.map((q) => q.repoId))];
    if (body.action === 'move') {
      await repo.moveQuestions(tx.db, questions.map((q) => q.id), body.repoId, first, now);
    } else {
      await repo.insertQuestions(
        tx.db,
        questions.map((q, i) => toWrite(withFreshPartIds(q), { id: newId(), repoId: body.repoId, sort: first + i, userId, now })),
      );
    }
    await touchRepos(tx, [body.repoId, ...from]);
    return [body.repoId, ...from];
  });
  await emit(ctx, 'question.changed', { repoIds: banks });
  return questions.length;
}

/** Which of these questions carry the knowledge point. */
export async function questionsTagged(ctx: ServiceContext, quIds: readonly string[], tag: string): Promise<string[]> {
  const tags = await repo.tagsOf(ctx.db, quIds);
  return quIds.filter((id) => tags.get(id)?.includes(tag));
}

/** A copy's combined parts need ids of their own (practice and papers address parts by id). */
function withFreshPartIds(q: QuDetail): QuBody {
  return { ...q, subList: (q.subList ?? []).map(({ id: _old, ...part }) => part) };
}

export async function batchLevel(ctx: ServiceContext, body: BodyOf<typeof quApi.batchLevel>): Promise<number> {
  const ids = [...new Set(body.ids)];
  const n = await inTransaction(ctx, async (tx) => {
    const banks = await repo.repoIdsOf(tx.db, ids);
    const updated = await repo.setLevel(tx.db, ids, body.level, tx.clock.now());
    await emit(tx, 'question.changed', { repoIds: banks });
    return updated;
  });
  return n;
}

export async function batchTag(ctx: ServiceContext, body: BodyOf<typeof quApi.batchTag>): Promise<number> {
  const ids = [...new Set(body.ids)];
  const names = [...new Set(body.tags.map((t) => t.replace(/\s+/g, ' ').trim()).filter(Boolean))];
  if (names.length === 0) throw fail('请填写知识点');
  return inTransaction(ctx, async (tx) => {
    const rows = await repo.findQuestions(tx.db, ids);
    if (body.mode === 'remove') await repo.removeTags(tx.db, ids, names);
    else {
      const have = await repo.tagsOf(tx.db, ids);
      const over = rows.filter((r) => new Set([...(have.get(r.id) ?? []), ...names]).size > QU_LIMITS.tags);
      if (over.length) throw fail(`每道试题最多${QU_LIMITS.tags}个知识点，有${over.length}道试题超出`);
      await repo.addTags(tx.db, rows.flatMap((r) => names.map((name) => ({ qu_id: r.id, repo_id: r.repo_id, name }))));
    }
    return rows.length;
  });
}

export async function tagsOfRepo(ctx: ServiceContext, repoId: string): Promise<QuTag[]> {
  return repo.tagCounts(ctx.db, repoId);
}

/** Which stems of `questions` a bank holds already (import preview). */
export async function duplicatesIn(ctx: ServiceContext, repoId: string, stems: readonly string[]): Promise<boolean[]> {
  return duplicateKeysIn(ctx, repoId, stems.map(stemKey));
}

/** For each stem key (stemKey), whether the bank holds a question with it. */
export async function duplicateKeysIn(ctx: ServiceContext, repoId: string, keys: readonly string[]): Promise<boolean[]> {
  const have = await repo.existingStemKeys(ctx.db, repoId, keys, breather());
  return keys.map((k) => have.has(k));
}

/** Full questions a filter (or an id list) selects, bank order, at most `limit` (export). */
export async function questionsFor(ctx: ServiceContext, filter: repo.QuFilter, limit: number, offset = 0): Promise<QuDetail[]> {
  const rows = await repo.filteredRows(ctx.db, filter, limit, offset);
  const tags = await repo.tagsOf(ctx.db, rows.map((r) => r.id));
  return rows.map((r) => rowToDetail(r, tags.get(r.id) ?? []));
}

// ---------- the learner's view of a question they have earned ----------

export async function learnerQuestion(ctx: ServiceContext, userId: string, id: string): Promise<QuReview> {
  // The same refusal whether the question is missing or not earned: ids are not probed.
  const [q] = await getQuestions(ctx, [id]);
  if (!q || !(await mayReviewQuestion(ctx, userId, q))) throw refuseReview();
  const { repoId: _r, repoTitle: _t, createTime: _c, updateTime: _u, ...body } = q;
  return body;
}
