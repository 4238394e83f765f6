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
 * A past day's figures are kept once the day has been over for a while (a hand-in stamped just
 * before midnight may commit just after it). Its course completions and practice answers never
 * change after that; its papers' figures do while one of them awaits marking (pending), so those
 * alone are counted again, from that day's papers only.
 */
const SETTLE_MS = 10 * 60_000;
const settled = (row: DashDayTable) => row.computed_at >= dayStart(row.day + 1) + SETTLE_MS;

const DEFAULT_DAYS = 30;
const NO_PAPERS: repo.PaperDay = { papers: 0, scored: 0, rate_sum: 0, pending: 0 };
const NO_ACTIVITY: repo.ActivityDay = { completions: 0, practice_answers: 0 };

function pointOf(day: number, f: repo.DayFigures): TrendPoint {
  return {
    date: dateOf(day),
    examsTaken: f.papers,
    avgScore: f.scored > 0 ? Math.round((f.rate_sum / f.scored) * 10) / 10 : null,
    completions: f.completions,
    practiceAnswers: f.practice_answers,
  };
}

/** Figures of the days given (sorted), each run of consecutive days read in one range. */
async function papersOf(ctx: ServiceContext, days: readonly number[]): Promise<Map<number, repo.PaperDay>> {
  const out = new Map<number, repo.PaperDay>();
  for (const [from, to] of runsOf(days)) for (const [d, f] of await repo.papersByDay(ctx.db, dayStart(from), dayStart(to + 1))) out.set(d, f);
  return out;
}

async function activityOf(ctx: ServiceContext, days: readonly number[]): Promise<Map<number, repo.ActivityDay>> {
  const out = new Map<number, repo.ActivityDay>();
  for (const [from, to] of runsOf(days)) for (const [d, f] of await repo.activityByDay(ctx.db, dayStart(from), dayStart(to + 1))) out.set(d, f);
  return out;
}

/**
 * The last days' figures, today last. Past days come from dash_day as kept; a day not kept yet (or
 * not settled when kept) is counted and kept, and a kept day with papers awaiting marking has its
 * papers counted again. Today is counted afresh. Every count reads a time index over the days it
 * needs, never a whole table.
 */
export async function dashboardTrend(ctx: ServiceContext, body: BodyOf<typeof dashboardApi.trend>): Promise<DashboardTrend> {
  const now = ctx.clock.now();
  const today = dayOf(now);
  const first = today - (body?.days ?? DEFAULT_DAYS) + 1;
  const kept = new Map((await repo.keptDays(ctx.db, first, today - 1)).map((r) => [r.day, r]));
  const unsettled: number[] = [];
  const marking: number[] = [];
  for (let d = first; d < today; d += 1) {
    const row = kept.get(d);
    if (!row || !settled(row)) unsettled.push(d);
    else if (row.pending > 0) marking.push(d);
  }
  const [papers, activity] = await Promise.all([papersOf(ctx, [...unsettled, ...marking].sort((a, b) => a - b)), activityOf(ctx, unsettled)]);
  const keptActivity = (r: DashDayTable): repo.ActivityDay => ({ completions: r.completions, practice_answers: r.practice_answers });
  const fresh: DashDayTable[] = [
    ...unsettled.map((d) => ({ day: d, ...(papers.get(d) ?? NO_PAPERS), ...(activity.get(d) ?? NO_ACTIVITY), computed_at: now })),
    ...marking.map((d) => ({ day: d, ...(papers.get(d) ?? NO_PAPERS), ...keptActivity(kept.get(d)!), computed_at: now })),
  ];
  await repo.keepDays(ctx.db, fresh);
  const byDay = new Map<number, repo.DayFigures>([...kept, ...fresh.map((r) => [r.day, r] as const)]);
  const [todayPapers, todayActivity] = await Promise.all([repo.papersByDay(ctx.db, dayStart(today), now + 1), repo.activityByDay(ctx.db, dayStart(today), now + 1)]);
  byDay.set(today, { ...(todayPapers.get(today) ?? NO_PAPERS), ...(todayActivity.get(today) ?? NO_ACTIVITY) });
  const points: TrendPoint[] = [];
  for (let d = first; d <= today; d += 1) points.push(pointOf(d, byDay.get(d) ?? { ...NO_PAPERS, ...NO_ACTIVITY }));
  return { points, computedAt: now };
}
