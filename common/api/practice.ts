import { Type, type Static } from '@sinclair/typebox';
import { PracticeMode, QuType } from '../codes';
import { Perm } from '../permissions';
import { defineApi } from './endpoint';
import { Id, Int, Millis, OptText, Page, PageRequest } from './base';
import { AnswerInput, QU_LIMITS, QuBody, QuPublic } from './qu';
import { PracticeAnswer, SubFeedback } from './practiceAnswer';
import { RepoStat } from './repo';

/**
 * Bank practice (/api/user/repo/*): a training is one record per (learner, bank, mode) with its
 * ordered items, position and per-item results. The server judges every answer it can (with the
 * same grading as exams); what it cannot judge (a short answer, or a combined question whose
 * judged parts are all right and which has a short-answer part) the learner assesses themselves
 * after seeing the reference answer (/api/user/repo/assess). A question's answer and analysis reach
 * the learner only after they answered it, or in recite mode. The first answer to a question of a
 * training is its verdict there: answering it again changes nothing.
 *
 * Figures: `answered` and `right` count every verdict, the server's and the learner's own;
 * `selfAssessed` and `selfRight` count the learner's own among them, so that a page shows them
 * apart (the judged accuracy is (right − selfRight) ÷ (answered − selfAssessed)).
 */

/**
 * Who gave an answer's verdict: `judged` the server; `pending` nobody yet (the server cannot judge
 * it: the learner is shown the reference answer and says 答对 or 答错; until then it is not right);
 * `self` the learner.
 */
export const Assessment = Type.Union([Type.Literal('judged'), Type.Literal('pending'), Type.Literal('self')]);
export type Assessment = Static<typeof Assessment>;

/** Answered / right counts, and the self-assessed ones among them (judged accuracy = (right − selfRight) ÷ (answered − selfAssessed)). */
export const Mastery = Type.Object({ answered: Type.Integer(), right: Type.Integer(), selfAssessed: Type.Integer(), selfRight: Type.Integer() });

export const PracticeRepo = Type.Object({
  id: Id,
  title: Type.String(),
  catName: Type.String(),
  remark: Type.String(),
  quCount: Type.Integer(),
  /** Distinct questions of this bank I have answered, and answered right the last time. */
  answered: Type.Integer(),
  right: Type.Integer(),
  /** Of those, the questions whose last verdict was my own, and right by it. */
  selfAssessed: Type.Integer(),
  selfRight: Type.Integer(),
  lastTime: Type.Union([Millis, Type.Null()]),
});
export type PracticeRepo = Static<typeof PracticeRepo>;

export const Training = Type.Object({
  id: Id,
  repoId: Id,
  /** '' for a favourites training across banks. */
  repoTitle: Type.String(),
  mode: PracticeMode.schema,
  quType: Type.Union([QuType.schema, Type.Null()]),
  tag: Type.String(),
  total: Type.Integer(),
  /** Questions answered (awaiting my own verdict too), and right by any verdict. */
  answered: Type.Integer(),
  right: Type.Integer(),
  /** Of the answered: assessed by myself, right by my own verdict, and still awaiting it. */
  selfAssessed: Type.Integer(),
  selfRight: Type.Integer(),
  pending: Type.Integer(),
  /** 1-based position to resume at. */
  position: Type.Integer(),
  finished: Type.Boolean(),
  createTime: Millis,
  updateTime: Millis,
});
export type Training = Static<typeof Training>;

export const PracticeRepoDetail = Type.Object({
  repo: PracticeRepo,
  stats: Type.Array(RepoStat),
  tags: Type.Array(Type.Object({ name: Type.String(), count: Type.Integer() })),
  byType: Type.Array(Type.Composite([Type.Object({ quType: QuType.schema }), Mastery])),
  byTag: Type.Array(Type.Composite([Type.Object({ tag: Type.String() }), Mastery])),
  /** How many of my wrong questions of this bank (practice and exams) are still to clear. */
  wrongCount: Type.Integer(),
  trainings: Type.Array(Training),
});
export type PracticeRepoDetail = Static<typeof PracticeRepoDetail>;

export const StartBody = Type.Object({
  repoId: Id,
  mode: PracticeMode.schema,
  quType: Type.Optional(QuType.schema),
  tag: Type.Optional(Type.String({ minLength: 1, maxLength: QU_LIMITS.tag })),
  /** RETRY: the training whose wrong answers to practise again. */
  fromTrainId: Type.Optional(Id),
  /** Start over, discarding an unfinished training of this bank and mode. */
  clear: Type.Optional(Type.Boolean()),
});
export type StartBody = Static<typeof StartBody>;

export const CardEntry = Type.Object({
  sequence: Type.Integer(),
  quId: Id,
  quType: QuType.schema,
  answered: Type.Boolean(),
  /** null until answered, and while it awaits my own verdict. */
  isRight: Type.Union([Type.Boolean(), Type.Null()]),
  /** null until answered. */
  assessment: Type.Union([Assessment, Type.Null()]),
});

// Answers and verdicts that the wrong book shares (common/api/paper.ts): kept apart so that the
// paper calls do not carry practice's schemas into the exam page.
export { PracticeAnswer, SubAnswerInput, SubFeedback } from './practiceAnswer';

/**
 * What fill answers: the verdict with the right answer and analysis. A short answer cannot be
 * judged by machine: given, it awaits the learner's own verdict (`assessment` 'pending', `isRight`
 * false until they give it). A combined question is right when every part is; one whose judged
 * parts are all right and whose short-answer parts are answered awaits the learner's verdict too
 * (its short parts' `subs` say only that they were answered).
 */
export const PracticeFeedback = Type.Object({
  isRight: Type.Boolean(),
  assessment: Assessment,
  /** `{}` for a combined question: its parts' right answers are in `subs`. */
  rightAnswer: AnswerInput,
  analysis: Type.String(),
  /** The full question (right options, blanks' accepted answers, matches, sub-questions' analyses). */
  question: QuBody,
  /** Combined questions answered part by part: one verdict per part, in subList order. */
  subs: Type.Optional(Type.Array(SubFeedback)),
});
export type PracticeFeedback = Static<typeof PracticeFeedback>;

/** The question at one position of a training. */
export const TrainingQu = Type.Object({
  sequence: Type.Integer(),
  total: Type.Integer(),
  question: QuPublic,
  favorite: Type.Boolean(),
  /** My answer there, once given (a combined question's parts in subAnswers). */
  answer: Type.Union([PracticeAnswer, Type.Null()]),
  /** Present once answered, or in recite mode; null otherwise. */
  feedback: Type.Union([PracticeFeedback, Type.Null()]),
});
export type TrainingQu = Static<typeof TrainingQu>;

export const TrainingResult = Type.Object({
  training: Training,
  /** Per type: questions, and the figures of their answers (pending: awaiting my own verdict). */
  byType: Type.Array(Type.Composite([Type.Object({ quType: QuType.schema, total: Type.Integer(), pending: Type.Integer() }), Mastery])),
  /** Answered wrong, by the server's verdict or (selfAssessed) by my own. */
  wrong: Type.Array(Type.Object({ quId: Id, quType: QuType.schema, title: Type.String(), sequence: Type.Integer(), selfAssessed: Type.Boolean() })),
  /** Answered, awaiting my own verdict. */
  pending: Type.Array(Type.Object({ quId: Id, quType: QuType.schema, title: Type.String(), sequence: Type.Integer() })),
});
export type TrainingResult = Static<typeof TrainingResult>;

export const FavoriteItem = Type.Object({ quId: Id, repoId: Id, repoTitle: Type.String(), quType: QuType.schema, title: Type.String(), createTime: Millis });

export const practiceApi = defineApi('practice', {
  paging: {
    path: '/api/user/repo/paging',
    access: 'login',
    /** `tag`: only banks holding a question of that knowledge point (the user centre's mastery links here). */
    body: PageRequest(Type.Object({ title: OptText(), tag: OptText(QU_LIMITS.tag) })),
    response: Page(PracticeRepo),
    summary: 'Banks open to me for practice, with counts and my progress',
  },
  detail: { path: '/api/user/repo/detail', access: 'login', body: Type.Object({ repoId: Id }), response: PracticeRepoDetail, summary: 'A bank I may practise: counts, my accuracy per type and knowledge point, my trainings' },
  check: {
    path: '/api/user/repo/check',
    access: 'login',
    body: Type.Object({ repoId: Id, mode: PracticeMode.schema }),
    response: Type.Union([Training, Type.Null()]),
    summary: 'My unfinished training of this bank and mode, if any (continue or start over?)',
  },
  start: { path: '/api/user/repo/start', access: 'login', body: StartBody, response: Type.Object({ trainId: Id }), summary: 'Start (or continue) a training' },
  card: {
    path: '/api/user/repo/card',
    access: 'login',
    body: Type.Object({ trainId: Id }),
    response: Type.Object({ training: Training, items: Type.Array(CardEntry) }),
    summary: 'The answer card of my training',
  },
  next: { path: '/api/user/repo/next', access: 'login', body: Type.Object({ trainId: Id, sequence: Int(1, 100_000) }), response: TrainingQu, summary: 'The question at a position of my training' },
  fill: {
    path: '/api/user/repo/fill',
    access: 'login',
    body: Type.Composite([Type.Object({ trainId: Id, quId: Id }), PracticeAnswer]),
    response: PracticeFeedback,
    summary: 'Answer a question of my training; the server judges, or asks for my own verdict. Answered again: the first verdict, nothing changed',
  },
  assess: {
    path: '/api/user/repo/assess',
    access: 'login',
    body: Type.Object({ trainId: Id, quId: Id, right: Type.Boolean() }),
    response: PracticeFeedback,
    summary: 'My own verdict (答对 / 答错) on an answer of my training the server cannot judge, once; given again the same, nothing changed',
  },
  result: { path: '/api/user/repo/result', access: 'login', body: Type.Object({ trainId: Id }), response: TrainingResult, summary: 'The result of my training' },
  favorite: { path: '/api/user/repo/favorite', access: 'login', body: Type.Object({ quId: Id, favorite: Type.Boolean() }), response: Type.Boolean(), summary: 'Star or unstar a question' },
  favorites: { path: '/api/user/repo/favorites', access: 'login', body: PageRequest(Type.Object({ title: OptText() })), response: Page(FavoriteItem), summary: 'Questions I starred' },
});

// ---------- administrators: how a bank is practised ----------

export const PracticeUserStat = Type.Object({
  userId: Id,
  userName: Type.String(),
  realName: Type.String(),
  deptName: Type.String(),
  /** Answers given and right ones (every verdict), and those the learner assessed themselves and right by it. */
  answered: Type.Integer(),
  right: Type.Integer(),
  selfAssessed: Type.Integer(),
  selfRight: Type.Integer(),
  trainings: Type.Integer(),
  lastTime: Millis,
});
export const MissedQuestion = Type.Object({ quId: Id, quType: QuType.schema, title: Type.String(), answered: Type.Integer(), wrong: Type.Integer() });

const PracticeStatFilters = Type.Object({ repoId: Id, departId: OptText(32), realName: OptText() });

export const practiceAdminApi = defineApi('practice', {
  users: { path: '/api/repo/practice/users', access: { perm: Perm.repoList }, body: PageRequest(PracticeStatFilters), response: Page(PracticeUserStat), summary: 'Who practised a bank, how much and how well' },
  usersExport: { path: '/api/repo/practice/users-export', access: { perm: Perm.repoList }, transport: 'download', body: Type.Object({ params: PracticeStatFilters }), response: Type.Null(), summary: 'The same as an Excel file' },
  missed: { path: '/api/repo/practice/missed', access: { perm: Perm.repoList }, body: PageRequest(Type.Object({ repoId: Id })), response: Page(MissedQuestion), summary: "A bank's most-missed questions" },
});
