import { parse, type GIFTQuestion, type TextChoice, type TextFormat } from 'gift-pegjs';
import { IMPORT_MAX_ITEMS, type ImportIssue, type QuBody } from '../../../../common/api/qu';
import { QuType } from '../../../../common/codes';
import { blankMarker, JUDGE_FALSE, JUDGE_TRUE, newItemId } from '../qu.rules';
import { tooManyQuestions, type Draft } from './types';
import { textOf, textToHtml } from './html';
import { mergeFeedback, partialAnswers, weighChoices, type Feedback } from './moodle';

/**
 * Moodle GIFT (reference §3.4), read block by block (questions are separated by blank lines, as
 * Moodle reads them) so a syntax error costs one question, not the file. Graded as Moodle grades it
 * wherever Examhall can, and loudly flagged where it cannot (moodle.ts):
 *   multiple choice: one `=` → single choice, the `=` one right (weights on the others ignored with a
 *     warning); no `=` → a multiple choice (Moodle shows check boxes) whose right options are the
 *     positive weights, partial weights named in a warning;
 *   missing word with choices (`… {~a =b ~c} …`) → the same choice question, the blank shown in the stem;
 *   true/false → true/false, its two feedbacks merged into the analysis with a warning;
 *   short answer / missing word without choices → fill in the blank with one blank (where the braces
 *     stood, else after the stem); only full-credit answers are accepted, the others listed in a
 *     warning; answer feedback merged into the analysis with a warning;
 *   matching → matching; essay {} → short answer; numerical and description → an error item.
 * Option feedback stays on its option (shown with the answer); general feedback (####) is the
 * analysis; `// [tag:消防]` comments become knowledge points; question names (::名称::) go into the
 * item's source. Comment-only blocks and $CATEGORY lines are skipped (the import goes to the bank
 * chosen in the preview).
 */

/** Moodle's blank for a missing word, as the parser leaves it in the stem. */
const GIFT_BLANK = '_____';

const toHtml = (t: TextFormat | null | undefined): string => (!t ? '' : t.format === 'html' ? t.text.trim() : textToHtml(t.text));
const plainOf = (t: TextFormat) => textOf(toHtml(t)).trim();

interface Block {
  text: string;
  line: number;
}

/** $CATEGORY lines, which end a block like a blank line (Moodle wants one after them; files often lack it). */
const CATEGORY = /^\s*\$CATEGORY:/i;

function blocksOf(text: string): Block[] {
  const blocks: Block[] = [];
  let cur: string[] = [];
  let start = 0;
  text.split(/\r\n|\r|\n/).forEach((line, i) => {
    if (line.trim() === '' || CATEGORY.test(line)) {
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

/** A block of nothing but `//` comments (section titles such as `// ===第一部分===`): no question. */
const commentOnly = (block: Block) => block.text.split('\n').every((l) => l.trim().startsWith('//'));

/** Moodle's credit of a choice: `=` full, `~%n%` n, `~` none. */
const fractionOf = (c: TextChoice) => (c.isCorrect ? (c.weight ?? 100) : (c.weight ?? 0));

function withBlank(stem: string): string {
  return stem.includes(GIFT_BLANK) ? stem.replace(GIFT_BLANK, blankMarker(1)) : `${stem} ${blankMarker(1)}`;
}

interface Converted {
  question: QuBody;
  errors: ImportIssue[];
  warnings: ImportIssue[];
}

function unsupported(stem: string, message: string): Converted {
  return { question: { quType: QuType.SHORT, content: stem }, errors: [{ field: 'quType', message }], warnings: [] };
}

function convert(q: Exclude<GIFTQuestion, { type: 'Category' }>): Converted {
  const stem = toHtml(q.stem);
  if (q.type === 'Description') return unsupported(stem, '这是一段说明文字，不是题目，无法导入');
  const warnings: ImportIssue[] = [];
  const analysis = toHtml(q.globalFeedback);
  const tags = q.tags ?? [];
  const base = { content: stem, analysis, tags };
  switch (q.type) {
    case 'MC': {
      // Moodle: any `=` answer makes it a single choice; without one, the weights decide.
      const single = q.choices.some((c) => c.isCorrect);
      const weighed = weighChoices(
        q.choices.map((c) => ({ content: toHtml(c.text), fraction: fractionOf(c), analysis: toHtml(c.feedback) })),
        single,
      );
      return { question: { ...base, quType: weighed.quType, answerList: weighed.answerList }, errors: [], warnings: weighed.warnings };
    }
    case 'TF': {
      // {T#…#…}: the first feedback is shown for a wrong answer, the second for a right one.
      const feedback: Feedback[] = [
        { label: '答错时', html: toHtml(q.trueFeedback) },
        { label: '答对时', html: toHtml(q.falseFeedback) },
      ];
      return {
        question: {
          ...base,
          analysis: mergeFeedback(analysis, feedback, '判断题的反馈', warnings),
          quType: QuType.JUDGE,
          answerList: [
            { content: JUDGE_TRUE, isRight: q.isTrue },
            { content: JUDGE_FALSE, isRight: !q.isTrue },
          ],
        },
        errors: [],
        warnings,
      };
    }
    case 'Short': {
      const answers = q.choices.map((c) => ({ text: plainOf(c.text), fraction: fractionOf(c), feedback: toHtml(c.feedback) }));
      partialAnswers(answers, 'blanks.0', warnings);
      const feedback = answers.map((a) => ({ label: `答“${a.text}”时`, html: a.feedback }));
      return {
        question: {
          ...base,
          analysis: mergeFeedback(analysis, feedback, '各答案的反馈', warnings),
          quType: QuType.FILL,
          content: withBlank(stem),
          blanks: [{ answers: answers.filter((a) => a.fraction >= 100).map((a) => a.text) }],
        },
        errors: [],
        warnings,
      };
    }
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
      return { question: { ...base, quType: QuType.MATCH, leftList, rightList }, errors: [], warnings };
    }
    case 'Essay':
      return { question: { ...base, quType: QuType.SHORT }, errors: [], warnings };
    case 'Numerical':
      return unsupported(stem, '不支持数值题（答案以 # 开头、可带误差范围）：请改成填空题，写出准确的答案后再导入');
    default:
      return unsupported(stem, '不支持的题型');
  }
}

/** Where an item came from: its number and line, and the name the file gave it (::名称::). */
const sourceOf = (n: number, line: number, title?: string | null) => `第${n}题（第${line}行${title?.trim() ? `，${title.trim()}` : ''}）`;

export function parseGift(text: string, max = IMPORT_MAX_ITEMS): Draft[] {
  const out: Draft[] = [];
  for (const block of blocksOf(text.replace(/^\ufeff/, ''))) {
    if (commentOnly(block)) continue;
    if (out.length >= max) throw tooManyQuestions(max);
    let questions: GIFTQuestion[];
    try {
      questions = parse(`${block.text}\n`);
    } catch (err) {
      const at = (err as { location?: { start?: { line?: number } } }).location?.start?.line ?? 1;
      // Past the last line means the block ended too early: point at its last line.
      const line = block.line + Math.min(at, block.text.split('\n').length) - 1;
      out.push({
        source: sourceOf(out.length + 1, block.line),
        question: { quType: QuType.SHORT, content: textToHtml(block.text) },
        errors: [{ field: '', message: `GIFT 格式有误，请检查第${line}行附近（大括号是否成对，~ = # { } : 是否需要用 \\ 转义）` }],
      });
      continue;
    }
    for (const q of questions) {
      if (q.type === 'Category') continue;
      if (out.length >= max) throw tooManyQuestions(max);
      out.push({ source: sourceOf(out.length + 1, block.line, q.title), ...convert(q) });
    }
  }
  return out;
}
