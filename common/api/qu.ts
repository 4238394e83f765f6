import { Type, type Static } from '@sinclair/typebox';
import { QuLevel, QuType } from '../codes';
import { Perm } from '../permissions';
import { defineApi } from './endpoint';
import { Done, Id, IdBody, IdsBody, Int, Millis, OptText, Page, PageRequest } from './base';

/**
 * Questions: one payload shape for saving, reading (administrators), importing and snapshotting
 * into papers. By type (spec section 3):
 *   1 single, 2 multiple, 3 true/false → answerList (options with isRight)
 *   4 short answer                     → refAnswer (shown to markers; marked by hand)
 *   5 fill in the blank                → blanks (one list of accepted alternatives per blank) + fillOptions;
 *                                        the stem marks each blank with <span data-blank="n"></span>, n = 1, 2, … in order
 *   6 matching                         → leftList (each with the id of its right match) + rightList (may hold distractors)
 *   99 combined                        → content is the shared material; subList holds sub-questions of types 1–6
 * Fields of other types are empty. Rich text (content, analysis, option content, refAnswer) is
 * HTML, sanitized by the server.
 */

/** Bounds of one question: the editor, every importer and the server share them. */
export const QU_LIMITS = {
  content: 20_000,
  analysis: 20_000,
  option: 2_000,
  options: 10,
  blanks: 20,
  alternatives: 20,
  blankAnswer: 500,
  matchItems: 20,
  /** Right-hand items, distractors included. */
  matchRight: 26,
  subQuestions: 20,
  tags: 10,
  tag: 32,
} as const;

/** Ids inside a question (options, matching items): given by the editor or importer, or made by the server. */
export const ItemId = Type.String({ pattern: '^[A-Za-z0-9_-]{1,32}$' });

export const QuOption = Type.Object({
  id: Type.Optional(ItemId),
  content: Type.String({ maxLength: QU_LIMITS.option }),
  isRight: Type.Boolean(),
  analysis: Type.Optional(Type.String({ maxLength: QU_LIMITS.option })),
  /** An image shown with the option: our file URL or http(s). */
  image: Type.Optional(Type.String({ maxLength: 512 })),
});
export type QuOption = Static<typeof QuOption>;

export const QuBlank = Type.Object({
  /** Accepted answers of this blank; any one of them is right. */
  answers: Type.Array(Type.String({ maxLength: QU_LIMITS.blankAnswer }), { maxItems: QU_LIMITS.alternatives }),
});
export type QuBlank = Static<typeof QuBlank>;

/** How fill-in answers are compared (defaults: all true but anyOrder). */
export const FillOptions = Type.Object({
  ignoreCase: Type.Boolean({ default: true }),
  /** Full-width and half-width forms count as the same (Ａ = A, ， = ,). */
  ignoreWidth: Type.Boolean({ default: true }),
  /** Spaces inside and around an answer are ignored. */
  ignoreSpace: Type.Boolean({ default: true }),
  /** The blanks may be answered in any order (each accepted list used once). */
  anyOrder: Type.Boolean({ default: false }),
});
export type FillOptions = Static<typeof FillOptions>;

export const MatchLeft = Type.Object({
  id: Type.Optional(ItemId),
  content: Type.String({ maxLength: QU_LIMITS.option }),
  /** The id of its match in rightList. */
  rightId: ItemId,
});
export type MatchLeft = Static<typeof MatchLeft>;
export const MatchRight = Type.Object({ id: ItemId, content: Type.String({ maxLength: QU_LIMITS.option }) });
export type MatchRight = Static<typeof MatchRight>;

/** Types a combined question's sub-questions may have. */
export const SubQuType = Type.Union([
  Type.Literal(QuType.SINGLE),
  Type.Literal(QuType.MULTIPLE),
  Type.Literal(QuType.JUDGE),
  Type.Literal(QuType.SHORT),
  Type.Literal(QuType.FILL),
  Type.Literal(QuType.MATCH),
]);

/** The answer-bearing fields every type draws from (optional on input, always present on output). */
const answerFields = {
  answerList: Type.Optional(Type.Array(QuOption, { maxItems: QU_LIMITS.options })),
  refAnswer: Type.Optional(Type.String({ maxLength: QU_LIMITS.content })),
  blanks: Type.Optional(Type.Array(QuBlank, { maxItems: QU_LIMITS.blanks })),
  fillOptions: Type.Optional(FillOptions),
  leftList: Type.Optional(Type.Array(MatchLeft, { maxItems: QU_LIMITS.matchItems })),
  rightList: Type.Optional(Type.Array(MatchRight, { maxItems: QU_LIMITS.matchRight })),
};

export const SubQu = Type.Object({
  id: Type.Optional(Id),
  quType: SubQuType,
  content: Type.String({ maxLength: QU_LIMITS.content }),
  analysis: Type.Optional(Type.String({ maxLength: QU_LIMITS.analysis })),
  /** Its share of the combined question's score, relative to its siblings' shares. */
  share: Int(1, 100),
  ...answerFields,
});
export type SubQu = Static<typeof SubQu>;

/** A question's own content: what an editor saves, an importer drafts and a paper snapshots. */
export const QuBody = Type.Object({
  quType: QuType.schema,
  /** Default 1 (ordinary). */
  level: Type.Optional(QuLevel.schema),
  content: Type.String({ maxLength: QU_LIMITS.content }),
  analysis: Type.Optional(Type.String({ maxLength: QU_LIMITS.analysis })),
  /** Knowledge points (kept per bank). */
  tags: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: QU_LIMITS.tag }), { maxItems: QU_LIMITS.tags })),
  ...answerFields,
  subList: Type.Optional(Type.Array(SubQu, { maxItems: QU_LIMITS.subQuestions })),
});
export type QuBody = Static<typeof QuBody>;

export const QuSaveBody = Type.Composite([Type.Object({ id: Type.Optional(Id), repoId: Id }), QuBody]);
export type QuSaveBody = Static<typeof QuSaveBody>;

/** A stored question as administrators read it (answers included). */
export const QuDetail = Type.Composite([
  Type.Object({ id: Id, repoId: Id, repoTitle: Type.String(), createTime: Millis, updateTime: Millis }),
  QuBody,
]);
export type QuDetail = Static<typeof QuDetail>;

/** One row of the question list. */
export const QuListItem = Type.Object({
  id: Id,
  repoId: Id,
  quType: QuType.schema,
  level: QuLevel.schema,
  /** The stem (sanitized HTML). */
  content: Type.String(),
  tags: Type.Array(Type.String()),
  createTime: Millis,
  updateTime: Millis,
});
export type QuListItem = Static<typeof QuListItem>;

export const QuFilters = Type.Object({
  repoId: OptText(32),
  quType: Type.Optional(Type.Union([QuType.schema, Type.Literal('')])),
  level: Type.Optional(Type.Union([QuLevel.schema, Type.Literal('')])),
  /** Text in the stem. */
  content: OptText(200),
  /** A knowledge point. */
  tag: OptText(QU_LIMITS.tag),
  /** Questions to leave out (a picker's already chosen ones). */
  excludes: Type.Optional(Type.Array(Id, { maxItems: 1000 })),
});
export type QuFilters = Static<typeof QuFilters>;
export const QuPagingBody = PageRequest(QuFilters);

export const QuBatchBody = Type.Object({
  ids: Type.Array(Id, { minItems: 1, maxItems: 1000 }),
  repoId: Id,
  action: Type.Union([Type.Literal('move'), Type.Literal('copy')]),
});
export const QuBatchLevelBody = Type.Object({ ids: Type.Array(Id, { minItems: 1, maxItems: 1000 }), level: QuLevel.schema });
export const QuBatchTagBody = Type.Object({
  ids: Type.Array(Id, { minItems: 1, maxItems: 1000 }),
  tags: Type.Array(Type.String({ minLength: 1, maxLength: QU_LIMITS.tag }), { minItems: 1, maxItems: QU_LIMITS.tags }),
  /** add: give these knowledge points too; remove: take them away. */
  mode: Type.Union([Type.Literal('add'), Type.Literal('remove')]),
});
export const QuTag = Type.Object({ name: Type.String(), count: Type.Integer() });
export type QuTag = Static<typeof QuTag>;

// ---------- import and export ----------

export const ImportFormat = Type.Union([
  Type.Literal('text'),
  Type.Literal('docx'),
  Type.Literal('xlsx'),
  Type.Literal('gift'),
  Type.Literal('xml'),
]);
export type ImportFormat = Static<typeof ImportFormat>;

/** Largest pasted text or uploaded import file. */
export const IMPORT_MAX_BYTES = 20 * 1024 * 1024;
/** Most questions one import may hold. */
export const IMPORT_MAX_ITEMS = 5_000;

/** Pasted text (JSON variant of /import/parse; the other is multipart with the part `file`). */
export const ImportTextBody = Type.Object({
  format: Type.Union([Type.Literal('text'), Type.Literal('gift'), Type.Literal('xml')]),
  text: Type.String({ minLength: 1, maxLength: 4 * 1024 * 1024 }),
  /** The target bank, when known: stems already in it are flagged as duplicates. */
  repoId: Type.Optional(Id),
  /**
   * Read the format from the content when it clearly is another (a GIFT export pasted as text, a
   * <quiz> as Moodle XML): the preview's first reading. Absent or false: exactly `format`.
   */
  detect: Type.Optional(Type.Boolean()),
});
export type ImportTextBody = Static<typeof ImportTextBody>;

export const ImportIssue = Type.Object({
  /** The field at fault, e.g. content, answerList, blanks.2, subList.1.answerList; '' for the whole question. */
  field: Type.String(),
  message: Type.String(),
});
export type ImportIssue = Static<typeof ImportIssue>;

export const ImportItem = Type.Object({
  /** 1-based position in the file. */
  index: Type.Integer(),
  /** Where it came from: "第3行", "第12题" …, for the administrator to find it in the source. */
  source: Type.String(),
  question: QuBody,
  /** Every problem at once; an item with errors cannot be committed until fixed or dropped. */
  errors: Type.Array(ImportIssue),
  /** What reading changed or dropped, and why (权重已忽略, 反馈已并入解析 …); never blocks the item. */
  warnings: Type.Array(ImportIssue),
  /** The normalised stem already exists in the target bank. */
  duplicate: Type.Boolean(),
});
export type ImportItem = Static<typeof ImportItem>;
export const ImportParseResult = Type.Object({
  /** The format the import was read as. */
  format: ImportFormat,
  /** The format the file's name or the request named, when the content showed another (then read as `format`). */
  namedFormat: Type.Optional(ImportFormat),
  items: Type.Array(ImportItem),
  /** How many items carry warnings. */
  warned: Type.Integer(),
});
export type ImportParseResult = Static<typeof ImportParseResult>;

export const ImportCommitBody = Type.Object({
  repoId: Id,
  /** Level for items that name none. */
  level: Type.Optional(QuLevel.schema),
  items: Type.Array(QuBody, { minItems: 1, maxItems: IMPORT_MAX_ITEMS }),
  /** How many warnings the preview showed for each item, in the order of `items` (for the report). */
  warnings: Type.Optional(Type.Array(Type.Integer({ minimum: 0, maximum: 1000 }), { maxItems: IMPORT_MAX_ITEMS })),
});
export type ImportCommitBody = Static<typeof ImportCommitBody>;
export const ImportCommitResult = Type.Object({
  created: Type.Integer(),
  /** How many of the saved questions were saved with warnings from their preview. */
  warned: Type.Integer(),
});
export type ImportCommitResult = Static<typeof ImportCommitResult>;

export const QuExportBody = Type.Object({ params: Type.Optional(QuFilters), ids: Type.Optional(Type.Array(Id, { maxItems: 10_000 })) });

// ---------- what a learner sees ----------

/** An answer as a learner gives it (exam papers and practice alike). */
export const AnswerInput = Type.Object({
  /** Chosen option ids (types 1, 2, 3). */
  answers: Type.Optional(Type.Array(ItemId, { maxItems: QU_LIMITS.options })),
  /** Text (type 4). */
  answer: Type.Optional(Type.String({ maxLength: QU_LIMITS.content })),
  /** One answer per blank, in order (type 5). */
  blanks: Type.Optional(Type.Array(Type.String({ maxLength: QU_LIMITS.blankAnswer }), { maxItems: QU_LIMITS.blanks })),
  /** Left item → chosen right item (type 6). */
  pairs: Type.Optional(Type.Array(Type.Object({ leftId: ItemId, rightId: ItemId }), { maxItems: QU_LIMITS.matchItems })),
});
export type AnswerInput = Static<typeof AnswerInput>;

const PublicOption = Type.Object({ id: ItemId, content: Type.String(), image: Type.Optional(Type.String()) });
const PublicItem = Type.Object({ id: ItemId, content: Type.String() });
const publicFields = {
  quType: QuType.schema,
  /** Stem; for fill-in it carries the blank markers; for combined, the shared material. */
  content: Type.String(),
  answerList: Type.Array(PublicOption),
  blankCount: Type.Integer(),
  leftList: Type.Array(PublicItem),
  rightList: Type.Array(PublicItem),
};

/**
 * A question as a learner sees it before the answer may be shown: no isRight, no analysis, no
 * reference answer, no blank answers, no matches. Exams (qu-detail) and practice (next) answer this shape.
 */
export const QuPublic = Type.Object({
  quId: Id,
  ...publicFields,
  subList: Type.Array(Type.Object({ quId: Id, share: Type.Integer(), ...publicFields })),
});
export type QuPublic = Static<typeof QuPublic>;

/** A question with its answer and analysis, for a learner who has earned it (/web/qu/view/{id}). */
export const QuReview = Type.Composite([Type.Object({ id: Id }), QuBody]);
export type QuReview = Static<typeof QuReview>;

export const quApi = defineApi('qu', {
  paging: { path: '/api/qu/qu/paging', access: { perm: Perm.quList }, body: QuPagingBody, response: Page(QuListItem), summary: 'Questions, filtered by bank, type, level, stem text and knowledge point' },
  detail: { path: '/api/qu/qu/detail', access: { perm: Perm.quList }, body: IdBody, response: QuDetail, summary: 'One question with its answers (administrators only)' },
  save: { path: '/api/qu/qu/save', access: { perm: Perm.quSave }, body: QuSaveBody, response: QuDetail, summary: 'Create or update a question (refused unless answerable)', okMsg: '保存成功', bodyLimit: 2 * 1024 * 1024 },
  delete: { path: '/api/qu/qu/delete', access: { perm: Perm.quDelete }, body: IdsBody, response: Done, summary: 'Delete questions (papers already drawn keep their copies)', okMsg: '删除成功' },
  batch: { path: '/api/qu/qu/batch', access: { perm: Perm.quSave }, body: QuBatchBody, response: Type.Integer(), summary: 'Move or copy questions to another bank; answers how many' },
  batchLevel: { path: '/api/qu/qu/batch-level', access: { perm: Perm.quSave }, body: QuBatchLevelBody, response: Type.Integer(), summary: 'Set the level of questions' },
  batchTag: { path: '/api/qu/qu/batch-tag', access: { perm: Perm.quSave }, body: QuBatchTagBody, response: Type.Integer(), summary: 'Add or remove knowledge points on questions' },
  tags: { path: '/api/qu/qu/tags', access: { perm: Perm.quList }, body: Type.Object({ repoId: Id }), response: Type.Array(QuTag), summary: "A bank's knowledge points with question counts" },
  importParse: {
    path: '/api/qu/qu/import/parse',
    access: { perm: Perm.quImport },
    transport: 'upload',
    body: ImportTextBody,
    response: ImportParseResult,
    summary: 'Parse an import (multipart `file` with optional field repoId first, or JSON {format, text, repoId}) into a preview; saves nothing',
    bodyLimit: IMPORT_MAX_BYTES,
  },
  importCommit: {
    path: '/api/qu/qu/import/commit',
    access: { perm: Perm.quImport },
    body: ImportCommitBody,
    response: ImportCommitResult,
    summary: 'Save previewed questions into a bank, all in one transaction',
    okMsg: '导入成功',
    bodyLimit: IMPORT_MAX_BYTES,
  },
  importTemplate: { path: '/api/qu/qu/import/template', access: { perm: Perm.quImport }, transport: 'download', body: Type.Object({}), response: Done, summary: 'The Excel import template' },
  export: { path: '/api/qu/qu/export', access: { perm: Perm.quExport }, transport: 'download', body: QuExportBody, response: Done, summary: 'Questions (filtered, or by id) as an Excel file in the import template' },
});

/** Learner side: a question with its answer, only where the learner has earned it. */
export const userQuApi = defineApi('qu', {
  detail: { path: '/api/user/qu/detail', access: 'login', body: IdBody, response: QuReview, summary: 'A question with answer and analysis, if in my wrong book, practice history or a released result of mine' },
});
