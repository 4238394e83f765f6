import type { QuBody, QuPublic, SubQu } from '../../../common/api/qu';
import { QuType } from '../../../common/codes';

/**
 * What a learner may see of a question before its answer may be shown (exam qu-detail, practice
 * next), and the per-learner shuffling of its options.
 */

type PublicFields = Omit<QuPublic, 'quId' | 'subList'>;

/** Anything that picks a whole number in [0, maxExclusive) (paper.draw.ts has a crypto and a seeded one). */
export interface ShuffleRng {
  int(maxExclusive: number): number;
}

function need(id: string | undefined, what: string): string {
  // The server gives every option, item and part an id when it saves a question.
  if (id === undefined) throw new TypeError(`${what} has no id`);
  return id;
}

/**
 * Each blank marker reduced to `<span data-blank="n"></span>`: whatever an editor left inside or
 * on the marker (a sample answer, another attribute) stays on the server.
 */
export function emptyBlankMarkers(html: string): string {
  const open = /<span\b[^>]*?\bdata-blank\s*=\s*["']?(\d+)["']?[^>]*>/gi;
  let out = '';
  let from = 0;
  for (let m = open.exec(html); m; m = open.exec(html)) {
    out += html.slice(from, m.index) + `<span data-blank="${m[1]}"></span>`;
    // Skip to the marker's own closing tag, over any spans nested inside it.
    const tags = /<(\/?)span\b[^>]*>/gi;
    tags.lastIndex = open.lastIndex;
    let depth = 1;
    let end = open.lastIndex;
    for (let t = tags.exec(html); t; t = tags.exec(html)) {
      depth += t[1] ? -1 : 1;
      if (depth === 0) {
        end = tags.lastIndex;
        break;
      }
    }
    from = open.lastIndex = end;
  }
  return out + html.slice(from);
}

function publicFields(q: Pick<QuBody, 'quType' | 'content' | 'answerList' | 'blanks' | 'leftList' | 'rightList'>): PublicFields {
  // Only the fields of the question's own type: a leftover from an earlier type never shows.
  const choice = q.quType === QuType.SINGLE || q.quType === QuType.MULTIPLE || q.quType === QuType.JUDGE;
  const match = q.quType === QuType.MATCH;
  return {
    quType: q.quType,
    content: emptyBlankMarkers(q.content),
    answerList: choice
      ? (q.answerList ?? []).map((o) => ({ id: need(o.id, 'an option'), content: o.content, ...(o.image ? { image: o.image } : {}) }))
      : [],
    blankCount: q.quType === QuType.FILL ? (q.blanks?.length ?? 0) : 0,
    leftList: match ? (q.leftList ?? []).map((l) => ({ id: need(l.id, 'a matching item'), content: l.content })) : [],
    rightList: match ? (q.rightList ?? []).map((r) => ({ id: r.id, content: r.content })) : [],
  };
}

/**
 * A question as a learner sees it: options without isRight or analysis, no reference answer, no
 * blank answers or fill options, matching items without their matches; a combined question's
 * parts carry their own quId (the part's id) and share. The order of options and items is kept:
 * shuffle first (shuffleOptions) where the exam asks for it.
 */
export function toPublic(quId: string, q: QuBody): QuPublic {
  return {
    quId,
    ...publicFields(q),
    subList: q.quType === QuType.COMBINED ? (q.subList ?? []).map((s) => ({ quId: need(s.id, 'a part'), share: s.share, ...publicFields(s) })) : [],
  };
}

/** A shuffled copy of a list (Fisher–Yates). */
export function shuffled<T>(items: readonly T[], rng: ShuffleRng): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/**
 * The list of a question (or part) whose order a learner's copy may change: the options of single
 * and multiple choice (`choice`: only when an exam shuffles options), or the right-hand items of
 * matching (always: their order would give the pairs away). True/false keeps 对 before 错, and
 * matching's left items keep their order.
 */
export function movableList(q: QuBody | SubQu): { key: 'answerList' | 'rightList'; choice: boolean } | undefined {
  if (q.quType === QuType.SINGLE || q.quType === QuType.MULTIPLE) return { key: 'answerList', choice: true };
  if (q.quType === QuType.MATCH) return { key: 'rightList', choice: false };
  return undefined;
}

function shuffleOne<Q extends QuBody | SubQu>(q: Q, rng: ShuffleRng): Q {
  const m = movableList(q);
  const items = m && q[m.key];
  return items ? { ...q, [m.key]: shuffled<unknown>(items, rng) } : q;
}

/**
 * A copy of the question with the options of single and multiple choice and the right-hand items
 * of matching in a random order, the parts of a combined question each shuffled likewise (the
 * parts themselves keep their order). Ids travel with the options, so answers and grading are
 * unaffected.
 */
export function shuffleOptions(q: QuBody, rng: ShuffleRng): QuBody {
  if (q.quType === QuType.COMBINED) return { ...q, subList: q.subList?.map((s) => shuffleOne(s, rng)) };
  return shuffleOne(q, rng);
}

/**
 * A question as a learner is shown it: matching's right-hand items always in a random order (their
 * order would give the pairs away); choice options too only when `choices` says so (an exam's
 * shuffle setting), otherwise in the bank's order, combined parts included.
 */
export function orderForLearner(q: QuBody, choices: boolean, rng: ShuffleRng): QuBody {
  const moved = shuffleOptions(q, rng);
  if (choices) return moved;
  return {
    ...moved,
    answerList: q.answerList,
    subList: moved.subList?.map((s, i) => ({ ...s, answerList: q.subList?.[i]?.answerList })),
  };
}
