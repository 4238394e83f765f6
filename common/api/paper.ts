import { Type, type Static } from '@sinclair/typebox';
import { DisplayMode, HandType, PaperEvent, PaperState, QuType, ResultShow } from '../codes';
import { Perm } from '../permissions';
import { defineApi } from './endpoint';
import { EmptyBody, Id, IdBody, Int, Millis, OptText, Page, PageRequest } from './base';
import { AnswerInput, QuBody, QuPublic } from './qu';
import { Score } from './exam';
import { MyRank } from './ranking';

/**
 * Papers (one learner's attempt at an exam) and marking (the wrong book is in wrongBook.ts). Every paper call checks
 * that the caller owns the paper (or is an administrator with the permission) and that the
 * paper's state allows the call. Nothing answer-bearing (isRight, analysis, reference answers,
 * blank answers, matches, scores) reaches a learner before the exam's release rule allows it.
 */

// ---------- taking an exam ----------

export const ExamIdBody = Type.Object({ examId: Id, password: Type.Optional(Type.String({ maxLength: 64 })) });

export const OpenPaper = Type.Object({ id: Id, examId: Id, title: Type.String(), leftSeconds: Type.Integer() });
export type OpenPaper = Static<typeof OpenPaper>;

export const PreCheckResult = Type.Object({
  validated: Type.Boolean(),
  /** Why not (not started, ended, disabled, not in the audience, wrong password, past lateMax, attempts used, another exam in progress), or '' */
  message: Type.String(),
  /** My open paper of this exam: entering resumes it. */
  paperId: Type.Optional(Id),
});
export type PreCheckResult = Static<typeof PreCheckResult>;

/** A question's place on the answer card. */
export const CardItem = Type.Object({ quId: Id, quType: QuType.schema, sort: Type.Integer(), answered: Type.Boolean(), mark: Type.Boolean() });
export type CardItem = Static<typeof CardItem>;

export const PaperDetail = Type.Object({
  id: Id,
  examId: Id,
  title: Type.String(),
  state: PaperState.schema,
  /** Seconds until the deadline by the server's clock. */
  leftSeconds: Type.Integer(),
  /** Seconds until hand-in is allowed (handMin); 0 when allowed. */
  handInSeconds: Type.Integer(),
  totalScore: Type.Number(),
  groups: Type.Array(Type.Object({ title: Type.String(), quType: QuType.schema, perScore: Type.Number(), quList: Type.Array(CardItem) })),
  // The exam's display and integrity settings, as they were when the paper was made.
  displayMode: DisplayMode.schema,
  leaveLimit: Type.Integer(),
  leaveCount: Type.Integer(),
  fullscreen: Type.Boolean(),
  blockPaste: Type.Boolean(),
  /** The watermark text (the learner's name and user name), '' when off. */
  watermark: Type.String(),
  idleLimit: Type.Integer(),
});
export type PaperDetail = Static<typeof PaperDetail>;

/** My saved answer on one question (and on each sub-question of a combined one). */
export const SavedAnswer = Type.Composite([
  AnswerInput,
  Type.Object({ answered: Type.Boolean(), mark: Type.Boolean(), seq: Type.Integer() }),
]);
export type SavedAnswer = Static<typeof SavedAnswer>;

/** A paper question as the learner sees it while answering: the answer-free view plus what they saved. */
export const PaperQu = Type.Composite([
  QuPublic,
  Type.Object({
    saved: SavedAnswer,
    /** Saved answers of a combined question's sub-questions, by sub quId. */
    subSaved: Type.Record(Type.String(), SavedAnswer),
  }),
]);
export type PaperQu = Static<typeof PaperQu>;

/** One save: one question, idempotent; a `seq` not newer than the stored one is acknowledged but never overwrites. */
export const FillAnswerBody = Type.Composite([
  Type.Object({
    paperId: Id,
    /** A question of the paper, or a sub-question of a combined one. */
    quId: Id,
    mark: Type.Optional(Type.Boolean()),
    /** Rises per question with every change the page makes. */
    seq: Int(1, 2_000_000_000),
  }),
  AnswerInput,
]);
export type FillAnswerBody = Static<typeof FillAnswerBody>;
export const FillAnswerResult = Type.Object({ seq: Type.Integer(), savedAt: Millis });
export type FillAnswerResult = Static<typeof FillAnswerResult>;

export const HandBody = Type.Object({ id: Id, type: HandType.schema });
export const HandResult = Type.Object({ id: Id, state: PaperState.schema });

/**
 * Events a browser observes and may report. Start, resume and hand-in are written by the server
 * alone, so a learner cannot put them on the administrator's timeline.
 */
export const BROWSER_EVENTS = [PaperEvent.LEAVE, PaperEvent.RETURN, PaperEvent.FULLSCREEN_EXIT, PaperEvent.PASTE, PaperEvent.RECONNECT, PaperEvent.IDLE] as const;
export type BrowserEvent = (typeof BROWSER_EVENTS)[number];

/** An integrity event as the page reports it; the server stamps its own time. */
export const PaperEventBody = Type.Object({
  paperId: Id,
  type: Type.Union(BROWSER_EVENTS.map((e) => Type.Literal(e))),
  detail: Type.Optional(Type.String({ maxLength: 200 })),
});
export const PaperEventResult = Type.Object({
  leaveCount: Type.Integer(),
  leaveLimit: Type.Integer(),
  /** The paper was handed in by this event (leave limit reached, or inactivity). */
  handed: Type.Boolean(),
});

// ---------- results and review ----------

/** One question of a handed-in paper with the learner's answer and its grading. */
export const ReviewQu = Type.Object({
  quId: Id,
  quType: QuType.schema,
  /** The question as it was on this paper (answers and analysis included). */
  question: QuBody,
  answer: AnswerInput,
  /** The question's score on this paper, and what the learner earned (null while awaiting marking). */
  score: Type.Number(),
  actualScore: Type.Union([Type.Number(), Type.Null()]),
  isRight: Type.Boolean(),
  answered: Type.Boolean(),
  /** The marker's comment on a short answer. */
  comment: Type.String(),
  subList: Type.Array(
    Type.Object({
      quId: Id,
      answer: AnswerInput,
      score: Type.Number(),
      actualScore: Type.Union([Type.Number(), Type.Null()]),
      isRight: Type.Boolean(),
      comment: Type.String(),
    }),
  ),
});
export type ReviewQu = Static<typeof ReviewQu>;

export const PaperResult = Type.Object({
  id: Id,
  examId: Id,
  title: Type.String(),
  state: PaperState.schema,
  handType: HandType.schema,
  resultShow: ResultShow.schema,
  thanks: Type.String(),
  /** Shown from resultShow 2; null before then or while awaiting marking. */
  userScore: Type.Union([Type.Number(), Type.Null()]),
  totalScore: Type.Union([Type.Number(), Type.Null()]),
  qualifyScore: Type.Union([Type.Number(), Type.Null()]),
  passed: Type.Union([Type.Boolean(), Type.Null()]),
  /** The review is open now (resultShow 3, and after endTime when the exam says so). */
  reviewOpen: Type.Boolean(),
  /** When a closed review opens (endTime), if it will. */
  reviewOpensAt: Type.Union([Millis, Type.Null()]),
  /** Only when reviewOpen. */
  groups: Type.Array(Type.Object({ title: Type.String(), quType: QuType.schema, perScore: Type.Number(), quList: Type.Array(ReviewQu) })),
  /** My place in the exam's ranking (by my best paper), where the exam shows rankings to learners and my score is released; else null. */
  ranking: Type.Union([MyRank, Type.Null()]),
});
export type PaperResult = Static<typeof PaperResult>;

/** A paper in lists (records, an exam's papers, marking). */
export const PaperRecord = Type.Object({
  id: Id,
  examId: Id,
  title: Type.String(),
  userId: Id,
  userName: Type.String(),
  realName: Type.String(),
  deptName: Type.String(),
  state: PaperState.schema,
  handType: Type.Union([HandType.schema, Type.Null()]),
  /** Null while in exam or awaiting marking when the viewer may not see it. */
  userScore: Type.Union([Type.Number(), Type.Null()]),
  totalScore: Type.Number(),
  passed: Type.Union([Type.Boolean(), Type.Null()]),
  createTime: Millis,
  handTime: Type.Union([Millis, Type.Null()]),
  /** Seconds spent. */
  userTime: Type.Integer(),
});
export type PaperRecord = Static<typeof PaperRecord>;

export const PaperFilters = Type.Object({
  examId: OptText(32),
  userId: OptText(32),
  state: Type.Optional(Type.Union([PaperState.schema, Type.Literal('')])),
  departId: OptText(32),
  realName: OptText(),
  passed: Type.Optional(Type.Union([Type.Boolean(), Type.Literal('')])),
  /** Handed in at or after this time (the dashboard's "handed in today"). */
  handFrom: Type.Optional(Millis),
});

export const PaperTimelineEvent = Type.Object({ type: PaperEvent.schema, time: Millis, detail: Type.String() });

/** A paper as administrators read it: every answer, score and event. */
export const PaperAdminDetail = Type.Composite([
  PaperRecord,
  Type.Object({
    qualifyScore: Type.Number(),
    leaveCount: Type.Integer(),
    deadline: Millis,
    groups: Type.Array(Type.Object({ title: Type.String(), quType: QuType.schema, perScore: Type.Number(), quList: Type.Array(ReviewQu) })),
    events: Type.Array(PaperTimelineEvent),
  }),
]);
export type PaperAdminDetail = Static<typeof PaperAdminDetail>;

export const paperApi = defineApi('paper', {
  checkProcess: { path: '/api/paper/paper/check-process', access: 'login', body: EmptyBody, response: Type.Union([OpenPaper, Type.Null()]), summary: 'My paper in progress, if any' },
  preCheck: { path: '/api/paper/paper/pre-check', access: 'login', body: ExamIdBody, response: PreCheckResult, summary: 'May I start (or resume) this exam now?' },
  createPaper: {
    path: '/api/paper/paper/create-paper',
    access: 'login',
    body: ExamIdBody,
    response: Type.Object({ id: Id }),
    summary: 'Start an exam: draws my paper (or returns my open paper of this exam)',
  },
  paperDetail: { path: '/api/paper/paper/paper-detail', access: 'login', body: IdBody, response: PaperDetail, summary: 'My paper: answer card, time left and the exam settings' },
  quDetail: { path: '/api/paper/paper/qu-detail', access: 'login', body: Type.Object({ paperId: Id, quId: Id }), response: PaperQu, summary: 'One question of my paper with my saved answer (never the right one)' },
  fillAnswer: { path: '/api/paper/paper/fill-answer', access: 'login', body: FillAnswerBody, response: FillAnswerResult, summary: 'Save my answer to one question' },
  leftTime: { path: '/api/paper/paper/left-time', access: 'login', body: IdBody, response: Type.Integer(), summary: 'Seconds left on my paper' },
  handExam: { path: '/api/paper/paper/hand-exam', access: 'login', body: HandBody, response: HandResult, summary: 'Hand in my paper (type 0), or a forced hand-in the server can vouch for' },
  event: { path: '/api/paper/paper/event', access: 'login', body: PaperEventBody, response: PaperEventResult, summary: 'Record an integrity event on my paper (server time)' },
  paperResult: { path: '/api/paper/paper/paper-result', access: 'login', body: IdBody, response: PaperResult, summary: 'My result and review, as far as the exam releases them' },
  paging: {
    path: '/api/paper/paper/paging',
    access: 'login',
    body: PageRequest(PaperFilters),
    response: Page(PaperRecord),
    summary: 'Papers: administrators with the permission see all of an exam; a learner only their own',
  },
  detail: { path: '/api/paper/paper/detail', access: { perm: Perm.paperList }, body: IdBody, response: PaperAdminDetail, summary: 'A paper with every answer, score and integrity event' },
  export: { path: '/api/paper/paper/export', access: { perm: Perm.paperExport }, transport: 'download', body: Type.Object({ params: Type.Optional(PaperFilters) }), response: Type.Null(), summary: 'Papers of an exam as an Excel file' },
});

// ---------- marking ----------

export const MarkExam = Type.Object({
  examId: Id,
  title: Type.String(),
  awaitingMarkCount: Type.Integer(),
  /** Papers awaiting marking whose short answers are all scored: what finishMarked would finish. */
  markedCount: Type.Integer(),
  paperCount: Type.Integer(),
  endTime: Type.Union([Millis, Type.Null()]),
});

/** One short answer to mark. */
export const MarkItem = Type.Object({
  paperId: Id,
  quId: Id,
  /** The combined question it belongs to, if any. */
  parentQuId: Type.Union([Id, Type.Null()]),
  /** Stem (and the combined material before it, when any). */
  content: Type.String(),
  refAnswer: Type.String(),
  answer: Type.String(),
  /** The question's score on the paper: the most a marker may give. */
  score: Type.Number(),
  markScore: Type.Union([Type.Number(), Type.Null()]),
  comment: Type.String(),
  realName: Type.String(),
});
export type MarkItem = Static<typeof MarkItem>;

export const markApi = defineApi('paper', {
  examPaging: { path: '/api/paper/mark/exam-paging', access: { perm: Perm.paperMark }, body: PageRequest(Type.Object({ title: OptText() })), response: Page(MarkExam), summary: 'Exams with papers awaiting marking' },
  paperPaging: { path: '/api/paper/mark/paper-paging', access: { perm: Perm.paperMark }, body: PageRequest(Type.Object({ examId: Id, realName: OptText() })), response: Page(PaperRecord), summary: 'Papers of an exam awaiting marking' },
  paper: { path: '/api/paper/mark/paper', access: { perm: Perm.paperMark }, body: IdBody, response: Type.Object({ paper: PaperRecord, items: Type.Array(MarkItem) }), summary: 'The short answers of one paper beside their reference answers' },
  quList: {
    path: '/api/paper/mark/qu-list',
    access: { perm: Perm.paperMark },
    body: Type.Object({ examId: Id }),
    response: Type.Array(Type.Object({ quId: Id, content: Type.String(), pending: Type.Integer(), total: Type.Integer() })),
    summary: 'Short-answer questions of an exam with how many answers await marking (marking by question)',
  },
  quAnswers: {
    path: '/api/paper/mark/qu-answers',
    access: { perm: Perm.paperMark },
    body: PageRequest(Type.Object({ examId: Id, quId: Id, pendingOnly: Type.Optional(Type.Boolean()) })),
    response: Page(MarkItem),
    summary: "Every learner's answer to one question, one after another",
  },
  score: {
    path: '/api/paper/mark/score',
    access: { perm: Perm.paperMark },
    body: Type.Object({ paperId: Id, quId: Id, score: Score, comment: Type.Optional(Type.String({ maxLength: 2000 })) }),
    response: MarkItem,
    summary: 'Score one short answer (0 to its score) with a comment',
    okMsg: '已评分',
  },
  finish: {
    path: '/api/paper/mark/finish',
    access: { perm: Perm.paperMark },
    body: IdBody,
    response: PaperRecord,
    summary: 'Finish marking a paper: it is scored, the record updates and the learner gets a message',
    okMsg: '阅卷完成',
  },
  finishMarked: {
    path: '/api/paper/mark/finish-marked',
    access: { perm: Perm.paperMark },
    body: Type.Object({ examId: Id }),
    response: Type.Integer(),
    summary: 'Finish every paper of an exam whose short answers are all scored; answers how many',
  },
});
