import { describe, expect, it } from 'vitest';
import {
  FLAG_EXPLAIN,
  FLAG_LOW_D,
  FLAG_LOW_EFFICIENCY,
  FLAG_SUSPECT,
  FLAG_TOO_EASY,
  FLAG_TOO_HARD,
  fiveNumbers,
  optionShares,
  pickAttempts,
  rate,
  scoreBands,
  slotFigures,
  slotMoments,
  testFigures,
  upperLowerGroups,
  type StatsInput,
} from './stats.math';
import {
  walkthrough00,
  walkthrough00Quiz,
  walkthrough00QuizTolerance,
  walkthrough00Slots,
  walkthrough00Tolerance,
  walkthrough00Totals,
} from './fixtures/moodleWalkthrough00';

/** Moodle's assertEquals(expected, actual, '', abs(expected) · relative). */
function expectClose(actual: number | null, expected: number, relative: number, what: string) {
  expect(actual, what).not.toBeNull();
  expect(Math.abs((actual as number) - expected), `${what}: ${actual} vs ${expected}`).toBeLessThanOrEqual(Math.abs(expected) * relative);
}

function input(marks: number[][], maxMark = 1): StatsInput {
  return { slots: (marks[0] ?? []).map(() => ({ maxMark, randomGuess: null })), marks };
}

/** Every number in the figures is finite: nulls stand for undefined figures, never NaN/Infinity. */
function expectNoNaN(value: unknown) {
  JSON.stringify(value, (_k, v) => {
    if (typeof v === 'number') expect(Number.isFinite(v), String(v)).toBe(true);
    return v;
  });
}

function pearson(a: number[], b: number[]): number {
  const n = a.length;
  const ma = a.reduce((x, y) => x + y, 0) / n;
  const mb = b.reduce((x, y) => x + y, 0) / n;
  let sab = 0;
  let saa = 0;
  let sbb = 0;
  for (let i = 0; i < n; i++) {
    sab += (a[i] - ma) * (b[i] - mb);
    saa += (a[i] - ma) ** 2;
    sbb += (b[i] - mb) ** 2;
  }
  return sab / Math.sqrt(saa * sbb);
}

describe("Moodle's statistics walkthrough 00 (golden)", () => {
  it('test figures equal Moodle’s to its precision', () => {
    const t = testFigures(walkthrough00);
    expect(t.attempts).toBe(walkthrough00Quiz.attempts);
    for (const key of ['median', 'mean', 'sd', 'skewness', 'kurtosis', 'cic', 'errorRatio', 'standardError'] as const) {
      expectClose(t[key], walkthrough00Quiz[key], walkthrough00QuizTolerance, key);
    }
  });

  it('the fixture’s totals are the ones Moodle lists', () => {
    walkthrough00.marks.forEach((row, i) => {
      expect(row.reduce((a, b) => a + b, 0)).toBeCloseTo(walkthrough00Totals[i], 5);
    });
  });

  it('slot figures equal qstats00.csv to Moodle’s precision', () => {
    const figures = slotFigures(walkthrough00);
    const moments = slotMoments(walkthrough00);
    expect(figures).toHaveLength(7);
    walkthrough00Slots.forEach((expected, j) => {
      const f = figures[j];
      const m = moments[j];
      const actual: Record<string, number | null> = {
        facility: f.facility,
        sd: f.sd,
        effectiveWeight: f.effectiveWeight,
        discriminationIndex: f.discriminationIndex,
        discriminativeEfficiency: f.discriminativeEfficiency,
        covariance: m.covariance,
        markVariance: m.markVariance,
        otherMarkVariance: m.otherMarkVariance,
        covarianceMax: m.covarianceMax,
      };
      for (const [key, value] of Object.entries(expected)) {
        expectClose(actual[key], value, walkthrough00Tolerance[key], `${key} for slot ${j + 1}`);
      }
    });
  });

  it('every slot of the walkthrough is flagged for low discriminative efficiency, as Moodle marks them', () => {
    for (const f of slotFigures(walkthrough00)) {
      expect(f.flags).toContain(FLAG_LOW_EFFICIENCY);
      expect(f.flags).toContain(FLAG_SUSPECT);
    }
  });
});

describe('testFigures on hand-computed cases', () => {
  it('mean, median and sample sd', () => {
    // Totals 2, 4, 4, 4, 5, 5, 7, 9: mean 5, Σ(X − 5)² = 32, sd = sqrt(32 / 7), median (4 + 5) / 2.
    const t = testFigures(input([[2], [4], [4], [4], [5], [5], [7], [9]], 10));
    expect(t.attempts).toBe(8);
    expect(t.mean).toBeCloseTo(5, 12);
    expect(t.median).toBeCloseTo(4.5, 12);
    expect(t.sd).toBeCloseTo(Math.sqrt(32 / 7), 12);
    expect(testFigures(input([[3], [1], [2]], 5)).median).toBe(2);
  });

  it('skewness and kurtosis agree with the G1/G2 (spreadsheet SKEW/KURT) forms', () => {
    const xs = [1, 2, 3, 4, 10, 6, 6, 2.5];
    const n = xs.length;
    const m = xs.reduce((a, b) => a + b, 0) / n;
    const sd = Math.sqrt(xs.reduce((a, x) => a + (x - m) ** 2, 0) / (n - 1));
    const z3 = xs.reduce((a, x) => a + ((x - m) / sd) ** 3, 0);
    const z4 = xs.reduce((a, x) => a + ((x - m) / sd) ** 4, 0);
    const skew = (n / ((n - 1) * (n - 2))) * z3;
    const kurt = ((n * (n + 1)) / ((n - 1) * (n - 2) * (n - 3))) * z4 - (3 * (n - 1) ** 2) / ((n - 2) * (n - 3));
    const t = testFigures(input(xs.map((x) => [x]), 10));
    expect(t.skewness).toBeCloseTo(skew, 10);
    expect(t.kurtosis).toBeCloseTo(kurt, 10);
  });

  it('Cronbach’s α from the textbook form; parallel items give 100 % and no error', () => {
    const marks = [
      [1, 1, 0],
      [1, 0, 0],
      [1, 1, 1],
      [0, 0, 0],
      [1, 1, 1],
      [0, 1, 0],
    ];
    const k = 3;
    const col = (j: number) => marks.map((r) => r[j]);
    const variance = (v: number[]) => {
      const mm = v.reduce((a, b) => a + b, 0) / v.length;
      return v.reduce((a, x) => a + (x - mm) ** 2, 0) / (v.length - 1);
    };
    const alpha = (k / (k - 1)) * (1 - (variance(col(0)) + variance(col(1)) + variance(col(2))) / variance(marks.map((r) => r[0] + r[1] + r[2])));
    const t = testFigures(input(marks));
    expect(t.cic).toBeCloseTo(100 * alpha, 10);
    expect(t.errorRatio).toBeCloseTo(100 * Math.sqrt(1 - alpha), 10);
    expect(t.standardError).toBeCloseTo(Math.sqrt(1 - alpha) * (t.sd as number), 10);

    const parallel = testFigures(input([[0, 0], [1, 1], [1, 1], [0, 0]]));
    expect(parallel.cic).toBeCloseTo(100, 10);
    expect(parallel.errorRatio).toBeCloseTo(0, 6);
    expect(parallel.standardError).toBeCloseTo(0, 6);
  });

  it('is null, never NaN, where a figure is undefined', () => {
    const none = testFigures(input([]));
    expect(none).toEqual({ attempts: 0, mean: null, median: null, sd: null, skewness: null, kurtosis: null, cic: null, errorRatio: null, standardError: null });

    const one = testFigures(input([[1, 0]]));
    expect(one).toMatchObject({ attempts: 1, mean: 1, median: 1, sd: null, skewness: null });

    const two = testFigures(input([[1, 0], [0, 0]]));
    expect(two.sd).not.toBeNull();
    expect([two.skewness, two.kurtosis, two.cic]).toEqual([null, null, null]);

    const three = testFigures(input([[1, 0], [0, 0], [1, 1]]));
    expect(three.skewness).not.toBeNull();
    expect(three.kurtosis).toBeNull();
    expect(three.cic).not.toBeNull();

    // Every total the same (decimal marks that do not cancel exactly in floating point).
    const flat = testFigures(input([[0.1, 0.2], [0.2, 0.1], [0.3, 0], [0, 0.3]]));
    expect(flat.sd).toBeCloseTo(0, 12);
    expect([flat.skewness, flat.kurtosis, flat.cic, flat.errorRatio, flat.standardError]).toEqual([null, null, null, null, null]);

    const single = testFigures(input([[1], [0], [1], [1]]));
    expect(single.cic).toBeNull();
    expect(single.kurtosis).not.toBeNull();
    for (const t of [none, one, two, three, flat, single]) expectNoNaN(t);
  });

  it('rejects rows that do not match the slots', () => {
    expect(() => testFigures({ slots: [{ maxMark: 1, randomGuess: null }], marks: [[1, 0]] })).toThrow(RangeError);
    expect(() => slotFigures({ slots: [{ maxMark: 1, randomGuess: null }], marks: [[Number.NaN]] })).toThrow(RangeError);
  });
});

describe('slotFigures beyond the golden data', () => {
  const marks = [
    [2, 1, 1, 0],
    [2, 1, 0, 1],
    [1, 1, 1, 0],
    [0, 0, 0, 1],
    [2, 1, 1, 1],
    [1, 0, 0, 0],
    [0, 1, 0, 1],
    [2, 0, 1, 0],
    [1, 1, 1, 1],
    [0, 0, 0, 1],
  ];
  const slots = [
    { maxMark: 2, randomGuess: null },
    { maxMark: 1, randomGuess: 0.25 },
    { maxMark: 1, randomGuess: 0.5 },
    { maxMark: 1, randomGuess: null },
  ];
  const data = { slots, marks };
  const totals = marks.map((r) => r.reduce((a, b) => a + b, 0));

  it('percent units: facility and sd of the max mark, random guess ×100', () => {
    const f = slotFigures(data);
    expect(f[0].facility).toBeCloseTo((100 * 11) / 10 / 2, 10);
    const x = marks.map((r) => r[0]);
    const mx = 1.1;
    expect(f[0].sd).toBeCloseTo((100 * Math.sqrt(x.reduce((a, v) => a + (v - mx) ** 2, 0) / 9)) / 2, 10);
    expect(f.map((s) => s.randomGuessScore)).toEqual([null, 25, 50, null]);
  });

  it('discrimination index is the item–rest correlation, point-biserial the item–total one', () => {
    const f = slotFigures(data);
    for (let j = 0; j < 4; j++) {
      const x = marks.map((r) => r[j]);
      const rest = marks.map((r, i) => totals[i] - r[j]);
      expect(f[j].discriminationIndex).toBeCloseTo(100 * pearson(x, rest), 10);
      expect(f[j].pointBiserial).toBeCloseTo(100 * pearson(x, totals), 10);
    }
  });

  it('discriminative efficiency divides by the covariance of the sorted pairing', () => {
    const f = slotFigures(data);
    const x = marks.map((r) => r[1]);
    const rest = marks.map((r, i) => totals[i] - r[1]);
    const cov = (a: number[], b: number[]) => {
      const ma = a.reduce((s, v) => s + v, 0) / a.length;
      const mb = b.reduce((s, v) => s + v, 0) / b.length;
      return a.reduce((s, v, i) => s + (v - ma) * (b[i] - mb), 0) / (a.length - 1);
    };
    const sortedX = [...x].sort((a, b) => a - b);
    const sortedRest = [...rest].sort((a, b) => a - b);
    expect(f[1].discriminativeEfficiency).toBeCloseTo((100 * cov(x, rest)) / cov(sortedX, sortedRest), 10);
  });

  it('alpha if deleted is the test’s α without that slot', () => {
    const f = slotFigures(data);
    for (let j = 0; j < 4; j++) {
      const without = { slots: slots.filter((_, k) => k !== j), marks: marks.map((r) => r.filter((_, k) => k !== j)) };
      expect(f[j].alphaIfDeleted).toBeCloseTo(testFigures(without).cic as number, 10);
    }
  });

  it('upper/lower D: mean share of the max mark in the top 27 % minus the bottom 27 %', () => {
    const f = slotFigures(data);
    const { upper, lower } = upperLowerGroups(totals);
    expect(upper).toHaveLength(3);
    for (let j = 0; j < 4; j++) {
      const share = (g: number[]) => g.reduce((a, i) => a + marks[i][j], 0) / g.length / slots[j].maxMark;
      expect(f[j].upperLowerD).toBeCloseTo(100 * (share(upper) - share(lower)), 10);
    }
  });

  it('effective weight: shares of Σ sqrt(Cov(x, X)) summing to 100; null for a negative covariance', () => {
    const ok = slotFigures(data);
    expect(ok.reduce((a, s) => a + (s.effectiveWeight ?? 0), 0)).toBeCloseTo(100, 10);
    // Slot 3 goes against the rest of the test strongly enough to covary negatively with the total.
    const against = input([
      [1, 1, 0],
      [1, 1, 0],
      [0, 0, 1],
      [0, 0, 1],
      [1, 0, 0],
    ]);
    expect(slotMoments(against)[2].covarianceWithOverallMark).toBeLessThan(0);
    const f = slotFigures(against);
    expect(f[2].effectiveWeight).toBeNull();
    expect((f[0].effectiveWeight as number) + (f[1].effectiveWeight as number)).toBeCloseTo(100, 10);
  });

  it('null where undefined: one attempt, a constant item, a one-slot test, a zero max mark', () => {
    const oneAttempt = slotFigures(input([[1, 0]]));
    expect(oneAttempt[0]).toMatchObject({ facility: 100, sd: null, discriminationIndex: null, discriminativeEfficiency: null, effectiveWeight: null, upperLowerD: null, pointBiserial: null, alphaIfDeleted: null });

    const constantItem = slotFigures(input([
      [1, 0, 1],
      [1, 1, 0],
      [1, 1, 1],
      [1, 0, 0],
    ]));
    expect(constantItem[0]).toMatchObject({ facility: 100, sd: 0, discriminationIndex: null, discriminativeEfficiency: null, effectiveWeight: 0, pointBiserial: null, upperLowerD: 0 });
    expect(constantItem[0].flags).toEqual([FLAG_LOW_D, FLAG_TOO_EASY]);

    const oneSlot = slotFigures(input([[1], [0], [1]]));
    expect(oneSlot[0]).toMatchObject({ discriminationIndex: null, discriminativeEfficiency: null, alphaIfDeleted: null, effectiveWeight: 100 });
    expect(oneSlot[0].pointBiserial).toBeCloseTo(100, 10);

    const zeroMax = slotFigures({ slots: [{ maxMark: 0, randomGuess: null }, { maxMark: 1, randomGuess: null }], marks: [[0, 1], [0, 0], [0, 1]] });
    expect(zeroMax[0]).toMatchObject({ facility: null, sd: null, upperLowerD: null });
    expect(slotFigures(input([]))).toEqual([]);
    for (const f of [oneAttempt, constantItem, oneSlot, zeroMax, slotFigures(data)]) expectNoNaN(f);
  });

  it('flags: the field’s thresholds, each explained', () => {
    // Learner i of 20 gets a slot right from a threshold of ability on; slot 4 the other way round.
    const rows = Array.from({ length: 20 }, (_, i) => [i >= 5 ? 1 : 0, i >= 8 ? 1 : 0, i >= 10 ? 1 : 0, i >= 12 ? 1 : 0, i < 10 ? 1 : 0]);
    const f = slotFigures(input(rows));
    expect(f[2].flags).toEqual([]);
    expect(f[4].discriminationIndex as number).toBeLessThan(0);
    expect(f[4].flags).toEqual([FLAG_LOW_EFFICIENCY, FLAG_LOW_D, FLAG_SUSPECT]);

    // Facility bounds: exactly 5 % and 95 % pass, 4 % and 96 % are flagged.
    const facilityRows = (n: number, right: number) => Array.from({ length: n }, (_, i) => [i < right ? 1 : 0, i % 2]);
    expect(slotFigures(input(facilityRows(20, 19)))[0].flags).not.toContain(FLAG_TOO_EASY);
    expect(slotFigures(input(facilityRows(25, 24)))[0].flags).toContain(FLAG_TOO_EASY);
    expect(slotFigures(input(facilityRows(20, 1)))[0].flags).not.toContain(FLAG_TOO_HARD);
    expect(slotFigures(input(facilityRows(25, 1)))[0].flags).toContain(FLAG_TOO_HARD);
    for (const flag of [FLAG_LOW_EFFICIENCY, FLAG_LOW_D, FLAG_TOO_HARD, FLAG_TOO_EASY, FLAG_SUSPECT]) {
      expect(FLAG_EXPLAIN[flag]).toMatch(/。$/);
    }
  });

  it('computes 10,000 attempts × 50 slots', () => {
    let seed = 42;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
    const slotsBig = Array.from({ length: 50 }, (_, j) => ({ maxMark: j % 5 === 0 ? 5 : 2, randomGuess: 0.25 }));
    const marksBig = Array.from({ length: 10_000 }, () => {
      const ability = random();
      return slotsBig.map((s) => (random() < ability ? s.maxMark : random() < 0.3 ? s.maxMark / 2 : 0));
    });
    const big = { slots: slotsBig, marks: marksBig };
    const t = testFigures(big);
    const f = slotFigures(big);
    expect(t.attempts).toBe(10_000);
    expect(t.cic as number).toBeGreaterThan(80);
    expect(f).toHaveLength(50);
    expect(f.every((s) => (s.discriminationIndex as number) > 0)).toBe(true);
    expectNoNaN([t, f]);
  });
});

describe('scoreBands', () => {
  it('defaults to 10 % of the total; the last band includes the full mark', () => {
    const bands = scoreBands([0, 9.99, 10, 55, 90, 99, 100], 100);
    expect(bands).toHaveLength(10);
    expect(bands[0]).toEqual({ from: 0, to: 10, count: 2 });
    expect(bands[1]).toEqual({ from: 10, to: 20, count: 1 });
    expect(bands[5].count).toBe(1);
    expect(bands[9]).toEqual({ from: 90, to: 100, count: 3 });
    expect(bands.reduce((a, b) => a + b.count, 0)).toBe(7);
  });

  it('a custom width, a narrower last band, decimal boundaries and out-of-range totals', () => {
    expect(scoreBands([0, 59, 60, 74, 75], 75, 20)).toEqual([
      { from: 0, to: 20, count: 1 },
      { from: 20, to: 40, count: 0 },
      { from: 40, to: 60, count: 1 },
      { from: 60, to: 75, count: 3 },
    ]);
    // 0.7 / 0.1 is 6.999… in floating point; 0.7 still opens the band [0.7, 0.8).
    const tenths = scoreBands([0.7, 0.1 + 0.2], 1, 0.1);
    expect(tenths[7]).toEqual({ from: 0.7, to: 0.8, count: 1 });
    expect(tenths[3]).toEqual({ from: 0.3, to: 0.4, count: 1 });
    expect(scoreBands([-1, 101], 100).map((b) => b.count)).toEqual([1, 0, 0, 0, 0, 0, 0, 0, 0, 1]);
    expect(scoreBands([1, 2], 0)).toEqual([]);
    expect(() => scoreBands([1], 100, 0)).toThrow(RangeError);
    expect(() => scoreBands([1], 100, 0.01)).toThrow(RangeError);
  });
});

describe('rate', () => {
  it('percent of totals at or above the threshold', () => {
    expect(rate([59, 60, 61, 90], 60)).toBe(75);
    expect(rate([0.1 + 0.2], 0.3)).toBe(100);
    expect(rate([10, 20], 90)).toBe(0);
    expect(rate([], 60)).toBeNull();
  });
});

describe('fiveNumbers', () => {
  it('min, quartiles by linear interpolation at (n − 1)·p, max', () => {
    // Sorted 7 15 36 39 40 41: Q1 at rank 1.25 = 15 + 0.25·(36 − 15), median at 2.5, Q3 at 3.75 = 39 + 0.75·(40 − 39).
    expect(fiveNumbers([41, 7, 39, 15, 40, 36])).toEqual({ min: 7, q1: 20.25, median: 37.5, q3: 39.75, max: 41 });
    // Odd count: the quartiles fall on values.
    expect(fiveNumbers([100, 0, 50, 25, 75])).toEqual({ min: 0, q1: 25, median: 50, q3: 75, max: 100 });
    // Four values: Q1 at rank 0.75 = 10 + 0.75·10, Q3 at 2.25 = 30 + 0.25·10.
    expect(fiveNumbers([10, 20, 30, 40])).toEqual({ min: 10, q1: 17.5, median: 25, q3: 32.5, max: 40 });
    expect(fiveNumbers([42])).toEqual({ min: 42, q1: 42, median: 42, q3: 42, max: 42 });
    expect(fiveNumbers([])).toBeNull();
  });
});

describe('upperLowerGroups', () => {
  it('takes round(27 %) from each end, ties cut by input order', () => {
    const totals = [50, 90, 10, 70, 70, 30, 90, 20, 60, 40];
    // k = round(2.7) = 3.
    expect(upperLowerGroups(totals)).toEqual({ upper: [1, 6, 3], lower: [2, 7, 5] });
    expect(upperLowerGroups([5, 5, 5, 5])).toEqual({ upper: [0], lower: [0] });
    expect(upperLowerGroups([3, 1])).toEqual({ upper: [0], lower: [1] });
    expect(upperLowerGroups([3])).toEqual({ upper: [], lower: [] });
    expect(upperLowerGroups([])).toEqual({ upper: [], lower: [] });
    const hundred = upperLowerGroups(Array.from({ length: 100 }, (_, i) => i));
    expect(hundred.upper).toHaveLength(27);
    expect(hundred.lower[26]).toBe(26);
  });
});

describe('optionShares', () => {
  it('share of all, the upper and the lower 27 % who picked each option', () => {
    const totals = [10, 9, 8, 7, 6, 5, 4, 3, 2, 1];
    const picks = [['A'], ['A'], ['B'], ['A'], ['A'], ['C'], ['B'], ['B', 'B'], ['C'], ['C', 'B']];
    expect(optionShares(totals, picks, ['A', 'B', 'C', 'D'])).toEqual([
      { optionId: 'A', all: 40, upper: (100 * 2) / 3, lower: 0 },
      { optionId: 'B', all: 40, upper: 100 / 3, lower: (100 * 2) / 3 },
      { optionId: 'C', all: 30, upper: 0, lower: (100 * 2) / 3 },
      { optionId: 'D', all: 0, upper: 0, lower: 0 },
    ]);
    expect(optionShares([5], [['A']], ['A'])).toEqual([{ optionId: 'A', all: 100, upper: null, lower: null }]);
    expect(() => optionShares([1, 2], [['A']], ['A'])).toThrow(RangeError);
  });
});

describe('pickAttempts', () => {
  const rows = [
    { userId: 'u1', attemptNo: 2, total: 80, finishedAt: 200 },
    { userId: 'u1', attemptNo: 1, total: 60, finishedAt: 100 },
    { userId: 'u2', attemptNo: 1, total: 70, finishedAt: 100 },
    { userId: 'u2', attemptNo: 2, total: 70, finishedAt: 300 },
    { userId: 'u1', attemptNo: 3, total: 80, finishedAt: 150 },
  ];
  it('first: each user’s lowest attempt number', () => {
    expect(pickAttempts(rows, 'first')).toEqual([rows[1], rows[2]]);
  });
  it('best: the highest total, ties to the earliest hand-in', () => {
    expect(pickAttempts(rows, 'best')).toEqual([rows[2], rows[4]]);
  });
  it('all: every attempt', () => {
    expect(pickAttempts(rows, 'all')).toEqual(rows);
    expect(pickAttempts([], 'best')).toEqual([]);
  });
});
