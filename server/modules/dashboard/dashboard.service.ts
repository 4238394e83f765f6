import type { BodyOf, CourseCompletion, DashboardLive, DashboardStat, DashboardTrend, TrendPoint, dashboardApi } from '../../../common/api';
import type { ServiceContext } from '../../context';
import { perAppCache } from '../../lib/cache';
import type { DashDayTable } from '../../db/schema';
import { dateOf, DAY_MS, dayOf, dayStart, runsOf } from './dashboard.days';
import * as repo from './dashboard.repository';

/** Users, departments, notices and sent messages in the system. */
export async function dashboardStat(ctx: ServiceContext): Promise<DashboardStat> {
  const row = await repo.countTotals(ctx.db);
  return {
    userCount: Number(row.user_count ?? 0),
    departCount: Number(row.depart_count ?? 0),
    noticeCount: Number(row.notice_count ?? 0),
    msgCount: Number(row.msg_count ?? 0),
  };
}

/** "Ending soon": within this long from now. */
const ENDING_WITHIN_MS = 7 * DAY_MS;
const LIST_SIZE = 5;

/**
 * Course completion passes over every enrolment, and moves slowly: kept a minute per app, where the
 * live counts (each one indexed count) are read afresh on every refresh.
 */
const completionCache = perAppCache<'lowest', CourseCompletion[]>(60_000, 1);

const percent = (part: number, whole: number) => (whole > 0 ? Math.round((part * 1000) / whole) / 10 : 0);

/** What is happening now. */
export async function dashboardLive(ctx: ServiceContext): Promise<DashboardLive> {
  const now = ctx.clock.now();
  const todayStart = dayStart(dayOf(now));
  const [counts, ending, lowest] = await Promise.all([
    repo.liveCounts(ctx.db, now, todayStart),
    repo.examsEnding(ctx.db, now, now + ENDING_WITHIN_MS, LIST_SIZE),
    completionCache(ctx).getOrLoad('lowest', async () =>
      (await repo.lowestCompletion(ctx.db, LIST_SIZE)).map((c) => ({ ...c, rate: percent(c.finished, c.learners) })),
    ),
  ]);
  const papers = await repo.paperCountsOf(ctx.db, ending.map((e) => e.id), now);
  return {
    examsOpen: counts.examsOpen,
    learnersInExam: counts.inExam,
    handedInToday: counts.handedIn,
    awaitingMarking: counts.awaiting,
    todayStart,
    endingSoon: ending.map((e) => ({ id: e.id, title: e.title, endTime: Number(e.end_time), ...(papers.get(e.id) ?? { inExam: 0, handedIn: 0 }) })),
    lowestCompletion: lowest,
    computedAt: now,
  };
}

/**
 * A past day's figures are final once every paper handed in that day is scored and the day has
 * been over for a while (a hand-in stamped just before midnight may commit just after it).
 */
const SETTLE_MS = 10 * 60_000;
const isFinal = (row: DashDayTable) => row.pending === 0 && row.computed_at >= dayStart(row.day + 1) + SETTLE_MS;

const DEFAULT_DAYS = 30;

function pointOf(day: number, f: repo.DayFigures | undefined): TrendPoint {
  return {
    date: dateOf(day),
    examsTaken: f?.papers ?? 0,
    avgScore: f && f.scored > 0 ? Math.round((f.rate_sum / f.scored) * 10) / 10 : null,
    completions: f?.completions ?? 0,
    practiceAnswers: f?.practice_answers ?? 0,
  };
}

/**
 * The last days' figures, today last. Past days come from dash_day, computed once (again only
 * while not final, see isFinal); today is counted afresh. Each computation reads the days it needs
 * through the time indexes, never a whole table.
 */
export async function dashboardTrend(ctx: ServiceContext, body: BodyOf<typeof dashboardApi.trend>): Promise<DashboardTrend> {
  const now = ctx.clock.now();
  const today = dayOf(now);
  const first = today - (body?.days ?? DEFAULT_DAYS) + 1;
  const byDay = new Map<number, repo.DayFigures>();
  const kept = new Map((await repo.keptDays(ctx.db, first, today - 1)).map((r) => [r.day, r]));
  const stale: number[] = [];
  for (let d = first; d < today; d += 1) {
    const row = kept.get(d);
    if (row && isFinal(row)) byDay.set(d, row);
    else stale.push(d);
  }
  const fresh: DashDayTable[] = [];
  for (const [from, to] of runsOf(stale)) {
    const figures = await repo.figuresByDay(ctx.db, dayStart(from), dayStart(to + 1));
    for (let d = from; d <= to; d += 1) {
      const f = figures.get(d) ?? { papers: 0, scored: 0, rate_sum: 0, pending: 0, completions: 0, practice_answers: 0 };
      byDay.set(d, f);
      fresh.push({ day: d, ...f, computed_at: now });
    }
  }
  await repo.keepDays(ctx.db, fresh);
  const todays = await repo.figuresByDay(ctx.db, dayStart(today), now + 1);
  byDay.set(today, todays.get(today) ?? { papers: 0, scored: 0, rate_sum: 0, pending: 0, completions: 0, practice_answers: 0 });
  const points: TrendPoint[] = [];
  for (let d = first; d <= today; d += 1) points.push(pointOf(d, byDay.get(d)));
  return { points, computedAt: now };
}
