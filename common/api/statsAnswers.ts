import { Type, type Static } from '@sinclair/typebox';
import { Perm } from '../permissions';
import { defineApi } from './endpoint';
import { Id, Int, MAX_PAGE, Millis, Page } from './base';
import { StatsAttempts } from './stats';

/**
 * The learners' answers to one question of an exam, for the statistics screen's question detail.
 * A file apart from stats.ts: administrators alone call it, and the learner's exam page, which loads
 * stats.ts for the score distribution, need not carry it.
 */

/** The learners' answers to one question of an exam, a page at a time, over the chosen attempts. */
export const StatsAnswersBody = Type.Object({
  examId: Id,
  quId: Id,
  attempts: Type.Optional(StatsAttempts),
  current: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE })),
  size: Type.Optional(Int(1, 100)),
});
export type StatsAnswersBody = Static<typeof StatsAnswersBody>;

/** One learner's answer to the question on a handed-in, scored paper. */
export const StatsAnswer = Type.Object({
  paperId: Id,
  userId: Id,
  userName: Type.String(),
  realName: Type.String(),
  departName: Type.String(),
  /** As text: the chosen options by letter and content (letters as the option distribution lists them), the text written, the blanks, the pairs; '' when left unanswered. */
  answer: Type.String(),
  isRight: Type.Boolean(),
  /** Points earned on the question. */
  score: Type.Number(),
  handTime: Millis,
});
export type StatsAnswer = Static<typeof StatsAnswer>;

export const statsAnswersApi = defineApi('stats', {
  answers: {
    path: '/api/exam/stats/answers',
    access: { perm: Perm.paperList },
    body: StatsAnswersBody,
    response: Page(StatsAnswer),
    summary: "The learners' answers to one question of an exam (handed-in, scored papers of the chosen attempts), a page at a time",
  },
});
