import type { ImportIssue, MatchLeft, MatchRight, QuBody, QuOption, SubQu } from '../../../../common/api/qu';
import { QuType } from '../../../../common/codes';
import { blankMarker, htmlToText, JUDGE_FALSE, JUDGE_TRUE, judgeWord, newItemId, type QuTypeValue } from '../qu.rules';
import { foldWidth, joinLines, replaceInText } from './html';
import type { Draft } from './types';

export type { Draft } from './types';

/**
 * A question as a teacher wrote it, before its type and answers are understood: what the text and
 * Word parsers and our Excel template read. `assemble` turns it into a question by the shared
 * rules (type tags, inference from the answer, letters, true/false words, blanks, matching pairs).
 */
export interface RawQuestion {
  /** Where it came from (第3题（第12行）, 第5行 …). */
  source: string;
  /** The type a tag or a column names; 'choice' (选择题) = single or multiple by the answer. */
  typeHint?: QuTypeValue | 'choice';
  /** The type of the section heading it stands under (一、单选题): used unless the question contradicts it. */
  sectionHint?: QuTypeValue | 'choice';
  /** Stem lines (HTML). For a combined question, its material. */
  stem: string[];
  /** Options by letter (choice questions) or the right-hand items (matching), in the order written. */
  options: { letter: string; html: string }[];
  /** Matching: the left-hand items with the number they were written with. */
  left: { no: number; html: string }[];
  /** The answer: HTML lines, the first one being what followed 答案：. Undefined when there was no answer line. */
  answer?: string[];
  analysis: string[];
  level?: 1 | 2;
  tags: string[];
  /** A combined question's sub-question: its share of the score. */
  share?: number;
  /** A combined question's sub-questions. */
  subs: RawQuestion[];
  /** Problems met while reading it. */
  errors: ImportIssue[];
  /** What reading changed or dropped (a page header, a score tag, a title line …): shown, never blocking. */
  warnings: ImportIssue[];
}

export const emptyRaw = (source: string): RawQuestion => ({ source, stem: [], options: [], left: [], analysis: [], tags: [], subs: [], errors: [], warnings: [] });

/** The names teachers give the types, in tags (【单选题】), headings (一、单选题) and the 题型 column. */
const TYPE_NAMES: [QuTypeValue | 'choice', string[]][] = [
  [QuType.SINGLE, ['单选题', '单选', '单项选择题', '单项选择', '单择题']],
  [QuType.MULTIPLE, ['多选题', '多选', '多项选择题', '多项选择', '不定项选择题', '不定项选择', '不定项']],
  ['choice', ['选择题']],
  [QuType.JUDGE, ['判断题', '判断', '是非题', '对错题', '正误题', '判断正误']],
  [QuType.FILL, ['填空题', '填空']],
  [QuType.SHORT, ['简答题', '简答', '问答题', '问答', '论述题', '主观题', '名词解释', '简述题', '分析题', '计算题']],
  [QuType.MATCH, ['配对题', '配对', '连线题', '连线', '匹配题', '匹配', '配伍题']],
  [QuType.COMBINED, ['组合题', '材料题', '阅读理解', '综合题', '复合题', '材料分析题']],
];
const TYPE_BY_NAME = new Map<string, QuTypeValue | 'choice'>(TYPE_NAMES.flatMap(([type, names]) => names.map((n) => [n, type] as const)));
/** Alternation of every type name, longest first so 单项选择题 wins over 单项选择. */
export const TYPE_NAME_PATTERN = [...TYPE_BY_NAME.keys()].sort((a, b) => b.length - a.length).join('|');

export function typeByName(name: string): QuTypeValue | 'choice' | undefined {
  return TYPE_BY_NAME.get(name.trim());
}

// ---------- answers ----------

/** The answer's text, width-folded and trimmed of the punctuation teachers end it with. */
function answerText(raw: RawQuestion): string {
  return foldWidth(htmlToText(joinLines(raw.answer ?? [])))
    .trim()
    .replace(/[。.;；,，]+$/, '')
    .trim();
}

/** Letters of a choice answer: ABD, A,B,D, A、B、D, A;B, (A), a b — or undefined when it is not letters. */
function parseLetters(text: string): string[] | undefined {
  const t = text.replace(/[()[\]【】]/g, '').trim().toUpperCase();
  if (!/^[A-Z](?:[\s,，、;；/]*[A-Z])*$/.test(t)) return undefined;
  return [...new Set(t.replace(/[^A-Z]/g, '').split(''))];
}

/** Marks read as true/false beyond judgeWord's words: the emoji crosses and ticks. */
const MARKS = new Map<string, boolean>([
  ['❌', false],
  ['✖', false],
  ['❎', false],
  ['✅', true],
  ['☑', true],
]);
const judgeKey = (text: string) =>
  htmlToText(text)
    .normalize('NFKC')
    .replace(/\ufe0f/g, '')
    .replace(/[\s。.!！]+/g, '')
    .toLowerCase();

/** A true/false answer in any of the words and marks teachers use (正确/错误, 对/错, √/×, ✔/✘, ❌, T/F …). */
export function judgeOf(text: string): boolean | undefined {
  const key = judgeKey(text);
  return MARKS.get(key) ?? judgeWord(key);
}

/** Only the words a teacher would write for true/false without saying the type (1, 0, y, n… mean other things). */
const INFERRED_JUDGE = new Set(['正确', '错误', '对', '错', '√', '×', '✓', '✔', '✗', '✘', '是', '否', 't', 'f', 'true', 'false', ...MARKS.keys()]);
function inferJudge(text: string): boolean | undefined {
  const key = judgeKey(text);
  return INFERRED_JUDGE.has(key) ? judgeOf(key) : undefined;
}

/** True/false options written as options: A.正确 B.错误, A.对 B.错, A.√ B.× … */
function isJudgeLike(options: RawQuestion['options']): boolean {
  if (options.length !== 2) return false;
  const words = options.map((o) => inferJudge(htmlToText(o.html)));
  return words[0] !== undefined && words[1] !== undefined && words[0] !== words[1];
}

/** Options in letter order; a repeated or missing letter is reported. */
function sortedOptions(raw: RawQuestion, what: string, report: (field: string, message: string) => void) {
  const seen = new Map<string, string>();
  for (const o of raw.options) {
    if (seen.has(o.letter)) report('answerList', `${what}${o.letter}重复`);
    else seen.set(o.letter, o.html);
  }
  const letters = [...seen.keys()].sort();
  const missing = letters.length ? [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'.slice(0, letters[letters.length - 1].charCodeAt(0) - 64)].filter((l) => !seen.has(l)) : [];
  if (missing.length) report('answerList', `${what}字母不连续，缺少${missing.join('、')}`);
  return letters.map((letter) => ({ letter, html: seen.get(letter)! }));
}

// ---------- fill-in blanks ----------

const UNDERSCORES = /[_＿]{2,}/g;
const EMPTY_PARENS = /[(（](?:\s|&nbsp;|&#160;|\u3000)*[)）]/g;
const UNDERLINED_SPACE = /<u>(?:\s|&nbsp;|&#160;|\u3000)+<\/u>/;

/** Does the stem hold a written blank: two or more underscores, or empty brackets? */
function blankKinds(stemHtml: string) {
  const text = htmlToText(stemHtml);
  return { underscores: /[_＿]{2,}/.test(text) || UNDERLINED_SPACE.test(stemHtml), parens: /[(（][\s\u3000]*[)）]/.test(text) };
}

/** Written blanks (underscores, empty brackets, underlined spaces) turned into blank markers. */
function markBlanks(stemHtml: string): string {
  let html = stemHtml.replace(new RegExp(UNDERLINED_SPACE.source, 'g'), '____');
  html = replaceInText(html, UNDERSCORES, () => '\ue000');
  html = replaceInText(html, EMPTY_PARENS, () => '\ue000');
  let n = 0;
  return html.replace(/\ue000/g, () => blankMarker(++n));
}

/**
 * The answers of the blanks: `|` between blanks, `;`/`；` between the alternatives of one blank.
 * When that gives fewer answers than there are blanks, answers written as 北京，上海 or 北京 上海
 * are split there instead, if that gives exactly one per blank.
 */
function splitBlankAnswers(text: string, blanks: number): string[][] {
  let parts = text.split(/[|｜]/);
  if (parts.length === 1 && blanks > 1) {
    for (const sep of [/[,，、]/, /\s+/]) {
      const alt = text.split(sep).filter((p) => p.trim());
      if (alt.length === blanks) {
        parts = alt;
        break;
      }
    }
  }
  return parts.map((p) =>
    p
      .split(/[;；]/)
      .map((a) => a.trim())
      .filter(Boolean),
  );
}

// ---------- per type ----------

function base(raw: RawQuestion, quType: QuTypeValue): QuBody {
  const q: QuBody = { quType, content: joinLines(raw.stem), analysis: joinLines(raw.analysis), tags: raw.tags };
  if (raw.level) q.level = raw.level;
  return q;
}

function buildChoice(raw: RawQuestion, report: (field: string, message: string) => void): QuBody {
  const options = sortedOptions(raw, '选项', report);
  const text = answerText(raw);
  const letters = raw.answer ? parseLetters(text) : undefined;
  const hint = hintOf(raw);
  const judgeLike = isJudgeLike(options);
  const word = hint === QuType.JUDGE ? judgeOf(text) : inferJudge(text);
  let type: QuTypeValue;
  if (hint === QuType.SINGLE || hint === QuType.MULTIPLE || hint === QuType.JUDGE) type = hint;
  else if (options.length === 0 && word !== undefined) type = QuType.JUDGE;
  else if (judgeLike && ((letters?.length === 1 && options.some((o) => o.letter === letters[0])) || word !== undefined)) type = QuType.JUDGE;
  else type = (letters?.length ?? 0) >= 2 ? QuType.MULTIPLE : QuType.SINGLE;

  const q = base(raw, type);
  if (type === QuType.JUDGE && options.length === 0) {
    if (raw.answer && word === undefined) report('answerList', `判断题的答案只能是${JUDGE_TRUE}或${JUDGE_FALSE}（也可写对/错、√/×、是/否、T/F）`);
    q.answerList = [
      { content: JUDGE_TRUE, isRight: word === true },
      { content: JUDGE_FALSE, isRight: word === false },
    ];
    return q;
  }
  let right: Set<string>;
  const byLetter = letters?.length === 1 && options.some((o) => o.letter === letters[0]);
  if (type === QuType.JUDGE && !byLetter && word !== undefined) {
    right = new Set(options.filter((o) => judgeOf(o.html) === word).map((o) => o.letter));
  } else {
    right = new Set(letters ?? []);
    if (raw.answer && text && !letters) report('answerList', `答案“${text}”不是选项字母`);
    for (const l of right) if (!options.some((o) => o.letter === l)) report('answerList', `答案中的${l}没有对应的选项`);
  }
  // True/false options written as marks (A. ✔ B. ❌) are stored as the two words.
  const content = (html: string) => {
    const mark = type === QuType.JUDGE ? judgeOf(html) : undefined;
    return mark === undefined ? html : mark ? JUDGE_TRUE : JUDGE_FALSE;
  };
  q.answerList = options.map((o): QuOption => ({ content: content(o.html), isRight: right.has(o.letter) }));
  return q;
}

function buildFill(raw: RawQuestion): QuBody {
  const q = base(raw, QuType.FILL);
  q.content = markBlanks(q.content);
  const markers = (q.content.match(/data-blank=/g) ?? []).length;
  const answers = raw.answer ? splitBlankAnswers(htmlToText(joinLines(raw.answer)).trim(), markers) : [];
  // Blanks without an answer stay, empty, so the preview says which one lacks it.
  while (answers.length < markers) answers.push([]);
  q.blanks = answers.map((a) => ({ answers: a }));
  return q;
}

function buildShort(raw: RawQuestion): QuBody {
  const q = base(raw, QuType.SHORT);
  q.refAnswer = joinLines(raw.answer ?? []);
  return q;
}

/**
 * Matching: left items (1) (2) …, right items A. B. …, answer `1-A，2-C` (also 1A 2C, 1→A, or
 * just the letters in left order: ACB).
 */
function buildMatch(raw: RawQuestion, report: (field: string, message: string) => void): QuBody {
  const q = base(raw, QuType.MATCH);
  const taken = new Set<string>();
  const right = sortedOptions(raw, '右侧项', (_f, m) => report('rightList', m)).map((o) => ({ ...o, id: newItemId(taken) }));
  const left: MatchLeft[] = raw.left.map((l) => ({ content: l.html, rightId: '' }));
  const text = answerText(raw).toUpperCase();
  const pairs: [number, string][] = [];
  for (const m of text.matchAll(/(\d+)\s*[-—–=:>→)]*\s*([A-Z])/g)) pairs.push([Number(m[1]), m[2]]);
  if (!pairs.length && /^[A-Z](?:[\s,、;]*[A-Z])*$/.test(text)) text.replace(/[^A-Z]/g, '').split('').forEach((l, i) => pairs.push([i + 1, l]));
  if (raw.answer && text && !pairs.length) report('leftList', `答案“${text}”看不懂，请写成 1-A，2-B 的形式`);
  for (const [no, letter] of pairs) {
    const at = raw.left.findIndex((l) => l.no === no);
    const index = at >= 0 ? at : no - 1;
    const target = right.find((r) => r.letter === letter);
    if (index < 0 || index >= left.length) report('leftList', `答案中的第${no}项没有对应的左侧项`);
    else if (!target) report('rightList', `答案中的${letter}没有对应的右侧项`);
    else left[index].rightId = target.id;
  }
  q.leftList = left;
  q.rightList = right.map((r): MatchRight => ({ id: r.id, content: r.html }));
  return q;
}

/** The tag's type, else the section's unless the question cannot be one (a choice section's question without options). */
function hintOf(raw: RawQuestion): QuTypeValue | 'choice' | undefined {
  if (raw.typeHint !== undefined) return raw.typeHint;
  const s = raw.sectionHint;
  if ((s === QuType.SINGLE || s === QuType.MULTIPLE || s === 'choice') && !raw.options.length) return undefined;
  return s;
}

const IN_STEM = /[(（][\s\u3000]*([A-Za-zＡ-Ｚａ-ｚ]{1,10}|√|×|✓|✔|✗|✘|❌\ufe0f?|✖|对|错|正确|错误)[\s\u3000]*[)）]/g;

/**
 * Teachers often write the answer inside the stem's brackets: 下列……是（ B ）, 地球是圆的（√）.
 * Without an answer line, such a bracket is taken as the answer (letters that name options, or a
 * true/false mark when there are no options) and left as an empty （ ） in the stem.
 */
function answerFromStem(raw: RawQuestion) {
  const hint = hintOf(raw);
  if (raw.answer || !(hint === undefined || hint === 'choice' || hint === QuType.SINGLE || hint === QuType.MULTIPLE || hint === QuType.JUDGE)) return;
  const letters = new Set(raw.options.map((o) => o.letter));
  for (let i = raw.stem.length - 1; i >= 0; i -= 1) {
    const text = raw.stem[i].split(/<[^>]*>/).join('');
    // Only the stem's last bracket: 维生素（C）的作用是（ ） has no answer in it.
    const last = [...text.matchAll(/[(（][^()（）]*[)）]/g)].pop();
    if (!last) continue;
    const found = [...text.matchAll(IN_STEM)].pop();
    if (!found || found.index !== last.index) return;
    const value = foldWidth(found[1]).toUpperCase();
    const fits = raw.options.length ? /^[A-Z]+$/.test(value) && [...value].every((l) => letters.has(l)) : !/^[A-Z]+$/.test(value);
    if (!fits) return;
    let seen = 0;
    const total = [...text.matchAll(IN_STEM)].length;
    raw.stem[i] = replaceInText(raw.stem[i], IN_STEM, (m) => (++seen === total ? '（\u3000）' : m));
    raw.answer = [found[1]];
    return;
  }
}

function buildSingle(raw: RawQuestion, report: (field: string, message: string) => void): QuBody {
  answerFromStem(raw);
  const hint = hintOf(raw);
  if (hint === QuType.MATCH) return buildMatch(raw, report);
  if (hint === QuType.SHORT) return buildShort(raw);
  if (hint === QuType.FILL) return buildFill(raw);
  if (hint !== undefined || raw.options.length) return buildChoice(raw, report);
  // No tag and no options: the answer and the stem tell the type.
  const text = answerText(raw);
  const blanks = blankKinds(joinLines(raw.stem));
  const word = raw.answer ? inferJudge(text) : undefined;
  if (word !== undefined && !blanks.underscores) return buildChoice(raw, report);
  if (blanks.underscores || blanks.parens) return buildFill(raw);
  // A short answer needs its reference answer or a tag saying so: study notes or program code are
  // not questions, and must not come through as ones.
  if (!text) report('refAnswer', NO_ANSWER);
  return buildShort(raw);
}

/** A question with no answer line, no options and no type tag. */
export const NO_ANSWER = '没有找到答案';

/** A raw question understood: its type settled, its answers placed. */
export function assemble(raw: RawQuestion): Draft {
  const errors: ImportIssue[] = [...raw.errors];
  const report = (field: string, message: string) => errors.push({ field, message });
  const warnings: ImportIssue[] = [...raw.warnings];
  if (hintOf(raw) !== QuType.COMBINED) return { source: raw.source, question: buildSingle(raw, report), errors, warnings };

  const q = base(raw, QuType.COMBINED);
  if (raw.answer?.some((l) => htmlToText(l).trim())) report('subList', '组合题的答案请写在各小题下面');
  q.subList = raw.subs.map((sub, i): SubQu => {
    const at = `subList.${i}.`;
    const subReport = (field: string, message: string) => report(at + field, `第${i + 1}小题：${message}`);
    for (const e of sub.errors) subReport(e.field, e.message);
    for (const w of sub.warnings) warnings.push({ field: at + w.field, message: `第${i + 1}小题：${w.message}` });
    if (hintOf(sub) === QuType.COMBINED) {
      subReport('quType', '小题不能是组合题');
      return { quType: QuType.SHORT, content: joinLines(sub.stem), share: sub.share ?? 1 };
    }
    const { quType, content, analysis, answerList, refAnswer, blanks, leftList, rightList } = buildSingle(sub, subReport);
    return { quType: quType as SubQu['quType'], content, analysis, share: sub.share ?? 1, answerList, refAnswer, blanks, leftList, rightList };
  });
  return { source: raw.source, question: q, errors, warnings };
}
