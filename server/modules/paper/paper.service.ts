import type { BodyOf, CardItem, FillAnswerBody, FillAnswerResult, OpenPaper, PaperDetail, PaperQu, PreCheckResult, SavedAnswer, paperApi } from '../../../common/api';
import type { AnswerInput } from '../../../common/api/qu';
import { ExamOpenType, ExamState, GenericState, HandType, PaperEvent, PaperState, QuType, type CodeOf } from '../../../common/codes';
import { ErrorCode } from '../../../common/errorCodes';
import { emit, inTransaction, type ServiceContext } from '../../context';
import type { GradedQuestion, MissedQuestion } from '../../events';
import { perAppCache } from '../../lib/cache';
import type { Db } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import type { PaperQuRow, PaperRow } from '../../db/schema';
import { AppError, fail, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import type { LimitRule } from '../../lib/rateLimit';
import type { AuthUser } from '../identity/session.service';
import { examState, type ExamDef } from '../exam/exam.def';
import { drawForPaper, findExamDef, inAudience } from '../exam/exam.service';
import { cryptoRng } from '../exam/paper.draw';
import { gradeAnswer, gradeCombined, type GradeResult } from '../qu/qu.grading';
import { toPublic } from '../qu/qu.public';
import { getUserRecord } from '../user/user.service';
import { answerForType, answerOf, groupsOfPaper, SAVE_GRACE_MS, saysSomething, secondsUsed, settingsOfPaper, snapshotOf, type PaperGroup, type PaperSettings } from './paper.def';
import * as repo from './paper.repository';
import { snapshotCopy, snapshotSource, type SnapshotSource } from './paper.snapshot';

/**
 * Papers: a learner's attempt at an exam, from the pre-check to the hand-in. The server owns the
 * clock: a paper past its deadline is handed in before anything else is done with it.
 */

const noPaper = () => notFound('试卷不存在');
type PaperStateValue = CodeOf<typeof PaperState>;

// ---------- the checks before an exam ----------

interface EntryCheck {
  message: string;
  /** The caller's open paper of this exam (entering resumes it). */
  resume?: string;
  /** The caller's open paper of another exam. */
  other?: { id: string; title: string };
}

/**
 * Guesses at an exam's password: per learner and exam, and per address over all exams (generous:
 * a class may sit behind one address). An attempt is reserved before the password is compared and
 * given back when it was right.
 */
export const EXAM_PASSWORD_LIMITS = {
  learner: { name: 'exam-password', points: 5, durationSec: 15 * 60 },
  address: { name: 'exam-password-address', points: 200, durationSec: 15 * 60 },
} as const satisfies Record<string, LimitRule>;

/** Who is asking to enter, and the password they typed (a password exam's check is counted once per request). */
export interface EntryAsk {
  userId: string;
  ip: string;
  password?: string;
  /** The password's verdict ('' when right), worked out once however often the rules are checked. */
  passwordVerdict?: Promise<string>;
}

async function passwordVerdict(ctx: ServiceContext, ask: EntryAsk, def: ExamDef): Promise<string> {
  if (!ask.password) return '请输入考试密码';
  const learner = ctx.limiter.for(EXAM_PASSWORD_LIMITS.learner);
  const address = ctx.limiter.for(EXAM_PASSWORD_LIMITS.address);
  const key = `${ask.userId}:${def.id}`;
  const [mine, here] = await Promise.all([learner.consume(key), address.consume(ask.ip)]);
  if (!mine.allowed || !here.allowed) return '考试密码错误次数过多，请15分钟后再试';
  if (ask.password !== def.password) return '考试密码错误';
  await Promise.all([learner.refund(key), address.refund(ask.ip)]);
  return '';
}

/**
 * The V2 checks in their order. With `readOpen` false the caller's open paper is not looked for:
 * the answer is then what the exam's own rules say, as if the caller had none.
 */
async function entryCheck(ctx: ServiceContext, ask: EntryAsk, def: ExamDef | undefined, readOpen = true): Promise<EntryCheck> {
  const { userId } = ask;
  if (!def || !(await inAudience(ctx, def, userId))) return { message: '您不在本场考试的范围内' };
  const open = readOpen ? await currentPaper(ctx, userId) : undefined;
  if (open && open.exam_id === def.id) return { message: '', resume: open.id };
  const now = ctx.clock.now();
  const state = examState(def, now);
  if (state === ExamState.DRAFT) return { message: '考试尚未发布，暂时不能参加' };
  if (state === ExamState.DISABLED) return { message: '考试已被禁用' };
  if (state === ExamState.NOT_STARTED) return { message: '考试尚未开始' };
  if (state === ExamState.ENDED) return { message: '考试已经结束' };
  if (open) return { message: `您有正在进行中的考试“${open.title}”，请先完成该考试`, other: { id: open.id, title: open.title } };
  if (def.openType === ExamOpenType.PASSWORD) {
    const message = await (ask.passwordVerdict ??= passwordVerdict(ctx, ask, def));
    if (message) return { message };
  }
  if (def.lateMax > 0 && def.startTime !== null && now > def.startTime + def.lateMax * 60_000) return { message: `开考${def.lateMax}分钟后不能再进入考试` };
  if (def.chance > 0 && (await repo.countPapers(ctx.db, userId, def.id)) >= def.chance) return { message: `最多允许考试${def.chance}次` };
  return { message: '' };
}

export async function preCheck(ctx: ServiceContext, ask: EntryAsk, examId: string): Promise<PreCheckResult> {
  const c = await entryCheck(ctx, ask, await findExamDef(ctx, examId));
  if (c.resume) return { validated: true, message: '', paperId: c.resume };
  return { validated: c.message === '', message: c.message };
}

/** The caller's paper in exam, after handing in one found past its deadline. */
async function currentPaper(ctx: ServiceContext, userId: string): Promise<PaperRow | undefined> {
  const open = await repo.openPaperOf(ctx.db, userId);
  if (open && (await dueHandIn(ctx, open))) return undefined;
  return open;
}

export async function checkProcess(ctx: ServiceContext, userId: string): Promise<OpenPaper | null> {
  const open = await currentPaper(ctx, userId);
  return open ? { id: open.id, examId: open.exam_id, title: open.title, leftSeconds: leftSecondsOf(ctx, open) } : null;
}

// ---------- making a paper ----------

export async function createPaper(ctx: ServiceContext, who: AuthUser, ask: EntryAsk, examId: string): Promise<{ id: string }> {
  const checked = await findExamDef(ctx, examId);
  // Where the exam's own rules let the caller in, only an open paper could change the answer (its
  // exam resumes, another's is refused), and the one-open-paper index finds one as the new paper is
  // written: it is looked for only then, one read fewer for every learner of a cohort starting.
  if (checked && (await entryCheck(ctx, ask, checked, false)).message === '') {
    const made = await startNewPaper(ctx, who, checked.id);
    if (made) return made;
  }
  // The full check, twice at most: the open paper in the way may have been handed in at its deadline
  // by the check, or two starts may have run at once (the second then resumes the first's paper).
  for (let attempt = 0; attempt < 2; attempt++) {
    const c = await entryCheck(ctx, ask, checked);
    if (c.resume) return { id: c.resume };
    if (c.other) throw new AppError(ErrorCode.EXAM_IN_PROGRESS, c.message);
    if (c.message || !checked) throw fail(c.message || '考试不存在');
    const made = await startNewPaper(ctx, who, checked.id);
    if (made) return made;
  }
  throw fail('考试没有开始成功，请再试一次');
}

/**
 * Draws, snapshots and writes a new paper of the exam; undefined where the caller has an open paper
 * already (the one-open-paper index refused it).
 */
async function startNewPaper(ctx: ServiceContext, who: AuthUser, examId: string): Promise<{ id: string } | undefined> {
  // Drawing and snapshotting happen before the transaction (no slow work inside one); the paper
  // follows the definition it was drawn from.
  const { def, ids, questions } = await drawForPaper(ctx, examId);
  const now = ctx.clock.now();
  const paperId = newId();
  const qus: repo.DrawnQu[] = [];
  const bases: SnapshotSource[] = [];
  def.groups.forEach((g, gi) => {
    ids[gi].forEach((quId, k) => {
      const q = questions.get(quId);
      if (!q) return;
      const source = snapshotSource(q);
      bases.push(source);
      qus.push({ qu_id: quId, parent_id: '', group_index: gi, sort: qus.length + 1, qu_type: q.quType, score: g.perScore, copy: snapshotCopy(source, def.shuffleOptions, cryptoRng) });
      if (q.quType === QuType.COMBINED) {
        const parts = source.body.subList ?? [];
        const shares = parts.reduce((n, s) => n + s.share, 0) || 1;
        parts.forEach((s, si) => {
          qus.push({ qu_id: s.id!, parent_id: quId, group_index: gi, sort: k * 100 + si + 1, qu_type: s.quType, score: Math.round((g.perScore * s.share * 100) / shares) / 100, copy: '' });
        });
      }
    });
  });
  const totalScore = Math.round(def.groups.reduce((n, g, gi) => n + ids[gi].filter((id) => questions.has(id)).length * g.perScore, 0) * 100) / 100;
  const deadline = Math.min(def.totalTime > 0 ? now + def.totalTime * 60_000 : Number.MAX_SAFE_INTEGER, def.endTime ?? Number.MAX_SAFE_INTEGER);
  const user = def.watermark ? await getUserRecord(ctx, who.id) : undefined;
  const settings: PaperSettings = {
    displayMode: def.displayMode,
    shuffleQuestions: def.shuffleQuestions,
    shuffleOptions: def.shuffleOptions,
    leaveLimit: def.leaveLimit,
    fullscreen: def.fullscreen,
    blockPaste: def.blockPaste,
    watermark: def.watermark,
    idleLimit: def.idleLimit,
    handMin: def.handMin,
    resultShow: def.resultShow,
    reviewAfterEnd: def.reviewAfterEnd,
    endTime: def.endTime,
    thanks: def.thanks,
    watermarkText: user ? `${user.realName} ${user.userName}` : '',
  };
  const groups: PaperGroup[] = def.groups.map((g) => ({ title: g.title, quType: g.quType, perScore: g.perScore, ...(g.partialScore ? { partialScore: g.partialScore } : {}) }));
  const paper: PaperRow = {
    id: paperId, exam_id: def.id, user_id: who.id, title: def.title, state: PaperState.IN_EXAM, total_score: totalScore, qualify_score: def.qualifyScore,
    obj_score: 0, subj_score: 0, user_score: null, passed: null, hand_type: null, leave_count: 0, idle_time: null, deadline,
    settings: JSON.stringify(settings), groups: JSON.stringify(groups), create_time: now, hand_time: null, update_time: now,
  };
  try {
    await repo.startPaper(ctx.db, { paper, qus, bases, eventId: newId(), recordId: newId() });
  } catch (e) {
    if (isUniqueViolation(e)) return undefined;
    throw e;
  }
  draftsOf(ctx).set(paperId, repo.paperCard(qus));
  freshPapers(ctx).set(paperId, paper);
  return { id: paperId };
}

// ---------- while answering ----------

function leftSecondsOf(ctx: ServiceContext, p: Pick<PaperRow, 'deadline' | 'state'>): number {
  if (p.state !== PaperState.IN_EXAM) return 0;
  return Math.max(0, Math.ceil((p.deadline - ctx.clock.now()) / 1000));
}

/**
 * Hands in a paper in exam found past its deadline and the grace for saves in flight (until then
 * the learner's last answers may still arrive); answers whether it did.
 */
async function dueHandIn(ctx: ServiceContext, p: PaperRow): Promise<boolean> {
  if (p.state !== PaperState.IN_EXAM || ctx.clock.now() <= p.deadline + SAVE_GRACE_MS) return false;
  await finishPaper(ctx, p.id, HandType.DEADLINE);
  return true;
}

/**
 * The caller's paper (never another learner's: the same answer as a missing one), deadline applied,
 * with what `read` gives along with it.
 */
async function owned<T extends { paper: PaperRow }>(ctx: ServiceContext, userId: string, id: string, read: (db: Db, id: string) => Promise<T | undefined>): Promise<T> {
  let found = await read(ctx.db, id);
  if (!found || found.paper.user_id !== userId) throw noPaper();
  if (await dueHandIn(ctx, found.paper)) found = (await read(ctx.db, id))!;
  return found;
}

const paperOnly = async (db: Db, id: string) => {
  const paper = await repo.findPaper(db, id);
  return paper && { paper };
};

const ownPaper = async (ctx: ServiceContext, userId: string, id: string): Promise<PaperRow> => (await owned(ctx, userId, id, paperOnly)).paper;

/**
 * Papers this process has just written, kept for the answer card the exam page reads next: nothing
 * can have been answered on a paper before its card was read, so that first read needs no query.
 * Taken once; any save, event or hand-in on the paper drops it first.
 */
const freshPapers = perAppCache<string, PaperRow>(60_000, 20_000);

const freshOrStored = (ctx: ServiceContext) => (db: Db, id: string) => {
  const fresh = freshPapers(ctx).get(id);
  if (!fresh) return repo.findPaperWithMarks(db, id);
  freshPapers(ctx).delete(id);
  return Promise.resolve({ paper: fresh, marks: [] });
};

export async function paperDetail(ctx: ServiceContext, userId: string, id: string): Promise<PaperDetail> {
  const { paper: p, marks } = await owned(ctx, userId, id, freshOrStored(ctx));
  const s = settingsOfPaper(p);
  const rows = await repo.cardRows(ctx.db, p.id, await repo.keptCard(ctx.db, draftsOf(ctx), p.id), marks);
  const partsAnswered = new Set(rows.filter((r) => r.parent_id && r.answered).map((r) => r.parent_id));
  const groups = groupsOfPaper(p).map((g, gi) => ({
    title: g.title,
    quType: g.quType as CardItem['quType'],
    perScore: g.perScore,
    quList: rows
      .filter((r) => r.group_index === gi && !r.parent_id)
      .map((r) => ({ quId: r.qu_id, quType: r.qu_type as CardItem['quType'], sort: r.sort, answered: r.answered === 1 || partsAnswered.has(r.qu_id), mark: r.mark === 1 })),
  }));
  const now = ctx.clock.now();
  return {
    id: p.id,
    examId: p.exam_id,
    title: p.title,
    state: p.state as PaperStateValue,
    leftSeconds: leftSecondsOf(ctx, p),
    handInSeconds: Math.max(0, Math.ceil((p.create_time + s.handMin * 60_000 - now) / 1000)),
    totalScore: p.total_score,
    groups,
    displayMode: s.displayMode,
    leaveLimit: s.leaveLimit,
    leaveCount: p.leave_count,
    fullscreen: s.fullscreen,
    blockPaste: s.blockPaste,
    watermark: s.watermark ? s.watermarkText : '',
    idleLimit: s.idleLimit,
  };
}

const savedOf = (r: PaperQuRow): SavedAnswer => ({ ...answerOf(r), answered: r.answered === 1, mark: r.mark === 1, seq: r.seq });

export async function paperQuDetail(ctx: ServiceContext, userId: string, paperId: string, quId: string): Promise<PaperQu> {
  const p = await ownPaper(ctx, userId, paperId);
  if (p.state !== PaperState.IN_EXAM) throw fail('试卷已交卷');
  const rows = await repo.paperQuWithParts(ctx.db, p.id, quId);
  const main = rows.find((r) => r.qu_id === quId && !r.parent_id);
  if (!main) throw notFound('试题不在这份试卷中');
  const pub = toPublic(quId, snapshotOf(main));
  return { ...pub, saved: savedOf(main), subSaved: Object.fromEntries(rows.filter((r) => r.parent_id === quId).map((r) => [r.qu_id, savedOf(r)])) };
}

/**
 * Papers' draft cards, by paper id (undefined: no draft any more): a question's first answer makes
 * its row from them, and the answer card lists them. Kept from the paper's start.
 */
// A draft never changes, so any process may keep it; the bound is what a cohort needs at once.
const draftsOf = perAppCache<string, repo.PaperCard | undefined>(10 * 60_000, 20_000);

/**
 * Saves one answer in one short statement. A save whose seq is not newer than the stored one is
 * acknowledged with the stored seq and changes nothing; after the deadline (past a short grace for
 * saves in flight) or after hand-in it is refused.
 */
export async function fillAnswer(ctx: ServiceContext, userId: string, body: FillAnswerBody): Promise<FillAnswerResult> {
  freshPapers(ctx).delete(body.paperId);
  const now = ctx.clock.now();
  const answer: AnswerInput = { answers: body.answers, answer: body.answer, blanks: body.blanks, pairs: body.pairs };
  const saved = await repo.saveAnswer(ctx.db, {
    drafts: draftsOf(ctx),
    paperId: body.paperId,
    quId: body.quId,
    userId,
    answer: JSON.stringify(answer),
    answered: saysSomething(answer) ? 1 : 0,
    mark: body.mark === undefined ? undefined : body.mark ? 1 : 0,
    seq: body.seq,
    now,
    latest: now - SAVE_GRACE_MS,
  });
  if (saved) return { seq: body.seq, savedAt: now };
  // Why not: someone else's paper, handed in, past the deadline, not on the paper, or stale.
  const p = await repo.findPaper(ctx.db, body.paperId);
  if (!p || p.user_id !== userId) throw noPaper();
  if (p.state !== PaperState.IN_EXAM) throw fail('试卷已交卷，答案不能再修改');
  if (p.deadline < now - SAVE_GRACE_MS) {
    await finishPaper(ctx, p.id, HandType.DEADLINE);
    throw fail('考试时间已到，试卷已自动交卷');
  }
  const q = await repo.findPaperQu(ctx.db, p.id, body.quId);
  if (!q) throw notFound('试题不在这份试卷中');
  return { seq: q.seq, savedAt: q.update_time };
}

export async function leftTime(ctx: ServiceContext, userId: string, id: string): Promise<number> {
  return leftSecondsOf(ctx, await ownPaper(ctx, userId, id));
}

/** Records an integrity event with the server's time; the leave limit and inactivity hand the paper in. */
export async function paperEvent(ctx: ServiceContext, userId: string, body: BodyOf<typeof paperApi.event>): Promise<{ leaveCount: number; leaveLimit: number; handed: boolean }> {
  freshPapers(ctx).delete(body.paperId);
  const p = await ownPaper(ctx, userId, body.paperId);
  const s = settingsOfPaper(p);
  if (p.state !== PaperState.IN_EXAM) return { leaveCount: p.leave_count, leaveLimit: s.leaveLimit, handed: true };
  const now = ctx.clock.now();
  await inTransaction(ctx, async (tx) => {
    await repo.insertEvent(tx.db, { id: newId(), paper_id: p.id, type: body.type, time: now, detail: (body.detail ?? '').slice(0, 200) });
    if (body.type === PaperEvent.LEAVE) await repo.addLeave(tx.db, p.id, now);
    if (body.type === PaperEvent.IDLE) await repo.updatePaper(tx.db, p.id, { idle_time: now, update_time: now });
  });
  const leaveCount = p.leave_count + (body.type === PaperEvent.LEAVE ? 1 : 0);
  let handed = false;
  if (body.type === PaperEvent.LEAVE && s.leaveLimit > 0 && leaveCount >= s.leaveLimit) handed = await finishPaper(ctx, p.id, HandType.LEAVE);
  if (body.type === PaperEvent.IDLE && s.idleLimit > 0) handed = await finishPaper(ctx, p.id, HandType.IDLE);
  return { leaveCount, leaveLimit: s.leaveLimit, handed };
}

/**
 * Hands in the caller's paper. By the learner (type 0) only after handMin; a forced type only
 * where the server's own record backs it. Idempotent: a paper handed in already answers its state.
 */
export async function handExam(ctx: ServiceContext, userId: string, id: string, type: CodeOf<typeof HandType>): Promise<{ id: string; state: PaperStateValue }> {
  const { paper: p, ...read } = await owned(ctx, userId, id, repo.findPaperToHandIn);
  if (p.state !== PaperState.IN_EXAM) return { id: p.id, state: p.state as PaperStateValue };
  const s = settingsOfPaper(p);
  const now = ctx.clock.now();
  const backed =
    type === HandType.LEARNER ||
    (type === HandType.LEAVE && s.leaveLimit > 0 && p.leave_count >= s.leaveLimit) ||
    (type === HandType.IDLE && s.idleLimit > 0 && p.idle_time !== null) ||
    (type === HandType.DEADLINE && now >= p.deadline) ||
    (type === HandType.CLOSED && (await findExamDef(ctx, p.exam_id))?.enabled === GenericState.DISABLED);
  if (!backed) throw fail('交卷条件不成立，请继续作答');
  if (type === HandType.LEARNER && now < p.create_time + s.handMin * 60_000) {
    throw fail(`开考${s.handMin}分钟后才能交卷，还需${Math.ceil((p.create_time + s.handMin * 60_000 - now) / 60_000)}分钟`);
  }
  const state = await closeGraded(ctx, p, type, read);
  if (state !== undefined) return { id: p.id, state };
  // Closed meanwhile by another call (the deadline job, a second click): its state as stored.
  const after = (await repo.findPaper(ctx.db, p.id))!;
  return { id: after.id, state: after.state as PaperStateValue };
}

// ---------- handing in: grading, record, wrong book ----------

interface PaperGrade {
  grades: Array<{ quId: string; is_right: number; actual_score: number | null; needs_mark: number; answered: number }>;
  /** Settled questions short of their full score (told with paper.handedIn: the wrong book files them). */
  missed: MissedQuestion[];
  objScore: number;
  needsMarking: boolean;
}

/**
 * Grades every objective question of a paper from its rows (card order, parts after their question).
 * A blank short answer needs no marker: it scores 0 at once, so a paper whose short answers are all
 * blank is finished at hand-in, and a marker of any other sees it scored already. A missed question
 * is told as its row stores it (`lines`: a copy's line, see paper.copies).
 */
function gradePaper(p: PaperRow, rows: readonly PaperQuRow[], lines: ReadonlyMap<string, string>): PaperGrade {
  const groups = groupsOfPaper(p);
  const grades: PaperGrade['grades'] = [];
  // Settled questions short of full, with whether a short answer is in them (those wait for the marking of the paper).
  const missed: Array<MissedQuestion & { short: boolean }> = [];
  let objective = 0;
  let needsMarking = false;
  const miss = (r: PaperQuRow, q: MissedQuestion['question'], earned: number, short: boolean) => {
    if (earned < r.score) missed.push({ quId: r.qu_id, quType: r.qu_type, question: q, json: lines.get(r.qu_id) ?? r.question, earned, full: r.score, short });
  };
  for (const r of rows.filter((x) => !x.parent_id)) {
    const q = snapshotOf(r);
    const rules = { partialScore: groups[r.group_index]?.partialScore };
    if (r.qu_type === QuType.COMBINED) {
      const parts = rows.filter((x) => x.parent_id === r.qu_id);
      const g = gradeCombined(q, new Map(parts.map((x) => [x.qu_id, answerForType(x.qu_type, answerOf(x))])), r.score, rules);
      const subs = g.subs.map((sub) => ({ ...sub, result: blankIsZero(sub.result) }));
      const pending = subs.some((sub) => sub.result.needsMarking);
      for (const sub of subs) {
        const part = parts.find((x) => x.qu_id === sub.id);
        grades.push({ quId: sub.id, is_right: sub.result.isRight ? 1 : 0, actual_score: sub.result.needsMarking ? null : sub.result.score, needs_mark: sub.result.needsMarking ? 1 : 0, answered: part?.answered ?? 0 });
      }
      grades.push({ quId: r.qu_id, is_right: g.isRight ? 1 : 0, actual_score: pending ? null : g.score, needs_mark: pending ? 1 : 0, answered: g.answered ? 1 : 0 });
      objective += subs.reduce((n, s) => n + (s.result.needsMarking ? 0 : s.result.score), 0);
      needsMarking ||= pending;
      if (!pending) miss(r, q, g.score, parts.some((x) => x.qu_type === QuType.SHORT));
    } else {
      const g = blankIsZero(gradeAnswer(q, answerForType(r.qu_type, answerOf(r)), r.score, rules));
      grades.push({ quId: r.qu_id, is_right: g.isRight ? 1 : 0, actual_score: g.needsMarking ? null : g.score, needs_mark: g.needsMarking ? 1 : 0, answered: g.answered ? 1 : 0 });
      if (!g.needsMarking) objective += g.score;
      needsMarking ||= g.needsMarking;
      if (!g.needsMarking) miss(r, q, g.score, r.qu_type === QuType.SHORT);
    }
  }
  // On a paper a marker will finish, questions with a short answer are told then (finishMarking), once.
  const settled = missed.filter((m) => !(needsMarking && m.short)).map(({ short: _, ...m }) => m);
  return { grades, missed: settled, objScore: Math.round(objective * 100) / 100, needsMarking };
}

/** A short answer left blank: 0 points, no marker needed. */
const blankIsZero = (g: GradeResult): GradeResult => (g.needsMarking && !g.answered ? { ...g, needsMarking: false, score: 0 } : g);

/** The paper's state and scores once graded (awaiting marking when it has short answers). */
const scoresOf = (p: PaperRow, g: PaperGrade) => ({
  state: g.needsMarking ? PaperState.AWAITING_MARK : PaperState.FINISHED,
  obj_score: g.objScore,
  subj_score: 0,
  user_score: g.needsMarking ? null : g.objScore,
  passed: g.needsMarking ? null : g.objScore >= p.qualify_score ? 1 : 0,
});

/** Whether any answer fixed at hand-in differs from the one graded (a save landed in between). */
const answersMoved = (graded: readonly PaperQuRow[], fixed: ReadonlyArray<Pick<PaperQuRow, 'qu_id' | 'answer'>>) => {
  const was = new Map(graded.map((r) => [r.qu_id, r.answer]));
  return fixed.some((r) => was.get(r.qu_id) !== r.answer);
};

/**
 * Grades every objective question and closes the paper in one transaction: awaiting marking when it
 * has short answers, finished otherwise; then the record and the wrong book. Answers whether this
 * call closed it (false when it was closed already).
 */
export async function finishPaper(ctx: ServiceContext, paperId: string, handType: CodeOf<typeof HandType>): Promise<boolean> {
  freshPapers(ctx).delete(paperId);
  const found = await repo.findPaperToHandIn(ctx.db, paperId);
  return found ? (await closeGraded(ctx, found.paper, handType, found)) !== undefined : false;
}

/**
 * finishPaper on a paper the caller has read with its draft and rows (findPaperToHandIn); answers
 * the state it closed it in, undefined when it was closed already.
 *
 * The paper is graded before it is written (no slow work while rows are locked), from its rows and
 * draft as read. Then one write (repo.handIn: one statement on PostgreSQL) closes it, writes its
 * grades, rows and frozen answers, its hand-in event and its record. A save that landed after the
 * answers were read, and was acknowledged, is graded too (the paper is graded again from the frozen
 * rows, which is rare), and any later save is refused. The wrong book and statistics follow
 * (paper.handedIn), once what they are told is written.
 */
async function closeGraded(ctx: ServiceContext, p: PaperRow, handType: CodeOf<typeof HandType>, found: Omit<repo.PaperToHandIn, 'paper'>): Promise<PaperStateValue | undefined> {
  freshPapers(ctx).delete(p.id);
  if (p.state !== PaperState.IN_EXAM) return undefined;
  const read = await repo.paperQusOverDraft(ctx.db, p.id, found);
  let g = gradePaper(p, read.rows, read.lines);
  const now = ctx.clock.now();
  let scores = scoresOf(p, g);
  const record = {
    userId: p.user_id, examId: p.exam_id, paperId: p.id, finished: g.needsMarking ? 0 : 1, score: scores.user_score ?? 0, passed: scores.passed ?? 0,
    seconds: secondsUsed({ create_time: p.create_time, hand_time: now }), now,
  };
  const closing = { ...scores, hand_type: handType, hand_time: now, update_time: now };
  const written = await repo.handIn(ctx.db, { paperId: p.id, closing, read, grades: g.grades, event: { id: newId(), detail: HandType.label(handType) }, record });
  if (!written) return undefined;
  const moved = answersMoved(read.rows, written.fixed);
  if (moved || !written.recorded) {
    await inTransaction(ctx, async (tx) => {
      if (moved) {
        const again = await repo.paperQusWithLines(tx.db, p.id);
        g = gradePaper(p, again.rows, again.lines);
        scores = scoresOf(p, g);
        await repo.updatePaper(tx.db, p.id, scores);
        await repo.gradeQus(tx.db, p.id, g.grades);
      }
      await refreshRecord(tx, p.user_id, p.exam_id);
    });
  }
  const graded = moved ? undefined : gradedQuestions(read, g.grades);
  await emit(ctx, 'paper.handedIn', {
    paperId: p.id, userId: p.user_id, examId: p.exam_id, handType, awaitingMarking: g.needsMarking, score: scores.user_score, missed: g.missed, ...(graded ? { graded } : {}),
  });
  return scores.state;
}

/** A paper's questions (parts left out) as handIn wrote them from these rows and grades; undefined where one has no grade. */
function gradedQuestions(read: repo.HandInRows, grades: PaperGrade['grades']): GradedQuestion[] | undefined {
  const byId = new Map(grades.map((x) => [x.quId, x]));
  const out: GradedQuestion[] = [];
  for (const r of read.rows) {
    if (r.parent_id) continue;
    const x = byId.get(r.qu_id);
    if (!x) return undefined;
    out.push({ quId: r.qu_id, groupIndex: r.group_index, sort: r.sort, quType: r.qu_type, score: r.score, answer: r.answer, actualScore: x.actual_score, line: read.lines.get(r.qu_id) ?? r.question });
  }
  return out;
}

/** Hands in every open paper of the exams (they were disabled). */
export async function openPapersOfExams(ctx: ServiceContext, examIds: readonly string[]): Promise<void> {
  for (const id of await repo.openPaperIdsOfExams(ctx.db, examIds)) await finishPaper(ctx, id, HandType.CLOSED);
}

/**
 * The deadline job: hands in papers past their deadline and its grace (saves still in flight are
 * taken until then), a batch at a time. Answers how many.
 */
export async function handInOverdue(ctx: ServiceContext, limit = 500): Promise<number> {
  let n = 0;
  for (const id of await repo.overduePaperIds(ctx.db, ctx.clock.now() - SAVE_GRACE_MS, limit)) if (await finishPaper(ctx, id, HandType.DEADLINE)) n++;
  return n;
}

/** Builds the exam path's prepared reads before a cohort's first requests (the warm-up job). */
export const warmPaperStatements = (ctx: ServiceContext): Promise<void> => repo.warmStatements(ctx.db);

// ---------- records ----------

/** Recomputes a learner's record of an exam from their papers: attempts, best, last, passed. */
export async function refreshRecord(ctx: ServiceContext, userId: string, examId: string): Promise<void> {
  const [tries, finished, current] = await Promise.all([
    repo.countPapers(ctx.db, userId, examId),
    repo.finishedScores(ctx.db, userId, examId),
    repo.findRecord(ctx.db, userId, examId),
  ]);
  // The best paper: the highest score, then the shortest time (the ranking's order), then the first.
  let best: { id: string; score: number; seconds: number } | undefined;
  for (const f of finished) {
    const score = f.user_score ?? 0;
    const seconds = secondsUsed(f);
    if (!best || score > best.score || (score === best.score && seconds < best.seconds)) best = { id: f.id, score, seconds };
  }
  const last = finished.at(-1);
  await repo.upsertRecord(ctx.db, {
    id: current?.id ?? newId(),
    user_id: userId,
    exam_id: examId,
    try_count: tries,
    max_score: best?.score ?? 0,
    last_score: last?.user_score ?? 0,
    passed: finished.some((f) => f.passed === 1) ? 1 : 0,
    best_paper_id: best?.id ?? null,
    best_time: best?.seconds ?? null,
    update_time: ctx.clock.now(),
  });
}

/** Per exam: my attempts, best score, passed and open paper (the learner's exam list). */
export async function recordsOf(
  ctx: ServiceContext,
  userId: string,
  examIds: readonly string[],
): Promise<Map<string, { tryCount: number; bestScore: number | null; passed: boolean; openPaperId: string | null }>> {
  const [records, open] = await Promise.all([repo.recordsOfUser(ctx.db, userId, examIds), repo.openPapersOfUser(ctx.db, userId, examIds)]);
  const byExam = new Map(records.map((r) => [r.exam_id, r]));
  return new Map(
    examIds.map((id) => {
      const r = byExam.get(id);
      return [id, { tryCount: r?.try_count ?? 0, bestScore: r?.best_paper_id ? r.max_score : null, passed: r?.passed === 1, openPaperId: open.get(id) ?? null }];
    }),
  );
}
