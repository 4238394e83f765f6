import type { QuBody, QuDetail, SubQu } from '../../../common/api/qu';
import { QuType } from '../../../common/codes';
import { movableList, shuffled, type ShuffleRng } from '../qu/qu.public';

/**
 * The copy of a question a paper keeps (JSON QuBody in paper_qu.question): the question as it was
 * when the paper was made, options in this learner's order, without the fields its type leaves
 * empty. A cohort starting an exam makes tens of thousands of them from the same few hundred
 * questions, and only the order of their options differs; so each question is turned into JSON
 * text once (its pieces, kept while the exam's questions stay cached) and each paper's copy is
 * joined from those pieces in its own order.
 */

/** A question or part as JSON text, with the list whose order moves kept apart. */
interface Pieces {
  /** Its JSON without the moving list and the parts, and without the closing brace. */
  head: string;
  /** The list whose order moves: its key, each item's JSON, and whether it is a choice list. */
  list?: { key: string; items: string[]; choice: boolean };
  /** A combined question's parts (their own order never moves). */
  parts?: Pieces[];
}

export interface SnapshotSource {
  /** The question as a paper keeps it, in the bank's order. */
  body: QuBody;
  pieces: Pieces;
}

/** A question's fields without the ones its type leaves empty (each is optional in QuBody). */
function compactSnapshot(q: QuBody): QuBody {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(q)) {
    if (v === '' || v === undefined || (Array.isArray(v) && v.length === 0)) continue;
    if (k === 'fillOptions' && q.quType !== QuType.FILL && q.quType !== QuType.COMBINED) continue;
    out[k] = v;
  }
  return out as QuBody;
}

function piecesOf(q: QuBody | SubQu, parts?: Pieces[]): Pieces {
  const m = movableList(q);
  const items: unknown[] | undefined = m && q[m.key];
  const rest: Record<string, unknown> = { ...q };
  if (parts) delete rest.subList;
  if (m && items) delete rest[m.key];
  return {
    head: JSON.stringify(rest).slice(0, -1),
    ...(m && items ? { list: { key: m.key, items: items.map((i) => JSON.stringify(i)), choice: m.choice } } : {}),
    ...(parts ? { parts } : {}),
  };
}

const sources = new WeakMap<QuDetail, SnapshotSource>();

/** What a paper's copy of this question is made from (computed once per cached question). */
export function snapshotSource(q: QuDetail): SnapshotSource {
  let s = sources.get(q);
  if (!s) {
    const { id: _id, repoId: _r, repoTitle: _t, createTime: _c, updateTime: _u, ...own } = q;
    const body = compactSnapshot(own);
    const parts = body.quType === QuType.COMBINED && body.subList?.length ? body.subList.map((p) => piecesOf(p)) : undefined;
    s = { body, pieces: piecesOf(body, parts) };
    sources.set(q, s);
  }
  return s;
}

function join(p: Pieces, choices: boolean, rng: ShuffleRng): string {
  let text = p.head;
  if (p.list) {
    const items = p.list.choice && !choices ? p.list.items : shuffled(p.list.items, rng);
    text += `${text.length > 1 ? ',' : ''}"${p.list.key}":[${items.join(',')}]`;
  }
  if (p.parts) text += `${text.length > 1 ? ',' : ''}"subList":[${p.parts.map((s) => join(s, choices, rng)).join(',')}]`;
  return `${text}}`;
}

/**
 * One paper's copy of a question as JSON text: matching's right-hand items in a random order, and
 * choice options too when `choices` says so (the exam shuffles options); parts keep their order.
 */
export function snapshotText(s: SnapshotSource, choices: boolean, rng: ShuffleRng): string {
  return join(s.pieces, choices, rng);
}
