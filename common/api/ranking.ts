import { Type, type Static } from '@sinclair/typebox';
import { defineApi } from './endpoint';
import { Id, Int, MAX_PAGE, Page } from './base';

/**
 * Rankings (成绩排名) of an exam: each learner's best score, then the time that paper took; the
 * same score and time share a rank (1, 2, 2, 4). Administrators who may read papers see every
 * exam's, with names; a learner only where the exam shows it, once their own score is released,
 * and without names where the exam hides them (server/modules/access decides).
 */

export const RankingEntry = Type.Object({
  rank: Type.Integer(),
  userId: Id,
  /** Absent where the exam hides names from learners. */
  realName: Type.Optional(Type.String()),
  departName: Type.Optional(Type.String()),
  /** The best score, in points. */
  score: Type.Number(),
  /** Seconds the best paper took. */
  timeUsed: Type.Integer(),
  /** The same seconds, under the name paper records use (issue 29 names the field so). */
  userTime: Type.Integer(),
});
export type RankingEntry = Static<typeof RankingEntry>;

export const RankingPage = Type.Composite([
  Page(RankingEntry),
  Type.Object({
    /** The caller's own entry, when they are ranked (a learner finds themselves where names are hidden). */
    mine: Type.Union([RankingEntry, Type.Null()]),
    /** Whether the entries carry names. */
    showNames: Type.Boolean(),
  }),
]);
export type RankingPage = Static<typeof RankingPage>;

/** A learner's place in an exam's ranking, on their result. */
export const MyRank = Type.Object({ rank: Type.Integer(), total: Type.Integer() });
export type MyRank = Static<typeof MyRank>;

export const RankingBody = Type.Object({
  examId: Id,
  current: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE })),
  size: Type.Optional(Int(1, 100)),
});
export type RankingBody = Static<typeof RankingBody>;

export const rankingApi = defineApi('stats', {
  ranking: {
    path: '/api/exam/stats/ranking',
    access: 'login',
    body: RankingBody,
    response: RankingPage,
    summary: "An exam's ranking by best score then time used, ties sharing a rank (learners: where the exam shows it, after their score is released)",
  },
});
