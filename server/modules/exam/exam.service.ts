import type { BodyOf, ExamAudience, ExamCheckResult, ExamGroup, ExamPreview, ExamRecord, ExamSaveBody, examApi, onlineExamApi } from '../../../common/api';
import { ExamOpenType, ExamState, GenericState, QuType } from '../../../common/codes';
import type { Page } from '../../../common/errorCodes';
import type { QuDetail } from '../../../common/api/qu';
import { emit, inTransaction, type ServiceContext } from '../../context';
import { perAppCache } from '../../lib/cache';
import { fail, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { isBlankRichText, sanitizeRichText } from '../../lib/sanitize';
import { examReaches } from '../access/access.service';
import { ancestorDeptIds, assertDepartsExist, descendantDeptIds } from '../depart/depart.service';
import { drawPool, getQuestions } from '../qu/qu.service';
import { listStat, registerRepoUsage, repoTitles } from '../qu/repo.service';
import { deptIdOf } from '../user/user.service';
import { examDefOf, examState, settingsOf, type ExamDef } from './exam.def';
import * as repo from './exam.repository';
import { isForeignKeyViolation } from '../../db/errors';
import { checkComposition, cryptoRng, drawPaper, type BankStat, type FixedQu, type QuPools } from './paper.draw';

const missing = () => notFound('考试不存在或已被删除');

// ---------- reading ----------

/** An exam's definition, or a not-found refusal. */
export async function getExamDef(ctx: ServiceContext, id: string): Promise<ExamDef> {
  const row = await repo.findExam(ctx.db, id);
  if (!row) throw missing();
  return examDefOf(row);
}

// ---------- what starting a paper reads, cached ----------

/**
 * How long another process may go on using an exam definition this one's edit has changed (an
 * edit here drops it at once, as a bank edit drops the bank's questions at once).
 */
export const EXAM_TTL_MS = 5_000;

/**
 * An exam as papers are drawn from it: the definition, where its fixed questions live, and the
 * questions drawn so far (filled as papers draw them), valid while the banks it draws from are
 * unchanged (their versions in the question caches).
 */
interface ExamMaterial {
  def: ExamDef;
  repoIds: string[];
  versions: string;
  fixed: Map<string, FixedQu>;
  questions: Map<string, QuDetail>;
  /** Questions being read for papers drawn now: one read per question, however many papers wait for it. */
  reading: Map<string, Promise<void>>;
}

/** Per app (keyed by its caches, never shared between two apps in one process). */
const materialCache = perAppCache<string, ExamMaterial | null>(EXAM_TTL_MS, 1_000);

/** Forget what is cached of these exams (saved, enabled or disabled, deleted), here and wherever exam.changed is heard. */
async function examsChanged(ctx: ServiceContext, ids: readonly string[]): Promise<void> {
  forgetExams(ctx, ids);
  await emit(ctx, 'exam.changed', { examIds: ids });
}

const versionsOf = (ctx: ServiceContext, repoIds: readonly string[]) => repoIds.map((id) => ctx.caches.qu.statKey(id)).join(',');

async function loadMaterial(ctx: ServiceContext, id: string): Promise<ExamMaterial | null> {
  const row = await repo.findExam(ctx.db, id);
  if (!row) return null;
  const def = examDefOf(row);
  const fixedIds = [...new Set(def.groups.flatMap((g) => g.quIds))];
  const questions = new Map((await getQuestions(ctx, fixedIds)).map((q) => [q.id, q]));
  const fixed = new Map([...questions.values()].map((q) => [q.id, { quType: q.quType, repoId: q.repoId, level: q.level ?? 1 }]));
  const repoIds = [...new Set([...def.groups.flatMap((g) => g.draws.map((d) => d.repoId)), ...[...fixed.values()].map((f) => f.repoId)])].sort();
  return { def, repoIds, versions: versionsOf(ctx, repoIds), fixed, questions, reading: new Map() };
}

async function examMaterial(ctx: ServiceContext, id: string): Promise<ExamMaterial | undefined> {
  // Inside a transaction the caller reads its own writes: no cache.
  if (ctx.db.isTransaction) return (await loadMaterial(ctx, id)) ?? undefined;
  const cache = materialCache(ctx);
  let m = await cache.getOrLoad(id, () => loadMaterial(ctx, id));
  if (m && m.versions !== versionsOf(ctx, m.repoIds)) {
    cache.delete(id);
    m = await cache.getOrLoad(id, () => loadMaterial(ctx, id));
  }
  return m ?? undefined;
}

/** An exam's definition as learners' papers use it (cached for EXAM_TTL_MS, dropped on every edit here). */
export const findExamDef = async (ctx: ServiceContext, id: string): Promise<ExamDef | undefined> => (await examMaterial(ctx, id))?.def;

/**
 * One learner's questions of an exam, per section, with the questions themselves; or a refusal
 * naming what the banks lack. Reads only caches once the exam's questions have been drawn before.
 */
export async function drawForPaper(ctx: ServiceContext, examId: string): Promise<{ def: ExamDef; ids: string[][]; questions: ReadonlyMap<string, QuDetail> }> {
  const m = await examMaterial(ctx, examId);
  if (!m) throw missing();
  const result = drawPaper(m.def.groups, await poolsFor(ctx, m.def.groups), new Map([...m.fixed].map(([id, f]) => [id, f.quType])), cryptoRng, {
    shuffleQuestions: m.def.shuffleQuestions,
  });
  if ('shortages' in result) throw fail('题库中的试题已不足以组成试卷，请联系管理员');
  const ids = result.groups.map((g) => g.quIds);
  const absent: string[] = [];
  for (const group of ids) for (const id of group) if (!m.questions.has(id)) absent.push(id);
  if (absent.length) await readDrawn(ctx, m, absent);
  return { def: m.def, ids, questions: m.questions };
}

/** Adds these questions to the material, joining reads already under way (a cohort starting at once draws the same ones). */
async function readDrawn(ctx: ServiceContext, m: ExamMaterial, ids: readonly string[]): Promise<void> {
  const unread = ids.filter((id) => !m.reading.has(id));
  if (unread.length) {
    const read = getQuestions(ctx, unread)
      .then((qs) => {
        for (const q of qs) m.questions.set(q.id, q);
      })
      .finally(() => {
        for (const id of unread) m.reading.delete(id);
      });
    for (const id of unread) m.reading.set(id, read);
  }
  await Promise.all(new Set(ids.map((id) => m.reading.get(id))));
}

// ---------- warming what the first starts read ----------

/** An exam is warmed from this long before it opens (the warm-up job runs every second or so). */
export const WARM_AHEAD_MS = 30_000;
/** …and kept warm this long after it opened: the start storm of a cohort. */
export const WARM_AFTER_OPEN_MS = 60_000;
/** Exams warmed at most at once (at boot, every open one up to this many). */
const WARM_EXAMS_MAX = 20;
/** Pool questions read ahead per exam at most: a larger pool is read as papers draw it. */
const WARM_QUESTIONS_MAX = 2_000;

/**
 * Reads what the first papers of an open (or opening) exam read, so that a cohort starting at once
 * finds it in memory: the definition and its fixed questions, the draw pools, and the questions of
 * the pools (up to WARM_QUESTIONS_MAX). Answers whether the exam was there to warm.
 */
export async function warmExam(ctx: ServiceContext, id: string): Promise<boolean> {
  const m = await examMaterial(ctx, id);
  if (!m) return false;
  const pools = await poolsFor(ctx, m.def.groups);
  const ids = new Set<string>();
  for (const g of m.def.groups) {
    for (const d of g.draws) {
      for (const quId of pools.ids(d.repoId, g.quType, d.level)) {
        if (ids.size >= WARM_QUESTIONS_MAX) break;
        if (!m.questions.has(quId)) ids.add(quId);
      }
    }
  }
  if (ids.size) await readDrawn(ctx, m, [...ids]);
  return true;
}

/** Whether an exam is warm: its definition, every draw pool and the pools' questions (up to WARM_QUESTIONS_MAX) in memory. */
export function isExamWarm(ctx: ServiceContext, id: string): boolean {
  const m = materialCache(ctx).get(id);
  if (!m || m.versions !== versionsOf(ctx, m.repoIds)) return false;
  const pools = ctx.caches.qu.pools;
  let questions = 0;
  for (const g of m.def.groups) {
    for (const d of g.draws) {
      const pool = pools.get(ctx.caches.qu.poolKey(d.repoId, g.quType, d.level));
      if (!pool) return false;
      for (const quId of pool) if (questions++ < WARM_QUESTIONS_MAX && !m.questions.has(quId)) return false;
    }
  }
  return true;
}

/** Whether an exam is published, enabled and open at some moment of the warm-up window around now. */
const inWarmWindow = (def: ExamDef, now: number) =>
  def.publishTime !== null && def.enabled === GenericState.NORMAL && (def.startTime === null || def.startTime <= now + WARM_AHEAD_MS) && (def.endTime === null || def.endTime > now);

/**
 * Warms the exams opening now (from WARM_AHEAD_MS before their start to WARM_AFTER_OPEN_MS after it)
 * or, with `allOpen` (a process starting), every exam open now, WARM_EXAMS_MAX at most. Answers the
 * ids warmed.
 */
export async function warmOpeningExams(ctx: ServiceContext, allOpen = false): Promise<string[]> {
  const now = ctx.clock.now();
  const ids = await repo.examIdsOpenWithin(ctx.db, { from: now, to: now + WARM_AHEAD_MS, startedSince: allOpen ? undefined : now - WARM_AFTER_OPEN_MS }, WARM_EXAMS_MAX);
  const warmed: string[] = [];
  for (const id of ids) if (isExamWarm(ctx, id) || (await warmExam(ctx, id))) warmed.push(id);
  return warmed;
}

/** Drops what is kept of these exams in this process. */
export function forgetExams(ctx: ServiceContext, ids: readonly string[]): void {
  const cache = materialCache(ctx);
  for (const id of ids) cache.delete(id);
}

/** Exams saved, published or enabled while open (or about to open) are warmed again at once (subscribed to exam.changed). */
export async function warmChangedExams(ctx: ServiceContext, ids: readonly string[]): Promise<void> {
  const now = ctx.clock.now();
  for (const id of ids.slice(0, WARM_EXAMS_MAX)) {
    const def = await findExamDef(ctx, id);
    if (def && inWarmWindow(def, now)) await warmExam(ctx, id);
    else forgetExams(ctx, [id]);
  }
}

function warningsOf(def: ExamDef, stats: Map<string, BankStat[]>, titles: Map<string, string>): string[] {
  return checkComposition(def.groups, (id) => stats.get(id) ?? [], { repoTitle: (id) => titles.get(id) }).warnings;
}

async function toRecords(ctx: ServiceContext, defs: ExamDef[]): Promise<ExamRecord[]> {
  const ids = defs.map((d) => d.id);
  const repoIds = [...new Set(defs.flatMap((d) => d.groups.flatMap((g) => g.draws.map((x) => x.repoId))))];
  const [departs, users, counts, titles, stats] = await Promise.all([
    repo.departIdsByExam(ctx.db, ids),
    repo.userIdsByExam(ctx.db, ids),
    repo.paperCounts(ctx.db, ids),
    repoTitles(ctx, repoIds),
    bankStats(ctx, repoIds),
  ]);
  const now = ctx.clock.now();
  return defs.map((d) => ({
    id: d.id,
    title: d.title,
    content: d.content,
    openType: d.openType,
    departIds: departs.get(d.id) ?? [],
    userIds: users.get(d.id) ?? [],
    password: d.password,
    startTime: d.startTime,
    endTime: d.endTime,
    totalTime: d.totalTime,
    qualifyScore: d.qualifyScore,
    chance: d.chance,
    handMin: d.handMin,
    lateMax: d.lateMax,
    resultShow: d.resultShow,
    reviewAfterEnd: d.reviewAfterEnd,
    practiceDuringExam: d.practiceDuringExam,
    rankingVisible: d.rankingVisible,
    rankingShowNames: d.rankingShowNames,
    excellentScore: d.excellentScore,
    thanks: d.thanks,
    displayMode: d.displayMode,
    shuffleQuestions: d.shuffleQuestions,
    shuffleOptions: d.shuffleOptions,
    leaveLimit: d.leaveLimit,
    fullscreen: d.fullscreen,
    blockPaste: d.blockPaste,
    watermark: d.watermark,
    idleLimit: d.idleLimit,
    groups: d.groups,
    enabled: d.enabled,
    state: examState(d, now),
    publishTime: d.publishTime,
    totalScore: d.totalScore,
    quCount: d.quCount,
    paperCount: counts.get(d.id)?.papers ?? 0,
    awaitingMarkCount: counts.get(d.id)?.awaiting ?? 0,
    warnings: warningsOf(d, stats, titles),
    createTime: d.createTime,
    updateTime: d.updateTime,
  }));
}

async function bankStats(ctx: ServiceContext, repoIds: readonly string[]): Promise<Map<string, BankStat[]>> {
  const out = new Map<string, BankStat[]>();
  for (const id of repoIds) {
    try {
      out.set(id, await listStat(ctx, id));
    } catch {
      out.set(id, []);
    }
  }
  return out;
}

export async function pagingExams(ctx: ServiceContext, body: BodyOf<typeof examApi.paging>): Promise<Page<ExamRecord>> {
  const p = body.params ?? {};
  const now = ctx.clock.now();
  const state =
    p.state === ExamState.DRAFT ? { draft: true }
    : p.state === ExamState.DISABLED ? { draft: false, enabled: GenericState.DISABLED }
    : p.state === ExamState.NOT_STARTED ? { draft: false, enabled: GenericState.NORMAL, startAfter: now }
    : p.state === ExamState.ENDED ? { draft: false, enabled: GenericState.NORMAL, endBefore: now }
    : p.state === ExamState.OPEN ? { draft: false, enabled: GenericState.NORMAL, openAt: now }
    : undefined;
  const page = await repo.pageExams(ctx.db, { title: p.title?.trim() || undefined, openType: p.openType === '' ? undefined : p.openType, state }, body);
  return { ...page, records: await toRecords(ctx, page.records.map(examDefOf)) };
}

export async function getExam(ctx: ServiceContext, id: string): Promise<ExamRecord> {
  return (await toRecords(ctx, [await getExamDef(ctx, id)]))[0];
}

// ---------- composition ----------

/** Where the fixed questions of a composition live (bank, type, level). */
async function fixedOf(ctx: ServiceContext, groups: readonly ExamGroup[]): Promise<Map<string, FixedQu>> {
  const ids = [...new Set(groups.flatMap((g) => g.quIds))];
  const qs = await getQuestions(ctx, ids);
  return new Map(qs.map((q) => [q.id, { quType: q.quType, repoId: q.repoId, level: q.level ?? 1 }]));
}

export async function checkGroups(ctx: ServiceContext, groups: readonly ExamGroup[]): Promise<ExamCheckResult & { repoIds: string[] }> {
  for (const [i, g] of groups.entries()) {
    if (g.partialScore && g.quType !== QuType.MULTIPLE) throw fail(`第${i + 1}部分“${g.title}”：只有多选题可以设置漏选得分`);
    if (g.partialScore && g.partialScore >= g.perScore) throw fail(`第${i + 1}部分“${g.title}”：漏选得分应小于每题分值`);
  }
  const fixed = await fixedOf(ctx, groups);
  const repoIds = [...new Set([...groups.flatMap((g) => g.draws.map((d) => d.repoId)), ...[...fixed.values()].map((f) => f.repoId)])];
  const [titles, stats] = await Promise.all([repoTitles(ctx, repoIds), bankStats(ctx, repoIds)]);
  const check = checkComposition(groups, (id) => stats.get(id) ?? [], { repoTitle: (id) => titles.get(id), fixed });
  return { ...check, repoIds: repoIds.filter((id) => titles.has(id)) };
}

/** The draw pools of a composition, loaded (from the per-app cache) before drawing. */
async function poolsFor(ctx: ServiceContext, groups: readonly ExamGroup[]): Promise<QuPools> {
  const loaded = new Map<string, readonly string[]>();
  const key = (repoId: string, quType: number, level?: number) => `${repoId}:${quType}:${level ?? ''}`;
  for (const g of groups) {
    for (const d of g.draws) loaded.set(key(d.repoId, g.quType, d.level), await drawPool(ctx, d.repoId, g.quType, d.level));
  }
  return { ids: (repoId, quType, level) => loaded.get(key(repoId, quType, level)) ?? [] };
}

/** One learner's question ids per section, or a refusal naming what the banks lack. */
async function drawQuestionIds(ctx: ServiceContext, groups: readonly ExamGroup[], shuffleQuestions: boolean): Promise<string[][]> {
  const fixed = await fixedOf(ctx, groups);
  const result = drawPaper(groups, await poolsFor(ctx, groups), new Map([...fixed].map(([id, f]) => [id, f.quType])), cryptoRng, { shuffleQuestions });
  if ('shortages' in result) throw fail('题库中的试题已不足以组成试卷，请联系管理员');
  return result.groups.map((g) => g.quIds);
}

export async function previewExam(ctx: ServiceContext, body: BodyOf<typeof examApi.preview>): Promise<ExamPreview> {
  const check = await checkGroups(ctx, body.groups);
  if (check.errors.length) throw fail(check.errors.join('；'));
  const ids = await drawQuestionIds(ctx, body.groups, body.shuffleQuestions ?? false);
  const qs = new Map((await getQuestions(ctx, ids.flat())).map((q) => [q.id, q]));
  return {
    totalScore: check.totalScore,
    groups: body.groups.map((g, i) => ({ title: g.title, quType: g.quType, perScore: g.perScore, quList: ids[i].flatMap((id) => qs.get(id) ?? []) })),
  };
}

// ---------- saving ----------

export async function saveExam(ctx: ServiceContext, authorId: string, body: ExamSaveBody): Promise<ExamRecord> {
  const title = body.title.trim();
  if (!title) throw fail('考试名称不能为空');
  if (body.startTime !== null && body.endTime !== null && body.startTime >= body.endTime) throw fail('结束时间应晚于开始时间');
  if (body.totalTime === 0 && body.endTime === null) throw fail('不限时长的考试必须设置结束时间');
  const departIds = body.openType === ExamOpenType.DEPARTS ? [...new Set(body.departIds)] : [];
  const userIds = body.openType === ExamOpenType.PEOPLE ? [...new Set(body.userIds)] : [];
  if (body.openType === ExamOpenType.DEPARTS && departIds.length === 0) throw fail('请选择参加考试的部门');
  if (body.openType === ExamOpenType.PEOPLE && userIds.length === 0) throw fail('请选择参加考试的人员');
  const password = body.openType === ExamOpenType.PASSWORD ? body.password.trim() : '';
  if (body.openType === ExamOpenType.PASSWORD && !password) throw fail('请设置考试密码');
  const check = await checkGroups(ctx, body.groups);
  if (check.errors.length) throw fail(check.errors.join('；'));
  if (body.qualifyScore > check.totalScore) throw fail(`及格分不能高于试卷总分（${check.totalScore}分）`);
  if (body.excellentScore != null && body.excellentScore > check.totalScore) throw fail(`优秀线不能高于试卷总分（${check.totalScore}分）`);
  const content = sanitizeRichText(body.content);
  const groups: ExamGroup[] = body.groups.map((g) => ({
    title: g.title.trim() || QuType.label(g.quType),
    quType: g.quType,
    perScore: g.perScore,
    ...(g.quType === QuType.MULTIPLE && g.partialScore ? { partialScore: g.partialScore } : {}),
    draws: g.draws,
    quIds: [...new Set(g.quIds)],
  }));
  try {
    const id = await inTransaction(ctx, async (tx) => {
      await assertDepartsExist(tx, departIds);
      const current = body.id ? await repo.findExam(tx.db, body.id) : undefined;
      if (body.id && !current) throw missing();
      const now = tx.clock.now();
      const values: repo.ExamValues = {
        title,
        content: isBlankRichText(content) ? '' : content,
        open_type: body.openType,
        password,
        start_time: body.startTime,
        end_time: body.endTime,
        total_time: body.totalTime,
        qualify_score: body.qualifyScore,
        chance: body.chance,
        hand_min: body.handMin,
        late_max: body.lateMax,
        result_show: body.resultShow,
        review_after_end: body.reviewAfterEnd ? 1 : 0,
        practice_during: body.practiceDuringExam ? 1 : 0,
        // Kept as they were when a client that does not know them saves the exam.
        rank_open: body.rankingVisible === undefined ? (current?.rank_open ?? 0) : body.rankingVisible ? 1 : 0,
        rank_names: body.rankingShowNames === undefined ? (current?.rank_names ?? 1) : body.rankingShowNames ? 1 : 0,
        excellent_score: body.excellentScore === undefined ? (current?.excellent_score ?? null) : body.excellentScore,
        thanks: body.thanks.trim(),
        settings: JSON.stringify(settingsOf(body)),
        groups: JSON.stringify(groups),
        total_score: check.totalScore,
        qu_count: check.quCount,
        update_time: now,
      };
      let examId = current?.id;
      if (examId) await repo.updateExam(tx.db, examId, values);
      else {
        examId = newId();
        // A draft until published (setExamsState): learners must not see a half-built exam.
        await repo.insertExam(tx.db, { id: examId, ...values, state: GenericState.NORMAL, publish_time: null, create_by: authorId, create_time: now });
      }
      await repo.replaceAudience(tx.db, examId, departIds, userIds, check.repoIds);
      return examId;
    });
    await examsChanged(ctx, [id]);
    return await getExam(ctx, id);
  } catch (e) {
    if (isForeignKeyViolation(e)) throw fail('所选人员不存在或已被删除，请刷新后重试');
    throw e;
  }
}

export async function deleteExams(ctx: ServiceContext, ids: readonly string[]): Promise<void> {
  const unique = [...new Set(ids)];
  await inTransaction(ctx, async (tx) => {
    const counts = await repo.paperCounts(tx.db, unique);
    const withPapers = unique.filter((id) => (counts.get(id)?.papers ?? 0) > 0);
    if (withPapers.length) {
      const titles = await Promise.all(withPapers.map(async (id) => (await repo.findExam(tx.db, id))?.title ?? id));
      throw fail(`考试“${titles.join('”、“')}”已有考生的试卷，不能删除，可以将其禁用`);
    }
    if ((await repo.deleteExams(tx.db, unique)) === 0) throw missing();
  });
  await examsChanged(ctx, unique);
}

/**
 * Enabling publishes the drafts among the exams and enables them all; disabling disables them (a
 * draft stays a draft) and hands in their open papers (forced, exam closed).
 */
export async function setExamsState(ctx: ServiceContext, ids: readonly string[], state: number): Promise<void> {
  const unique = [...new Set(ids)];
  await inTransaction(ctx, async (tx) => {
    if ((await repo.countExams(tx.db, unique)) < unique.length) throw missing();
    const now = tx.clock.now();
    await repo.setExamState(tx.db, unique, state, now);
    if (state === GenericState.NORMAL) await repo.publishExams(tx.db, unique, now);
  });
  await examsChanged(ctx, unique);
  if (state === GenericState.DISABLED) await emit(ctx, 'exam.disabled', { examIds: unique });
}

/** How many active users the exam is open to: what publishing it would reach (password exams: everyone, who then needs the password). */
export async function audienceSize(ctx: ServiceContext, id: string): Promise<ExamAudience> {
  const def = await getExamDef(ctx, id);
  let reach: repo.AudienceReach = { kind: 'everyone' };
  if (def.openType === ExamOpenType.DEPARTS) {
    const departs = (await repo.departIdsByExam(ctx.db, [id])).get(id) ?? [];
    reach = { kind: 'departs', deptIds: departs.length ? await descendantDeptIds(ctx, departs) : [] };
  } else if (def.openType === ExamOpenType.PEOPLE) reach = { kind: 'listed', examId: id };
  return { count: await repo.countAudience(ctx.db, reach) };
}

// ---------- learners ----------

/** Whether the exam's audience reaches the user (a password exam reaches everyone; the password is checked on entry). */
export const inAudience = (ctx: ServiceContext, def: ExamDef, userId: string): Promise<boolean> => examReaches(ctx, def, userId);

/** A page of the exams whose audience reaches the learner, published and enabled, by title. */
export async function pageExamDefsFor(ctx: ServiceContext, userId: string, body: BodyOf<typeof onlineExamApi.onlinePaging>): Promise<Page<ExamDef>> {
  const deptIds = await ancestorDeptIds(ctx, (await deptIdOf(ctx, userId)) || null);
  const page = await repo.pageExamsFor(ctx.db, userId, deptIds, body.params?.title?.trim() || undefined, body);
  return { ...page, records: page.records.map(examDefOf) };
}

/** A bank cannot be deleted while an exam draws from it (registered with the bank module). */
export function registerExamHooks(ctx: ServiceContext): void {
  registerRepoUsage(ctx, async (c, repoIds) => {
    const titles = await repo.examsUsingRepos(c.db, repoIds);
    return titles.length ? `考试“${titles.join('”、“')}”正在使用该题库，请先修改或删除这些考试` : null;
  });
}
