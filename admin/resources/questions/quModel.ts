import {
  QU_LIMITS,
  type FillOptions,
  type ImportIssue,
  type MatchLeft,
  type MatchRight,
  type QuBody,
  type QuOption,
  type QuPublic,
  type QuSaveBody,
  type SubQu,
} from '../../../common/api';
import { QuLevel, QuType, type CodeOf } from '../../../common/codes';

/**
 * The question editor's model: a QuBody with every field of its type present, helpers that keep
 * it consistent while the administrator edits (type switches, blank markers and their answers),
 * and the checks the server makes on save (server/modules/qu/qu.rules.ts), with the same fields
 * and the same Chinese messages, so a question is refused before it travels.
 */

export type QuTypeValue = CodeOf<typeof QuType>;
export type SubTypeValue = SubQu['quType'];
/** What the answer fields of a question and of a sub-question have in common. */
export type AnswerParts = Pick<QuBody, 'quType' | 'content' | 'answerList' | 'refAnswer' | 'blanks' | 'fillOptions' | 'leftList' | 'rightList'>;

export const JUDGE_TRUE = '正确';
export const JUDGE_FALSE = '错误';
export const DEFAULT_FILL_OPTIONS: FillOptions = { ignoreCase: true, ignoreWidth: true, ignoreSpace: true, anyOrder: false };
export const SUB_TYPES: readonly SubTypeValue[] = [QuType.SINGLE, QuType.MULTIPLE, QuType.JUDGE, QuType.SHORT, QuType.FILL, QuType.MATCH];

const ID_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
/** A fresh id for an option or matching item (random: ids in order would give away a matching's pairs). */
export function newItemId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  return 'n' + Array.from(bytes, (b) => ID_ALPHABET[b % ID_ALPHABET.length]).join('');
}

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
export const optionLetter = (i: number) => LETTERS[i] ?? String(i + 1);
/** How a message names an option: 选项B (past Z: 第27个选项). */
export const optionName = (i: number) => (i < LETTERS.length ? `选项${LETTERS[i]}` : `第${i + 1}个选项`);

// ---------- text ----------

export function escapeHtml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** The text of an HTML fragment (tags dropped, the common entities decoded). */
export function htmlToText(html: string): string {
  return (html ?? '')
    .replace(/<\/?(p|div|br|li|tr|td|th|h[1-6]|table|ul|ol|blockquote)\b[^>]*>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;|&#160;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&amp;/g, '&');
}

/** Nothing a learner would see: no text, no picture, no table (as the server decides it). */
export function isBlankRichText(html: string | undefined): boolean {
  if (/<(img|table|hr)\b/i.test(html ?? '')) return false;
  return htmlToText(html ?? '').replace(/\u00a0/g, '').trim() === '';
}

// ---------- fill-in blanks ----------

const BLANK_MARKER = /<span\b[^>]*\bdata-blank="([^"]*)"[^>]*>[\s\S]*?<\/span>/gi;
export const blankMarker = (n: number) => `<span data-blank="${n}"></span>`;

/** The numbers of a stem's blank markers in the order they stand. */
export function blankNumbers(html: string): number[] {
  return Array.from((html ?? '').matchAll(BLANK_MARKER), (m) => Number(m[1]) || 0);
}

/** The number the next inserted blank takes: one past the largest in the stem (unique while editing). */
export const nextBlankNumber = (html: string) => Math.max(0, ...blankNumbers(html)) + 1;

/** Markers renumbered 1..n in the order they stand, as the server stores them. */
export function renumberBlanks(html: string): string {
  let n = 0;
  return (html ?? '').replace(BLANK_MARKER, () => blankMarker(++n));
}

/**
 * A fill-in question's new stem with its blanks list kept in step: blanks[i] belongs to the i-th
 * marker, so a marker's answers follow it when others are inserted or deleted before it, and a new
 * marker starts with one empty answer.
 */
export function withStem<T extends AnswerParts>(q: T, html: string): T {
  if (q.quType !== QuType.FILL) return { ...q, content: html };
  const before = blankNumbers(q.content);
  const after = blankNumbers(html);
  const blanks = q.blanks ?? [];
  const next = after.map((n) => {
    const at = before.indexOf(n);
    return at >= 0 && blanks[at] ? blanks[at] : { answers: [''] };
  });
  return { ...q, content: html, blanks: next };
}

// ---------- new questions and type switches ----------

const option = (content = '', isRight = false): QuOption => ({ id: newItemId(), content, isRight });

/** The answer fields a new question of `type` starts with (all fields present, other types' empty). */
export function answerDefaults(type: QuTypeValue): Omit<AnswerParts, 'quType' | 'content'> {
  const empty = { answerList: [] as QuOption[], refAnswer: '', blanks: [], fillOptions: { ...DEFAULT_FILL_OPTIONS }, leftList: [] as MatchLeft[], rightList: [] as MatchRight[] };
  switch (type) {
    case QuType.SINGLE:
    case QuType.MULTIPLE:
      return { ...empty, answerList: [option(), option(), option(), option()] };
    case QuType.JUDGE:
      return { ...empty, answerList: [option(JUDGE_TRUE), option(JUDGE_FALSE)] };
    case QuType.MATCH: {
      const right = [{ id: newItemId(), content: '' }, { id: newItemId(), content: '' }];
      return { ...empty, rightList: right, leftList: right.map((r) => ({ id: newItemId(), content: '', rightId: r.id })) };
    }
    default:
      return empty;
  }
}

export function newSub(type: SubTypeValue = QuType.SINGLE): SubQu {
  return { quType: type, content: '', analysis: '', share: 1, ...answerDefaults(type) };
}

export function emptyQuestion(type: QuTypeValue = QuType.SINGLE, level: CodeOf<typeof QuLevel> = QuLevel.ORDINARY): QuBody {
  return {
    quType: type,
    level,
    content: '',
    analysis: '',
    tags: [],
    ...answerDefaults(type),
    subList: type === QuType.COMBINED ? [newSub()] : [],
  };
}

/**
 * The question as another type: the stem stays; options carry over between single and multiple
 * choice (single keeps only the first right one); a fill-in stem's blanks come with their answers.
 */
export function switchType<T extends AnswerParts>(q: T, type: QuTypeValue): T {
  if (type === q.quType) return q;
  const defaults = answerDefaults(type);
  const isChoice = (t: number) => t === QuType.SINGLE || t === QuType.MULTIPLE;
  let answerList = defaults.answerList;
  if (isChoice(type) && isChoice(q.quType) && (q.answerList ?? []).length > 0) {
    let seen = false;
    answerList = (q.answerList ?? []).map((o) => {
      const right = type === QuType.SINGLE ? o.isRight && !seen : o.isRight;
      if (o.isRight) seen = true;
      return { ...o, isRight: right };
    });
  }
  const next = { ...q, quType: type, ...defaults, answerList };
  return type === QuType.FILL ? withStem({ ...next, content: '' }, q.content) : next;
}

/** switchType for a whole question: a combined one starts with one sub-question, other types have none. */
export function switchQuestionType(q: QuBody, type: QuTypeValue): QuBody {
  const next = switchType(q, type);
  if (type === QuType.COMBINED) return (next.subList ?? []).length ? next : { ...next, subList: [newSub()] };
  return { ...next, subList: [] };
}

// ---------- checks (server/modules/qu/qu.rules.ts, same fields, same words) ----------

type Report = (field: string, message: string) => void;

function checkLength(report: Report, field: string, value: string | undefined, max: number, what: string) {
  if ((value ?? '').length > max) report(field, `${what}不能超过${max}个字符`);
}

function checkChoice(type: number, parts: AnswerParts, report: Report) {
  const options = parts.answerList ?? [];
  if (options.length > QU_LIMITS.options) report('answerList', `选项不能超过${QU_LIMITS.options}个`);
  options.forEach((o, i) => {
    if (isBlankRichText(o.content) && !o.image?.trim()) report(`answerList.${i}.content`, `${optionName(i)}的内容不能为空`);
    checkLength(report, `answerList.${i}.content`, o.content, QU_LIMITS.option, `${optionName(i)}的内容`);
  });
  const right = options.filter((o) => o.isRight).length;
  if (type === QuType.SINGLE) {
    if (options.length < 2) report('answerList', '单选题至少需要两个选项');
    if (right !== 1) report('answerList', '单选题必须有且只有一个正确答案');
  } else if (type === QuType.MULTIPLE) {
    if (options.length < 2) report('answerList', '多选题至少需要两个选项');
    if (right < 1) report('answerList', '多选题至少需要一个正确答案');
  } else {
    const texts = options.map((o) => htmlToText(o.content).trim()).sort();
    if (texts.length !== 2 || texts[0] !== JUDGE_TRUE || texts[1] !== JUDGE_FALSE) report('answerList', `判断题的选项必须是“${JUDGE_TRUE}”和“${JUDGE_FALSE}”两项`);
    if (right !== 1) report('answerList', '判断题必须有且只有一个正确答案');
  }
}

function checkFill(parts: AnswerParts, report: Report) {
  const blanks = parts.blanks ?? [];
  const markers = blankNumbers(parts.content).length;
  if (markers === 0) report('content', '填空题的题干中至少要有一个填空');
  else if (markers !== blanks.length) report('blanks', `题干中有${markers}个填空，但设置了${blanks.length}个填空的答案`);
  if (blanks.length > QU_LIMITS.blanks) report('blanks', `填空不能超过${QU_LIMITS.blanks}个`);
  blanks.forEach((b, i) => {
    const answers = b.answers ?? [];
    if (!answers.some((a) => a.trim())) report(`blanks.${i}`, `第${i + 1}个填空没有答案`);
    if (answers.length > QU_LIMITS.alternatives) report(`blanks.${i}`, `第${i + 1}个填空的备选答案不能超过${QU_LIMITS.alternatives}个`);
    if (answers.some((a) => a.length > QU_LIMITS.blankAnswer)) report(`blanks.${i}`, `第${i + 1}个填空的答案不能超过${QU_LIMITS.blankAnswer}个字符`);
  });
}

function checkMatch(parts: AnswerParts, report: Report) {
  const left = parts.leftList ?? [];
  const right = parts.rightList ?? [];
  if (left.length < 2) report('leftList', '配对题至少需要两个左侧项');
  if (left.length > QU_LIMITS.matchItems) report('leftList', `配对题的左侧项不能超过${QU_LIMITS.matchItems}个`);
  if (right.length > QU_LIMITS.matchRight) report('rightList', `配对题的右侧项不能超过${QU_LIMITS.matchRight}个`);
  if (right.length < left.length) report('rightList', '右侧项不能少于左侧项');
  const ids = new Set(right.map((r) => r.id));
  right.forEach((r, i) => {
    if (isBlankRichText(r.content)) report(`rightList.${i}.content`, `右侧第${i + 1}项的内容不能为空`);
    checkLength(report, `rightList.${i}.content`, r.content, QU_LIMITS.option, `右侧第${i + 1}项的内容`);
  });
  left.forEach((l, i) => {
    if (isBlankRichText(l.content)) report(`leftList.${i}.content`, `左侧第${i + 1}项的内容不能为空`);
    checkLength(report, `leftList.${i}.content`, l.content, QU_LIMITS.option, `左侧第${i + 1}项的内容`);
    if (!l.rightId || !ids.has(l.rightId)) report(`leftList.${i}.rightId`, `左侧第${i + 1}项没有配对的右侧项`);
  });
}

function checkAnswers(q: AnswerParts, report: Report) {
  const type = q.quType;
  if (type === QuType.SINGLE || type === QuType.MULTIPLE || type === QuType.JUDGE) checkChoice(type, q, report);
  else if (type === QuType.SHORT) checkLength(report, 'refAnswer', q.refAnswer, QU_LIMITS.content, '参考答案');
  else if (type === QuType.FILL) checkFill(q, report);
  else if (type === QuType.MATCH) checkMatch(q, report);
}

/** Every reason the server would refuse the question, at once (field paths as the editor names them); empty when it is answerable. */
export function checkQuestion(q: QuBody): ImportIssue[] {
  const issues: ImportIssue[] = [];
  const report: Report = (field, message) => issues.push({ field, message });
  const type = q.quType;
  if (!QuType.has(type)) return [{ field: 'quType', message: '题型不正确' }];
  if (isBlankRichText(q.content)) report('content', type === QuType.COMBINED ? '组合题的材料不能为空' : '题干不能为空');
  checkLength(report, 'content', q.content, QU_LIMITS.content, type === QuType.COMBINED ? '材料' : '题干');
  checkLength(report, 'analysis', q.analysis, QU_LIMITS.analysis, '解析');
  const tags = q.tags ?? [];
  if (tags.length > QU_LIMITS.tags) report('tags', `知识点不能超过${QU_LIMITS.tags}个`);
  for (const tag of tags) if (tag.length > QU_LIMITS.tag) report('tags', `知识点“${tag}”超过了${QU_LIMITS.tag}个字`);
  if (type === QuType.COMBINED) {
    const subs = q.subList ?? [];
    if (subs.length === 0) report('subList', '组合题至少需要一个小题');
    if (subs.length > QU_LIMITS.subQuestions) report('subList', `组合题的小题不能超过${QU_LIMITS.subQuestions}个`);
    subs.forEach((sub, i) => {
      const at = `subList.${i}.`;
      const name = `第${i + 1}小题`;
      const subReport: Report = (field, message) => report(at + field, `${name}：${message}`);
      if (isBlankRichText(sub.content)) report(`${at}content`, `${name}的题干不能为空`);
      checkLength(subReport, 'content', sub.content, QU_LIMITS.content, '题干');
      checkLength(subReport, 'analysis', sub.analysis, QU_LIMITS.analysis, '解析');
      if (!Number.isInteger(sub.share) || sub.share < 1 || sub.share > 100) report(`${at}share`, `${name}的分值占比必须是1到100的整数`);
      checkAnswers(sub, subReport);
    });
  } else {
    checkAnswers(q, report);
  }
  return issues;
}

/** The issues at `field` or inside it (answerList → answerList, answerList.0.content …). */
export function issuesAt(issues: readonly ImportIssue[], field: string, exact = false): string[] {
  return issues.filter((i) => i.field === field || (!exact && i.field.startsWith(`${field}.`))).map((i) => i.message);
}

// ---------- what travels ----------

const clean = (s: string | undefined) => (s ?? '').trim();

/** The answer fields of the type only; fill-in markers renumbered and empty alternatives dropped. */
function answerBody<T extends AnswerParts>(q: T): T {
  const t = q.quType;
  const choice = t === QuType.SINGLE || t === QuType.MULTIPLE || t === QuType.JUDGE;
  return {
    ...q,
    content: t === QuType.FILL ? renumberBlanks(clean(q.content)) : clean(q.content),
    answerList: choice ? (q.answerList ?? []).map((o) => ({ ...o, content: clean(o.content) })) : [],
    refAnswer: t === QuType.SHORT ? clean(q.refAnswer) : '',
    blanks: t === QuType.FILL ? (q.blanks ?? []).map((b) => ({ answers: b.answers.map((a) => a.trim()).filter(Boolean) })) : [],
    fillOptions: { ...DEFAULT_FILL_OPTIONS, ...(t === QuType.FILL ? q.fillOptions : {}) },
    leftList: t === QuType.MATCH ? q.leftList ?? [] : [],
    rightList: t === QuType.MATCH ? q.rightList ?? [] : [],
  };
}

/** A QuBody as it is saved or committed: text trimmed, other types' fields emptied, tags cleaned. */
export function toQuBody(q: QuBody): QuBody {
  const body = answerBody(q);
  return {
    ...body,
    level: q.level ?? QuLevel.ORDINARY,
    analysis: clean(q.analysis),
    tags: [...new Set((q.tags ?? []).map((t) => t.trim()).filter(Boolean))],
    subList: q.quType === QuType.COMBINED ? (q.subList ?? []).map((s) => ({ ...answerBody(s), analysis: clean(s.analysis) })) : [],
  };
}

export function toSaveBody(q: QuBody, repoId: string, id?: string): QuSaveBody {
  return { ...(id ? { id } : {}), repoId, ...toQuBody(q) };
}

/** A loaded question made whole for the editor (every field present, items with ids). */
export function fromQuBody(q: QuBody): QuBody {
  const fill = <T extends AnswerParts>(p: T): T => ({
    ...p,
    answerList: (p.answerList ?? []).map((o) => ({ ...o, id: o.id || newItemId() })),
    refAnswer: p.refAnswer ?? '',
    blanks: (p.blanks ?? []).map((b) => ({ answers: b.answers.length ? b.answers : [''] })),
    fillOptions: { ...DEFAULT_FILL_OPTIONS, ...p.fillOptions },
    leftList: (p.leftList ?? []).map((l) => ({ ...l, id: l.id || newItemId() })),
    rightList: p.rightList ?? [],
  });
  const whole = fill({ ...q, level: q.level ?? QuLevel.ORDINARY, analysis: q.analysis ?? '', tags: q.tags ?? [], subList: (q.subList ?? []).map((s) => fill({ ...s, analysis: s.analysis ?? '' })) });
  // A fill-in stem and its answers line up marker by marker.
  if (whole.quType === QuType.FILL && (whole.blanks ?? []).length < blankNumbers(whole.content).length) {
    const missing = blankNumbers(whole.content).length - (whole.blanks ?? []).length;
    whole.blanks = [...(whole.blanks ?? []), ...Array.from({ length: missing }, () => ({ answers: [''] }))];
  }
  return whole;
}

/** What a learner is shown of the question (no right answers): the shape the shared renderers take. */
export function toPublic(q: QuBody, quId = 'preview'): QuPublic {
  const pub = (p: AnswerParts) => ({
    quType: p.quType,
    content: p.quType === QuType.FILL ? renumberBlanks(p.content) : p.content,
    answerList: (p.answerList ?? []).map((o) => ({ id: o.id ?? '', content: o.content, ...(o.image ? { image: o.image } : {}) })),
    blankCount: p.quType === QuType.FILL ? blankNumbers(p.content).length : 0,
    leftList: (p.leftList ?? []).map((l) => ({ id: l.id ?? '', content: l.content })),
    rightList: (p.rightList ?? []).map((r) => ({ id: r.id, content: r.content })),
  });
  return { quId, ...pub(q), subList: q.quType === QuType.COMBINED ? (q.subList ?? []).map((s, i) => ({ quId: `${quId}-${i}`, share: s.share, ...pub(s) })) : [] };
}
