import { parse, type GIFTQuestion, type TextChoice, type TextFormat } from 'gift-pegjs';
import type { ImportIssue, QuBody, QuOption } from '../../../../common/api/qu';
import { QuType } from '../../../../common/codes';
import { blankMarker, JUDGE_FALSE, JUDGE_TRUE, newItemId } from '../qu.rules';
import type { Draft } from './assemble';
import { textOf, textToHtml } from './html';

/**
 * Moodle GIFT (reference §3.4), read block by block (questions are separated by blank lines, as
 * Moodle reads them) so a syntax error costs one question, not the file:
 *   multiple choice → single choice (one right answer) or multiple choice (weights, several right)
 *   true/false → true/false; short answer {=a =b} → fill in the blank with one blank (the blank
 *   where the braces stood, else after the stem; only full-credit answers are accepted answers);
 *   missing word (choices inside the sentence) → fill in the blank accepting the right choice;
 *   matching → matching; essay {} → short answer; numerical and description → an error item.
 * // [tag:消防] comments become knowledge points; $CATEGORY lines are ignored (the import goes to
 * the bank chosen in the preview). General feedback (####) becomes the analysis.
 */

/** Moodle's blank for a missing word. */
const GIFT_BLANK = '_____';

const toHtml = (t: TextFormat | null | undefined): string => (!t ? '' : t.format === 'html' ? t.text.trim() : textToHtml(t.text));
const plainOf = (t: TextFormat) => textOf(toHtml(t)).trim();

interface Block {
  text: string;
  line: number;
}

function blocksOf(text: string): Block[] {
  const blocks: Block[] = [];
  let cur: string[] = [];
  let start = 0;
  text.split(/\r\n|\r|\n/).forEach((line, i) => {
    if (line.trim() === '') {
      if (cur.length) blocks.push({ text: cur.join('\n'), line: start + 1 });
      cur = [];
      return;
    }
    if (!cur.length) start = i;
    cur.push(line);
  });
  if (cur.length) blocks.push({ text: cur.join('\n'), line: start + 1 });
  return blocks;
}

const isRight = (c: TextChoice) => c.isCorrect || (c.weight ?? 0) > 0;
const fullCredit = (c: TextChoice) => c.isCorrect && (c.weight === null || c.weight >= 100);

function withBlank(stem: string): string {
  return stem.includes(GIFT_BLANK) ? stem.replace(GIFT_BLANK, blankMarker(1)) : `${stem} ${blankMarker(1)}`;
}

function unsupported(stem: string, message: string): { question: QuBody; errors: ImportIssue[] } {
  return { question: { quType: QuType.SHORT, content: stem }, errors: [{ field: 'quType', message }] };
}

function convert(q: Exclude<GIFTQuestion, { type: 'Category' }>): { question: QuBody; errors: ImportIssue[] } {
  const stem = toHtml(q.stem);
  if (q.type === 'Description') return unsupported(stem, '这是一段说明文字，不是题目，无法导入');
  const analysis = toHtml(q.globalFeedback);
  const tags = q.tags ?? [];
  const base = { content: stem, analysis, tags };
  switch (q.type) {
    case 'MC': {
      if (q.hasEmbeddedAnswers) {
        return { question: { ...base, quType: QuType.FILL, content: withBlank(stem), blanks: [{ answers: q.choices.filter(isRight).map((c) => plainOf(c.text)) }] }, errors: [] };
      }
      const right = q.choices.filter(isRight);
      const partial = q.choices.some((c) => c.weight !== null && c.weight > 0 && c.weight < 100);
      const answerList = q.choices.map((c): QuOption => {
        const option: QuOption = { content: toHtml(c.text), isRight: isRight(c) };
        const feedback = toHtml(c.feedback);
        if (feedback) option.analysis = feedback;
        return option;
      });
      return { question: { ...base, quType: right.length > 1 || partial ? QuType.MULTIPLE : QuType.SINGLE, answerList }, errors: [] };
    }
    case 'TF':
      return {
        question: {
          ...base,
          quType: QuType.JUDGE,
          answerList: [
            { content: JUDGE_TRUE, isRight: q.isTrue },
            { content: JUDGE_FALSE, isRight: !q.isTrue },
          ],
        },
        errors: [],
      };
    case 'Short':
      return { question: { ...base, quType: QuType.FILL, content: withBlank(stem), blanks: [{ answers: q.choices.filter(fullCredit).map((c) => plainOf(c.text)) }] }, errors: [] };
    case 'Matching': {
      const taken = new Set<string>();
      const rightList: { id: string; content: string }[] = [];
      const rightId = (text: string) => {
        let r = rightList.find((x) => x.content === text);
        if (!r) {
          r = { id: newItemId(taken), content: text };
          rightList.push(r);
        }
        return r.id;
      };
      const leftList = q.matchPairs.flatMap((p) => {
        const id = rightId(textToHtml(p.subanswer));
        return plainOf(p.subquestion) ? [{ content: toHtml(p.subquestion), rightId: id }] : [];
      });
      return { question: { ...base, quType: QuType.MATCH, leftList, rightList }, errors: [] };
    }
    case 'Essay':
      return { question: { ...base, quType: QuType.SHORT }, errors: [] };
    case 'Numerical':
      return unsupported(stem, '不支持数值题');
    default:
      return unsupported(stem, '不支持的题型');
  }
}

export function parseGift(text: string): Draft[] {
  const out: Draft[] = [];
  for (const block of blocksOf(text.replace(/^\ufeff/, ''))) {
    let questions: GIFTQuestion[];
    try {
      questions = parse(`${block.text}\n`);
    } catch (err) {
      const at = (err as { location?: { start?: { line?: number } } }).location?.start?.line ?? 1;
      // Past the last line means the block ended too early: point at its last line.
      const line = block.line + Math.min(at, block.text.split('\n').length) - 1;
      out.push({
        source: `第${out.length + 1}题（第${block.line}行）`,
        question: { quType: QuType.SHORT, content: textToHtml(block.text) },
        errors: [{ field: '', message: `GIFT 格式有误，请检查第${line}行附近（大括号是否成对，~ = # { } : 是否需要用 \\ 转义）` }],
      });
      continue;
    }
    for (const q of questions) {
      if (q.type === 'Category') continue;
      out.push({ source: `第${out.length + 1}题（第${block.line}行）`, ...convert(q) });
    }
  }
  return out;
}
