import { hash } from 'node:crypto';
import type { QuBody, QuDetail, SubQu } from '../../../common/api/qu';
import { QuType } from '../../../common/codes';
import { movableList, shuffled, type ShuffleRng } from '../qu/qu.public';

/**
 * The copy of a question a paper keeps: the question as it was when the paper was made, options in
 * this learner's order, without the fields its type leaves empty. A cohort starting an exam makes
 * tens of thousands of copies of the same few hundred questions, and only the order of their
 * options differs. So a question's fields are kept once, as its base (JSON QuBody in the bank's
 * order, in qu_snapshot under a hash of that text: an edit makes a new base, never changes one),
 * and a paper's draft, its rows (paper_qu) and the wrong book keep each copy as `<base id>:<order>`:
 * a few bytes where the whole text was. A base is never deleted. The copy's text is joined from its
 * base's pieces in that order when it is read (paper.copies reads the column for everyone).
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
  /** The base: `body` as JSON text, and its id (a hash of that text). */
  id: string;
  text: string;
}

const baseId = (text: string) => hash('sha256', text, 'base64url').slice(0, 22);

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
    const text = JSON.stringify(body);
    s = { body, pieces: piecesOfBody(body), id: baseId(text), text };
    sources.set(q, s);
    remember(s.id, s.pieces);
  }
  return s;
}

function piecesOfBody(body: QuBody): Pieces {
  const parts = body.quType === QuType.COMBINED && body.subList?.length ? body.subList.map((p) => piecesOf(p)) : undefined;
  return piecesOf(body, parts);
}

// ---------- a learner's order ----------

/** An index in an order: one character (a list holds at most 26 items, see QU_LIMITS). */
const ORDER_DIGITS = '0123456789abcdefghijklmnopqrstuvwxyz';

function orderOf(p: Pieces, choices: boolean, rng: ShuffleRng): string {
  let order = '';
  if (p.list) {
    const at = p.list.items.map((_, i) => ORDER_DIGITS[i]);
    order += (p.list.choice && !choices ? at : shuffled(at, rng)).join('');
  }
  for (const part of p.parts ?? []) order += orderOf(part, choices, rng);
  return order;
}

/**
 * One paper's copy of a question as its draft keeps it: matching's right-hand items in a random
 * order, and choice options too when `choices` says so (the exam shuffles options); parts keep
 * their order.
 */
export function snapshotCopy(s: SnapshotSource, choices: boolean, rng: ShuffleRng): string {
  return `${s.id}:${orderOf(s.pieces, choices, rng)}`;
}

// ---------- a copy's text ----------

/**
 * Bases by id, the oldest learned going first past BASES_KEPT. A process-wide map, unlike the
 * per-app caches: an id is a hash of its text, so a base kept from any database is right for all.
 */
const bases = new Map<string, Pieces>();
const BASES_KEPT = 20_000;

function remember(id: string, pieces: Pieces): void {
  bases.delete(id);
  if (bases.size >= BASES_KEPT) bases.delete(bases.keys().next().value as string);
  bases.set(id, pieces);
}

/** Whether a draft line is a copy (`<id>:<order>`); '' is a part's line, `{…}` a whole text (drafts made before bases). */
const isCopy = (line: string) => line !== '' && line[0] !== '{';

/** The bases these draft lines need that this process does not hold (to read from qu_snapshot). */
export function missingBases(lines: readonly string[]): string[] {
  const ids = new Set<string>();
  for (const line of lines) {
    if (!isCopy(line)) continue;
    const id = line.slice(0, line.indexOf(':'));
    if (!bases.has(id)) ids.add(id);
  }
  return [...ids];
}

/** A base read from qu_snapshot, checked against its id. */
export function learnBase(id: string, text: string): void {
  if (baseId(text) !== id) throw new Error(`question base ${id} does not match its text`);
  remember(id, piecesOfBody(JSON.parse(text) as QuBody));
}

function joinInOrder(p: Pieces, order: string, at: { i: number }): string {
  let text = p.head;
  if (p.list) {
    const { items } = p.list;
    const picked = items.map(() => {
      const item = items[ORDER_DIGITS.indexOf(order[at.i++] ?? '')];
      if (item === undefined) throw new Error(`paper copy order ${order} does not fit its base`);
      return item;
    });
    text += `${text.length > 1 ? ',' : ''}"${p.list.key}":[${picked.join(',')}]`;
  }
  if (p.parts) text += `${text.length > 1 ? ',' : ''}"subList":[${p.parts.map((s) => joinInOrder(s, order, at)).join(',')}]`;
  return `${text}}`;
}

/** Texts of copies joined lately, by line: a cohort's papers hold the same few copies of each question. */
const joined = new Map<string, string>();
const JOINED_KEPT = 10_000;

/** A draft line's question as JSON text (its base must be held: see missingBases and learnBase). */
export function copyText(line: string): string {
  if (!isCopy(line)) return line;
  let text = joined.get(line);
  if (text === undefined) {
    text = joinCopy(line);
    if (joined.size >= JOINED_KEPT) joined.delete(joined.keys().next().value as string);
    joined.set(line, text);
  }
  return text;
}

function joinCopy(line: string): string {
  const colon = line.indexOf(':');
  const pieces = bases.get(line.slice(0, colon));
  if (!pieces) throw new Error(`question base ${line.slice(0, colon)} is not loaded`);
  const order = line.slice(colon + 1);
  const at = { i: 0 };
  const text = joinInOrder(pieces, order, at);
  if (at.i !== order.length) throw new Error(`paper copy ${line} does not fit its base`);
  return text;
}
