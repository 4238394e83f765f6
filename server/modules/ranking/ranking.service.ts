import type { MyRank, RankingBody, RankingEntry, RankingPage } from '../../../common/api';
import type { ServiceContext } from '../../context';
import { learnerRankingRule, rankingViewFor, type RankingView } from '../access/access.service';
import type { AuthUser } from '../identity/session.service';
import * as repo from './ranking.repository';

/** Rankings (成绩排名): who may see them is server/modules/access's to say; here, the order and the ranks. */

const DEFAULT_SIZE = 20;

function entryOf(r: repo.RankedRow, rank: number, view: RankingView): RankingEntry {
  return {
    rank,
    userId: r.user_id,
    ...(view.showNames ? { realName: r.real_name, departName: r.dept_name ?? '' } : {}),
    score: r.max_score,
    timeUsed: r.best_time,
    userTime: r.best_time,
  };
}

/** Rank of an entry: one more than those who did strictly better (ties share it). */
async function rankOf(ctx: ServiceContext, examId: string, r: repo.RankedRow): Promise<number> {
  return 1 + (await repo.countBetter(ctx.db, examId, r.max_score, r.best_time));
}

/**
 * A page of the exam's ranking. The first entry's rank is counted; each next one shares the rank
 * before it when its score and time are the same, else takes its place in the order (1, 2, 2, 4).
 */
export async function rankingPage(ctx: ServiceContext, who: AuthUser, body: RankingBody): Promise<RankingPage> {
  const view = await rankingViewFor(ctx, who, body.examId);
  const current = body.current ?? 1;
  const size = body.size ?? DEFAULT_SIZE;
  const offset = (current - 1) * size;
  const [total, rows, own] = await Promise.all([
    repo.countRanked(ctx.db, body.examId),
    repo.rankedPage(ctx.db, body.examId, offset, size),
    repo.rankedRowOf(ctx.db, body.examId, who.id),
  ]);
  const records: RankingEntry[] = [];
  let prev: { row: repo.RankedRow; rank: number } | undefined;
  for (const [i, row] of rows.entries()) {
    const rank =
      prev === undefined ? await rankOf(ctx, body.examId, row) : prev.row.max_score === row.max_score && prev.row.best_time === row.best_time ? prev.rank : offset + i + 1;
    records.push(entryOf(row, rank, view));
    prev = { row, rank };
  }
  return {
    records,
    total,
    current,
    size,
    pages: Math.ceil(total / size),
    mine: own ? entryOf(own, await rankOf(ctx, body.examId, own), view) : null,
    showNames: view.showNames,
  };
}

/** The learner's rank among those ranked, where they may see it now; null otherwise (their result leaves it out). */
export async function myRank(ctx: ServiceContext, userId: string, examId: string): Promise<MyRank | null> {
  const rule = await learnerRankingRule(ctx, userId, examId);
  if ('why' in rule) return null;
  const own = await repo.rankedRowOf(ctx.db, examId, userId);
  if (!own) return null;
  const [rank, total] = await Promise.all([rankOf(ctx, examId, own), repo.countRanked(ctx.db, examId)]);
  return { rank, total };
}
