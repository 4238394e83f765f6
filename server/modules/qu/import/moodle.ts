import type { ImportIssue, QuOption } from '../../../../common/api/qu';
import { QuType } from '../../../../common/codes';
import { optionLetter, optionName } from '../qu.rules';
import { textOf } from './html';

/**
 * What GIFT and Moodle XML share: Moodle weighs each answer by a percentage of the question's
 * credit, and gives feedback per answer and per outcome. Examhall grades an option as right or
 * wrong (partial credit of a multiple choice is the exam section's 漏选得分 rule), so the weights
 * decide which options are right and what they said about the rest is kept in a warning; feedback
 * that has no place of its own is merged into the analysis, also with a warning. Nothing is
 * changed or dropped without a word.
 */

/** One answer of a choice question: its content and its share of the credit (100 = full, may be negative). */
export interface WeighedOption {
  content: string;
  fraction: number;
  /** Its own feedback (kept as the option's analysis). */
  analysis?: string;
}

export interface WeighedChoice {
  quType: typeof QuType.SINGLE | typeof QuType.MULTIPLE;
  answerList: QuOption[];
  warnings: ImportIssue[];
}

/** A percentage as people write it: 50%, 33.33%, -100%. */
export const percent = (n: number) => `${Math.round(n * 100) / 100}%`;

const letters = (idx: number[]) => idx.map(optionLetter).join('、');
const weights = (options: WeighedOption[], idx: number[]) => idx.map((i) => `${optionName(i)}（${percent(options[i].fraction)}）`).join('、');

/**
 * A choice question from weighed answers, as Moodle grades it as near as Examhall can:
 * - single (GIFT with a `=` answer, Moodle XML <single>true): the one full-credit answer is right and
 *   any weight on the others is ignored with a warning; several full-credit answers (either gives
 *   full credit in Moodle) make a multiple choice that needs them all, with a warning; no full-credit
 *   answer makes the best-weighted one right, with a warning;
 * - multiple: every positive weight is right; weights other than 100 % (partial shares, penalties)
 *   are listed in a warning: Examhall gives full credit for all right options and no wrong one, and
 *   a partial pick what the section's 漏选得分 says.
 */
export function weighChoices(options: WeighedOption[], single: boolean): WeighedChoice {
  const warnings: ImportIssue[] = [];
  const all = options.map((_, i) => i);
  const warn = (message: string) => warnings.push({ field: 'answerList', message });
  let right: number[];
  let quType: WeighedChoice['quType'] = QuType.SINGLE;
  if (single) {
    const full = all.filter((i) => options[i].fraction >= 100);
    if (full.length === 1) right = full;
    else if (full.length > 1) {
      right = full;
      quType = QuType.MULTIPLE;
      warn(`原题有${full.length}个满分答案（选项${letters(full)}），选其中任一项即得满分；已改为多选题，须全部选中才得分`);
    } else {
      const best = all.filter((i) => options[i].fraction > 0).sort((a, b) => options[b].fraction - options[a].fraction)[0];
      right = best === undefined ? [] : [best];
      if (best !== undefined) warn(`原题没有满分答案，已把得分最高的${optionName(best)}（${percent(options[best].fraction)}）作为正确答案`);
    }
    const ignored = all.filter((i) => !right.includes(i) && options[i].fraction !== 0);
    if (ignored.length && right.length) {
      warn(`权重已忽略：${weights(options, ignored)}改按错误选项计分，正确答案只有选项${letters(right)}`);
    }
  } else {
    quType = QuType.MULTIPLE;
    right = all.filter((i) => options[i].fraction > 0);
    const weighed = all.filter((i) => options[i].fraction !== 0 && options[i].fraction !== 100);
    if (weighed.length) {
      warn(`权重已忽略：${weights(options, weighed)}。正确答案为选项${letters(right)}，全部选对且不错选才得满分，漏选按试卷大题的“漏选得分”计分`);
    }
  }
  const answerList = options.map((o, i): QuOption => ({ content: o.content, isRight: right.includes(i), ...(o.analysis ? { analysis: o.analysis } : {}) }));
  return { quType, answerList, warnings };
}

/** Feedback with no place of its own in Examhall: what it is said of, and its HTML. */
export interface Feedback {
  label: string;
  html: string;
}

const BLOCK = /^\s*<(p|div|ul|ol|table|blockquote|pre|h[1-6])\b/i;

/**
 * The analysis with feedback appended, one paragraph each (`答对时：…`), and the warning that says
 * so; empty feedback is skipped. `what` names the feedback in the warning (判断题的反馈, 提示 …).
 */
export function mergeFeedback(analysis: string, feedback: Feedback[], what: string, warnings: ImportIssue[]): string {
  const kept = feedback.filter((f) => textOf(f.html).trim() || /<img\b/i.test(f.html));
  if (!kept.length) return analysis;
  warnings.push({ field: 'analysis', message: `${what}已并入解析` });
  const parts = kept.map((f) => (BLOCK.test(f.html) ? `<p>${f.label}：</p>${f.html.trim()}` : `<p>${f.label}：${f.html.trim()}</p>`));
  return [analysis.trim(), ...parts].filter(Boolean).join('');
}

/** Answers worth less than full credit, which a fill-in blank cannot accept: listed in a warning. */
export function partialAnswers(answers: { text: string; fraction: number }[], field: string, warnings: ImportIssue[], where = ''): void {
  const partial = answers.filter((a) => a.fraction < 100 && a.fraction !== 0 && a.text.trim());
  if (!partial.length) return;
  warnings.push({ field, message: `${where}部分得分的答案未作为正确答案导入：${partial.map((a) => `“${a.text}”（${percent(a.fraction)}）`).join('、')}` });
}
