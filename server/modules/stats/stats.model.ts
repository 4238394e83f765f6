import type { StatsAttempts, StatsDepart, StatsMastery, StatsQuestion, StatsSummary } from '../../../common/api/stats';
import { fiveNumbers, optionShares, pickAttempts, rate, scoreBands, slotFigures, testFigures, type SlotDef } from './stats.math';

/**
 * From the read model's rows to an exam's figures: which attempts count, what the items are, and
 * the summary, question and mastery views. Pure (no database): it runs in a worker thread
 * (stats.worker.ts) so that an exam of ten thousand papers never holds up a live exam.
 */

/** One question of a scored paper, as stats_attempt.items keeps it (short keys: it is stored per paper). */
export interface StatsItem {
  /** Bank question id. */
  q: string;
  /** Section and order on the paper. */
  g: number;
  s: number;
  /** Question type. */
  t: number;
  /** Mark earned and full mark. */
  m: number;
  x: number;
  /** Chosen option ids (choice questions). */
  o?: string[];
  /** Knowledge points. */
  k?: readonly string[];
}

/** One scored paper of the read model. */
export interface AttemptRow {
  paperId: string;
  userId: string;
  deptId: string | null;
  total: number;
  startTime: number;
  seconds: number;
  items: StatsItem[];
}

/** What a question looked like on the papers (from one paper's copy). */
export interface QuestionInfo {
  quId: string;
  quType: number;
  title: string;
  options: Array<{ id: string; content: string; isRight: boolean }>;
}

export interface ExamStatsInput {
  mode: StatsAttempts;
  attempts: AttemptRow[];
  questions: Record<string, QuestionInfo>;
  totalScore: number;
  qualifyScore: number;
  excellentScore: number;
  departs: Array<{ id: string; name: string; parentId: string | null }>;
}

export interface ExamStatsResult {
  summary: Omit<StatsSummary, 'computedAt'>;
  questions: StatsQuestion[];
  mastery: StatsMastery[];
}

const CHOICE_TYPES = new Set([1, 2, 3]);

/** The attempts a mode counts: each learner's first, best, or all (stats.math's pickAttempts). */
export function attemptsOf(rows: readonly AttemptRow[], mode: StatsAttempts): AttemptRow[] {
  const byUser = new Map<string, AttemptRow[]>();
  for (const r of rows) byUser.set(r.userId, [...(byUser.get(r.userId) ?? []), r]);
  const numbered = [...byUser.values()].flatMap((list) =>
    [...list].sort((a, b) => a.startTime - b.startTime).map((row, i) => ({ row, userId: row.userId, attemptNo: i + 1, total: row.total, finishedAt: row.startTime + row.seconds * 1000 })),
  );
  return pickAttempts(numbered, mode).map((n) => n.row);
}

/** An item: one question (every paper holds the same ones) or one position on the paper (questions drawn per paper). */
interface ItemKey {
  key: string;
  quId: string;
  quType: number;
  maxMark: number;
}

const sortedItems = (a: AttemptRow) => [...a.items].sort((x, y) => x.g - y.g || x.s - y.s);

/**
 * The items of the analysis. When every attempt holds the same questions, one item per question
 * (in the first attempt's order; a question's position may differ from paper to paper). Otherwise
 * one per position (section, n-th question), named by its question only where all attempts agree.
 */
function itemsOf(attempts: readonly AttemptRow[]): { keys: ItemKey[]; keyOf: (a: AttemptRow) => Map<string, StatsItem> } {
  if (attempts.length === 0) return { keys: [], keyOf: () => new Map() };
  const first = sortedItems(attempts[0]);
  const same = attempts.every((a) => a.items.length === first.length && a.items.every((i) => first.some((f) => f.q === i.q)));
  if (same) {
    return {
      keys: first.map((i) => ({ key: i.q, quId: i.q, quType: i.t, maxMark: i.x })),
      keyOf: (a) => new Map(a.items.map((i) => [i.q, i])),
    };
  }
  const position = (a: AttemptRow) => {
    const seen = new Map<number, number>();
    return new Map(
      sortedItems(a).map((i) => {
        const n = (seen.get(i.g) ?? 0) + 1;
        seen.set(i.g, n);
        return [`${i.g}:${n}`, i];
      }),
    );
  };
  const keys = new Map<string, ItemKey>();
  for (const a of attempts) {
    for (const [key, i] of position(a)) {
      const k = keys.get(key);
      if (!k) keys.set(key, { key, quId: i.q, quType: i.t, maxMark: i.x });
      else {
        if (k.quId !== i.q) k.quId = '';
        k.maxMark = Math.max(k.maxMark, i.x);
      }
    }
  }
  const order = [...keys.values()].sort((a, b) => {
    const [ag, an] = a.key.split(':').map(Number);
    const [bg, bn] = b.key.split(':').map(Number);
    return ag - bg || an - bn;
  });
  return { keys: order, keyOf: position };
}

function randomGuess(info: QuestionInfo | undefined): number | null {
  if (!info || info.options.length === 0) return null;
  if (info.quType === 1 || info.quType === 3) return 1 / info.options.length;
  return null;
}

/** Each department with its learners' attempts and those of its sub-departments, and their box plot. */
function byDepart(attempts: readonly AttemptRow[], departs: ExamStatsInput['departs'], qualify: number): StatsDepart[] {
  const parent = new Map(departs.map((d) => [d.id, d.parentId]));
  const totals = new Map<string, number[]>();
  for (const a of attempts) {
    const seen = new Set<string>();
    for (let id = a.deptId; id && !seen.has(id); id = parent.get(id) ?? null) {
      seen.add(id);
      totals.set(id, [...(totals.get(id) ?? []), a.total]);
    }
  }
  return departs
    .filter((d) => totals.has(d.id))
    .map((d) => {
      const t = totals.get(d.id)!;
      return { departId: d.id, name: d.name, attempts: t.length, mean: t.reduce((s, x) => s + x, 0) / t.length, passRate: rate(t, qualify), ...fiveNumbers(t)! };
    });
}

/** Mastery per knowledge point: share of the marks on its questions that were earned. */
export function masteryOf(attempts: Iterable<{ items: readonly StatsItem[] }>): StatsMastery[] {
  const tags = new Map<string, { earned: number; full: number; questions: Set<string> }>();
  for (const a of attempts) {
    for (const i of a.items) {
      for (const tag of i.k ?? []) {
        const t = tags.get(tag) ?? { earned: 0, full: 0, questions: new Set<string>() };
        t.earned += i.m;
        t.full += i.x;
        t.questions.add(i.q);
        tags.set(tag, t);
      }
    }
  }
  return [...tags.entries()]
    .filter(([, t]) => t.full > 0)
    .map(([tag, t]) => ({ tag, questions: t.questions.size, scoreRate: Math.round((10_000 * t.earned) / t.full) / 100 }))
    .sort((a, b) => a.scoreRate - b.scoreRate || a.tag.localeCompare(b.tag));
}

export function computeExamStats(input: ExamStatsInput): ExamStatsResult {
  const attempts = attemptsOf(input.attempts, input.mode);
  const { keys, keyOf } = itemsOf(attempts);
  const rows = attempts.map(keyOf);
  const slots: SlotDef[] = keys.map((k) => ({ maxMark: k.maxMark, randomGuess: k.quId ? randomGuess(input.questions[k.quId]) : null }));
  const marks = rows.map((r) => keys.map((k) => r.get(k.key)?.m ?? 0));
  const test = testFigures({ slots, marks });
  const perSlot = slotFigures({ slots, marks });
  const totals = attempts.map((a) => a.total);
  const bandWidth = input.totalScore > 0 ? input.totalScore / 10 : 1;

  const questions: StatsQuestion[] = keys.map((k, i) => {
    const info = k.quId ? input.questions[k.quId] : undefined;
    const holding = rows.map((r) => r.get(k.key));
    const options =
      info && CHOICE_TYPES.has(info.quType)
        ? optionShares(
            totals,
            holding.map((h) => h?.o ?? []),
            info.options.map((o) => o.id),
          ).map((s) => {
            const o = info.options.find((x) => x.id === s.optionId)!;
            return { optionId: s.optionId, content: o.content, isRight: o.isRight, all: s.all, upper: s.upper, lower: s.lower };
          })
        : [];
    const f = perSlot[i];
    return {
      slot: i + 1,
      quId: k.quId,
      quType: k.quType,
      title: info?.title ?? (k.quId ? '' : `第${Number(k.key.split(':')[0]) + 1}部分第${k.key.split(':')[1]}题（随机抽题）`),
      maxScore: k.maxMark,
      facility: f.facility,
      sd: f.sd,
      randomGuessScore: f.randomGuessScore,
      discriminationIndex: f.discriminationIndex,
      discriminativeEfficiency: f.discriminativeEfficiency,
      effectiveWeight: f.effectiveWeight,
      upperLowerD: f.upperLowerD,
      pointBiserial: f.pointBiserial,
      alphaIfDeleted: f.alphaIfDeleted,
      flags: f.flags,
      options,
      tags: [...new Set(holding.flatMap((h) => h?.k ?? []))],
      attempts: holding.filter((h) => h !== undefined).length,
    };
  });

  return {
    summary: {
      attempts: test.attempts,
      mean: attempts.length ? test.mean : null,
      median: attempts.length ? test.median : null,
      sd: test.sd,
      skewness: test.skewness,
      kurtosis: test.kurtosis,
      cic: test.cic,
      errorRatio: test.errorRatio,
      standardError: test.standardError,
      passRate: rate(totals, input.qualifyScore),
      excellentRate: rate(totals, input.excellentScore),
      bands: scoreBands(totals, input.totalScore, bandWidth),
      byDepart: byDepart(attempts, input.departs, input.qualifyScore),
      totalScore: input.totalScore,
      qualifyScore: input.qualifyScore,
      excellentScore: input.excellentScore,
      scores: [...totals].sort((a, b) => a - b),
    },
    questions,
    mastery: masteryOf(attempts),
  };
}
