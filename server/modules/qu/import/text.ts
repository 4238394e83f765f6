import { IMPORT_MAX_ITEMS, type ImportIssue } from '../../../../common/api/qu';
import { QuType } from '../../../../common/codes';
import { escapeHtml, type QuTypeValue } from '../qu.rules';
import { assemble, emptyRaw, judgeOf, TYPE_NAME_PATTERN, typeByName, type Draft, type RawQuestion } from './assemble';
import { foldWidth, sliceHtml, textOf, trimHtml } from './html';
import { pageFurniture } from './pages';
import { tooManyQuestions } from './types';

/**
 * The plain-text format Chinese teachers paste (and write in Word), reference §3.2. Full-width and
 * half-width punctuation are read alike. The whole convention, as the admin guide states it
 * (`IMPORT_TEXT_GUIDE` in ./guide.ts):
 *
 *   一、单选题                      ← section heading: the type of the questions after it
 *   1. 【单选题】下列……（ ）        ← number 1. 1、 1． (1) （1） 第1题 1<TAB>; type tag [ ] 【 】 ( ) before or after the stem
 *   A. 选项一                       ← options A. A、 A． (A) A) one per line, or A.甲 B.乙 on one line
 *   B. 选项二
 *   答案：A                         ← 答案： 【答案】 正确答案： 参考答案： ANSWER:
 *   解析：……                       ← 解析： 【解析】
 *   难度：易                         ← 易/中 (普通) → 1, 难 (较难) → 2
 *   知识点：消防，用电安全           ← separated by ，、；
 *
 * Questions are separated by blank lines or simply by their numbers. Without a tag the type comes
 * from the answer: options with one letter → single choice, several → multiple; no options and
 * 正确/错误/对/错/√/×/✔/✘/❌/是/否/T/F → true/false; blanks written ____ or （ ） → fill in the blank
 * (answers `北京|上海`, alternatives `北京;Beijing`); a reference answer line → short answer. A
 * question with none of these (no answer, no options, no tag) is reported: 没有找到答案.
 * Without an answer line, an answer in the stem's last bracket is read: 第一步是（ B ）, 地球是圆的（√）.
 *
 * Headings are whole lines that are nothing but a heading: 一、单选题, 【判断题】, 单选题（共20题）.
 * A bare type name (判断, 单选题) heads a section only between questions, right before one: a
 * wrapped fragment of a stem or an option is text, never a heading that retypes the rest.
 *
 * Exports of learning platforms are read too: `(单选题, 2.0 分)` is a type tag (the score is
 * reported, not kept), and `我的答案: AB 正确答案: ABD` takes the right answer (the learner's is
 * reported as dropped). Separator lines (----, ====) are blank lines; page headers, footers and
 * page numbers repeated through the document are removed with a warning (./pages.ts). Text that is
 * no question (a title, a note) is dropped with a warning on the next question.
 *
 * Matching (needs the tag 【配对题】 or a 配对题/连线题 section): left items numbered (1) (2) …,
 * right items A. B. … (more right items than left ones are distractors), answer `1-A，2-C，3-B`
 * (or the letters in order: ACB).
 *
 * Combined (tag 【组合题】 or a 组合题 section): the lines after the number are the material; each
 * sub-question starts with (1) (2) … and is written like a question of its own (tag, options,
 * 答案, 解析; `分值：2` or a `（2分）` tag gives its share, default 1). 难度 and 知识点 belong to
 * the whole question. Inside matching and combined questions (n) numbers the items, so number the
 * questions themselves 1. 2. ….
 */

/** A line of the source: its HTML (escaped text for a paste; rich for Word) and its text. */
export interface SourceLine {
  html: string;
  text: string;
  /** Line or paragraph number, for the preview's "where". */
  no: number;
  /** A Word list paragraph, whose automatic number or letter mammoth does not write out. */
  list?: { ordered: boolean; depth: number; group: number };
}

const INVISIBLE = /\u200b|\u200c|\u200d|\u2060|\ufeff/g;

function linesOfText(text: string): SourceLine[] {
  return text.split(/\r\n|\r|\n/).map((line, i) => {
    const clean = line.replace(INVISIBLE, '');
    return { html: escapeHtml(clean), text: clean, no: i + 1 };
  });
}

// ---------- the conventions (matched against width-folded text) ----------

const NUM_DOT = /^\s*(?:第\s*(\d{1,4})\s*题\s*[.、:]?|(\d{1,4})\s*[.、](?!\d))\s*/;
/** 215.4.30°…: a number whose stem starts with a digit; a question only when it continues the numbering. */
const NUM_DOT_DIGIT = /^\s*(\d{1,4})\s*([.、])(?=\d)/;
/** 1<TAB>stem, 1 stem: numbers only when they continue the numbering. */
const NUM_TAB = /^\s*(\d{1,4})\t+(?=\S)/;
const NUM_SPACE = /^\s*(\d{1,4}) +(?=[^\s\d])/;
/** 2154.30°… with nothing between the number and the stem. */
const NUM_GLUED = /^\s*(\d{2,6})/;
const NUM_PAREN = /^\s*(?:\(\s*(\d{1,3})\s*\)|(\d{1,3})\s*\)|([\u2460-\u2473]))\s*/;
const OPTION = /^\s*(?:\(\s*([A-Za-z])\s*\)|([A-Z])\s*[.、:)])\s*/;
const BRACKET_OPEN = '[\\[【(]';
const BRACKET_CLOSE = '[\\]】)]';
const SCORE = '(\\d{1,3}(?:\\.\\d+)?)\\s*分';
/** A type tag, with the score learning platforms write beside it: (单选题, 2.0 分). */
const TAG_BODY = `(${TYPE_NAME_PATTERN})\\s*(?:[,;、]\\s*(?:共\\s*)?${SCORE}\\s*)?`;
const TAG_START = new RegExp(`^\\s*${BRACKET_OPEN}\\s*${TAG_BODY}${BRACKET_CLOSE}\\s*`);
const TAG_END = new RegExp(`\\s*${BRACKET_OPEN}\\s*${TAG_BODY}${BRACKET_CLOSE}\\s*$`);
/** A score alone in brackets: （2分）, (本题2.0分). */
const SCORE_START = new RegExp(`^\\s*${BRACKET_OPEN}\\s*(?:本题|共|分值)?\\s*:?\\s*${SCORE}\\s*${BRACKET_CLOSE}\\s*`);
const SCORE_END = new RegExp(`\\s*${BRACKET_OPEN}\\s*(?:本题|共|分值)?\\s*:?\\s*${SCORE}\\s*${BRACKET_CLOSE}\\s*$`);
/** A line that is only a score (2.0分, 得分：2), as platforms write under an answer. */
const SCORE_LINE = /^\s*(?:(?:本题)?得分\s*:?\s*\d{1,3}(?:\.\d+)?\s*分?|\d{1,3}(?:\.\d+)?\s*分)\s*$/;
/** ----, ====, ****, ———: a separator, read as a blank line. */
const SEPARATOR = /^\s*(?:[-=*~#+—─━═_]\s*){3,}$/;
const UNDERSCORES_ONLY = /^\s*_+\s*$/;
const CN_NUM = '[一二三四五六七八九十]{1,3}';
/** 一、 一. 第一部分 第一大题 （一）: group 2 is set for the bracketed, lower-level form. */
const HEAD_PREFIX = new RegExp(`^\\s*(?:(第?${CN_NUM}\\s*(?:部分|大题)?\\s*[、.:]|第${CN_NUM}\\s*(?:部分|大题))|([(\\[【]\\s*${CN_NUM}\\s*[)\\]】]))\\s*`);
const TYPE_HEAD = new RegExp(`^(${BRACKET_OPEN})?\\s*(${TYPE_NAME_PATTERN})\\s*(${BRACKET_CLOSE})?`);
const TYPE_ANYWHERE = new RegExp(TYPE_NAME_PATTERN);
/** What may follow a type name in a heading: counts and scores (（共20题）, 每题2分, 本大题共10小题). */
const NOTE_CHARS = /^[\s\d.:,;、。/()（）共每本大小题分道满合总计各个得值约占项零一二三四五六七八九十百两为有含计]*$/;

type Keyword = 'mine' | 'answer' | 'analysis' | 'level' | 'tags' | 'score' | 'type';
/** The learner's own answer in a learning platform's export. */
const MINE = '(?:我的答案|你的答案|学生答案|考生答案)';
const KEYWORDS: [Keyword, RegExp][] = [
  ['mine', new RegExp(`^\\s*${MINE}\\s*:\\s*`)],
  ['answer', /^\s*(?:[[【]\s*(?:正确|参考|标准)?答案\s*[\]】]\s*:?|(?:正确|参考|标准)?答案(?:是|为)?\s*:|答\s*:|answer\s*:)\s*/i],
  ['analysis', /^\s*(?:[[【]\s*(?:答案|试题)?(?:解析|分析)\s*[\]】]\s*:?|(?:答案|试题)?解析\s*:)\s*/],
  ['level', /^\s*(?:[[【]\s*难度\s*[\]】]\s*:?|难度(?:等级|系数)?\s*:)\s*/],
  ['tags', /^\s*(?:[[【]\s*(?:知识点|考点|标签)\s*[\]】]\s*:?|(?:知识点|考点|标签)\s*:)\s*/],
  ['score', /^\s*(?:[[【]\s*(?:分值|分数|占比)\s*[\]】]\s*:?|(?:分值占比|分值|分数|占比)\s*:)\s*/],
  ['type', /^\s*(?:[[【]\s*题型\s*[\]】]\s*:?|题型\s*:)\s*/],
];
/** Where the right answer starts on a 我的答案 line. */
const RIGHT_ANSWER = /(?:正确答案|参考答案|标准答案)\s*:\s*/;
/** Where an answer ends when the learner's record follows it on the same line. */
const RECORD_AFTER = new RegExp(`\\s*(?:${MINE}|(?:本题)?得分)\\s*:`);

const LEVELS: Record<string, 1 | 2> = {
  易: 1, 简单: 1, 容易: 1, 较易: 1, 低: 1, 中: 1, 中等: 1, 一般: 1, 普通: 1, 1: 1,
  难: 2, 较难: 2, 困难: 2, 难题: 2, 高: 2, 2: 2,
};

/** Reads 难度; undefined when it is not one of the words. */
export function parseLevel(text: string): 1 | 2 | undefined {
  return LEVELS[foldWidth(text).replace(/[\s。.]/g, '')];
}
export const levelError = (text: string) => `难度“${text.trim()}”无法识别，请写易、中、难（或普通、较难）`;

/** Knowledge points written 消防，用电安全 / 消防、用电 / a;b. */
export const splitTags = (text: string) =>
  text
    .split(/[,，、;；|]/)
    .map((t) => t.trim())
    .filter(Boolean);

/**
 * How sure a line is a heading. `tag`: a bracketed type alone (【判断题】), the question's own tag
 * right under its stem, else a heading. `strong`: numbered (一、单选题) or with a count
 * (单选题（共20题）), always a heading. `weak`: a bare type name (判断, 单选题), and `loose`: a
 * numbered line without a type (一、基础知识): headings only between questions, right before one
 * (a loose one naming no type also only after a blank line: under an answer it enumerates).
 */
interface Heading {
  type?: QuTypeValue | 'choice';
  kind: 'tag' | 'strong' | 'weak' | 'loose';
  /** （一）: a sub-heading, which keeps the section's type when it names none. */
  sub?: boolean;
}

const isNote = (trailer: string) => NOTE_CHARS.test(trailer.replace(/\([^)]*\)|\[[^\]]*\]|【[^】]*】/g, ''));

function headingOf(f: string): Heading | undefined {
  const prefix = HEAD_PREFIX.exec(f);
  const rest = prefix ? f.slice(prefix[0].length).trim() : f.trim();
  const name = TYPE_HEAD.exec(rest);
  if (name && !name[1] === !name[3]) {
    const type = typeByName(name[2]);
    const trailer = rest.slice(name[0].length).trim();
    if (prefix) {
      // 一、选择题：本大题共10小题，每小题2分……: a numbered type heading may say anything after a separator.
      if (!trailer || /^[:,;.。(]/.test(trailer)) return { type, kind: 'strong' };
    } else if (!trailer || trailer === ':') {
      return { type, kind: name[1] ? 'tag' : 'weak' };
    } else if (isNote(trailer)) {
      return { type, kind: 'strong' };
    }
  }
  if (prefix && rest.length <= 30 && !/[?？。_]|\(\s*\)/.test(rest)) {
    const any = TYPE_ANYWHERE.exec(rest);
    return { type: any ? typeByName(any[0]) : undefined, kind: 'loose', sub: !!prefix[2] };
  }
  return undefined;
}

/** Is this (folded) line part of the question syntax? Such lines are never page furniture. */
function structural(f: string): boolean {
  return (
    KEYWORDS.some(([, re]) => re.test(f)) ||
    OPTION.test(f) ||
    NUM_DOT.test(f) ||
    NUM_PAREN.test(f) ||
    NUM_TAB.test(f) ||
    NUM_SPACE.test(f) ||
    !!headingOf(f) ||
    SCORE_LINE.test(f) ||
    judgeOf(f) !== undefined
  );
}

const snippet = (text: string, max = 30) => {
  const t = text.replace(/\s+/g, ' ').trim();
  return t.length > max ? `${t.slice(0, max)}…` : t;
};

// ---------- the parser ----------

/** Where a matched prefix (1. / A、 / 答案：) ends, whitespace after it not included (a picture may stand there). */
const prefixEnd = (m: RegExpExecArray) => m.index + m[0].trimEnd().length;

type Phase = 'stem' | 'option' | 'left' | 'answer' | 'analysis' | 'meta';
type NumberStyle = 'dot' | 'paren' | 'tab' | 'space';

interface Builder {
  raw: RawQuestion;
  no?: number;
  phase: Phase;
  answered: boolean;
  /** First and last source line, for the warning when an unnumbered block is dropped. */
  from: number;
  to: number;
  /** What a learning platform's export recorded of the learner (我的答案, 得分): dropped, and said so. */
  record: string[];
  /** A 我的答案 line was read and no right answer yet. */
  mineOnly?: boolean;
}

/** A question number found at the start of a line. */
interface Numbered {
  no: number;
  /** Where the stem starts. */
  at: number;
  style: NumberStyle;
  /** (n) or a circled number, which may number items inside a question. */
  paren?: boolean;
  circled?: boolean;
  /** Trusted only when it continues the numbering (1<TAB>, 1 stem, 215.4.30°). */
  weak?: boolean;
}

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

const isBlank = (line: SourceLine, f: string) => !f.trim() && !/<(img|table)\b/i.test(line.html);

class TextParser {
  private out: RawQuestion[] = [];
  private section: QuTypeValue | 'choice' | undefined;
  private cur: Builder | undefined;
  private sub: Builder | undefined;
  private blankBefore = false;
  private lastNo = 0;
  private listGroups = new Map<number, 'questions' | 'options'>();
  /** How the source numbers its questions, from the first number seen. */
  private topStyle: NumberStyle | undefined;
  private lines: SourceLine[] = [];
  private index = 0;
  /** Warnings met before the first question, given to it. */
  private pending: ImportIssue[] = [];

  constructor(
    private readonly unit: '行' | '段',
    /** When the source numbers its questions, blank lines alone do not end one. */
    private readonly numbered: boolean,
    /** Most questions read: the next one stops the reading. */
    private readonly max: number = IMPORT_MAX_ITEMS,
  ) {}

  parse(lines: SourceLine[]): RawQuestion[] {
    this.lines = lines;
    const furniture = pageFurniture(
      lines.map((l) => ({ text: l.text, rich: /<(img|table)\b/i.test(l.html) })),
      structural,
    );
    for (let i = 0; i < lines.length; i += 1) {
      const line = lines[i];
      const removed = furniture.get(i);
      if (removed !== undefined) {
        this.warn({ field: '', message: `已去除页眉/页脚“${snippet(removed)}”（第${line.no}${this.unit}）` });
        continue;
      }
      const f = foldWidth(line.text);
      if (isBlank(line, f) || (SEPARATOR.test(f) && !UNDERSCORES_ONLY.test(f))) {
        this.blankBefore = true;
        continue;
      }
      this.index = i;
      this.line(line, f);
      if (this.cur) this.cur.to = line.no;
      this.blankBefore = false;
    }
    this.close();
    const last = this.out[this.out.length - 1];
    if (last) last.warnings.push(...this.pending);
    return this.out;
  }

  /** A warning on the question being read, or on the next one when none is. */
  private warn(issue: ImportIssue) {
    if (this.cur) this.cur.raw.warnings.push(issue);
    else this.pending.push(issue);
  }

  /** The HTML of the text in [start, end) and the pictures there, whitespace at both ends left out. */
  private cut(line: SourceLine, start: number, end = line.text.length): string {
    return trimHtml(sliceHtml(line.html, start, end));
  }

  private get target(): Builder | undefined {
    return this.sub ?? this.cur;
  }

  private kind(b: Builder | undefined): QuTypeValue | 'choice' | undefined {
    return b?.raw.typeHint ?? b?.raw.sectionHint;
  }

  /** Is a question being written right now (its stem, options or items), with no blank line since? */
  private get midQuestion(): boolean {
    const t = this.target;
    return !!t && !this.blankBefore && (t.phase === 'stem' || t.phase === 'option' || t.phase === 'left');
  }

  private line(line: SourceLine, f: string) {
    for (const [kw, re] of KEYWORDS) {
      const m = re.exec(f);
      if (m) return this.keyword(kw, line, f, prefixEnd(m));
    }
    const t = this.target;
    if (t?.record.length && (t.phase === 'answer' || t.phase === 'meta') && SCORE_LINE.test(f)) {
      t.record.push(line.text.trim());
      return;
    }
    const head = headingOf(f);
    if (head && this.heading(head)) return;
    const num = this.numberOf(f);
    if (num) {
      if (this.isInner(num)) return this.inner(num.no, line, f, num.at);
      if (!num.circled && !(num.paren && this.statementInStem(num.no))) {
        this.topStyle ??= num.style;
        return this.startQuestion(num.no, line, f, num.at);
      }
    }
    if (line.list?.ordered) return this.listItem(line, f);
    const opt = OPTION.exec(f);
    if (opt && this.acceptsOptions()) return this.options(line, f, opt);
    this.plain(line, f);
  }

  /** A heading line, if it is one here: closes the question and sets the section. */
  private heading(head: Heading): boolean {
    const t = this.target;
    if (head.kind === 'tag' && t && t.phase === 'stem' && !this.blankBefore) {
      // Right under a stem, a bracketed tag on its own line is that question's tag (or, if it has one, just text).
      if (t.raw.typeHint !== undefined) return false;
      t.raw.typeHint = head.type;
      return true;
    }
    if ((head.kind === 'weak' || head.kind === 'loose') && (this.midQuestion || !this.questionFollows())) return false;
    // 一、电线老化 under 参考答案： or 解析： enumerates; naming no type, only a blank line before makes it a heading.
    if (head.kind === 'loose' && head.type === undefined && t && !this.blankBefore) return false;
    this.close();
    if (head.type !== undefined || !head.sub) this.section = head.type;
    return true;
  }

  /** Does the next line that counts start a question (or head another section)? */
  private questionFollows(): boolean {
    for (let j = this.index + 1; j < this.lines.length; j += 1) {
      const line = this.lines[j];
      const f = foldWidth(line.text);
      if (isBlank(line, f) || SEPARATOR.test(f)) continue;
      if (line.list?.ordered && line.list.depth === 1) return true;
      if (NUM_DOT.test(f) || NUM_PAREN.test(f) || NUM_TAB.test(f) || NUM_SPACE.test(f) || NUM_DOT_DIGIT.test(f) || headingOf(f)) return true;
      if (this.numbered) return false;
      return !OPTION.test(f) && !KEYWORDS.some(([, re]) => re.test(f));
    }
    return true;
  }

  /** The question number this line starts with, if it is one here. */
  private numberOf(f: string): Numbered | undefined {
    const paren = NUM_PAREN.exec(f);
    if (paren) {
      const circled = paren[3];
      return { no: circled ? circled.charCodeAt(0) - 0x245f : Number(paren[1] ?? paren[2]), at: prefixEnd(paren), style: 'paren', paren: true, circled: !!circled };
    }
    const dot = NUM_DOT.exec(f);
    if (dot) return { no: Number(dot[1] ?? dot[2]), at: prefixEnd(dot), style: 'dot' };
    const next = this.lastNo + 1;
    const t = this.target;
    // Between questions: the current one has its options or answer, or a blank line came first.
    const between = !!t && (this.blankBefore || t.phase !== 'stem');
    const digit = NUM_DOT_DIGIT.exec(f);
    const no = digit ? Number(digit[1]) : undefined;
    // 3.5 is a decimal unless it is the next question's number, between questions (、 never is a decimal point).
    if (digit && no === next && (this.lastNo === 0 ? digit[2] === '、' : between)) return { no, at: digit.index + digit[0].length, style: 'dot', weak: true };
    for (const [re, style] of [
      [NUM_TAB, 'tab'],
      [NUM_SPACE, 'space'],
    ] as const) {
      const m = re.exec(f);
      if (!m) continue;
      const no = Number(m[1]);
      const sameStyle = this.topStyle === undefined || this.topStyle === style;
      // The next number always; a number further on only in a source numbered this way, between questions.
      const ok = (no === next && (sameStyle || style === 'tab')) || (this.topStyle === style && no > next && no <= next + 20 && between);
      return ok ? { no, at: prefixEnd(m), style, weak: true } : undefined;
    }
    const glued = NUM_GLUED.exec(f);
    if (glued && this.lastNo >= 1 && t && between && (t.raw.options.length || t.answered)) {
      const digits = glued[1];
      const want = String(next);
      if (digits.length > want.length && digits.startsWith(want) && digits[want.length] !== '0') {
        return { no: next, at: glued.index + glued[0].length - (digits.length - want.length), style: this.topStyle ?? 'dot', weak: true };
      }
    }
    return undefined;
  }

  /**
   * Where questions are numbered 1. 2. …, (1) (2) … written inside a stem are its text (下列说法：
   * (1)… (2)…); such a line starts a question only when it continues the numbering after a blank
   * line, an answer or a heading.
   */
  private statementInStem(no: number): boolean {
    if (this.topStyle === undefined || this.topStyle === 'paren') return false;
    return this.midQuestion || no !== this.lastNo + 1;
  }

  /** Inside a matching or combined question, (n) — and n. when it continues the items rather than the questions — numbers an item. */
  private isInner(num: Numbered): boolean {
    if (num.weak || num.circled) return false;
    const cur = this.cur;
    const kind = this.kind(cur);
    if (!cur || (kind !== QuType.MATCH && kind !== QuType.COMBINED)) return false;
    if (kind === QuType.MATCH && cur.answered) return false;
    if (num.paren) return true;
    const count = kind === QuType.MATCH ? cur.raw.left.length : cur.raw.subs.length + (this.sub ? 1 : 0);
    if (num.no !== count + 1) return false;
    // Left items come before the right ones: until those start, the next number is the next item.
    if (kind === QuType.MATCH && !cur.raw.options.length) return true;
    return num.no !== (cur.no ?? -1) + 1;
  }

  private inner(no: number, line: SourceLine, f: string, at: number) {
    const cur = this.cur!;
    if (this.kind(cur) === QuType.MATCH) {
      cur.raw.left.push({ no, html: this.cut(line, at) });
      cur.phase = 'left';
      return;
    }
    this.closeSub();
    const { hint, start, end, score } = this.tagOf(f, at);
    const raw = emptyRaw(cur.raw.source);
    raw.typeHint = hint;
    const share = score === undefined ? undefined : Number(score);
    if (share !== undefined && Number.isInteger(share) && share >= 1 && share <= 100) raw.share = share;
    else if (score !== undefined) raw.warnings.push(scoreDropped(score));
    const stem = this.cut(line, start, end);
    if (stem) raw.stem.push(stem);
    this.sub = { raw, no, phase: 'stem', answered: false, from: line.no, to: line.no, record: [] };
  }

  /** Type tags and scores at the start or the end of a stem: 【单选题】, (单选题, 2.0 分), （2分）. */
  private tagOf(f: string, at: number): { hint?: QuTypeValue | 'choice'; start: number; end: number; score?: string } {
    let start = at;
    let end = f.length;
    let hint: QuTypeValue | 'choice' | undefined;
    let score: string | undefined;
    for (let i = 0; i < 3; i += 1) {
      const rest = f.slice(start, end);
      const tag = TAG_START.exec(rest);
      const points = tag ? null : SCORE_START.exec(rest);
      if (!tag && !points) break;
      if (tag) hint ??= typeByName(tag[1]);
      score ??= tag ? tag[2] : points![1];
      start += (tag ?? points)![0].length;
    }
    for (let i = 0; i < 3; i += 1) {
      const rest = f.slice(start, end);
      const tag = TAG_END.exec(rest);
      const points = tag ? null : SCORE_END.exec(rest);
      if (!tag && !points) break;
      if (tag) hint ??= typeByName(tag[1]);
      score ??= tag ? tag[2] : points![1];
      end = start + (tag ?? points)!.index;
    }
    return { hint, start, end, score };
  }

  /** A question starting on this line, its number (if any), tags and score cut off. */
  private startQuestion(no: number | undefined, line: SourceLine, f: string, at: number) {
    const { hint, start, end, score } = this.tagOf(f, at);
    this.begin(no, line.no, this.cut(line, start, end), hint);
    if (score !== undefined) this.cur!.raw.warnings.push(scoreDropped(score));
  }

  private begin(no: number | undefined, lineNo: number, stem: string, hint?: QuTypeValue | 'choice') {
    this.close();
    const raw = emptyRaw(no !== undefined ? `第${no}题（第${lineNo}${this.unit}）` : `第${lineNo}${this.unit}`);
    raw.typeHint = hint;
    raw.sectionHint = this.section;
    raw.warnings.push(...this.pending);
    this.pending = [];
    if (stem) raw.stem.push(stem);
    if (no !== undefined) this.lastNo = no;
    this.cur = { raw, no, phase: 'stem', answered: false, from: lineNo, to: lineNo, record: [] };
  }

  /** What a builder leaves in its question when it ends: the learner's record dropped, a missing right answer. */
  private finish(b: Builder) {
    if (b.mineOnly) b.raw.errors.push({ field: 'answerList', message: '只有“我的答案”，没有找到正确答案' });
    if (b.record.length) b.raw.warnings.push({ field: '', message: `已忽略作答记录：${b.record.join('；')}` });
  }

  private closeSub() {
    if (!this.sub) return;
    this.finish(this.sub);
    this.cur!.raw.subs.push(this.sub.raw);
    this.sub = undefined;
  }

  /**
   * Questions the source did not number, in a source that numbers them, are kept only when they
   * hold more than text: a title or a note is dropped, and the next question says so.
   */
  private close() {
    const cur = this.cur;
    if (!cur) return;
    this.closeSub();
    this.cur = undefined;
    this.finish(cur);
    const r = cur.raw;
    const onlyText = !r.options.length && !r.answer && !r.analysis.length && !r.left.length && !r.subs.length;
    if (this.numbered && cur.no === undefined && onlyText) {
      const where = cur.to > cur.from ? `第${cur.from}-${cur.to}${this.unit}` : `第${cur.from}${this.unit}`;
      this.pending.push({ field: '', message: `${where}不是题目，已忽略：“${snippet(textOf(r.stem.join(' ')))}”` }, ...r.warnings);
      return;
    }
    if (this.out.length >= this.max) throw tooManyQuestions(this.max);
    this.out.push(r);
  }

  private acceptsOptions(): boolean {
    const t = this.target;
    if (!t) return true;
    if (t.phase !== 'stem' && t.phase !== 'option' && t.phase !== 'left') return false;
    const kind = this.kind(t);
    if (kind === QuType.SHORT || kind === QuType.FILL) return false;
    // A combined question's material takes no options; its sub-questions do.
    return !(kind === QuType.COMBINED && !this.sub);
  }

  private addOption(letter: string, html: string, lineNo: number) {
    if (!this.cur) this.begin(undefined, lineNo, '');
    const t = this.target!;
    t.raw.options.push({ letter, html });
    t.phase = 'option';
  }

  /** One option, or several written on one line (A.甲 B.乙 C.丙) when the letters follow in order. */
  private options(line: SourceLine, f: string, first: RegExpExecArray) {
    const found: { letter: string; from: number; content: number }[] = [];
    let letter = (first[1] ?? first[2]).toUpperCase();
    found.push({ letter, from: 0, content: prefixEnd(first) });
    let pos = prefixEnd(first);
    for (;;) {
      const next = LETTERS[LETTERS.indexOf(letter) + 1];
      if (!next) break;
      const re = new RegExp(`(^|[^A-Za-z0-9])(?:\\(\\s*${next}\\s*\\)|${next}\\s*[.、:)])\\s*`, 'g');
      re.lastIndex = pos;
      const m = re.exec(f);
      if (!m) break;
      const from = m.index + m[1].length;
      found.push({ letter: next, from, content: m.index + m[0].trimEnd().length });
      letter = next;
      pos = m.index + m[0].trimEnd().length;
    }
    found.forEach((o, i) => this.addOption(o.letter, this.cut(line, o.content, found[i + 1]?.from ?? f.length), line.no));
  }

  /** A Word list paragraph without a written number: a question, or (under a stem, or nested) an option. */
  private listItem(line: SourceLine, f: string) {
    const list = line.list!;
    const t = this.target;
    let role = list.depth > 1 ? 'options' : this.listGroups.get(list.group);
    if (!role) {
      role = t && t.phase === 'stem' && t.raw.stem.length && !t.raw.options.length && this.acceptsOptions() ? 'options' : 'questions';
      this.listGroups.set(list.group, role);
    }
    if (role === 'options' && this.acceptsOptions()) {
      const letter = LETTERS[this.target?.raw.options.length ?? 0] ?? 'Z';
      return this.addOption(letter, this.cut(line, 0), line.no);
    }
    if (role === 'options') return this.plain(line, f);
    this.topStyle ??= 'dot';
    this.startQuestion(this.lastNo + 1, line, f, 0);
  }

  private plain(line: SourceLine, f: string) {
    const t = this.target;
    const html = this.cut(line, 0);
    if (!t || t.phase === 'meta' || (this.blankBefore && (!this.numbered || t.phase !== 'stem'))) {
      this.startQuestion(undefined, line, f, 0);
      return;
    }
    const r = t.raw;
    if (t.phase === 'stem') r.stem.push(html);
    else if (t.phase === 'option') r.options[r.options.length - 1].html += `<br>${html}`;
    else if (t.phase === 'left') this.cur!.raw.left[this.cur!.raw.left.length - 1].html += `<br>${html}`;
    else if (t.phase === 'answer') (r.answer ??= []).push(html);
    else r.analysis.push(html);
  }

  /** An answer line: what follows 答案： up to the learner's record, if one follows on the line. */
  private answer(t: Builder, line: SourceLine, f: string, at: number) {
    const record = RECORD_AFTER.exec(f.slice(at));
    const end = record ? at + record.index : f.length;
    if (record) t.record.push(line.text.slice(end).trim());
    // Platforms write the right option's text after its letters: 正确答案: B:北京;
    const letters = /^(\s*[A-Za-z](?:[\s,、]*[A-Za-z])*)\s*:/.exec(f.slice(at, end));
    t.raw.answer = [this.cut(line, at, letters ? at + letters[1].length : end)];
    t.mineOnly = false;
    t.phase = 'answer';
    t.answered = true;
  }

  private keyword(kw: Keyword, line: SourceLine, f: string, at: number) {
    if (!this.cur) this.begin(undefined, line.no, '');
    const cur = this.cur!;
    const t = this.target!;
    const html = this.cut(line, at);
    const text = textOf(html).trim();
    switch (kw) {
      case 'mine': {
        // 我的答案: AB 正确答案: ABD — the right one wins; the learner's is only a record.
        const right = RIGHT_ANSWER.exec(f.slice(at));
        const mine = line.text.slice(at, right ? at + right.index : undefined);
        t.record.push(`我的答案 ${mine.replace(/[;\s]+$/, '').trim() || '（空）'}`);
        if (right) return this.answer(t, line, f, at + right.index + right[0].length);
        if (!t.answered) t.mineOnly = true;
        t.phase = 'meta';
        return;
      }
      case 'answer':
        if (t.answered && t.phase === 'answer') {
          (t.raw.answer ??= []).push(html);
          return;
        }
        return this.answer(t, line, f, at);
      case 'analysis':
        if (html) t.raw.analysis.push(html);
        t.phase = 'analysis';
        return;
      case 'level': {
        const level = parseLevel(text);
        if (level) cur.raw.level = level;
        else if (text) cur.raw.errors.push({ field: 'level', message: levelError(text) });
        t.phase = 'meta';
        return;
      }
      case 'tags':
        cur.raw.tags.push(...splitTags(text));
        t.phase = 'meta';
        return;
      case 'score': {
        const share = Number(foldWidth(text).replace(/分$/, '').trim());
        if (this.sub) {
          if (Number.isInteger(share) && share >= 1 && share <= 100) this.sub.raw.share = share;
          else this.sub.raw.errors.push({ field: 'share', message: `分值“${text}”应是1到100的整数` });
        } else if (text) {
          t.raw.warnings.push(scoreDropped(text.replace(/\s*分$/, '')));
        }
        t.phase = 'meta';
        return;
      }
      case 'type': {
        const type = typeByName(foldWidth(text).replace(/[[\]【】()]/g, ''));
        if (type) t.raw.typeHint = type;
        else t.raw.errors.push({ field: 'quType', message: `题型“${text}”无法识别` });
        return;
      }
    }
  }
}

const scoreDropped = (score: string): ImportIssue => ({ field: '', message: `分值“${score}分”未导入（分值在组卷时设置）` });

/** Does the source number its questions (then blank lines alone do not separate them)? */
function isNumbered(lines: SourceLine[]): boolean {
  let one = false;
  let two = false;
  for (const l of lines) {
    const f = foldWidth(l.text);
    if (NUM_DOT.test(f) || /^\s*\(\s*\d{1,3}\s*\)/.test(f) || (l.list?.ordered && l.list.depth === 1)) return true;
    one ||= /^\s*1(?:\t| +)\S/.test(f);
    two ||= /^\s*2(?:\t| +)\S/.test(f);
  }
  return one && two;
}

/** Raw questions of source lines, before their types are settled. */
export function readLines(lines: SourceLine[], unit: '行' | '段', max = IMPORT_MAX_ITEMS): RawQuestion[] {
  return new TextParser(unit, isNumbered(lines), max).parse(lines);
}

/** Questions of pasted text. */
export function parseText(text: string, max = IMPORT_MAX_ITEMS): Draft[] {
  return readLines(linesOfText(text.replace(/^\uFEFF/, '')), '行', max).map((raw) => assemble(raw));
}
