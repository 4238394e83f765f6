import { Type, type Static } from '@sinclair/typebox';
import { Perm } from '../permissions';
import { defineApi } from './endpoint';
import { Id } from './base';

/**
 * Exam statistics and item analysis (issue 29), with Moodle's definitions
 * (server/modules/stats/stats.math.ts). Rates, `cic` and `errorRatio` are percentages as Moodle
 * shows them; scores are points. Figures come from the read model, computed once per change.
 */

export const StatsAttempts = Type.Union([Type.Literal('first'), Type.Literal('best'), Type.Literal('all')]);
export type StatsAttempts = Static<typeof StatsAttempts>;

const Figure = Type.Union([Type.Number(), Type.Null()]);

export const StatsBand = Type.Object({ from: Type.Number(), to: Type.Number(), count: Type.Integer() });
export type StatsBand = Static<typeof StatsBand>;

export const StatsDepart = Type.Object({
  departId: Id,
  name: Type.String(),
  /** Attempts of learners in the department and its sub-departments. */
  attempts: Type.Integer(),
  mean: Figure,
  passRate: Figure,
  /** The box plot of its scores, in points: lowest, quartiles (linear interpolation) and highest. */
  min: Type.Number(),
  q1: Type.Number(),
  median: Type.Number(),
  q3: Type.Number(),
  max: Type.Number(),
});
export type StatsDepart = Static<typeof StatsDepart>;

export const StatsSummary = Type.Object({
  attempts: Type.Integer(),
  mean: Figure,
  median: Figure,
  sd: Figure,
  skewness: Figure,
  kurtosis: Figure,
  cic: Figure,
  errorRatio: Figure,
  standardError: Figure,
  passRate: Figure,
  excellentRate: Figure,
  bands: Type.Array(StatsBand),
  byDepart: Type.Array(StatsDepart),
  computedAt: Type.Integer(),
  /** The lines the rates use and the paper's total, in points. */
  totalScore: Type.Number(),
  qualifyScore: Type.Number(),
  excellentScore: Type.Number(),
  /** Every total of the chosen attempts, for the histogram and box plots (ascending). */
  scores: Type.Array(Type.Number()),
});
export type StatsSummary = Static<typeof StatsSummary>;

export const StatsOption = Type.Object({
  optionId: Type.String(),
  content: Type.String(),
  isRight: Type.Boolean(),
  /** Percent of all / the top 27 % / the bottom 27 % of attempts who picked it. */
  all: Figure,
  upper: Figure,
  lower: Figure,
});
export type StatsOption = Static<typeof StatsOption>;

export const StatsQuestion = Type.Object({
  slot: Type.Integer(),
  /** '' for a slot whose questions were drawn at random (several questions across papers). */
  quId: Type.String(),
  quType: Type.Integer(),
  title: Type.String(),
  maxScore: Type.Number(),
  facility: Figure,
  sd: Figure,
  randomGuessScore: Figure,
  discriminationIndex: Figure,
  discriminativeEfficiency: Figure,
  effectiveWeight: Figure,
  upperLowerD: Figure,
  pointBiserial: Figure,
  alphaIfDeleted: Figure,
  flags: Type.Array(Type.String()),
  options: Type.Array(StatsOption),
  /** Knowledge points of the question. */
  tags: Type.Array(Type.String()),
  /** Attempts that held the question. */
  attempts: Type.Integer(),
});
export type StatsQuestion = Static<typeof StatsQuestion>;

export const StatsMastery = Type.Object({
  tag: Type.String(),
  /** Distinct questions carrying the knowledge point. */
  questions: Type.Integer(),
  /** Percent of the marks available on them that were earned. */
  scoreRate: Type.Number(),
});
export type StatsMastery = Static<typeof StatsMastery>;

/** A rebuild of an exam's read model from its papers: papers recorded of how many, and whether it still runs. */
export const StatsRebuild = Type.Object({ done: Type.Integer(), total: Type.Integer(), running: Type.Boolean() });
export type StatsRebuild = Static<typeof StatsRebuild>;

/** A learner's best score against the exam's distribution (each learner's best attempt). */
export const StatsDistribution = Type.Object({
  attempts: Type.Integer(),
  mean: Figure,
  median: Figure,
  bands: Type.Array(StatsBand),
  totalScore: Type.Number(),
  qualifyScore: Type.Number(),
  /** My best score, and the percent of the others whose best is lower. */
  myScore: Type.Number(),
  beatPercent: Figure,
  computedAt: Type.Integer(),
});
export type StatsDistribution = Static<typeof StatsDistribution>;

export const StatsBody = Type.Object({ examId: Id, attempts: Type.Optional(StatsAttempts) });
export type StatsBody = Static<typeof StatsBody>;

export const StatsMasteryBody = Type.Object({ examId: Type.Optional(Id), departId: Type.Optional(Id), userId: Type.Optional(Id) });
export type StatsMasteryBody = Static<typeof StatsMasteryBody>;

export const statsApi = defineApi('stats', {
  summary: { path: '/api/exam/stats/summary', access: { perm: Perm.paperList }, body: StatsBody, response: StatsSummary, summary: "An exam's test statistics, score bands and departments" },
  questions: { path: '/api/exam/stats/questions', access: { perm: Perm.paperList }, body: StatsBody, response: Type.Array(StatsQuestion), summary: "An exam's item analysis per question, with distractor shares" },
  mastery: {
    path: '/api/exam/stats/mastery',
    access: 'login',
    body: StatsMasteryBody,
    response: Type.Array(StatsMastery),
    summary: 'Mastery per knowledge point (an exam, a department, a learner); learners: their own, from released scores',
  },
  distribution: {
    path: '/api/exam/stats/distribution',
    access: 'login',
    body: Type.Object({ examId: Id }),
    response: StatsDistribution,
    summary: "My best score against the exam's distribution (learners: where the exam releases scores, once mine is out)",
  },
  rebuild: {
    path: '/api/exam/stats/rebuild',
    access: { perm: Perm.paperList },
    body: Type.Object({ examId: Id }),
    response: StatsRebuild,
    summary: "Rebuilds an exam's statistics from its papers (e.g. after a regrade), behind the call; asked again, its progress",
  },
  rebuildProgress: { path: '/api/exam/stats/rebuild-progress', access: { perm: Perm.paperList }, body: Type.Object({ examId: Id }), response: StatsRebuild, summary: "The progress of an exam's statistics rebuild" },
  export: { path: '/api/exam/stats/export', access: { perm: Perm.paperExport }, transport: 'download', body: StatsBody, response: Type.Null(), summary: "An exam's statistics as an Excel workbook, a sheet per view" },
});
