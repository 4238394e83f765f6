import { createHash, randomInt } from 'node:crypto';
import {
  QU_LIMITS,
  type FillOptions,
  type ImportIssue,
  type MatchLeft,
  type MatchRight,
  type QuBlank,
  type QuBody,
  type QuOption,
  type SubQu,
} from '../../../common/api/qu';
import { QuLevel, QuType, type CodeOf } from '../../../common/codes';
import { isBlankRichText, isSafeImageSrc, sanitizeRichText } from '../../lib/sanitize';
import { decodeEntities, htmlToText } from '../../../common/richText';

/**
 * What makes a question answerable, shared by the editor's save, every importer's preview and the
 * import commit. `normalizeQuestion` first (it sanitizes and fills defaults), then
 * `validateQuestion` on its result: it answers every problem at once, each with the field at fault
 * (0-based paths as the editor's form names them: `answerList.1.content`, `blanks.0`,
 * `subList.2.answerList`) and a Chinese message that counts from 1 as people do (选项B, 第1个填空,
 * 第3小题).
 */

export type QuTypeValue = CodeOf<typeof QuType>;
/** The answer-bearing fields a question and a sub-question share. */
type AnswerParts = Pick<QuBody, 'answerList' | 'refAnswer' | 'blanks' | 'fillOptions' | 'leftList' | 'rightList'>;

export const JUDGE_TRUE = '正确';
export const JUDGE_FALSE = '错误';

export const DEFAULT_FILL_OPTIONS: FillOptions = Object.freeze({ ignoreCase: true, ignoreWidth: true, ignoreSpace: true, anyOrder: false });

const ITEM_ID = /^[A-Za-z0-9_-]{1,32}$/;
const ID_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/**
 * A short id for an option or matching item, unique among `taken` (which it joins). Random, never
 * positional: a learner sees these ids, and ids in order would give away a matching's pairs.
 */
export function newItemId(taken: Set<string>): string {
  for (;;) {
    let id = '';
    for (let i = 0; i < 6; i += 1) id += ID_ALPHABET[randomInt(ID_ALPHABET.length)];
    if (!taken.has(id)) {
      taken.add(id);
      return id;
    }
  }
}

// ---------- text helpers ----------

// Entities and plain text are drawn one way for the server and both apps (common/richText.ts).
export { decodeEntities, htmlToText };

export function escapeHtml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}


/** Every blank marker of a stem (whatever its number, with anything inside it). */
const BLANK_MARKER = /<span\b[^>]*\bdata-blank="[^"]*"[^>]*>[\s\S]*?<\/span>/gi;

export const blankMarker = (n: number) => `<span data-blank="${n}"></span>`;

export function countBlankMarkers(html: string): number {
  return html.match(BLANK_MARKER)?.length ?? 0;
}

/** Markers renumbered 1..n in the order they stand, emptied. */
function renumberBlanks(html: string): string {
  let n = 0;
  return html.replace(BLANK_MARKER, () => blankMarker(++n));
}

/** Outside a fill-in stem a marker means nothing; it becomes the written blank it stood for. */
function unmarkBlanks(html: string): string {
  return html.replace(BLANK_MARKER, '____');
}

/**
 * The stem as duplicate detection compares it: its text only, full-width forms folded to
 * half-width (NFKC), case folded, whitespace and punctuation (blanks written as underscores or
 * brackets included) removed.
 */
export function normalizeStem(html: string): string {
  return htmlToText(html)
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\s\p{P}]+/gu, '');
}

/** The key duplicates are found by (stored as qu.stem_key): a hash of the normalized stem. */
export function stemKey(content: string): string {
  return createHash('sha1').update(normalizeStem(content)).digest('hex');
}

// ---------- normalize ----------

const rich = (html: string | undefined) => unmarkBlanks(sanitizeRichText((html ?? '').trim()));
const plain = (s: string | undefined) => (s ?? '').replace(/\s+/g, ' ').trim();

/** True and false written other ways, as teachers and other systems write them. */
const JUDGE_WORDS: ReadonlyMap<string, boolean> = new Map([
  ...['正确', '对', '√', '✓', '✔', '是', 't', 'true', 'y', 'yes', '真', 'right', '1'].map((w) => [w, true] as const),
  ...['错误', '错', '×', 'x', '✗', '✘', '否', 'f', 'false', 'n', 'no', '假', 'wrong', '0'].map((w) => [w, false] as const),
]);

/** Reads a true/false answer (正确/错误, 对/错, √/×, 是/否, T/F …); undefined when it is none of them. */
export function judgeWord(text: string): boolean | undefined {
  const key = htmlToText(text).normalize('NFKC').replace(/[\s。.!！]+/g, '').toLowerCase();
  return JUDGE_WORDS.get(key);
}

function collectIds(parts: AnswerParts): Set<string> {
  const taken = new Set<string>();
  for (const o of parts.answerList ?? []) if (o.id && ITEM_ID.test(o.id)) taken.add(o.id);
  for (const l of parts.leftList ?? []) if (l.id && ITEM_ID.test(l.id)) taken.add(l.id);
  for (const r of parts.rightList ?? []) if (r.id) taken.add(r.id);
  return taken;
}

/** An id kept when valid and not yet used in this list, else a new one. */
function itemId(id: string | undefined, seen: Set<string>, taken: Set<string>): string {
  const clean = id?.trim();
  if (clean && ITEM_ID.test(clean) && !seen.has(clean)) {
    seen.add(clean);
    return clean;
  }
  const fresh = newItemId(taken);
  seen.add(fresh);
  return fresh;
}

function normalizeOptions(type: QuTypeValue, list: QuOption[], taken: Set<string>): QuOption[] {
  const seen = new Set<string>();
  return list.map((o) => {
    let content = rich(o.content);
    // True/false options are exactly 正确 and 错误; 对/错, √/× and the like are read as those.
    if (type === QuType.JUDGE) {
      const word = judgeWord(content);
      if (word !== undefined) content = word ? JUDGE_TRUE : JUDGE_FALSE;
    }
    const out: QuOption = { id: itemId(o.id, seen, taken), content, isRight: o.isRight === true };
    const analysis = rich(o.analysis);
    if (analysis) out.analysis = analysis;
    const image = o.image?.trim();
    if (image) out.image = image;
    return out;
  });
}

function normalizeBlanks(list: QuBlank[]): QuBlank[] {
  return list.map((b) => ({ answers: [...new Set((b.answers ?? []).map(plain).filter(Boolean))] }));
}

function normalizeFillOptions(given: Partial<FillOptions> | undefined): FillOptions {
  const out = { ...DEFAULT_FILL_OPTIONS };
  for (const key of Object.keys(out) as (keyof FillOptions)[]) {
    if (typeof given?.[key] === 'boolean') out[key] = given[key];
  }
  return out;
}

function normalizeMatch(left: MatchLeft[], right: MatchRight[], taken: Set<string>): Pick<QuBody, 'leftList' | 'rightList'> {
  const seen = new Set<string>();
  return {
    // Right ids are what left items point at: kept as given (a clash is reported, not guessed at).
    rightList: right.map((r) => ({ id: r.id?.trim() || newItemId(taken), content: rich(r.content) })),
    leftList: left.map((l) => ({ id: itemId(l.id, seen, taken), content: rich(l.content), rightId: (l.rightId ?? '').trim() })),
  };
}

/** The answer fields of one type; the fields of other types come back empty. */
function normalizeParts(type: QuTypeValue, q: AnswerParts & { content: string }): AnswerParts & { content: string } {
  const taken = collectIds(q);
  const isChoice = type === QuType.SINGLE || type === QuType.MULTIPLE || type === QuType.JUDGE;
  const match = type === QuType.MATCH ? normalizeMatch(q.leftList ?? [], q.rightList ?? [], taken) : { leftList: [], rightList: [] };
  return {
    content: type === QuType.FILL ? renumberBlanks(sanitizeRichText((q.content ?? '').trim())) : rich(q.content),
    answerList: isChoice ? normalizeOptions(type, q.answerList ?? [], taken) : [],
    refAnswer: type === QuType.SHORT ? rich(q.refAnswer) : '',
    blanks: type === QuType.FILL ? normalizeBlanks(q.blanks ?? []) : [],
    fillOptions: normalizeFillOptions(type === QuType.FILL ? q.fillOptions : undefined),
    ...match,
  };
}

function normalizeTags(tags: string[] | undefined): string[] {
  return [...new Set((tags ?? []).map(plain).filter(Boolean))];
}

function normalizeSub(sub: SubQu): SubQu {
  const out: SubQu = {
    quType: sub.quType,
    share: typeof sub.share === 'number' && Number.isFinite(sub.share) ? sub.share : 1,
    analysis: rich(sub.analysis),
    ...normalizeParts(sub.quType, sub),
  };
  if (sub.id) out.id = sub.id;
  return out;
}

/**
 * A question made ready to store: text trimmed, every rich-text field sanitized, level 1 unless
 * given, missing item ids made (short, unique within the question), fill-in blank markers
 * renumbered 1..n in order, true/false options written 正确/错误, and every field that does not
 * belong to the type emptied (all fields are present on the result).
 */
export function normalizeQuestion(q: QuBody): QuBody {
  const type = q.quType;
  return {
    quType: type,
    level: q.level ?? QuLevel.ORDINARY,
    analysis: rich(q.analysis),
    tags: normalizeTags(q.tags),
    ...normalizeParts(type, q),
    subList: type === QuType.COMBINED ? (q.subList ?? []).map(normalizeSub) : [],
  };
}

// ---------- validate ----------

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
/** How a message names an option: 选项B (past Z: 第27个选项). */
export const optionName = (i: number) => (i < LETTERS.length ? `选项${LETTERS[i]}` : `第${i + 1}个选项`);
export const optionLetter = (i: number) => LETTERS[i] ?? String(i + 1);

const SUB_TYPES: ReadonlySet<number> = new Set([QuType.SINGLE, QuType.MULTIPLE, QuType.JUDGE, QuType.SHORT, QuType.FILL, QuType.MATCH]);

type Report = (field: string, message: string) => void;

function checkLength(report: Report, field: string, value: string | undefined, max: number, what: string) {
  if ((value ?? '').length > max) report(field, `${what}不能超过${max}个字符`);
}

function checkChoice(type: QuTypeValue, parts: AnswerParts, report: Report) {
  const options = parts.answerList ?? [];
  if (options.length > QU_LIMITS.options) report('answerList', `选项不能超过${QU_LIMITS.options}个`);
  options.forEach((o, i) => {
    if (isBlankRichText(o.content ?? '') && !o.image?.trim()) report(`answerList.${i}.content`, `${optionName(i)}的内容不能为空`);
    checkLength(report, `answerList.${i}.content`, o.content, QU_LIMITS.option, `${optionName(i)}的内容`);
    checkLength(report, `answerList.${i}.analysis`, o.analysis, QU_LIMITS.option, `${optionName(i)}的解析`);
    if (o.image?.trim() && !isSafeImageSrc(o.image)) report(`answerList.${i}.image`, `${optionName(i)}的图片地址无效`);
  });
  const right = options.filter((o) => o.isRight).length;
  if (type === QuType.SINGLE) {
    if (options.length < 2) report('answerList', '单选题至少需要两个选项');
    if (right !== 1) report('answerList', '单选题必须有且只有一个正确答案');
  } else if (type === QuType.MULTIPLE) {
    if (options.length < 2) report('answerList', '多选题至少需要两个选项');
    if (right < 1) report('answerList', '多选题至少需要一个正确答案');
  } else {
    const texts = options.map((o) => htmlToText(o.content ?? '').trim()).sort();
    if (texts.length !== 2 || texts[0] !== JUDGE_TRUE || texts[1] !== JUDGE_FALSE) {
      report('answerList', `判断题的选项必须是“${JUDGE_TRUE}”和“${JUDGE_FALSE}”两项`);
    }
    if (right !== 1) report('answerList', '判断题必须有且只有一个正确答案');
  }
}

function checkFill(content: string, parts: AnswerParts, report: Report) {
  const blanks = parts.blanks ?? [];
  const markers = countBlankMarkers(content);
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
  const rightIds = new Set<string>();
  right.forEach((r, i) => {
    if (!ITEM_ID.test(r.id ?? '')) report(`rightList.${i}.id`, `右侧第${i + 1}项的编号无效`);
    else if (rightIds.has(r.id)) report(`rightList.${i}.id`, `右侧第${i + 1}项的编号与其他项重复`);
    rightIds.add(r.id);
    if (isBlankRichText(r.content ?? '')) report(`rightList.${i}.content`, `右侧第${i + 1}项的内容不能为空`);
    checkLength(report, `rightList.${i}.content`, r.content, QU_LIMITS.option, `右侧第${i + 1}项的内容`);
  });
  left.forEach((l, i) => {
    if (isBlankRichText(l.content ?? '')) report(`leftList.${i}.content`, `左侧第${i + 1}项的内容不能为空`);
    checkLength(report, `leftList.${i}.content`, l.content, QU_LIMITS.option, `左侧第${i + 1}项的内容`);
    if (!l.rightId || !rightIds.has(l.rightId)) report(`leftList.${i}.rightId`, `左侧第${i + 1}项没有配对的右侧项`);
  });
}

function checkAnswers(type: QuTypeValue, q: AnswerParts & { content: string }, report: Report) {
  if (type === QuType.SINGLE || type === QuType.MULTIPLE || type === QuType.JUDGE) checkChoice(type, q, report);
  else if (type === QuType.SHORT) checkLength(report, 'refAnswer', q.refAnswer, QU_LIMITS.content, '参考答案');
  else if (type === QuType.FILL) checkFill(q.content ?? '', q, report);
  else if (type === QuType.MATCH) checkMatch(q, report);
}

function checkSub(sub: SubQu, i: number, report: Report) {
  const at = `subList.${i}.`;
  const name = `第${i + 1}小题`;
  const subReport: Report = (field, message) => report(at + field, `${name}：${message}`);
  if (!SUB_TYPES.has(sub.quType)) {
    report(`${at}quType`, `${name}的题型只能是单选题、多选题、判断题、简答题、填空题或配对题`);
    return;
  }
  if (isBlankRichText(sub.content ?? '')) report(`${at}content`, `${name}的题干不能为空`);
  checkLength(subReport, 'content', sub.content, QU_LIMITS.content, '题干');
  checkLength(subReport, 'analysis', sub.analysis, QU_LIMITS.analysis, '解析');
  if (!Number.isInteger(sub.share) || sub.share < 1 || sub.share > 100) report(`${at}share`, `${name}的分值占比必须是1到100的整数`);
  checkAnswers(sub.quType, sub, subReport);
}

/**
 * Every reason the question cannot be saved, at once; empty when it is answerable. Fields that do
 * not belong to the type are ignored. Give it the result of normalizeQuestion.
 */
export function validateQuestion(q: QuBody): ImportIssue[] {
  const issues: ImportIssue[] = [];
  const report: Report = (field, message) => issues.push({ field, message });
  if (!QuType.has(q.quType)) {
    report('quType', '题型不正确');
    return issues;
  }
  const type = q.quType;
  if (q.level !== undefined && !QuLevel.has(q.level)) report('level', '难度只能是普通或较难');
  if (isBlankRichText(q.content ?? '')) report('content', type === QuType.COMBINED ? '组合题的材料不能为空' : '题干不能为空');
  checkLength(report, 'content', q.content, QU_LIMITS.content, type === QuType.COMBINED ? '材料' : '题干');
  checkLength(report, 'analysis', q.analysis, QU_LIMITS.analysis, '解析');
  const tags = q.tags ?? [];
  if (tags.length > QU_LIMITS.tags) report('tags', `知识点不能超过${QU_LIMITS.tags}个`);
  for (const tag of tags) if (tag.length > QU_LIMITS.tag) report('tags', `知识点“${tag}”超过了${QU_LIMITS.tag}个字`);
  if (type === QuType.COMBINED) {
    const subs = q.subList ?? [];
    if (subs.length === 0) report('subList', '组合题至少需要一个小题');
    if (subs.length > QU_LIMITS.subQuestions) report('subList', `组合题的小题不能超过${QU_LIMITS.subQuestions}个`);
    subs.forEach((sub, i) => checkSub(sub, i, report));
  } else {
    checkAnswers(type, q, report);
  }
  return issues;
}
