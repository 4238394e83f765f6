import { Type, type Static } from '@sinclair/typebox';
import { QuType } from '../codes';
import { defineApi } from './endpoint';
import { Id, IdsBody, Millis, OptText, Page, PageRequest } from './base';
import { AnswerInput, QU_LIMITS, QuBody, QuPublic } from './qu';
import { PracticeAnswer, SubFeedback } from './practiceAnswer';

/**
 * The wrong book: /api/user/wrong-book/*. A file of its own, apart from the paper calls, so the
 * exam page (at its first-load budget) does not carry it.
 */

export const WrongBookItem = Type.Object({
  id: Id,
  examId: Id,
  quId: Id,
  quType: QuType.schema,
  /** The stem as text, for the list. */
  title: Type.String(),
  /** Times the question was answered wrong (below 60 % of its score) in this exam. */
  wrongCount: Type.Integer(),
  /** Only ever partly scored (部分得分: 60 % of its score or more, not all): listed, not counted as wrong. */
  partial: Type.Boolean(),
  createTime: Millis,
  updateTime: Millis,
});
export type WrongBookItem = Static<typeof WrongBookItem>;

/** My wrong book's page; `held`: why an exam's wrong book stays empty (its results do not release the answers, or not yet). */
export const WrongBookPage = Type.Composite([Page(WrongBookItem), Type.Object({ held: Type.Optional(Type.String()) })]);
export type WrongBookPage = Static<typeof WrongBookPage>;

export const WrongBookNext = Type.Object({
  item: WrongBookItem,
  question: QuPublic,
  /** 1-based position in the book and its size. */
  index: Type.Integer(),
  total: Type.Integer(),
});
export type WrongBookNext = Static<typeof WrongBookNext>;

/**
 * The verdict on a wrong-book answer, judged as practice judges (a given short answer counts as
 * right, for the learner to check against the reference; a combined question is right when every
 * part is).
 */
export const WrongBookCheck = Type.Object({
  isRight: Type.Boolean(),
  /** `{}` for a combined question: its parts' right answers are in `subs`. */
  rightAnswer: AnswerInput,
  analysis: Type.String(),
  /** The full question, for showing the right options and blanks. */
  question: QuBody,
  /** A combined question: one verdict per part, in subList order. */
  subs: Type.Optional(Type.Array(SubFeedback)),
});
export type WrongBookCheck = Static<typeof WrongBookCheck>;

export const wrongBookApi = defineApi('wrong-book', {
  paging: {
    path: '/api/user/wrong-book/paging',
    access: 'login',
    /** `tag`: the questions of that knowledge point, across exams (the user centre's mastery links here). */
    body: PageRequest(Type.Object({ examId: OptText(32), title: OptText(), tag: OptText(QU_LIMITS.tag) })),
    response: WrongBookPage,
    summary: 'My wrong questions (of an exam), as far as each exam releases its answers',
  },
  next: {
    path: '/api/user/wrong-book/next',
    access: 'login',
    body: Type.Object({ examId: Id, quId: Type.Optional(Id) }),
    response: Type.Union([WrongBookNext, Type.Null()]),
    summary: 'The next question of my wrong book after quId (the first when none); null at the end',
  },
  check: {
    path: '/api/user/wrong-book/check',
    access: 'login',
    /** A combined question's parts in `subAnswers`, as practice takes them. */
    body: Type.Composite([Type.Object({ examId: Id, quId: Id }), PracticeAnswer]),
    response: WrongBookCheck,
    summary: 'Judge my answer to a wrong-book question and show the right one',
  },
  delete: { path: '/api/user/wrong-book/delete', access: 'login', body: IdsBody, response: Type.Null(), summary: 'Remove questions from my wrong book', okMsg: '已移出错题本' },
});

