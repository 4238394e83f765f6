import type { QuBody } from '../../../common/api/qu';
import type { StatsAttempts, StatsBody, StatsDistribution, StatsMastery, StatsMasteryBody, StatsQuestion, StatsRebuild, StatsSummary } from '../../../common/api/stats';
import { PaperState, QuType } from '../../../common/codes';
import type { StatsAnswer, StatsAnswersBody } from '../../../common/api/statsAnswers';
import type { Page } from '../../../common/errorCodes';
import { htmlToText } from '../../../common/richText';
import type { AuthUser } from '../../caller';
import type { GradedQuestion } from '../../events';
import { inTransaction, type ServiceContext } from '../../context';
import type { StatsAttemptTable } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { runHeavyJob, type HeavyJobLimits } from '../../workers/pool';
import { secondsUsed, snapshotOf } from '../paper/paper.def';
import { assertMaySeeDistribution, masteryScope } from '../access/access.service';
import { masteryOf, type ExamStatsResult, type QuestionInfo, type StatsItem } from './stats.model';
import { readableAnswer } from './stats.answers';
import * as repo from './stats.repository';
import type { StatsJob, StatsJobResult } from './stats.worker';

/**
 * Exam statistics (issue 29). The read model is filled after hand-ins and markings, in batches
 * (one read of the batch's papers), never while a learner waits; figures are computed from it in a
 * worker thread on the first read after a change and kept (stats_exam) until the next one. A read
 * within a few seconds of the last computation answers what was computed and refreshes behind.
 */

const STATS_LIMITS: HeavyJobLimits = { memoryMb: 768, timeoutMs: 120_000, tooBig: '考试数据过多，统计无法完成', tooSlow: '统计计算超时，请稍后再试' };
const WORKER = new URL('./stats.worker.ts', import.meta.url);
/** Papers recorded per batch, and how long a hand-in waits for its batch. */
const BATCH = 200;
/** Papers looked up at once when an exam's read model is brought up to date (catchUp). */
const CATCH_UP_PAGE = 5_000;
const BATCH_DELAY_MS = 1_000;
/** Stale figures younger than this are answered while fresh ones are computed behind. */
const FRESH_ENOUGH_MS = 10_000;
/** Mastery over more attempts than this is computed in the worker. */
const MASTERY_INLINE_MAX = 300;

/**
 * The shape of the kept figures: raised when a figure is added (e.g. 2: the departments' box plots),
 * so that figures kept in an older shape are computed again rather than answered without it.
 */
const FIGURES_FORMAT = 2;

const runJob = <T extends StatsJobResult>(job: StatsJob) => runHeavyJob<T>(WORKER, job, STATS_LIMITS);

// ---------- filling the read model ----------

interface AppState {
  /** Papers for the next batch, with their questions where their hand-in told them. */
  pending: Map<string, readonly GradedQuestion[] | undefined>;
  timer: NodeJS.Timeout | null;
  flushing: Promise<void> | null;
  computing: Map<string, Promise<Computed>>;
  /** Rebuilds from scratch under way, by exam: papers recorded of how many. */
  rebuilds: Map<string, StatsRebuild>;
  /** Exams whose papers this process has looked through since it started: later changes arrive as events. */
  caughtUp: Set<string>;
}
const states = new WeakMap<object, AppState>();
function stateOf(ctx: ServiceContext): AppState {
  let s = states.get(ctx.caches);
  if (!s) states.set(ctx.caches, (s = { pending: new Map(), timer: null, flushing: null, computing: new Map(), rebuilds: new Map(), caughtUp: new Set() }));
  return s;
}

const CHOICES: ReadonlySet<number> = new Set([QuType.SINGLE, QuType.MULTIPLE, QuType.JUDGE]);

/** A question copy's knowledge points (none when it does not parse). */
function tagsOfCopy(json: string): readonly string[] | undefined {
  try {
    const { tags } = snapshotOf({ question: json });
    return tags?.length ? tags : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The knowledge points of each copy among these lines (as paper rows store their question): the
 * papers of an exam hold a few hundred distinct copies between them, each read and parsed once. A
 * question edited while they sat has a copy of each version, each with its own points.
 */
async function tagsOfLines(ctx: ServiceContext, lines: readonly string[]): Promise<Map<string, readonly string[] | undefined>> {
  const distinct = [...new Set(lines)];
  const texts = await repo.copiesOf(ctx.db, distinct);
  return new Map(distinct.map((line, i) => [line, tagsOfCopy(texts[i])]));
}

/** One question of a paper as the read model keeps it. */
function itemOf(r: repo.StatsQuRow, tags: readonly string[] | undefined): StatsItem {
  let picked: string[] | undefined;
  if (CHOICES.has(r.qu_type) && r.answer) {
    try {
      picked = (JSON.parse(r.answer) as { answers?: string[] }).answers ?? [];
    } catch {
      picked = [];
    }
  }
  return { q: r.qu_id, g: r.group_index, s: r.sort, t: r.qu_type, m: r.actual_score ?? 0, x: r.score, ...(picked ? { o: picked } : {}), ...(tags ? { k: tags } : {}) };
}

/** Papers' questions as their hand-in told them (see GradedQuestion), by paper id. */
type KnownQuestions = ReadonlyMap<string, readonly GradedQuestion[] | undefined>;

/** The questions of these papers: as told where `known` holds them, read for the others. */
async function questionsOf(ctx: ServiceContext, paperIds: readonly string[], known?: KnownQuestions): Promise<repo.StatsQuRow[]> {
  const out: repo.StatsQuRow[] = [];
  const unknown: string[] = [];
  for (const id of paperIds) {
    const told = known?.get(id);
    if (!told) {
      unknown.push(id);
      continue;
    }
    for (const q of told) {
      out.push({ paper_id: id, qu_id: q.quId, group_index: q.groupIndex, sort: q.sort, qu_type: q.quType, score: q.score, answer: q.answer, actual_score: q.actualScore, question: q.line });
    }
  }
  return unknown.length ? out.concat(await repo.paperQuestionsForStats(ctx.db, unknown)) : out;
}

/** The read model's rows of these papers: the scored ones; others are left out. */
async function attemptRows(ctx: ServiceContext, paperIds: readonly string[], known?: KnownQuestions): Promise<StatsAttemptTable[]> {
  const papers = (await repo.papersForStats(ctx.db, paperIds)).filter((p) => p.state === PaperState.FINISHED && p.user_score !== null);
  if (papers.length === 0) return [];
  const byPaper = new Map<string, StatsItem[]>(papers.map((p) => [p.id, []]));
  const ids = papers.map((p) => p.id);
  const questions = await questionsOf(ctx, ids, known);
  const tags = await tagsOfLines(ctx, questions.map((r) => r.question));
  for (const r of questions) byPaper.get(r.paper_id)?.push(itemOf(r, tags.get(r.question)));
  const now = ctx.clock.now();
  return papers.map((p) => ({
    paper_id: p.id,
    exam_id: p.exam_id,
    user_id: p.user_id,
    dept_id: p.dept_id,
    total: p.user_score ?? 0,
    max_total: p.total_score,
    qualify_score: p.qualify_score,
    seconds: secondsUsed(p),
    start_time: p.create_time,
    items: JSON.stringify(byPaper.get(p.id)),
    update_time: now,
  }));
}

/**
 * Writes (or rewrites) the read model's rows of these papers, a batch at a time: the next batch is
 * read while this one is written (on PostgreSQL the two run side by side).
 */
export async function recordPapers(ctx: ServiceContext, paperIds: readonly string[], known?: KnownQuestions): Promise<void> {
  const batchAt = (i: number) => (i < paperIds.length ? attemptRows(ctx, paperIds.slice(i, i + BATCH), known) : null);
  let next = batchAt(0);
  for (let i = 0; next; i += BATCH) {
    const rows = await next;
    next = batchAt(i + BATCH);
    // A failed read of the next batch is the next round's to throw, not an unhandled rejection meanwhile.
    next?.catch(() => undefined);
    if (rows.length === 0) continue;
    await inTransaction(ctx, async (tx) => {
      await repo.upsertAttempts(tx.db, rows);
      await repo.bumpVersions(tx.db, [...new Set(rows.map((r) => r.exam_id))]);
    });
  }
}

/** Records what is pending now (the batch's papers), once at a time. */
export async function flushPending(ctx: ServiceContext): Promise<void> {
  const s = stateOf(ctx);
  while (s.flushing) await s.flushing;
  if (s.timer) clearTimeout(s.timer);
  s.timer = null;
  if (s.pending.size === 0) return;
  const known = s.pending;
  s.pending = new Map();
  s.flushing = recordPapers(ctx, [...known.keys()], known).finally(() => (s.flushing = null));
  await s.flushing;
}

/**
 * A paper's score was settled (hand-in or marking): recorded with the next batch, from its
 * questions as `graded` tells them, or as read then (a later call without them, a marking, wins).
 */
export function paperScored(ctx: ServiceContext, paperId: string, graded?: readonly GradedQuestion[]): void {
  const s = stateOf(ctx);
  s.pending.set(paperId, graded);
  if (s.timer) return;
  s.timer = setTimeout(() => {
    s.timer = null;
    flushPending(ctx).catch((e: unknown) => console.error('statistics: recording papers failed', e));
  }, BATCH_DELAY_MS);
  s.timer.unref();
}

/**
 * The app is closing: no batch is recorded after its database has gone. Papers still pending are
 * left to the next start, which looks an exam's papers through at its first read (catchUp).
 */
export function stopRecording(ctx: ServiceContext): void {
  const s = stateOf(ctx);
  if (s.timer) clearTimeout(s.timer);
  s.timer = null;
  s.pending.clear();
}

/**
 * Brings an exam's read model up to date before its figures are read: pending papers, and, the
 * first time this process reads the exam, any scored paper it lacks (one the events of a stopped
 * process never recorded). After that, hand-ins and markings arrive as events.
 */
async function catchUp(ctx: ServiceContext, examId: string): Promise<void> {
  await flushPending(ctx);
  const s = stateOf(ctx);
  if (s.caughtUp.has(examId)) return;
  // Looked through a page of ids at a time (the search costs more than a batch's ids), recorded a batch at a time.
  for (let after = ''; ; ) {
    const ids = await repo.unrecordedPaperIds(ctx.db, examId, after, CATCH_UP_PAGE);
    if (ids.length === 0) break;
    await recordPapers(ctx, ids);
    after = ids[ids.length - 1];
  }
  s.caughtUp.add(examId);
}

/**
 * Rebuilds an exam's read model from its papers, as after a regrade: every scored paper recorded
 * again in batches, the figures recomputed on the next read. Runs behind the call; asking again
 * while it runs answers its progress.
 */
export async function rebuildExam(ctx: ServiceContext, examId: string): Promise<StatsRebuild> {
  if (!(await repo.examForStats(ctx.db, examId))) throw notFound('考试不存在');
  const s = stateOf(ctx);
  const running = s.rebuilds.get(examId);
  if (running) return { ...running };
  const progress: StatsRebuild = { done: 0, total: await repo.countScoredPapers(ctx.db, examId), running: true };
  s.rebuilds.set(examId, progress);
  const work = async () => {
    for (let after = ''; ; ) {
      const ids = await repo.scoredPaperIds(ctx.db, examId, after, BATCH);
      if (ids.length === 0) break;
      await recordPapers(ctx, ids);
      progress.done = Math.min(progress.total, progress.done + ids.length);
      after = ids[ids.length - 1];
      // Between batches, the loop serves others.
      await new Promise((resolve) => setImmediate(resolve));
    }
    await inTransaction(ctx, (tx) => repo.bumpVersions(tx.db, [examId]));
  };
  void work()
    .catch((e: unknown) => console.error('statistics: rebuilding an exam failed', e))
    .finally(() => s.rebuilds.delete(examId));
  return { ...progress };
}

/** The progress of an exam's rebuild, or none running. */
export function rebuildProgress(ctx: ServiceContext, examId: string): StatsRebuild {
  const running = stateOf(ctx).rebuilds.get(examId);
  return running ? { ...running } : { done: 0, total: 0, running: false };
}

// ---------- figures ----------

interface Computed {
  summary: StatsSummary;
  questions: StatsQuestion[];
  mastery: StatsMastery[];
}

const parseQuestion = (json: string): QuBody | null => {
  try {
    return JSON.parse(json) as QuBody;
  } catch {
    return null;
  }
};

const plain = (html: string, max: number) => {
  const t = htmlToText(html).replace(/\s+/g, ' ').trim();
  return t.length > max ? `${t.slice(0, max - 1)}…` : t;
};

async function questionInfos(ctx: ServiceContext, examId: string): Promise<Record<string, QuestionInfo>> {
  const out: Record<string, QuestionInfo> = {};
  for (const c of await repo.questionCopies(ctx.db, examId)) {
    if (out[c.qu_id]) continue;
    const q = parseQuestion(c.question);
    if (!q) continue;
    out[c.qu_id] = {
      quId: c.qu_id,
      quType: q.quType,
      title: plain(q.content, 80),
      options: (q.answerList ?? []).filter((o) => o.id).map((o) => ({ id: o.id!, content: plain(o.content, 60), isRight: o.isRight })),
    };
  }
  return out;
}

async function compute(ctx: ServiceContext, examId: string, mode: StatsAttempts): Promise<Computed> {
  const exam = await repo.examForStats(ctx.db, examId);
  if (!exam) throw notFound('考试不存在');
  const version = await repo.versionOf(ctx.db, examId);
  const [rows, questions, departs] = await Promise.all([repo.attemptsOfExam(ctx.db, examId), questionInfos(ctx, examId), repo.allDeparts(ctx.db)]);
  const result = await runJob<ExamStatsResult>({
    kind: 'exam',
    rows,
    input: {
      mode,
      questions,
      totalScore: exam.total_score,
      qualifyScore: exam.qualify_score,
      excellentScore: exam.excellent_score ?? Math.round(exam.total_score * 90) / 100,
      departs: departs.map((d) => ({ id: d.id, name: d.dept_name, parentId: d.parent_id })),
    },
  });
  const computed: Computed = { summary: { ...result.summary, computedAt: ctx.clock.now() }, questions: result.questions, mastery: result.mastery };
  await inTransaction(ctx, (tx) =>
    repo.saveComputed(
      tx.db,
      { exam_id: examId, mode, version, summary: JSON.stringify({ ...computed.summary, mastery: computed.mastery, format: FIGURES_FORMAT }), computed_at: computed.summary.computedAt },
      computed.questions.map((q) => ({ slot: q.slot, qu_id: q.quId, figures: JSON.stringify(q) })),
    ),
  );
  return computed;
}

/** One computation per exam and mode at a time: a second reader waits for the first. */
function computeOnce(ctx: ServiceContext, examId: string, mode: StatsAttempts): Promise<Computed> {
  const s = stateOf(ctx);
  const key = `${examId}:${mode}`;
  let p = s.computing.get(key);
  if (!p) {
    p = compute(ctx, examId, mode).finally(() => s.computing.delete(key));
    s.computing.set(key, p);
  }
  return p;
}

type KeptSummary = StatsSummary & { mastery: StatsMastery[]; format?: number };

/** The kept summary of a stats_exam row, or null when it was kept in an older shape. */
function keptSummary(row: { summary: string }): Omit<KeptSummary, 'format'> | null {
  const { format, ...kept } = JSON.parse(row.summary) as KeptSummary;
  return format === FIGURES_FORMAT ? kept : null;
}

async function stored(ctx: ServiceContext, examId: string, mode: StatsAttempts, kept: Omit<KeptSummary, 'format'>): Promise<Computed> {
  const { mastery, ...summary } = kept;
  const questions = (await repo.computedQuestions(ctx.db, examId, mode)).map((q) => JSON.parse(q.figures) as StatsQuestion);
  return { summary, questions, mastery };
}

/**
 * An exam's figures for a mode: as kept when nothing changed since, else computed now (or, just
 * computed, refreshed behind). `staleOk`: any kept figures are answered at once and refreshed
 * behind (a learner's result page never waits for a computation).
 */
async function figures(ctx: ServiceContext, examId: string, mode: StatsAttempts, staleOk = false): Promise<Computed> {
  if (!(await repo.examForStats(ctx.db, examId))) throw notFound('考试不存在');
  await catchUp(ctx, examId);
  const [version, row] = await Promise.all([repo.versionOf(ctx.db, examId), repo.findComputed(ctx.db, examId, mode)]);
  const kept = row ? keptSummary(row) : null;
  if (row && kept && row.version === version) return stored(ctx, examId, mode, kept);
  if (row && kept && (staleOk || ctx.clock.now() - row.computed_at < FRESH_ENOUGH_MS)) {
    computeOnce(ctx, examId, mode).catch((e: unknown) => console.error('statistics: refreshing figures failed', e));
    return stored(ctx, examId, mode, kept);
  }
  return computeOnce(ctx, examId, mode);
}

const modeOf = (body: StatsBody): StatsAttempts => body.attempts ?? 'all';

export async function examSummary(ctx: ServiceContext, body: StatsBody): Promise<StatsSummary> {
  return (await figures(ctx, body.examId, modeOf(body))).summary;
}

export async function examQuestions(ctx: ServiceContext, body: StatsBody): Promise<StatsQuestion[]> {
  return (await figures(ctx, body.examId, modeOf(body))).questions;
}

/** A learner's best score against the exam's distribution of best scores, where the access module allows it. */
export async function myDistribution(ctx: ServiceContext, userId: string, examId: string): Promise<StatsDistribution> {
  await assertMaySeeDistribution(ctx, userId, examId);
  const { summary } = await figures(ctx, examId, 'best', true);
  const mine = await repo.bestTotalOf(ctx.db, examId, userId);
  const others = summary.scores.length - 1;
  const lower = mine === null ? 0 : summary.scores.filter((x) => x < mine).length;
  return {
    attempts: summary.attempts,
    mean: summary.mean,
    median: summary.median,
    bands: summary.bands,
    totalScore: summary.totalScore,
    qualifyScore: summary.qualifyScore,
    myScore: mine ?? 0,
    beatPercent: mine === null || others <= 0 ? null : Math.round((10_000 * lower) / others) / 100,
    computedAt: summary.computedAt,
  };
}

/**
 * The learners' answers to one question of an exam, a page at a time, on the attempts the mode
 * counts (as the figures count them): handed-in, scored papers, read through the read model's rows.
 */
export async function examAnswers(ctx: ServiceContext, body: StatsAnswersBody): Promise<Page<StatsAnswer>> {
  if (!(await repo.examForStats(ctx.db, body.examId))) throw notFound('考试不存在');
  await catchUp(ctx, body.examId);
  const mode = body.attempts ?? 'all';
  const current = body.current ?? 1;
  const size = body.size ?? 20;
  const { rows, total } = await repo.answersPage(ctx.db, { examId: body.examId, quId: body.quId, mode, limit: size, offset: (current - 1) * size });
  const parts = new Map<string, Map<string, string>>();
  for (const r of await repo.partAnswers(
    ctx.db,
    rows.map((r) => r.paper_id),
    body.quId,
  ))
    parts.set(r.paper_id, (parts.get(r.paper_id) ?? new Map<string, string>()).set(r.qu_id, r.answer));
  // Letters as the question's option distribution shows them (one paper's order: papers may shuffle options).
  const kept = await repo.computedQuestion(ctx.db, body.examId, mode, body.quId);
  const order = kept ? (JSON.parse(kept) as StatsQuestion).options.map((o) => o.optionId) : [];
  return {
    records: rows.map((r) => ({
      paperId: r.paper_id,
      userId: r.user_id,
      userName: r.user_name,
      realName: r.real_name,
      departName: r.dept_name ?? '',
      answer: readableAnswer(r.question, r.answer, parts.get(r.paper_id) ?? new Map(), order),
      isRight: r.is_right === 1,
      score: r.actual_score ?? 0,
      handTime: r.hand_time ?? r.start_time + r.seconds * 1000,
    })),
    total,
    current,
    size,
    pages: Math.ceil(total / size),
  };
}

const MODE_LABELS: Record<StatsAttempts, string> = { first: '每人首次作答', best: '每人最高分', all: '全部作答' };

/** The exam's statistics as an .xlsx, built in the worker. */
export async function exportStats(ctx: ServiceContext, body: StatsBody): Promise<{ fileName: string; data: Buffer }> {
  const exam = await repo.examForStats(ctx.db, body.examId);
  if (!exam) throw notFound('考试不存在');
  const mode = modeOf(body);
  const f = await figures(ctx, body.examId, mode);
  const data = await runJob<Uint8Array>({ kind: 'workbook', title: exam.title, modeLabel: MODE_LABELS[mode], result: { summary: f.summary, questions: f.questions, mastery: f.mastery } });
  return { fileName: `${exam.title}-统计分析.xlsx`, data: Buffer.from(data) };
}

/** Mastery per knowledge point in the scope the access module allows the caller. */
export async function mastery(ctx: ServiceContext, who: AuthUser, body: StatsMasteryBody): Promise<StatsMastery[]> {
  const scope = await masteryScope(ctx, who, body);
  if (scope.examIds?.length === 1 && !scope.userId && !scope.deptIds) return (await figures(ctx, scope.examIds[0], 'all')).mastery;
  for (const examId of scope.examIds ?? []) await catchUp(ctx, examId);
  if (!scope.examIds) await flushPending(ctx);
  const rows = await repo.attemptsFor(ctx.db, scope);
  if (rows.length > MASTERY_INLINE_MAX) return runJob<StatsMastery[]>({ kind: 'mastery', rows: rows.map((r) => ({ items: r.items })) });
  return masteryOf(rows.map((r) => ({ items: JSON.parse(r.items) as StatsItem[] })));
}
