import { Type, type Static } from '@sinclair/typebox';
import { Perm } from '../permissions';
import { defineApi } from './endpoint';
import { EmptyBody, Id, Int, Millis } from './base';

export const DashboardStat = Type.Object({
  userCount: Type.Integer(),
  departCount: Type.Integer(),
  noticeCount: Type.Integer(),
  msgCount: Type.Integer(),
});
export type DashboardStat = Static<typeof DashboardStat>;

/** An exam open now that ends soon, with who is in it. */
export const EndingExam = Type.Object({
  id: Id,
  title: Type.String(),
  endTime: Millis,
  /** Learners answering it now. */
  inExam: Type.Integer(),
  /** Papers handed in (awaiting marking or finished). */
  handedIn: Type.Integer(),
});
export type EndingExam = Static<typeof EndingExam>;

/** A published course by its completion: learners who started it and those who finished it. */
export const CourseCompletion = Type.Object({
  id: Id,
  title: Type.String(),
  learners: Type.Integer(),
  finished: Type.Integer(),
  /** finished / learners, in percent (one decimal). */
  rate: Type.Number(),
});
export type CourseCompletion = Static<typeof CourseCompletion>;

/** What is happening now (the dashboard's first row and its lists). */
export const DashboardLive = Type.Object({
  /** Published, enabled exams whose window holds now. */
  examsOpen: Type.Integer(),
  /** Learners answering a paper now (before its deadline). */
  learnersInExam: Type.Integer(),
  /** Papers handed in since todayStart. */
  handedInToday: Type.Integer(),
  /** Papers handed in and waiting for a marker. */
  awaitingMarking: Type.Integer(),
  /** Start of today in the business time zone (UTC+8): the "handed in today" list filters from it. */
  todayStart: Millis,
  /** Open exams ending within the next 7 days, soonest first (at most 5). */
  endingSoon: Type.Array(EndingExam),
  /** Published courses with learners, lowest completion first (at most 5). */
  lowestCompletion: Type.Array(CourseCompletion),
  computedAt: Millis,
});
export type DashboardLive = Static<typeof DashboardLive>;

/** One day of the trend (business time zone). */
export const TrendPoint = Type.Object({
  /** YYYY-MM-DD */
  date: Type.String(),
  /** Papers handed in that day. */
  examsTaken: Type.Integer(),
  /** Mean score rate (score / total, percent, one decimal) of the papers handed in that day and scored; null when none is. */
  avgScore: Type.Union([Type.Number(), Type.Null()]),
  /** Courses learners finished that day. */
  completions: Type.Integer(),
  /** Practice answers given that day. */
  practiceAnswers: Type.Integer(),
});
export type TrendPoint = Static<typeof TrendPoint>;

export const DashboardTrend = Type.Object({
  /** Oldest first, today last. */
  points: Type.Array(TrendPoint),
  computedAt: Millis,
});
export type DashboardTrend = Static<typeof DashboardTrend>;

export const TrendBody = Type.Object({
  /** Days up to and including today (default 30). */
  days: Type.Optional(Int(1, 90)),
});

export const dashboardApi = defineApi('dashboard', {
  stat: { path: '/api/sys/dashboard/stat', access: { perm: Perm.dashboard }, body: EmptyBody, response: DashboardStat, summary: 'Counts of users, departments, notices and messages' },
  live: {
    path: '/api/sys/dashboard/live',
    access: { perm: Perm.dashboard },
    body: EmptyBody,
    response: DashboardLive,
    summary: 'Now: exams open, learners in an exam, papers handed in today and awaiting marking, exams ending soon, courses with the lowest completion',
  },
  trend: {
    path: '/api/sys/dashboard/trend',
    access: { perm: Perm.dashboard },
    body: TrendBody,
    response: DashboardTrend,
    summary: 'Per day of the last days: exams taken, average score rate, course completions, practice answers',
  },
});
