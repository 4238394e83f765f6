import { Type, type Static } from '@sinclair/typebox';
import { DisplayMode, ExamOpenType, ExamState, GenericState, QuLevel, QuType, ResultShow } from '../codes';
import { Perm } from '../permissions';
import { defineApi } from './endpoint';
import { Done, Id, IdBody, IdsBody, Int, Millis, OptText, Page, PageRequest } from './base';
import { QuDetail } from './qu';

/**
 * Exams: what administrators build (/api/exam/exam/*), what learners may take
 * (/api/exam/exam/online-paging) and the per-exam records (/api/user/exam/*). Papers, marking and
 * the wrong book are in paper.ts.
 */

/** A score; the server keeps two decimals (fill-in blanks split a score). */
export const Score = Type.Number({ minimum: 0, maximum: 10_000 });

/** One draw of a section: `count` random questions of the section's type from a bank (of a level, when given). */
export const ExamDraw = Type.Object({
  repoId: Id,
  level: Type.Optional(QuLevel.schema),
  count: Int(1, 500),
});
export type ExamDraw = Static<typeof ExamDraw>;

/** A section (大题): questions of one type, one score each, drawn per learner and/or fixed. */
export const ExamGroup = Type.Object({
  title: Type.String({ minLength: 1, maxLength: 64 }),
  quType: QuType.schema,
  perScore: Type.Number({ exclusiveMinimum: 0, maximum: 1000 }),
  /** Multiple choice only: points for a pick that is a non-empty subset of the right options with no wrong one; 0 = none. */
  partialScore: Type.Optional(Type.Number({ minimum: 0, maximum: 1000 })),
  draws: Type.Array(ExamDraw, { maxItems: 20 }),
  /** Fixed questions picked in the question picker (everyone gets them). */
  quIds: Type.Array(Id, { maxItems: 500 }),
});
export type ExamGroup = Static<typeof ExamGroup>;

/** Everything an exam's form holds. */
export const ExamFields = Type.Object({
  title: Type.String({ minLength: 1, maxLength: 128 }),
  /** Instructions (rich text). */
  content: Type.String({ maxLength: 50_000 }),
  openType: ExamOpenType.schema,
  departIds: Type.Array(Id, { maxItems: 500 }),
  userIds: Type.Array(Id, { maxItems: 5000 }),
  /** openType 9 only. */
  password: Type.String({ maxLength: 64 }),
  /** The window (optional): entry and answering only inside it. */
  startTime: Type.Union([Millis, Type.Null()]),
  endTime: Type.Union([Millis, Type.Null()]),
  /** Minutes; 0 = until the window ends (then endTime is required). */
  totalTime: Int(0, 10_000),
  qualifyScore: Score,
  /** Attempts allowed; 0 = unlimited. */
  chance: Int(0, 1000),
  /** Minutes before a learner may hand in. */
  handMin: Int(0, 10_000),
  /** Minutes after startTime during which one may still enter; 0 = any time in the window. */
  lateMax: Int(0, 10_000),
  resultShow: ResultShow.schema,
  /** The review (resultShow 3) opens only after endTime. */
  reviewAfterEnd: Type.Boolean(),
  /**
   * Learners may practise the banks the exam draws from while it is open to them (low-stakes
   * quizzes). Off (the default): those banks are closed for practice to the exam's learners until
   * the exam is over for them. A question on a learner's own open paper never shows its answer.
   */
  practiceDuringExam: Type.Optional(Type.Boolean()),
  /**
   * Learners see the exam's ranking (成绩排名: best score, then time used) and their rank on their
   * result, once their score is released (never with resultShow 1). Off by default.
   */
  rankingVisible: Type.Optional(Type.Boolean()),
  /** The ranking learners see names people (name and department); off: ranks and scores only. On by default. */
  rankingShowNames: Type.Optional(Type.Boolean()),
  /** The excellence line of the exam's statistics (优秀线), in points; null or absent: 90 % of the total. */
  excellentScore: Type.Optional(Type.Union([Score, Type.Null()])),
  thanks: Type.String({ maxLength: 2000 }),
  displayMode: DisplayMode.schema,
  shuffleQuestions: Type.Boolean(),
  shuffleOptions: Type.Boolean(),
  /** Tab or window switches allowed; reaching it hands the paper in (forced). 0 = off. */
  leaveLimit: Int(0, 100),
  fullscreen: Type.Boolean(),
  blockPaste: Type.Boolean(),
  watermark: Type.Boolean(),
  /** Minutes without any input before the paper is handed in (forced). 0 = off. */
  idleLimit: Int(0, 600),
  groups: Type.Array(ExamGroup, { minItems: 1, maxItems: 20 }),
});
export type ExamFields = Static<typeof ExamFields>;

export const ExamSaveBody = Type.Composite([Type.Object({ id: Type.Optional(Id) }), ExamFields]);
export type ExamSaveBody = Static<typeof ExamSaveBody>;

/** An exam as administrators read it. */
export const ExamRecord = Type.Composite([
  Type.Object({
    id: Id,
    /** Stored enable flag (GenericState). */
    enabled: GenericState.schema,
    /** Computed: draft, disabled, not started, open or ended. */
    state: ExamState.schema,
    /** When it was published; null while it is a draft (learners neither see nor start a draft). */
    publishTime: Type.Union([Millis, Type.Null()]),
    totalScore: Type.Number(),
    quCount: Type.Integer(),
    paperCount: Type.Integer(),
    /** Papers handed in and waiting for a marker. */
    awaitingMarkCount: Type.Integer(),
    /** Draws using more than 80 % of what a bank has (everyone would get almost the same paper). */
    warnings: Type.Array(Type.String()),
    createTime: Millis,
    updateTime: Millis,
  }),
  ExamFields,
]);
export type ExamRecord = Static<typeof ExamRecord>;

export const ExamFilters = Type.Object({
  title: OptText(),
  state: Type.Optional(Type.Union([ExamState.schema, Type.Literal('')])),
  openType: Type.Optional(Type.Union([ExamOpenType.schema, Type.Literal('')])),
});
export const ExamPagingBody = PageRequest(ExamFilters);

/** Checks a composition without saving (the form's live total and availability). */
export const ExamCheckResult = Type.Object({
  totalScore: Type.Number(),
  quCount: Type.Integer(),
  /** Why it cannot be saved: names the section, the bank and what is missing. */
  errors: Type.Array(Type.String()),
  warnings: Type.Array(Type.String()),
});
export type ExamCheckResult = Static<typeof ExamCheckResult>;

/** One randomly drawn paper of a composition, for the administrator to look at (answers included). */
export const ExamPreview = Type.Object({
  totalScore: Type.Number(),
  groups: Type.Array(Type.Object({ title: Type.String(), quType: QuType.schema, perScore: Type.Number(), quList: Type.Array(QuDetail) })),
});
export type ExamPreview = Static<typeof ExamPreview>;

/** 0 publishes the drafts among the exams and enables them all; 1 disables them (drafts stay drafts). */
export const ExamStateBody = Type.Object({ ids: Type.Array(Id, { minItems: 1, maxItems: 1000 }), state: GenericState.schema });

/** How many active users an exam is open to (the publish confirmation says it). */
export const ExamAudience = Type.Object({ count: Type.Integer() });
export type ExamAudience = Static<typeof ExamAudience>;

export const examApi = defineApi('exam', {
  paging: { path: '/api/exam/exam/paging', access: { perm: Perm.examList }, body: ExamPagingBody, response: Page(ExamRecord), summary: 'Exams with state, audience, window, papers taken and awaiting marking' },
  detail: { path: '/api/exam/exam/detail', access: { perm: Perm.examList }, body: IdBody, response: ExamRecord, summary: 'One exam with its composition' },
  save: {
    path: '/api/exam/exam/save',
    access: { perm: Perm.examSave },
    body: ExamSaveBody,
    response: ExamRecord,
    summary: 'Create or update an exam (refused when a bank cannot fill the composition); a new exam is a draft until published with /state',
    okMsg: '保存成功',
    bodyLimit: 1024 * 1024,
  },
  check: {
    path: '/api/exam/exam/check',
    access: { perm: Perm.examSave },
    body: Type.Object({ groups: Type.Array(ExamGroup, { maxItems: 20 }) }),
    response: ExamCheckResult,
    summary: 'Total score, errors and warnings of a composition, without saving',
  },
  preview: {
    path: '/api/exam/exam/preview',
    access: { perm: Perm.examSave },
    body: Type.Object({ groups: Type.Array(ExamGroup, { minItems: 1, maxItems: 20 }), shuffleQuestions: Type.Optional(Type.Boolean()) }),
    response: ExamPreview,
    summary: 'One randomly drawn paper of a composition',
  },
  delete: { path: '/api/exam/exam/delete', access: { perm: Perm.examDelete }, body: IdsBody, response: Done, summary: 'Delete exams that have no papers (disable the others)', okMsg: '删除成功' },
  state: {
    path: '/api/exam/exam/state',
    access: { perm: Perm.examSave },
    body: ExamStateBody,
    response: Done,
    summary: 'Publish and enable (0) or disable (1) exams; a new exam is a draft until this publishes it; open papers of a disabled exam are handed in',
  },
  audience: {
    path: '/api/exam/exam/audience',
    access: { perm: Perm.examSave },
    body: IdBody,
    response: ExamAudience,
    summary: 'How many active users the exam is open to (everyone, its departments with their subdepartments, or its people)',
  },
});

// ---------- learners: exams I may take ----------

export const OnlineExam = Type.Object({
  id: Id,
  title: Type.String(),
  openType: ExamOpenType.schema,
  state: ExamState.schema,
  startTime: Type.Union([Millis, Type.Null()]),
  endTime: Type.Union([Millis, Type.Null()]),
  totalTime: Type.Integer(),
  totalScore: Type.Number(),
  qualifyScore: Type.Number(),
  chance: Type.Integer(),
  /** Attempts I have used. */
  tryCount: Type.Integer(),
  /** My best score so far (null before a finished attempt). */
  bestScore: Type.Union([Type.Number(), Type.Null()]),
  passed: Type.Boolean(),
  /** My paper of this exam still in progress, if any. */
  openPaperId: Type.Union([Id, Type.Null()]),
});
export type OnlineExam = Static<typeof OnlineExam>;

/** The pre-exam page's view: instructions and rules, nothing of the composition. */
export const ExamForLearner = Type.Composite([
  OnlineExam,
  Type.Object({
    content: Type.String(),
    handMin: Type.Integer(),
    lateMax: Type.Integer(),
    resultShow: ResultShow.schema,
    displayMode: DisplayMode.schema,
    leaveLimit: Type.Integer(),
    fullscreen: Type.Boolean(),
    blockPaste: Type.Boolean(),
    watermark: Type.Boolean(),
    idleLimit: Type.Integer(),
    quCount: Type.Integer(),
  }),
]);
export type ExamForLearner = Static<typeof ExamForLearner>;

export const onlineExamApi = defineApi('exam', {
  onlinePaging: {
    path: '/api/exam/exam/online-paging',
    access: 'login',
    body: PageRequest(Type.Object({ title: OptText() })),
    response: Page(OnlineExam),
    summary: 'Exams the caller may take, with their state, my attempts, best score and open paper',
  },
  onlineDetail: {
    path: '/api/exam/exam/online-detail',
    access: 'login',
    body: IdBody,
    response: ExamForLearner,
    summary: 'An exam I may take: instructions and rules (no composition)',
  },
});

// ---------- records: /api/user/exam/* ----------

/** One learner's record of one exam (attempts, best, last, passed). */
export const ExamRecordOfUser = Type.Object({
  id: Id,
  examId: Id,
  title: Type.String(),
  userId: Id,
  userName: Type.String(),
  realName: Type.String(),
  deptName: Type.String(),
  tryCount: Type.Integer(),
  /** Best and last score and passed: null for the learner while the exam shows only its thank-you (resultShow 1); the scores null too until a paper is finished. */
  maxScore: Type.Union([Type.Number(), Type.Null()]),
  lastScore: Type.Union([Type.Number(), Type.Null()]),
  totalScore: Type.Number(),
  qualifyScore: Type.Number(),
  passed: Type.Union([Type.Boolean(), Type.Null()]),
  /** The paper of the best score. */
  bestPaperId: Type.Union([Id, Type.Null()]),
  /** Papers handed in and waiting for a marker. */
  awaitingMark: Type.Integer(),
  /** The newest handed-in paper waits for a marker (its score is not in lastScore yet). */
  lastAwaitingMark: Type.Boolean(),
  /** When the newest paper was handed in (the latest exam; updateTime moves with marking too). */
  lastHandTime: Type.Union([Millis, Type.Null()]),
  updateTime: Millis,
});
export type ExamRecordOfUser = Static<typeof ExamRecordOfUser>;

export const userExamApi = defineApi('exam', {
  myPaging: {
    path: '/api/user/exam/my-paging',
    access: 'login',
    body: PageRequest(Type.Object({ title: OptText() })),
    response: Page(ExamRecordOfUser),
    summary: 'My records per exam',
  },
  paging: {
    path: '/api/user/exam/paging',
    access: { perm: Perm.paperList },
    body: PageRequest(Type.Object({ examId: OptText(32), departId: OptText(32), realName: OptText(), passed: Type.Optional(Type.Union([Type.Boolean(), Type.Literal('')])) })),
    response: Page(ExamRecordOfUser),
    summary: 'Records of every learner (administrators)',
  },
});
