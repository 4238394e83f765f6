import { createHash } from 'node:crypto';
import type { QuBody, QuDetail } from '../../../common/api/qu';
import { QuLevel, QuType, type CodeOf } from '../../../common/codes';
import { inTransaction, type ServiceContext } from '../../context';
import type { QuRow } from '../../db/schema';
import { newId } from '../../lib/ids';
import * as repo from './qu.repository';
import { normalizeQuestion, normalizeStem } from './qu.rules';

/**
 * Questions as other modules use them: exams snapshot and grade them, practice walks a bank in
 * order. Everything here answers whole questions (answers included): callers must shape what a
 * learner sees with qu.public.ts.
 */

/** The type-dependent parts kept as JSON in qu.body. */
type StoredBody = Pick<QuBody, 'answerList' | 'refAnswer' | 'blanks' | 'fillOptions' | 'leftList' | 'rightList' | 'subList'>;

export function stemKey(content: string): string {
  return createHash('sha1').update(normalizeStem(content)).digest('hex');
}

export function rowToDetail(row: QuRow, tags: string[], repoTitle = ''): QuDetail {
  const body = JSON.parse(row.body) as StoredBody;
  return {
    id: row.id,
    repoId: row.repo_id,
    repoTitle,
    createTime: row.create_time,
    updateTime: row.update_time,
    quType: row.qu_type as CodeOf<typeof QuType>,
    level: row.level as CodeOf<typeof QuLevel>,
    content: row.content,
    analysis: row.analysis,
    tags,
    answerList: body.answerList ?? [],
    refAnswer: body.refAnswer ?? '',
    blanks: body.blanks ?? [],
    fillOptions: body.fillOptions,
    leftList: body.leftList ?? [],
    rightList: body.rightList ?? [],
    subList: body.subList ?? [],
  };
}

/**
 * The row to store for a question already normalized (normalizeQuestion) and validated. A
 * combined question's parts get their ids here: papers and practice address a part by it.
 */
export function toWrite(q: QuBody, meta: { id: string; repoId: string; sort: number; userId: string; now: number; createTime?: number }): repo.QuWrite {
  const subList = (q.subList ?? []).map((s) => (s.id ? s : { ...s, id: newId() }));
  const body: StoredBody = {
    answerList: q.answerList,
    refAnswer: q.refAnswer,
    blanks: q.blanks,
    fillOptions: q.fillOptions,
    leftList: q.leftList,
    rightList: q.rightList,
    subList,
  };
  return {
    row: {
      id: meta.id,
      repo_id: meta.repoId,
      qu_type: q.quType,
      level: q.level ?? QuLevel.ORDINARY,
      content: q.content,
      stem_key: stemKey(q.content),
      body: JSON.stringify(body),
      analysis: q.analysis ?? '',
      sort: meta.sort,
      create_by: meta.userId,
      create_time: meta.createTime ?? meta.now,
      update_time: meta.now,
    },
    tags: [...new Set(q.tags ?? [])],
  };
}

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

/**
 * Stores questions in a bank, at its end, in one transaction (import commit, demo content, copy).
 * Each is normalized here; callers validate first. Answers how many were stored.
 */
export async function insertQuestions(ctx: ServiceContext, repoId: string, bodies: readonly QuBody[], userId: string): Promise<number> {
  const now = ctx.clock.now();
  const ready = bodies.map((b) => normalizeQuestion(b));
  await inTransaction(ctx, async (tx) => {
    const first = await repo.nextSort(tx.db, repoId);
    await repo.insertQuestions(tx.db, ready.map((q, i) => toWrite(q, { id: newId(), repoId, sort: first + i, userId, now })));
  });
  ctx.caches.qu.bankChanged(repoId);
  return ready.length;
}

/**
 * Lets another module say whether a learner has earned the sight of a question with its answer
 * (/api/user/qu/detail): exams (wrong book, released results), practice (history).
 */
export function registerQuAccess(ctx: ServiceContext, check: ServiceContext['hooks']['quAccess'][number]): void {
  ctx.hooks.quAccess.push(check);
}

/** True when some registered rule says the learner has earned this question. */
export async function learnerMaySee(ctx: ServiceContext, userId: string, quId: string): Promise<boolean> {
  for (const check of ctx.hooks.quAccess) if (await check(ctx, userId, quId)) return true;
  return false;
}
