import { Type, type Static } from '@sinclair/typebox';
import { Id } from './base';
import { AnswerInput, QU_LIMITS } from './qu';

/**
 * An answer given for a verdict at once, and the verdict on a combined question's parts: bank
 * practice (common/api/practice.ts, which re-exports these) and the wrong-book walk
 * (common/api/paper.ts) take and answer the same shapes.
 */

/** One part's answer to a combined question: the part's id (its quId in the question's subList) and the fields of its type. */
export const SubAnswerInput = Type.Composite([Type.Object({ subId: Id }), AnswerInput]);
export type SubAnswerInput = Static<typeof SubAnswerInput>;

/**
 * An answer as practice takes and keeps it and the wrong book judges it: the fields of AnswerInput
 * for a question of types 1–6; for a combined question (99) its parts' answers in `subAnswers` (a
 * part left out is unanswered). `subAnswers` on any other type is refused.
 */
export const PracticeAnswer = Type.Composite([
  AnswerInput,
  Type.Object({ subAnswers: Type.Optional(Type.Array(SubAnswerInput, { maxItems: QU_LIMITS.subQuestions })) }),
]);
export type PracticeAnswer = Static<typeof PracticeAnswer>;

/** The verdict on one part of a combined question, with that part's right answer. */
export const SubFeedback = Type.Object({ subId: Id, isRight: Type.Boolean(), rightAnswer: AnswerInput });
export type SubFeedback = Static<typeof SubFeedback>;
