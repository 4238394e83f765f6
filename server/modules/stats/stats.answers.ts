import type { AnswerInput, QuBody, SubQu } from '../../../common/api/qu';
import { QuType } from '../../../common/codes';
import { htmlToText } from '../../../common/richText';

/**
 * A learner's answer to a question as words an administrator reads beside the option distribution:
 * chosen options as "B. content" (lettered in the order the distribution lists them, whatever order
 * this learner's paper showed them in), the text written, the blanks, the pairs. Pure: the paper's
 * copy of the question and the stored answer in, text out.
 */

/** Longest answer text sent (an essay is cut; the paper itself holds the whole). */
export const ANSWER_TEXT_MAX = 300;

const text = (html: string) => htmlToText(html).replace(/\s+/g, ' ').trim();

function cut(s: string): string {
  return s.length > ANSWER_TEXT_MAX ? `${s.slice(0, ANSWER_TEXT_MAX - 1)}…` : s;
}

function parse<T>(json: string): T | null {
  if (!json) return null;
  try {
    return JSON.parse(json) as T;
  } catch {
    return null;
  }
}

const letter = (i: number) => String.fromCharCode(65 + i);

type Answerable = Pick<QuBody, 'quType' | 'answerList' | 'leftList' | 'rightList'> | SubQu;

/**
 * One question's (or part's) answer. `order`: option ids in the distribution's order (their letters);
 * options it lacks are lettered after it, in the copy's order.
 */
function answerOf(q: Answerable, a: AnswerInput | null, order: readonly string[]): string {
  if (!a) return '';
  switch (q.quType) {
    case QuType.SINGLE:
    case QuType.MULTIPLE:
    case QuType.JUDGE: {
      const options = q.answerList ?? [];
      const ids = [...order, ...options.map((o) => o.id ?? '').filter((id) => id && !order.includes(id))];
      const picked = (a.answers ?? []).map((id) => ids.indexOf(id)).filter((i) => i >= 0);
      return [...new Set(picked)]
        .sort((x, y) => x - y)
        .map((i) => `${letter(i)}. ${text(options.find((o) => o.id === ids[i])?.content ?? '')}`)
        .join('；');
    }
    case QuType.SHORT:
      return text(a.answer ?? '');
    case QuType.FILL: {
      const blanks = a.blanks ?? [];
      if (blanks.every((b) => !b.trim())) return '';
      return blanks.map((b, i) => `（${i + 1}）${b.trim() || '—'}`).join(' ');
    }
    case QuType.MATCH: {
      const left = new Map((q.leftList ?? []).map((l) => [l.id, text(l.content)]));
      const right = new Map((q.rightList ?? []).map((r) => [r.id, text(r.content)]));
      return (a.pairs ?? []).map((p) => `${left.get(p.leftId) ?? '?'} → ${right.get(p.rightId) ?? '?'}`).join('；');
    }
    default:
      return '';
  }
}

/**
 * The answer to a question of a paper, as text. `copyJson`: the paper's copy of the question;
 * `answerJson`: its stored answer; `parts`: a combined question's parts' stored answers by part id;
 * `order`: the option ids in the distribution's order.
 */
export function readableAnswer(copyJson: string, answerJson: string, parts: ReadonlyMap<string, string>, order: readonly string[]): string {
  const q = parse<QuBody>(copyJson);
  if (!q) return '';
  if (q.quType === QuType.COMBINED) {
    const lines = (q.subList ?? []).map((sub, i) => {
      const given = answerOf(sub, parse<AnswerInput>(sub.id ? (parts.get(sub.id) ?? '') : ''), []);
      return given ? `（${i + 1}）${given}` : '';
    });
    return cut(lines.filter(Boolean).join(' '));
  }
  return cut(answerOf(q, parse<AnswerInput>(answerJson), order));
}
