import type { AnswerInput, FillOptions, QuBody } from '../../../common/api/qu';
import { QuType } from '../../../common/codes';

/**
 * How an answer is judged: one set of pure functions that exams (hand-in, the deadline job) and
 * practice (instant feedback) both call, so a learner's answer earns the same everywhere.
 *
 * Scores are kept as exact fractions while they are split (blanks, matching pairs, the shares of a
 * combined question) and rounded once per question, to 2 decimals, half up.
 */

/** The parts of a question that grading reads: a question or a combined question's sub-question. */
export type Gradable = Pick<QuBody, 'quType' | 'answerList' | 'refAnswer' | 'blanks' | 'fillOptions' | 'leftList' | 'rightList'>;

export interface GradeRules {
  /**
   * Multiple choice: points for a pick that is a non-empty subset of the right options with no
   * wrong one (capped at the question's score; 0 or absent = none). In a combined question it
   * applies to its multiple-choice parts in proportion: a part worth a third of the question can
   * earn a third of these points.
   */
  partialScore?: number;
}

export interface GradeResult {
  answered: boolean;
  /** The full score was earned. */
  isRight: boolean;
  /** Points earned, 2 decimals. */
  score: number;
  /** Short answer: a person gives the score (score is 0 until then). */
  needsMarking: boolean;
}

export interface CombinedGradeResult extends GradeResult {
  subs: Array<{ id: string; result: GradeResult; /** The part's full score, 2 decimals. */ score: number }>;
}

/** Fill-in comparison when a question stores none (the contract's defaults). */
export const DEFAULT_FILL_OPTIONS: FillOptions = { ignoreCase: true, ignoreWidth: true, ignoreSpace: true, anyOrder: false };

// ---------- exact fractions ----------

/** A non-negative fraction n/d (d > 0). */
interface Ratio {
  n: bigint;
  d: bigint;
}

const ZERO: Ratio = { n: 0n, d: 1n };
const ONE: Ratio = { n: 1n, d: 1n };

function gcd(a: bigint, b: bigint): bigint {
  while (b) [a, b] = [b, a % b];
  return a;
}

function ratio(n: bigint, d: bigint): Ratio {
  const g = gcd(n, d);
  return g > 1n ? { n: n / g, d: d / g } : { n, d };
}

/** Scores already read: an exam has a handful of distinct ones, graded thousands of times. */
const scoreRatios = new Map<number, Ratio>();

/** A score as the decimal it was written as (2.675 is 2675/1000, not the nearest binary double). */
function ratioOfScore(x: number): Ratio {
  let r = scoreRatios.get(x);
  if (!r) {
    if (scoreRatios.size >= 10_000) scoreRatios.clear();
    scoreRatios.set(x, (r = readScore(x)));
  }
  return r;
}

function readScore(x: number): Ratio {
  if (!Number.isFinite(x) || x < 0) throw new RangeError(`a score must be a finite number ≥ 0, got ${x}`);
  const m = /^(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/.exec(String(x));
  if (!m) throw new RangeError(`unreadable score ${x}`);
  const frac = m[2] ?? '';
  const exp = Number(m[3] ?? 0) - frac.length;
  const digits = BigInt(m[1] + frac);
  return exp >= 0 ? ratio(digits * 10n ** BigInt(exp), 1n) : ratio(digits, 10n ** BigInt(-exp));
}

const mul = (a: Ratio, b: Ratio): Ratio => (b === ONE ? a : a === ONE ? b : b.n === 0n || a.n === 0n ? ZERO : ratio(a.n * b.n, a.d * b.d));
const add = (a: Ratio, b: Ratio): Ratio => ratio(a.n * b.d + b.n * a.d, a.d * b.d);
const part = (k: number, of: number): Ratio => (of > 0 ? ratio(BigInt(k), BigInt(of)) : ZERO);
const min = (a: Ratio, b: Ratio): Ratio => (a.n * b.d <= b.n * a.d ? a : b);

/** Rounded to 2 decimals, half up. */
function round2(r: Ratio): number {
  if (r.d === 1n) return Number(r.n);
  return Number((r.n * 200n + r.d) / (2n * r.d)) / 100;
}

// ---------- one question ----------

/** What grading a question found, before it is turned into points. */
interface Judged {
  answered: boolean;
  isRight: boolean;
  /** The share of the question's score earned, 0…1. */
  earned: Ratio;
  needsMarking: boolean;
}

const nothing = (answered: boolean): Judged => ({ answered, isRight: false, earned: ZERO, needsMarking: false });

function optionIds(q: Gradable, right: boolean): Set<string> {
  const ids = new Set<string>();
  for (const o of q.answerList ?? []) if (o.id !== undefined && o.isRight === right) ids.add(o.id);
  return ids;
}

function judgeChoice(q: Gradable, answer: AnswerInput | undefined, partial: Ratio): Judged {
  const picked = new Set(answer?.answers ?? []);
  if (picked.size === 0) return nothing(false);
  const right = optionIds(q, true);
  const rightPicks = [...picked].filter((id) => right.has(id)).length;
  if (q.quType !== QuType.MULTIPLE) {
    const isRight = picked.size === 1 && rightPicks === 1;
    return { answered: true, isRight, earned: isRight ? ONE : ZERO, needsMarking: false };
  }
  const clean = rightPicks === picked.size;
  if (clean && rightPicks === right.size) return { answered: true, isRight: true, earned: ONE, needsMarking: false };
  // A non-empty subset of the right options and nothing else: the partial points.
  return { answered: true, isRight: false, earned: clean ? partial : ZERO, needsMarking: false };
}

/** Full-width forms (ＡＢ１２，．：；（）…) and the ideographic space as their half-width twins. */
function foldWidth(s: string): string {
  return s.replace(/[\uFF01-\uFF5E\u3000\uFFE0-\uFFE6]/g, (c) => {
    const code = c.charCodeAt(0);
    if (code === 0x3000) return ' ';
    if (code <= 0xff5e) return String.fromCharCode(code - 0xfee0);
    return '\u00a2\u00a3\u00ac\u00af\u00a6\u00a5\u20a9'[code - 0xffe0];
  });
}

/**
 * A fill-in answer or accepted alternative as it is compared. Leading and trailing spaces never
 * count; inner spaces only when the question says so.
 */
export function normaliseBlank(s: string, o: FillOptions): string {
  let t = s.normalize('NFC');
  if (o.ignoreWidth) t = foldWidth(t);
  if (o.ignoreCase) t = t.toLowerCase();
  return o.ignoreSpace ? t.replace(/\s+/g, '') : t.trim();
}

/** Each blank's accepted answers, normalised, empty ones dropped (an empty answer is never right). */
function acceptedSets(q: Gradable, o: FillOptions): Array<Set<string>> {
  return (q.blanks ?? []).map((b) => new Set(b.answers.map((a) => normaliseBlank(a, o)).filter(Boolean)));
}

/**
 * How often one answer may be used in any-order grading: once, unless blanks accept nothing else
 * (two blanks that each accept only "2" may both be answered "2"; but "red, red" does not answer
 * two blanks that each accept red, blue or yellow).
 */
function capacities(accepted: Array<Set<string>>): Map<string, number> {
  const only = new Map<string, number>();
  for (const set of accepted) {
    if (set.size === 1) {
      const [t] = set;
      only.set(t, (only.get(t) ?? 0) + 1);
    }
  }
  return only;
}

/**
 * Maximum bipartite matching (Kuhn's augmenting paths): `edges[i]` lists the right-hand nodes
 * left node i may take, in order of preference. Returns, per left node, its right node or -1.
 * Sizes here are at most 20 × 20, so the simple algorithm is plenty.
 */
function maxMatching(edges: number[][], rightCount: number): number[] {
  const ownerOf = new Array<number>(rightCount).fill(-1);
  const matchOf = new Array<number>(edges.length).fill(-1);
  const tryAssign = (i: number, seen: boolean[]): boolean => {
    // A free node first, so earlier preferences stand unless they must move.
    const free = edges[i].find((r) => ownerOf[r] === -1);
    if (free !== undefined) {
      ownerOf[free] = i;
      matchOf[i] = free;
      return true;
    }
    for (const r of edges[i]) {
      if (seen[r]) continue;
      seen[r] = true;
      if (ownerOf[r] === -1 || tryAssign(ownerOf[r], seen)) {
        ownerOf[r] = i;
        matchOf[i] = r;
        return true;
      }
    }
    return false;
  };
  for (let i = 0; i < edges.length; i++) tryAssign(i, new Array<boolean>(rightCount).fill(false));
  return matchOf;
}

function judgeFill(q: Gradable, answer: AnswerInput | undefined): Judged {
  const o = q.fillOptions ?? DEFAULT_FILL_OPTIONS;
  const accepted = acceptedSets(q, o);
  const given = (answer?.blanks ?? []).slice(0, accepted.length).map((a) => normaliseBlank(a, o));
  const answered = (answer?.blanks ?? []).some((a) => a.trim() !== '');
  if (accepted.length === 0) return nothing(answered);
  let right = 0;
  if (!o.anyOrder) {
    given.forEach((a, i) => {
      if (a && accepted[i].has(a)) right++;
    });
  } else {
    // Answers (left) against blanks (right); an answer repeated beyond its capacity counts once.
    const cap = capacities(accepted);
    const used = new Map<string, number>();
    const edges = given.map((a) => {
      if (!a) return [];
      const n = (used.get(a) ?? 0) + 1;
      used.set(a, n);
      if (n > Math.max(1, cap.get(a) ?? 0)) return [];
      return accepted.flatMap((set, b) => (set.has(a) ? [b] : []));
    });
    right = maxMatching(edges, accepted.length).filter((b) => b >= 0).length;
  }
  return { answered, isRight: right === accepted.length, earned: part(right, accepted.length), needsMarking: false };
}

function judgeMatch(q: Gradable, answer: AnswerInput | undefined): Judged {
  const left = q.leftList ?? [];
  // A left item answered twice counts by its first answer: sending every right item is no way in.
  const chosen = new Map<string, string>();
  for (const p of answer?.pairs ?? []) if (!chosen.has(p.leftId)) chosen.set(p.leftId, p.rightId);
  const answered = left.some((l) => l.id !== undefined && chosen.has(l.id));
  if (left.length === 0) return nothing(answered);
  const right = left.filter((l) => l.id !== undefined && chosen.get(l.id) === l.rightId).length;
  return { answered, isRight: right === left.length, earned: part(right, left.length), needsMarking: false };
}

function judge(q: Gradable, answer: AnswerInput | undefined, partial: Ratio): Judged {
  switch (q.quType) {
    case QuType.SINGLE:
    case QuType.MULTIPLE:
    case QuType.JUDGE:
      return judgeChoice(q, answer, partial);
    case QuType.SHORT:
      return { answered: (answer?.answer ?? '').trim() !== '', isRight: false, earned: ZERO, needsMarking: true };
    case QuType.FILL:
      return judgeFill(q, answer);
    case QuType.MATCH:
      return judgeMatch(q, answer);
    default:
      throw new TypeError(`question type ${q.quType} is graded with gradeCombined`);
  }
}

/** The partial points as a share of the question's score (0…1). */
function partialShare(score: Ratio, rules: GradeRules | undefined): Ratio {
  const points = rules?.partialScore ?? 0;
  if (!(points > 0) || score.n === 0n) return ZERO;
  const p = ratioOfScore(points);
  return min(ONE, mul(p, { n: score.d, d: score.n }));
}

function exactGrade(q: Gradable, answer: AnswerInput | undefined, max: Ratio, partial: Ratio) {
  const j = judge(q, answer, partial);
  return { ...j, points: mul(max, j.earned) };
}

/**
 * Grades one answer to a question of types 1–6 (a combined question's part included) worth
 * `score` points. An empty or missing answer is valid: not answered, 0 points.
 */
export function gradeAnswer(q: Gradable, answer: AnswerInput | undefined, score: number, rules?: GradeRules): GradeResult {
  const max = ratioOfScore(score);
  const g = exactGrade(q, answer, max, partialShare(max, rules));
  return { answered: g.answered, isRight: g.isRight, score: round2(g.points), needsMarking: g.needsMarking };
}

/**
 * Grades a combined question (99) worth `score` points: each part gets score × share / Σshares
 * and is graded like a question of its own; the points add up exactly and are rounded once.
 * `answers` holds each part's answer by the part's id.
 */
export function gradeCombined(
  q: Pick<QuBody, 'quType' | 'subList'>,
  answers: ReadonlyMap<string, AnswerInput>,
  score: number,
  rules?: GradeRules,
): CombinedGradeResult {
  if (q.quType !== QuType.COMBINED) throw new TypeError(`gradeCombined takes a combined question, not type ${q.quType}`);
  const max = ratioOfScore(score);
  const partial = partialShare(max, rules);
  const subs = q.subList ?? [];
  const shares = subs.reduce((sum, s) => sum + s.share, 0);
  let total = ZERO;
  let answered = false;
  let allRight = subs.length > 0;
  let needsMarking = false;
  const results = subs.map((s, i) => {
    const subMax = mul(max, part(s.share, shares));
    const g = exactGrade(s, s.id === undefined ? undefined : answers.get(s.id), subMax, partial);
    total = add(total, g.points);
    answered ||= g.answered;
    allRight &&= g.isRight;
    needsMarking ||= g.needsMarking;
    return {
      id: s.id ?? String(i),
      result: { answered: g.answered, isRight: g.isRight, score: round2(g.points), needsMarking: g.needsMarking },
      score: round2(subMax),
    };
  });
  return { answered, isRight: allRight, score: round2(total), needsMarking, subs: results };
}

/** Whether an answer to a question of types 1–6 says anything (what the answer card shows). */
export function isAnswered(q: Gradable, answer: AnswerInput | undefined): boolean {
  return judge(q, answer, ZERO).answered;
}

// ---------- the right answer ----------

/**
 * The right answer to a question of types 1–6 in the shape a learner answers it: the right option
 * ids, the reference answer as `answer`, one accepted answer per blank, every pair. Grading it
 * earns the full score (a short answer still needs a marker).
 */
export function answerKey(q: Gradable): AnswerInput {
  switch (q.quType) {
    case QuType.SINGLE:
    case QuType.MULTIPLE:
    case QuType.JUDGE:
      return { answers: [...optionIds(q, true)] };
    case QuType.SHORT:
      return { answer: q.refAnswer ?? '' };
    case QuType.FILL:
      return { blanks: fillKey(q) };
    case QuType.MATCH:
      return { pairs: (q.leftList ?? []).flatMap((l) => (l.id === undefined ? [] : [{ leftId: l.id, rightId: l.rightId }])) };
    default:
      throw new TypeError(`question type ${q.quType} has its key per part: use combinedAnswerKey`);
  }
}

/** The right answer of each part of a combined question, by the part's id (what gradeCombined takes). */
export function combinedAnswerKey(q: Pick<QuBody, 'subList'>): Map<string, AnswerInput> {
  return new Map((q.subList ?? []).flatMap((s) => (s.id === undefined ? [] : [[s.id, answerKey(s)] as const])));
}

/**
 * The first accepted answer of each blank; in any-order questions where that would repeat an
 * answer more often than allowed, accepted answers are chosen so that every blank is filled by a
 * different one (earlier alternatives preferred).
 */
function fillKey(q: Gradable): string[] {
  const blanks = q.blanks ?? [];
  const first = blanks.map((b) => b.answers.find((a) => a.trim() !== '') ?? '');
  const o = q.fillOptions ?? DEFAULT_FILL_OPTIONS;
  if (!o.anyOrder) return first;
  const accepted = acceptedSets(q, o);
  const cap = capacities(accepted);
  const uses = new Map<string, number>();
  for (const a of first) uses.set(normaliseBlank(a, o), (uses.get(normaliseBlank(a, o)) ?? 0) + 1);
  if ([...uses].every(([t, n]) => n <= Math.max(1, cap.get(t) ?? 0))) return first;
  // Slots: each distinct accepted answer as many times as it may be used.
  const slots: string[] = [];
  for (const t of new Set(accepted.flatMap((set) => [...set]))) {
    for (let k = 0; k < Math.max(1, cap.get(t) ?? 0); k++) slots.push(t);
  }
  const slotsOf = new Map<string, number[]>();
  slots.forEach((t, i) => slotsOf.set(t, [...(slotsOf.get(t) ?? []), i]));
  const edges = blanks.map((b) => [...new Set(b.answers.map((a) => normaliseBlank(a, o)).filter(Boolean))].flatMap((t) => slotsOf.get(t) ?? []));
  const match = maxMatching(edges, slots.length);
  if (match.some((m) => m < 0)) return first;
  return blanks.map((b, i) => b.answers.find((a) => normaliseBlank(a, o) === slots[match[i]]) ?? first[i]);
}
