import { QuType } from '../../../../common/codes';
import { escapeHtml, type QuTypeValue } from '../qu.rules';
import { assemble, emptyRaw, TYPE_NAME_PATTERN, typeByName, type Draft, type RawQuestion } from './assemble';
import { foldWidth, sliceHtml, textOf, trimHtml } from './html';

/**
 * The plain-text format Chinese teachers paste (and write in Word), reference §3.2. Full-width and
 * half-width punctuation are read alike. The whole convention, as the admin guide states it
 * (`IMPORT_TEXT_GUIDE` in ./guide.ts):
 *
 *   一、单选题                      ← section heading: the type of the questions after it
 *   1. 【单选题】下列……（ ）        ← number 1. 1、 1． (1) （1） 第1题; type tag [ ] 【 】 ( ) before or after the stem
 *   A. 选项一                       ← options A. A、 A． (A) A) one per line, or A.甲 B.乙 on one line
 *   B. 选项二
 *   答案：A                         ← 答案： 【答案】 正确答案： 参考答案： ANSWER:
 *   解析：……                       ← 解析： 【解析】
 *   难度：易                         ← 易/中 (普通) → 1, 难 (较难) → 2
 *   知识点：消防，用电安全           ← separated by ，、；
 *
 * Questions are separated by blank lines or simply by their numbers. Without a tag the type comes
 * from the answer: options with one letter → single choice, several → multiple; no options and
 * 正确/错误/对/错/√/×/是/否/T/F → true/false; blanks written ____ or （ ） → fill in the blank
 * (answers `北京|上海`, alternatives `北京;Beijing`); otherwise short answer (the answer line is the
 * reference answer).
 * Without an answer line, an answer in the stem's last bracket is read: 第一步是（ B ）, 地球是圆的（√）.
 *
 * Matching (needs the tag 【配对题】 or a 配对题/连线题 section): left items numbered (1) (2) …,
 * right items A. B. … (more right items than left ones are distractors), answer `1-A，2-C，3-B`
 * (or the letters in order: ACB).
 *
 * Combined (tag 【组合题】 or a 组合题 section): the lines after the number are the material; each
 * sub-question starts with (1) (2) … and is written like a question of its own (tag, options,
 * 答案, 解析; `分值：2` gives its share, default 1). 难度 and 知识点 belong to the whole question.
 * Inside matching and combined questions (n) numbers the items, so number the questions
 * themselves 1. 2. ….
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
const NUM_PAREN = /^\s*(?:\(\s*(\d{1,3})\s*\)|(\d{1,3})\s*\)|([\u2460-\u2473]))\s*/;
const OPTION = /^\s*(?:\(\s*([A-Za-z])\s*\)|([A-Z])\s*[.、:)])\s*/;
const BRACKET_OPEN = '[\\[【(]';
const BRACKET_CLOSE = '[\\]】)]';
const TAG_START = new RegExp(`^\\s*${BRACKET_OPEN}\\s*(${TYPE_NAME_PATTERN})\\s*${BRACKET_CLOSE}\\s*`);
const TAG_END = new RegExp(`\\s*${BRACKET_OPEN}\\s*(${TYPE_NAME_PATTERN})\\s*${BRACKET_CLOSE}\\s*$`);
const TAG_ONLY = new RegExp(`^\\s*${BRACKET_OPEN}?\\s*(${TYPE_NAME_PATTERN})\\s*${BRACKET_CLOSE}?\\s*(?:\\(.*\\))?\\s*:?\\s*$`);
const CN_NUM = '[一二三四五六七八九十]{1,3}';
const HEADING = new RegExp(`^\\s*(?:第?${CN_NUM}\\s*(?:部分|大题)?\\s*[、.:]|第${CN_NUM}\\s*(?:部分|大题)|[(\\[【]\\s*${CN_NUM}\\s*[)\\]】])\\s*(.*)$`);
const TYPE_ANYWHERE = new RegExp(TYPE_NAME_PATTERN);

type Keyword = 'answer' | 'analysis' | 'level' | 'tags' | 'score' | 'type';
const KEYWORDS: [Keyword, RegExp][] = [
  ['answer', /^\s*(?:[[【]\s*(?:正确|参考|标准)?答案\s*[\]】]\s*:?|(?:正确|参考|标准)?答案(?:是|为)?\s*:|答\s*:|answer\s*:)\s*/i],
  ['analysis', /^\s*(?:[[【]\s*(?:答案|试题)?(?:解析|分析)\s*[\]】]\s*:?|(?:答案|试题)?解析\s*:)\s*/],
  ['level', /^\s*(?:[[【]\s*难度\s*[\]】]\s*:?|难度(?:等级|系数)?\s*:)\s*/],
  ['tags', /^\s*(?:[[【]\s*(?:知识点|考点|标签)\s*[\]】]\s*:?|(?:知识点|考点|标签)\s*:)\s*/],
  ['score', /^\s*(?:[[【]\s*(?:分值|分数|占比)\s*[\]】]\s*:?|(?:分值占比|分值|分数|占比)\s*:)\s*/],
  ['type', /^\s*(?:[[【]\s*题型\s*[\]】]\s*:?|题型\s*:)\s*/],
];

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

// ---------- the parser ----------

/** Where a matched prefix (1. / A、 / 答案：) ends, whitespace after it not included (a picture may stand there). */
const prefixEnd = (m: RegExpExecArray) => m.index + m[0].trimEnd().length;

type Phase = 'stem' | 'option' | 'left' | 'answer' | 'analysis' | 'meta';

interface Builder {
  raw: RawQuestion;
  no?: number;
  phase: Phase;
  answered: boolean;
}

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

class TextParser {
  private out: RawQuestion[] = [];
  private section: QuTypeValue | 'choice' | undefined;
  private cur: Builder | undefined;
  private sub: Builder | undefined;
  private blankBefore = false;
  private lastNo = 0;
  private listGroups = new Map<number, 'questions' | 'options'>();
  /** How the source numbers its questions, from the first number seen. */
  private topStyle: 'dot' | 'paren' | undefined;

  constructor(
    private readonly unit: '行' | '段',
    /** When the source numbers its questions, blank lines alone do not end one. */
    private readonly numbered: boolean,
  ) {}

  parse(lines: SourceLine[]): RawQuestion[] {
    for (const line of lines) {
      const f = foldWidth(line.text);
      if (!f.trim() && !/<(img|table)\b/i.test(line.html)) {
        this.blankBefore = true;
        continue;
      }
      this.line(line, f);
      this.blankBefore = false;
    }
    this.close();
    return this.out;
  }

  /** The HTML of the text in [start, end) and the pictures there, whitespace at both ends left out. */
  private cut(line: SourceLine, _f: string, start: number, end = line.text.length): string {
    return trimHtml(sliceHtml(line.html, start, end));
  }

  private get target(): Builder | undefined {
    return this.sub ?? this.cur;
  }

  private kind(b: Builder | undefined): QuTypeValue | 'choice' | undefined {
    return b?.raw.typeHint ?? b?.raw.sectionHint;
  }

  private line(line: SourceLine, f: string) {
    for (const [kw, re] of KEYWORDS) {
      const m = re.exec(f);
      if (m) return this.keyword(kw, line, f, prefixEnd(m));
    }
    const tagOnly = TAG_ONLY.exec(f);
    if (tagOnly) {
      const type = typeByName(tagOnly[1]);
      const t = this.target;
      // Right under a stem, a tag on its own line is that question's tag (or, if it has one, just text);
      // after a blank line or an answer it heads a section.
      if (t && t.phase === 'stem' && !this.blankBefore) {
        if (t.raw.typeHint === undefined) t.raw.typeHint = type;
        else this.plain(line, f);
        return;
      }
      this.close();
      this.section = type;
      return;
    }
    const heading = HEADING.exec(f);
    if (heading) {
      this.close();
      const name = TYPE_ANYWHERE.exec(heading[1]);
      this.section = name ? typeByName(name[0]) : undefined;
      return;
    }
    const paren = NUM_PAREN.exec(f);
    const dot = paren ? null : NUM_DOT.exec(f);
    if (paren || dot) {
      const m = (paren ?? dot)!;
      const circled = paren?.[3];
      const no = circled ? circled.charCodeAt(0) - 0x245f : Number(m[1] ?? m[2]);
      if (this.isInner(no, !!paren)) return this.inner(no, line, f, prefixEnd(m));
      if (!circled && !(paren && this.statementInStem(no))) {
        this.topStyle ??= paren ? 'paren' : 'dot';
        return this.startQuestion(no, line, f, prefixEnd(m));
      }
    }
    if (line.list?.ordered) return this.listItem(line, f);
    const opt = OPTION.exec(f);
    if (opt && this.acceptsOptions()) return this.options(line, f, opt);
    this.plain(line, f);
  }

  /**
   * Where questions are numbered 1. 2. …, (1) (2) … written inside a stem are its text (下列说法：
   * (1)… (2)…); such a line starts a question only when it continues the numbering after a blank
   * line, an answer or a heading.
   */
  private statementInStem(no: number): boolean {
    if (this.topStyle !== 'dot') return false;
    const t = this.target;
    const midQuestion = !!t && !this.blankBefore && (t.phase === 'stem' || t.phase === 'option' || t.phase === 'left');
    return midQuestion || no !== this.lastNo + 1;
  }

  /** Inside a matching or combined question, (n) — and n. when it continues the items rather than the questions — numbers an item. */
  private isInner(no: number, paren: boolean): boolean {
    const cur = this.cur;
    const kind = this.kind(cur);
    if (!cur || (kind !== QuType.MATCH && kind !== QuType.COMBINED)) return false;
    if (kind === QuType.MATCH && cur.answered) return false;
    if (paren) return true;
    const count = kind === QuType.MATCH ? cur.raw.left.length : cur.raw.subs.length + (this.sub ? 1 : 0);
    if (no !== count + 1) return false;
    // Left items come before the right ones: until those start, the next number is the next item.
    if (kind === QuType.MATCH && !cur.raw.options.length) return true;
    return no !== (cur.no ?? -1) + 1;
  }

  private inner(no: number, line: SourceLine, f: string, at: number) {
    const cur = this.cur!;
    if (this.kind(cur) === QuType.MATCH) {
      cur.raw.left.push({ no, html: this.cut(line, f, at) });
      cur.phase = 'left';
      return;
    }
    if (this.sub) cur.raw.subs.push(this.sub.raw);
    const { hint, start, end } = this.tagOf(f, at);
    const raw = emptyRaw(cur.raw.source);
    raw.typeHint = hint;
    const stem = this.cut(line, f, start, end);
    if (stem) raw.stem.push(stem);
    this.sub = { raw, no, phase: 'stem', answered: false };
  }

  /** A type tag at the start or the end of a stem. */
  private tagOf(f: string, at: number): { hint?: QuTypeValue | 'choice'; start: number; end: number } {
    let start = at;
    let end = f.length;
    let hint: QuTypeValue | 'choice' | undefined;
    const head = TAG_START.exec(f.slice(start));
    if (head) {
      hint = typeByName(head[1]);
      start += head[0].length;
    }
    const tail = TAG_END.exec(f.slice(start));
    if (tail) {
      hint ??= typeByName(tail[1]);
      end = start + tail.index;
    }
    return { hint, start, end };
  }

  /** A question starting on this line, its number (if any) and tag cut off. */
  private startQuestion(no: number | undefined, line: SourceLine, f: string, at: number) {
    const { hint, start, end } = this.tagOf(f, at);
    this.begin(no, line.no, this.cut(line, f, start, end), hint);
  }

  private begin(no: number | undefined, lineNo: number, stem: string, hint?: QuTypeValue | 'choice') {
    this.close();
    const raw = emptyRaw(no !== undefined ? `第${no}题（第${lineNo}${this.unit}）` : `第${lineNo}${this.unit}`);
    raw.typeHint = hint;
    raw.sectionHint = this.section;
    if (stem) raw.stem.push(stem);
    if (no !== undefined) this.lastNo = no;
    this.cur = { raw, no, phase: 'stem', answered: false };
  }

  /** Questions the source did not number, in a source that numbers them, are kept only when they hold more than text (a title or a note is dropped). */
  private close() {
    const cur = this.cur;
    if (!cur) return;
    if (this.sub) cur.raw.subs.push(this.sub.raw);
    this.sub = undefined;
    this.cur = undefined;
    const r = cur.raw;
    const onlyText = !r.options.length && !r.answer && !r.analysis.length && !r.left.length && !r.subs.length;
    if (this.numbered && cur.no === undefined && onlyText) return;
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
    found.forEach((o, i) => this.addOption(o.letter, this.cut(line, f, o.content, found[i + 1]?.from ?? f.length), line.no));
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
      return this.addOption(letter, this.cut(line, f, 0), line.no);
    }
    if (role === 'options') return this.plain(line, f);
    this.topStyle ??= 'dot';
    this.startQuestion(this.lastNo + 1, line, f, 0);
  }

  private plain(line: SourceLine, f: string) {
    const t = this.target;
    const html = this.cut(line, f, 0);
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

  private keyword(kw: Keyword, line: SourceLine, f: string, at: number) {
    if (!this.cur) this.begin(undefined, line.no, '');
    const cur = this.cur!;
    const t = this.target!;
    const html = this.cut(line, f, at);
    const text = textOf(html).trim();
    switch (kw) {
      case 'answer':
        (t.raw.answer ??= []).push(html);
        t.phase = 'answer';
        t.answered = true;
        if (t === cur) cur.answered = true;
        return;
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

/** Does the source number its questions (then blank lines alone do not separate them)? */
function isNumbered(lines: SourceLine[]): boolean {
  return lines.some((l) => {
    const f = foldWidth(l.text);
    return NUM_DOT.test(f) || /^\s*\(\s*\d{1,3}\s*\)/.test(f) || (l.list?.ordered && l.list.depth === 1);
  });
}

/** Raw questions of source lines, before their types are settled. */
export function readLines(lines: SourceLine[], unit: '行' | '段'): RawQuestion[] {
  return new TextParser(unit, isNumbered(lines)).parse(lines);
}

/** Questions of pasted text. */
export function parseText(text: string): Draft[] {
  return readLines(linesOfText(text.replace(/^\uFEFF/, '')), '行').map(assemble);
}
