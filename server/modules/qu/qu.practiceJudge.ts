import type { PracticeAnswer, SubAnswerInput, SubFeedback } from '../../../common/api/practice';
import type { AnswerInput, QuBody } from '../../../common/api/qu';
import { QuType } from '../../../common/codes';
import { fail } from '../../lib/errors';
import { answerKey, combinedAnswerKey, gradeAnswer, gradeCombined, type GradeResult } from './qu.grading';

/**
 * Judging where a learner gets a verdict at once and no score: bank practice (/api/user/repo/fill)
 * and the wrong-book walk (/api/user/wrong-book/check) both judge here, with the exams' grading
 * (score 1, no partial points), so an answer is right or wrong the same in both.
 *
 * The one rule for what no machine can judge: a short answer (a question of type 4, or a combined
 * question's short-answer part) has no marker here, so once it says something it counts as right,
 * and the feedback shows the reference answer for the learner to check it against; left empty it
 * is wrong. A short answer thus never clogs practice's wrong-only mode, and in a wrong-book walk it
 * counts as answered right (the walk shows the reference before it goes on). Every other type is
 * right only when it earns the full score.
 */

/** The verdict on an answer; a combined question's adds one verdict per part, in subList order. */
export interface PracticeVerdict {
  isRight: boolean;
  subs?: SubFeedback[];
}

const rightInPractice = (g: GradeResult): boolean => (g.needsMarking ? g.answered : g.isRight);

/**
 * The answer as it is judged and kept: a combined question's part answers (checked to be its
 * parts, one each, in subList order) and nothing else; any other question's own fields, with no
 * part answers. Part answers that do not fit the question are refused.
 */
export function practiceAnswerOf(q: QuBody, body: PracticeAnswer): PracticeAnswer {
  const subAnswers = body.subAnswers ?? [];
  if (q.quType !== QuType.COMBINED) {
    if (subAnswers.length > 0) throw fail('这道题不是组合题，不能按小题作答');
    return { answers: body.answers, answer: body.answer, blanks: body.blanks, pairs: body.pairs };
  }
  const parts = new Set((q.subList ?? []).map((s) => s.id));
  const byPart = new Map<string, SubAnswerInput>();
  for (const a of subAnswers) {
    if (!parts.has(a.subId)) throw fail('提交的小题不属于这道组合题，请刷新页面后重新作答');
    if (byPart.has(a.subId)) throw fail('同一小题只能提交一个答案');
    byPart.set(a.subId, { subId: a.subId, answers: a.answers, answer: a.answer, blanks: a.blanks, pairs: a.pairs });
  }
  return { subAnswers: (q.subList ?? []).flatMap((s) => (s.id !== undefined && byPart.has(s.id) ? [byPart.get(s.id)!] : [])) };
}

/**
 * Judges an answer (as practiceAnswerOf gives it, or as it was kept). A combined question is graded
 * part by part with gradeCombined and is right when every part is; a part with no answer, or one no
 * longer in the question, is unanswered.
 */
export function judgePracticeAnswer(q: QuBody, answer: PracticeAnswer): PracticeVerdict {
  if (q.quType !== QuType.COMBINED) return { isRight: rightInPractice(gradeAnswer(q, answer, 1)) };
  const given = new Map((answer.subAnswers ?? []).map(({ subId, ...a }) => [subId, a]));
  const keys = combinedAnswerKey(q);
  const subs = gradeCombined(q, given, 1).subs.map((s) => ({ subId: s.id, isRight: rightInPractice(s.result), rightAnswer: keys.get(s.id) ?? {} }));
  return { isRight: subs.length > 0 && subs.every((s) => s.isRight), subs };
}

/** The right answer the feedback shows: `{}` for a combined question, whose parts' right answers are in its verdict's `subs`. */
export const rightAnswerOf = (q: QuBody): AnswerInput => (q.quType === QuType.COMBINED ? {} : answerKey(q));
