/**
 * Exam statistics and item analysis: pure arithmetic over per-attempt marks, no database.
 *
 * The test and question figures follow Moodle's quiz statistics report exactly (definitions in
 * moodle/moodle `mod/quiz/report/statistics/classes/calculator.php` and
 * `question/classes/statistics/questions/calculator.php`; proven against Moodle's own walkthrough
 * fixtures in stats.math.test.ts). Notation: s attempts, p slots, x a slot's mark, X the attempt
 * total (the sum of its slot marks), X − x the rest of the test.
 *
 * Units are stated on every field. "Undefined" figures (too few attempts, zero variance) are null,
 * never NaN or Infinity. A variance counts as zero when the root-mean-square deviation is below a
 * billionth of the scale (the slot's max mark, or the test's total): sums of decimal marks rarely
 * cancel exactly in floating point, and a leftover 1e-17 would otherwise turn into a huge index.
 */

export type AttemptsMode = 'first' | 'best' | 'all';

export interface SlotDef {
  /** The slot's full mark, in points. */
  maxMark: number;
  /** 0..1, e.g. 1/4 for a 4-option single choice; null when not applicable */
  randomGuess: number | null;
}

export interface StatsInput {
  slots: SlotDef[];
  /** one row per attempt: the mark on each slot, in slot order */
  marks: number[][];
}

export interface TestFigures {
  /** Number of attempts counted (s). */
  attempts: number;
  /** Mean total, in points; null without attempts. */
  mean: number | null;
  /** Median total, in points (mean of the two middle totals when s is even); null without attempts. */
  median: number | null;
  /** Sample standard deviation of totals, sqrt(Σ(X − X̄)² / (s − 1)), in points; null when s < 2. */
  sd: number | null;
  /** k₃ / k₂^1.5 (k-statistics), unitless; null when s < 3 or the totals do not vary. */
  skewness: number | null;
  /** k₄ / k₂² (excess kurtosis from k-statistics), unitless; null when s < 4 or the totals do not vary. */
  kurtosis: number | null;
  /** Coefficient of internal consistency (Cronbach's α), in percent (may be negative); null when s < 3, p < 2 or the totals do not vary. */
  cic: number | null;
  /** 100 · sqrt(1 − CIC/100), in percent; null with cic. */
  errorRatio: number | null;
  /** errorRatio · sd / 100, in points; null with cic. */
  standardError: number | null;
}

export interface SlotFigures {
  /** Mean mark as a percent of the max mark (Moodle's facility index); null without attempts or when maxMark is 0. */
  facility: number | null;
  /** Sample standard deviation of the mark as a percent of the max mark; null when s < 2 or maxMark is 0. */
  sd: number | null;
  /** Expected mark of a random guess, in percent of the max mark; null when not applicable. */
  randomGuessScore: number | null;
  /** 100 · correlation of the mark with the rest of the test (X − x), in percent (−100..100); null when either does not vary. */
  discriminationIndex: number | null;
  /** 100 · Cov(x, X − x) / CovMax, in percent; CovMax pairs the sorted marks with the sorted rest-of-test marks; null when either does not vary. */
  discriminativeEfficiency: number | null;
  /** 100 · sqrt(Cov(x, X)) / Σ sqrt(Cov(xᵢ, X)), in percent; null for a slot whose covariance with the total is negative, and for all when no slot has a positive one. */
  effectiveWeight: number | null;
  /** Upper minus lower 27 % group's mean mark, as a percent of the max mark (−100..100; 20 means D = 0.2); null with fewer than 2 attempts or maxMark 0. */
  upperLowerD: number | null;
  /** 100 · correlation of the mark with the total X (item–total, not corrected), in percent (−100..100); null when either does not vary. */
  pointBiserial: number | null;
  /** Cronbach's α of the test without this slot, in percent (as cic); null when s < 3, fewer than 2 other slots, or the rest does not vary. */
  alphaIfDeleted: number | null;
  /** Keys of FLAG_EXPLAIN that apply, in a fixed order. */
  flags: string[];
}

/** Per-slot second moments behind the figures, Moodle's names, all with divisor s − 1 (points²). Null when s < 2. */
export interface SlotMoments {
  markVariance: number | null;
  otherMarkVariance: number | null;
  covariance: number | null;
  covarianceMax: number | null;
  covarianceWithOverallMark: number | null;
}

/** Thresholds of the flags (same units as SlotFigures). */
export const FLAG_THRESHOLDS = {
  discriminativeEfficiency: 15,
  upperLowerD: 20,
  facilityLow: 5,
  facilityHigh: 95,
} as const;

export const FLAG_LOW_EFFICIENCY = '区分效率低';
export const FLAG_LOW_D = '区分度低';
export const FLAG_TOO_HARD = '过难';
export const FLAG_TOO_EASY = '过易';
export const FLAG_SUSPECT = '可能有误';

export const FLAG_EXPLAIN: Record<string, string> = {
  [FLAG_LOW_EFFICIENCY]: '区分效率低于 15%：这道题与其余题目得分的协方差远不到按分数排序配对时可达的最大值，Moodle 以此标记需要检查的题目。',
  [FLAG_LOW_D]: '高分组（前 27%）与低分组（后 27%）的得分率之差 D 低于 0.2，这道题几乎区分不开学得好和学得差的考生。',
  [FLAG_TOO_HARD]: '难度系数（平均得分率）低于 5%，几乎没有人答对，可能超纲、表述不清或答案设置有误。',
  [FLAG_TOO_EASY]: '难度系数（平均得分率）高于 95%，几乎人人答对，对区分考生水平帮助很小。',
  [FLAG_SUSPECT]: '区分度指数为负：其余题目得分高的考生在这道题上反而得分低，常见原因是标准答案错误或题干有歧义。',
};

const ZERO_RMS = 1e-9;

/** Σ(v − v̄)² over s values counts as zero when the RMS deviation is below ZERO_RMS · scale. */
function isZeroSpread(sumSquares: number, s: number, scale: number): boolean {
  const unit = ZERO_RMS * (scale > 0 ? scale : 1);
  return sumSquares <= s * unit * unit;
}

function finiteOrNull(v: number): number | null {
  return Number.isFinite(v) ? v : null;
}

function checkInput(input: StatsInput): void {
  const p = input.slots.length;
  for (const slot of input.slots) {
    if (!Number.isFinite(slot.maxMark) || slot.maxMark < 0) throw new RangeError('slot maxMark must be a finite number ≥ 0');
  }
  for (const row of input.marks) {
    if (row.length !== p) throw new RangeError(`each attempt needs ${p} marks, got ${row.length}`);
    for (const m of row) if (!Number.isFinite(m)) throw new RangeError('marks must be finite numbers');
  }
}

function attemptTotals(marks: number[][]): Float64Array {
  const totals = new Float64Array(marks.length);
  for (let i = 0; i < marks.length; i++) {
    const row = marks[i];
    let sum = 0;
    for (let j = 0; j < row.length; j++) sum += row[j];
    totals[i] = sum;
  }
  return totals;
}

function mean(values: ArrayLike<number>): number {
  let sum = 0;
  for (let i = 0; i < values.length; i++) sum += values[i];
  return sum / values.length;
}

/** Deviation sums of each slot and of the total, from one pass over the attempts after the means. */
interface Accumulated {
  s: number;
  p: number;
  totals: Float64Array;
  totalMean: number;
  /** Σ(X − X̄)² */
  sXX: number;
  itemMean: Float64Array;
  /** Σ(x − x̄)² per slot */
  sxx: Float64Array;
  /** Σ(r − r̄)² per slot, r = X − x */
  srr: Float64Array;
  /** Σ(x − x̄)(r − r̄) per slot */
  sxr: Float64Array;
  /** Σ(x − x̄)(X − X̄) per slot */
  sxX: Float64Array;
  maxTotal: number;
}

function accumulate(input: StatsInput): Accumulated {
  checkInput(input);
  const { marks, slots } = input;
  const s = marks.length;
  const p = slots.length;
  const totals = attemptTotals(marks);
  const itemMean = new Float64Array(p);
  for (let i = 0; i < s; i++) {
    const row = marks[i];
    for (let j = 0; j < p; j++) itemMean[j] += row[j];
  }
  if (s > 0) for (let j = 0; j < p; j++) itemMean[j] /= s;
  const totalMean = s > 0 ? mean(totals) : 0;

  const sxx = new Float64Array(p);
  const srr = new Float64Array(p);
  const sxr = new Float64Array(p);
  const sxX = new Float64Array(p);
  let sXX = 0;
  for (let i = 0; i < s; i++) {
    const row = marks[i];
    const dX = totals[i] - totalMean;
    sXX += dX * dX;
    for (let j = 0; j < p; j++) {
      const dx = row[j] - itemMean[j];
      // The rest's mean is X̄ − x̄, so its deviation is dX − dx.
      const dr = dX - dx;
      sxx[j] += dx * dx;
      srr[j] += dr * dr;
      sxr[j] += dx * dr;
      sxX[j] += dx * dX;
    }
  }
  let maxTotal = 0;
  for (const slot of slots) maxTotal += slot.maxMark;
  return { s, p, totals, totalMean, sXX, itemMean, sxx, srr, sxr, sxX, maxTotal };
}

function median(values: ArrayLike<number>): number | null {
  const n = values.length;
  if (n === 0) return null;
  const sorted = Float64Array.from(values).sort();
  const mid = n >> 1;
  return n % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Cronbach's α in percent for p items: 100 · p/(p − 1) · (1 − Σ item variances / total variance). */
function alphaPercent(p: number, sumItemVariance: number, totalVariance: number): number {
  return ((100 * p) / (p - 1)) * (1 - sumItemVariance / totalVariance);
}

function testFiguresFrom(acc: Accumulated): TestFigures {
  const { s, p, totals, totalMean, sXX, sxx, maxTotal } = acc;
  const out: TestFigures = {
    attempts: s,
    mean: s > 0 ? totalMean : null,
    median: median(totals),
    sd: null,
    skewness: null,
    kurtosis: null,
    cic: null,
    errorRatio: null,
    standardError: null,
  };
  if (s < 2) return out;
  out.sd = Math.sqrt(sXX / (s - 1));
  if (s < 3 || isZeroSpread(sXX, s, maxTotal)) return out;

  let pow3 = 0;
  let pow4 = 0;
  for (let i = 0; i < s; i++) {
    const d = totals[i] - totalMean;
    const d2 = d * d;
    pow3 += d2 * d;
    pow4 += d2 * d2;
  }
  const m2 = sXX / s;
  const m3 = pow3 / s;
  const m4 = pow4 / s;
  const k2 = (s * m2) / (s - 1);
  const k3 = (s * s * m3) / ((s - 1) * (s - 2));
  out.skewness = finiteOrNull(k3 / Math.pow(k2, 1.5));
  if (s > 3) {
    const k4 = (s * s * ((s + 1) * m4 - 3 * (s - 1) * m2 * m2)) / ((s - 1) * (s - 2) * (s - 3));
    out.kurtosis = finiteOrNull(k4 / (k2 * k2));
  }
  if (p > 1) {
    let sumItemVariance = 0;
    for (let j = 0; j < p; j++) sumItemVariance += sxx[j] / (s - 1);
    const cic = finiteOrNull(alphaPercent(p, sumItemVariance, k2));
    if (cic !== null) {
      out.cic = cic;
      // α never exceeds 100 % in exact arithmetic; the clamp only absorbs rounding.
      out.errorRatio = 100 * Math.sqrt(Math.max(0, 1 - cic / 100));
      out.standardError = (out.errorRatio * out.sd) / 100;
    }
  }
  return out;
}

/** Moodle's test figures over the attempts in `input`. */
export function testFigures(input: StatsInput): TestFigures {
  return testFiguresFrom(accumulate(input));
}

function column(marks: number[][], j: number): Float64Array {
  const col = new Float64Array(marks.length);
  for (let i = 0; i < marks.length; i++) col[i] = marks[i][j];
  return col;
}

/** CovMax sum: Σ over i of (i-th smallest mark − x̄)(i-th smallest rest − r̄). */
function covarianceMaxSum(acc: Accumulated, marks: number[][], j: number): number {
  const x = column(marks, j);
  const rest = new Float64Array(acc.s);
  for (let i = 0; i < acc.s; i++) rest[i] = acc.totals[i] - x[i];
  x.sort();
  rest.sort();
  const xMean = acc.itemMean[j];
  const rMean = acc.totalMean - xMean;
  let sum = 0;
  for (let i = 0; i < acc.s; i++) sum += (x[i] - xMean) * (rest[i] - rMean);
  return sum;
}

function momentsFrom(acc: Accumulated, input: StatsInput): SlotMoments[] {
  const { s, p } = acc;
  const out: SlotMoments[] = [];
  for (let j = 0; j < p; j++) {
    if (s < 2) {
      out.push({ markVariance: null, otherMarkVariance: null, covariance: null, covarianceMax: null, covarianceWithOverallMark: null });
      continue;
    }
    const itemFlat = isZeroSpread(acc.sxx[j], s, input.slots[j].maxMark);
    const restFlat = isZeroSpread(acc.srr[j], s, acc.maxTotal - input.slots[j].maxMark);
    out.push({
      markVariance: itemFlat ? 0 : acc.sxx[j] / (s - 1),
      otherMarkVariance: restFlat ? 0 : acc.srr[j] / (s - 1),
      covariance: itemFlat || restFlat ? 0 : acc.sxr[j] / (s - 1),
      covarianceMax: itemFlat || restFlat ? 0 : covarianceMaxSum(acc, input.marks, j) / (s - 1),
      covarianceWithOverallMark: itemFlat ? 0 : acc.sxX[j] / (s - 1),
    });
  }
  return out;
}

/** The second moments behind slotFigures (Moodle's intermediate statistics), in points². */
export function slotMoments(input: StatsInput): SlotMoments[] {
  const acc = accumulate(input);
  return momentsFrom(acc, input);
}

function flagsOf(f: Omit<SlotFigures, 'flags'>): string[] {
  const flags: string[] = [];
  if (f.discriminativeEfficiency !== null && f.discriminativeEfficiency < FLAG_THRESHOLDS.discriminativeEfficiency) flags.push(FLAG_LOW_EFFICIENCY);
  if (f.upperLowerD !== null && f.upperLowerD < FLAG_THRESHOLDS.upperLowerD) flags.push(FLAG_LOW_D);
  if (f.facility !== null && f.facility < FLAG_THRESHOLDS.facilityLow) flags.push(FLAG_TOO_HARD);
  if (f.facility !== null && f.facility > FLAG_THRESHOLDS.facilityHigh) flags.push(FLAG_TOO_EASY);
  if (f.discriminationIndex !== null && f.discriminationIndex < 0) flags.push(FLAG_SUSPECT);
  return flags;
}

/** Moodle's per-slot figures plus upper/lower D, point-biserial and alpha-if-deleted, with flags. */
export function slotFigures(input: StatsInput): SlotFigures[] {
  const acc = accumulate(input);
  const { s, p } = acc;
  const moments = momentsFrom(acc, input);
  const totalFlat = s < 2 || isZeroSpread(acc.sXX, s, acc.maxTotal);

  // Effective weight: each slot's sqrt(Cov(x, X)) over the sum of those that are not negative.
  let sumSqrtCov = 0;
  for (const m of moments) {
    if (m.covarianceWithOverallMark !== null && m.covarianceWithOverallMark >= 0) sumSqrtCov += Math.sqrt(m.covarianceWithOverallMark);
  }

  const groups = upperLowerGroups(Array.from(acc.totals));
  let sumItemVariance = 0;
  for (let j = 0; j < p; j++) sumItemVariance += s > 1 ? acc.sxx[j] / (s - 1) : 0;

  const out: SlotFigures[] = [];
  for (let j = 0; j < p; j++) {
    const { maxMark, randomGuess } = input.slots[j];
    const m = moments[j];
    const facility = s > 0 && maxMark !== 0 ? (100 * acc.itemMean[j]) / maxMark : null;
    const sd = m.markVariance !== null && maxMark !== 0 ? (100 * Math.sqrt(m.markVariance)) / maxMark : null;
    const itemFlat = m.markVariance === null || m.markVariance === 0;
    const restFlat = m.otherMarkVariance === null || m.otherMarkVariance === 0;

    const discriminationIndex = itemFlat || restFlat ? null : finiteOrNull((100 * m.covariance!) / Math.sqrt(m.markVariance! * m.otherMarkVariance!));
    const discriminativeEfficiency = itemFlat || restFlat || !m.covarianceMax ? null : finiteOrNull((100 * m.covariance!) / m.covarianceMax);
    const effectiveWeight =
      sumSqrtCov > 0 && m.covarianceWithOverallMark !== null && m.covarianceWithOverallMark >= 0
        ? (100 * Math.sqrt(m.covarianceWithOverallMark)) / sumSqrtCov
        : null;
    const pointBiserial = itemFlat || totalFlat ? null : finiteOrNull((100 * acc.sxX[j]) / Math.sqrt(acc.sxx[j] * acc.sXX));

    let upperLowerD: number | null = null;
    if (groups.upper.length > 0 && maxMark !== 0) {
      let upperSum = 0;
      let lowerSum = 0;
      for (const i of groups.upper) upperSum += input.marks[i][j];
      for (const i of groups.lower) lowerSum += input.marks[i][j];
      upperLowerD = (100 * (upperSum / groups.upper.length - lowerSum / groups.lower.length)) / maxMark;
    }

    let alphaIfDeleted: number | null = null;
    if (s > 2 && p > 2 && !restFlat) {
      alphaIfDeleted = finiteOrNull(alphaPercent(p - 1, sumItemVariance - acc.sxx[j] / (s - 1), m.otherMarkVariance!));
    }

    const figures = {
      facility,
      sd,
      randomGuessScore: randomGuess === null ? null : 100 * randomGuess,
      discriminationIndex,
      discriminativeEfficiency,
      effectiveWeight,
      upperLowerD,
      pointBiserial,
      alphaIfDeleted,
    };
    out.push({ ...figures, flags: flagsOf(figures) });
  }
  return out;
}

/** A total within this distance of a boundary counts as on it (sums of decimal marks drift in the last bits). */
const BOUNDARY_EPS = 1e-9;
const MAX_BANDS = 1000;

/**
 * Score bands (分数段) [from, to) of width bandWidth from 0, the last one closed at maxTotal and
 * possibly narrower. Totals below 0 count in the first band, above maxTotal in the last.
 * Returns [] when maxTotal ≤ 0.
 */
export function scoreBands(totals: number[], maxTotal: number, bandWidth: number = maxTotal / 10): Array<{ from: number; to: number; count: number }> {
  if (!(maxTotal > 0) || !Number.isFinite(maxTotal)) return [];
  if (!(bandWidth > 0) || !Number.isFinite(bandWidth)) throw new RangeError('bandWidth must be a positive number');
  const n = Math.ceil(maxTotal / bandWidth - BOUNDARY_EPS);
  if (n > MAX_BANDS) throw new RangeError(`at most ${MAX_BANDS} score bands`);
  const round = (v: number) => Math.round(v * 1e9) / 1e9;
  const bands = Array.from({ length: n }, (_, i) => ({ from: round(i * bandWidth), to: round(Math.min((i + 1) * bandWidth, maxTotal)), count: 0 }));
  for (const t of totals) {
    const k = Math.floor(t / bandWidth + BOUNDARY_EPS);
    bands[Math.min(n - 1, Math.max(0, k))].count++;
  }
  return bands;
}

/** The five numbers of a box plot, in the unit of the values. */
export interface FiveNumbers {
  min: number;
  q1: number;
  median: number;
  q3: number;
  max: number;
}

/**
 * Minimum, quartiles and maximum for a box plot; null without values. Quartiles interpolate
 * linearly between the sorted values at rank (n − 1)·p (Hyndman & Fan type 7: spreadsheets'
 * QUARTILE.INC, numpy's and R's default), so the median is the usual one.
 */
export function fiveNumbers(values: ArrayLike<number>): FiveNumbers | null {
  const n = values.length;
  if (n === 0) return null;
  const sorted = Float64Array.from(values).sort();
  const at = (p: number) => {
    const h = (n - 1) * p;
    const lo = Math.floor(h);
    const hi = Math.min(n - 1, lo + 1);
    return sorted[lo] + (h - lo) * (sorted[hi] - sorted[lo]);
  };
  return { min: sorted[0], q1: at(0.25), median: at(0.5), q3: at(0.75), max: sorted[n - 1] };
}

/** Percent of totals ≥ threshold (pass rate, excellence rate); null without totals. */
export function rate(totals: number[], threshold: number): number | null {
  if (totals.length === 0) return null;
  let hits = 0;
  for (const t of totals) if (t >= threshold - BOUNDARY_EPS) hits++;
  return (100 * hits) / totals.length;
}

/**
 * Indices of the upper and lower 27 % groups (Kelley). Each holds k = round(0.27 · n) attempts,
 * none when n < 2 (k ≤ n/2 so the groups never overlap). Attempts are ranked by total; among equal
 * totals the earlier index ranks first in both groups, so a tie at a group's boundary is cut by
 * input order (pass rows in a stable order, e.g. by hand-in time, for reproducible groups).
 * Both lists are in rank order: upper from the highest total, lower from the lowest.
 */
export function upperLowerGroups(totals: number[]): { upper: number[]; lower: number[] } {
  const n = totals.length;
  const k = n < 2 ? 0 : Math.round(0.27 * n);
  if (k === 0) return { upper: [], lower: [] };
  const idx = Array.from({ length: n }, (_, i) => i);
  const upper = [...idx].sort((a, b) => totals[b] - totals[a] || a - b).slice(0, k);
  const lower = idx.sort((a, b) => totals[a] - totals[b] || a - b).slice(0, k);
  return { upper, lower };
}

/**
 * Distractor analysis: for each option, the percent of all attempts, of the upper 27 % and of the
 * lower 27 % (by total) who picked it. picks[i] lists the options attempt i picked (aligned with
 * totals; an option listed twice counts once). A share is null when its group is empty.
 */
export function optionShares(totals: number[], picks: string[][], optionIds: string[]): Array<{ optionId: string; all: number | null; upper: number | null; lower: number | null }> {
  if (picks.length !== totals.length) throw new RangeError('picks must have one row per total');
  const { upper, lower } = upperLowerGroups(totals);
  const sets = picks.map((row) => new Set(row));
  const share = (rows: Iterable<number>, size: number, optionId: string): number | null => {
    if (size === 0) return null;
    let hits = 0;
    for (const i of rows) if (sets[i].has(optionId)) hits++;
    return (100 * hits) / size;
  };
  return optionIds.map((optionId) => ({
    optionId,
    all: share(sets.keys(), sets.length, optionId),
    upper: share(upper, upper.length, optionId),
    lower: share(lower, lower.length, optionId),
  }));
}

/**
 * Which attempts count (Moodle's "which attempts" toggle): 'first' keeps each user's lowest
 * attemptNo; 'best' each user's highest total, ties to the earliest finishedAt, then the lowest
 * attemptNo; 'all' keeps every row. Kept rows stay in input order.
 */
export function pickAttempts<T extends { userId: string; attemptNo: number; total: number; finishedAt: number }>(rows: T[], mode: AttemptsMode): T[] {
  if (mode === 'all') return rows.slice();
  const chosen = new Map<string, T>();
  const better = (a: T, b: T): boolean => {
    if (mode === 'first') return a.attemptNo < b.attemptNo;
    if (Math.abs(a.total - b.total) > BOUNDARY_EPS) return a.total > b.total;
    if (a.finishedAt !== b.finishedAt) return a.finishedAt < b.finishedAt;
    return a.attemptNo < b.attemptNo;
  };
  for (const row of rows) {
    const held = chosen.get(row.userId);
    if (!held || better(row, held)) chosen.set(row.userId, row);
  }
  const keep = new Set(chosen.values());
  return rows.filter((r) => keep.has(r));
}
