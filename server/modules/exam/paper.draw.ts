import { randomFillSync } from 'node:crypto';
import type { ExamGroup } from '../../../common/api/exam';
import { QuLevel, QuType } from '../../../common/codes';

/**
 * Drawing papers from an exam's composition, and checking a composition before it is saved. Pure:
 * the question ids come from cached lists the caller holds (no SQL, no ORDER BY RANDOM()).
 */

/** A source of whole numbers in [0, maxExclusive). */
export interface Rng {
  int(maxExclusive: number): number;
}

/** Random bytes from the system's generator, taken 4 KiB at a time (one call per number cost more than the rest of a draw). */
const pool = new Uint32Array(1024);
let taken = pool.length;

function randomUint32(): number {
  if (taken === pool.length) {
    randomFillSync(pool);
    taken = 0;
  }
  return pool[taken++];
}

/** Unpredictable draws for real papers: uniform, as numbers from the top partial range are drawn again. */
export const cryptoRng: Rng = {
  int(maxExclusive) {
    if (!Number.isInteger(maxExclusive) || maxExclusive < 1 || maxExclusive > 2 ** 32) throw new RangeError(`cannot draw from [0, ${maxExclusive})`);
    const limit = 2 ** 32 - (2 ** 32 % maxExclusive);
    for (;;) {
      const x = randomUint32();
      if (x < limit) return x % maxExclusive;
    }
  },
};

/** A repeatable sequence for tests and previews (mulberry32). */
export function seededRng(seed: number): Rng {
  let a = seed >>> 0;
  return {
    int(maxExclusive) {
      a = (a + 0x6d2b79f5) >>> 0;
      let t = a;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * maxExclusive);
    },
  };
}

export type DrawGroup = Pick<ExamGroup, 'title' | 'quType' | 'draws' | 'quIds'>;

/** The ids of a bank's questions of one type (and level; every level when none is given), from a cache. */
export interface QuPools {
  ids(repoId: string, quType: number, level?: number): readonly string[];
}

export interface Shortage {
  groupIndex: number;
  groupTitle: string;
  repoId: string;
  quType: number;
  level?: number;
  wanted: number;
  /** What the bank still had for this draw, after the paper's fixed questions and earlier draws. */
  available: number;
}

/** A fixed question the exam names that no longer exists. */
export interface MissingFixed {
  groupIndex: number;
  groupTitle: string;
  quId: string;
}

export type DrawResult =
  | { groups: Array<{ index: number; quIds: string[] }> }
  | { shortages: Shortage[]; missing: MissingFixed[] };

/**
 * `count` distinct positions of `pool` whose ids are not in `used`, uniformly at random: a
 * Fisher–Yates shuffle run only as far as needed, with the swapped positions in a small map, so a
 * draw costs O(count) whatever the pool's size (more only when the pool is mostly used up).
 * The ids taken are added to `used`.
 */
function sample(pool: readonly string[], count: number, used: Set<string>, rng: Rng): Int32Array {
  const moved = new Map<number, number>();
  const picked = new Int32Array(Math.min(count, pool.length));
  const n = pool.length;
  let got = 0;
  for (let i = 0; i < n && got < picked.length; i++) {
    const j = i + rng.int(n - i);
    const at = moved.get(j) ?? j;
    // Position i is never read again, so only j needs to remember what it now holds.
    moved.set(j, moved.get(i) ?? i);
    const id = pool[at];
    if (!used.has(id)) {
      used.add(id);
      picked[got++] = at;
    }
  }
  return picked.subarray(0, got);
}

function shuffleInPlace<T>(items: T[], rng: Rng): void {
  for (let i = items.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    [items[i], items[j]] = [items[j], items[i]];
  }
}

/** Draws of a given level first: a draw of any level can take what they leave, not the other way round. */
function drawOrder(groups: readonly DrawGroup[]): Array<{ gi: number; di: number }> {
  const all = groups.flatMap((g, gi) => g.draws.map((_, di) => ({ gi, di })));
  const leveled = all.filter(({ gi, di }) => groups[gi].draws[di].level !== undefined);
  const any = all.filter(({ gi, di }) => groups[gi].draws[di].level === undefined);
  return [...leveled, ...any];
}

/**
 * One learner's paper: per section, its fixed questions and `count` random questions per draw,
 * never the same question twice in the paper (a fixed question is never drawn again, and a
 * question two draws could give goes to one of them). Without `shuffleQuestions` a section lists
 * its fixed questions first, then each draw's questions in pool order; with it, each section's
 * questions are in a random order (sections keep theirs).
 *
 * `fixedTypes` (the fixed questions that still exist, with their types), when given, makes a
 * deleted fixed question a failure rather than a hole in the paper. Fails with every shortage at
 * once when a bank cannot fill a draw.
 */
export function drawPaper(
  groups: readonly DrawGroup[],
  pools: QuPools,
  fixedTypes: ReadonlyMap<string, number> | undefined,
  rng: Rng,
  opts: { shuffleQuestions: boolean },
): DrawResult {
  const used = new Set<string>();
  const missing: MissingFixed[] = [];
  const fixed = groups.map((g, index) =>
    g.quIds.filter((quId) => {
      if (used.has(quId)) return false;
      used.add(quId);
      if (fixedTypes && !fixedTypes.has(quId)) {
        missing.push({ groupIndex: index, groupTitle: g.title, quId });
        return false;
      }
      return true;
    }),
  );

  const shortages: Shortage[] = [];
  const drawn = groups.map((g) => g.draws.map((): string[] => []));
  for (const { gi, di } of drawOrder(groups)) {
    const g = groups[gi];
    const d = g.draws[di];
    const pool = pools.ids(d.repoId, g.quType, d.level);
    const picked = sample(pool, d.count, used, rng);
    if (picked.length < d.count) {
      shortages.push({
        groupIndex: gi,
        groupTitle: g.title,
        repoId: d.repoId,
        quType: g.quType,
        ...(d.level !== undefined ? { level: d.level } : {}),
        wanted: d.count,
        available: picked.length,
      });
    }
    // A typed array sorts numerically, without a comparator.
    if (!opts.shuffleQuestions) picked.sort();
    const ids = new Array<string>(picked.length);
    for (let k = 0; k < picked.length; k++) ids[k] = pool[picked[k]];
    drawn[gi][di] = ids;
  }
  if (shortages.length || missing.length) {
    shortages.sort((a, b) => a.groupIndex - b.groupIndex);
    return { shortages, missing };
  }

  return {
    groups: groups.map((_, index) => {
      // Pushed, not flat(): V8's flat() costs a start some 20 times as much.
      const quIds = [...fixed[index]];
      for (const ids of drawn[index]) quIds.push(...ids);
      if (opts.shuffleQuestions) shuffleInPlace(quIds, rng);
      return { index, quIds };
    }),
  };
}

// ---------- checking a composition ----------

export interface BankStat {
  quType: number;
  level: number;
  count: number;
}

/** Where a fixed question lives, so the check knows which bank it takes from. */
export interface FixedQu {
  quType: number;
  repoId: string;
  level: number;
}

export interface CompositionCheck {
  /** Why it cannot be saved (section, bank and what is missing), in section order. */
  errors: string[];
  /** Draws that use more than 80 % of what a bank has: everyone would get almost the same paper. */
  warnings: string[];
  totalScore: number;
  quCount: number;
}

export type CheckGroup = DrawGroup & Pick<ExamGroup, 'perScore'>;

const sectionName = (gi: number, g: { title: string }) => `第${gi + 1}部分“${g.title}”`;
/** "较难多选题", or "多选题" when the draw takes any level. */
const kindName = (quType: number, level: number | undefined) => `${level !== undefined ? QuLevel.label(level) : ''}${QuType.label(quType)}`;

/** A draw's shortage in words, e.g. 第2部分“多选题”：题库“安全生产”的较难多选题只有3道，需要5道. */
export function describeShortage(s: Shortage, repoTitle: string = s.repoId): string {
  return `${sectionName(s.groupIndex, { title: s.groupTitle })}：题库“${repoTitle}”的${kindName(s.quType, s.level)}只有${s.available}道，需要${s.wanted}道`;
}

/** Σ count × perScore, rounded to 2 decimals (scores are kept to millionths while adding). */
function sumScores(parts: Array<{ count: number; perScore: number }>): number {
  const micros = parts.reduce((sum, p) => sum + p.count * Math.round(p.perScore * 1e6), 0);
  return Math.floor((micros + 5000) / 10_000) / 100;
}

/**
 * Whether the banks can fill a composition, and its total score. Every draw is checked against
 * what its bank has of the section's type (and level), less what the paper's fixed questions and
 * other draws already take from the same questions. `fixed` (where each fixed question lives)
 * lets the check count those and find fixed questions that are gone or of another type.
 */
export function checkComposition(
  groups: readonly CheckGroup[],
  stats: (repoId: string) => readonly BankStat[],
  opts: { repoTitle?: (repoId: string) => string | undefined; fixed?: ReadonlyMap<string, FixedQu> } = {},
): CompositionCheck {
  const errors: Array<{ at: number; text: string }> = [];
  const warnings: Array<{ at: number; text: string }> = [];
  const at = (gi: number, di: number) => gi * 1000 + di + 1;

  const statCache = new Map<string, readonly BankStat[]>();
  const statsOf = (repoId: string) => {
    let s = statCache.get(repoId);
    if (!s) statCache.set(repoId, (s = stats(repoId)));
    return s;
  };
  const size = (repoId: string, quType: number, level?: number) =>
    statsOf(repoId)
      .filter((s) => s.quType === quType && (level === undefined || s.level === level))
      .reduce((sum, s) => sum + s.count, 0);
  // Questions of the paper already spoken for, per bank + type (+ level).
  const taken = new Map<string, number>();
  const keyOf = (repoId: string, quType: number, level?: number) => `${repoId}\u0000${quType}\u0000${level ?? ''}`;
  const take = (repoId: string, quType: number, level: number | undefined, n: number) => {
    for (const k of level === undefined ? [keyOf(repoId, quType)] : [keyOf(repoId, quType, level), keyOf(repoId, quType)]) {
      taken.set(k, (taken.get(k) ?? 0) + n);
    }
  };

  const seen = new Set<string>();
  const fixedCounts = groups.map((g, gi) => {
    let repeated = 0;
    let gone = 0;
    let otherType = 0;
    let count = 0;
    for (const quId of g.quIds) {
      if (seen.has(quId)) {
        repeated++;
        continue;
      }
      seen.add(quId);
      count++;
      if (!opts.fixed) continue;
      const f = opts.fixed.get(quId);
      if (!f) gone++;
      else if (f.quType !== g.quType) otherType++;
      else take(f.repoId, f.quType, f.level, 1);
    }
    const name = sectionName(gi, g);
    if (!g.draws.length && !g.quIds.length) errors.push({ at: at(gi, -1), text: `${name}：没有试题，请添加抽题规则或选定试题` });
    if (repeated) errors.push({ at: at(gi, -1), text: `${name}：有${repeated}道选定的试题重复（一份试卷中同一道题只能出现一次）` });
    if (gone) errors.push({ at: at(gi, -1), text: `${name}：有${gone}道选定的试题已不存在` });
    if (otherType) errors.push({ at: at(gi, -1), text: `${name}：有${otherType}道选定的试题不是${QuType.label(g.quType)}` });
    return count;
  });

  const warned = new Set<string>();
  for (const { gi, di } of drawOrder(groups)) {
    const g = groups[gi];
    const d = g.draws[di];
    const name = sectionName(gi, g);
    const title = opts.repoTitle ? opts.repoTitle(d.repoId) : d.repoId;
    if (title === undefined) {
      errors.push({ at: at(gi, di), text: `${name}：抽题的题库不存在或已删除` });
      continue;
    }
    const kind = kindName(g.quType, d.level);
    const total = size(d.repoId, g.quType, d.level);
    const key = keyOf(d.repoId, g.quType, d.level);
    const before = taken.get(key) ?? 0;
    const left = Math.max(0, total - before);
    if (d.count > left) {
      const text = before
        ? `${name}：题库“${title}”的${kind}共${total}道，其中${Math.min(before, total)}道已被本试卷的其他抽题或选定试题占用，还剩${left}道，需要${d.count}道`
        : `${name}：题库“${title}”的${kind}只有${total}道，需要${d.count}道`;
      errors.push({ at: at(gi, di), text });
      take(d.repoId, g.quType, d.level, left);
      continue;
    }
    take(d.repoId, g.quType, d.level, d.count);
    const after = before + d.count;
    if (after * 5 > total * 4 && !warned.has(key)) {
      warned.add(key);
      warnings.push({
        at: at(gi, di),
        text: `${name}：题库“${title}”的${kind}共${total}道，本试卷要用去${after}道（${Math.round((after * 100) / total)}%），考生之间的试卷会几乎相同`,
      });
    }
  }

  const byPlace = (a: { at: number }, b: { at: number }) => a.at - b.at;
  return {
    errors: errors.sort(byPlace).map((e) => e.text),
    warnings: warnings.sort(byPlace).map((w) => w.text),
    totalScore: sumScores(groups.map((g, gi) => ({ count: fixedCounts[gi] + g.draws.reduce((n, d) => n + d.count, 0), perScore: g.perScore }))),
    quCount: groups.reduce((n, g, gi) => n + fixedCounts[gi] + g.draws.reduce((m, d) => m + d.count, 0), 0),
  };
}
