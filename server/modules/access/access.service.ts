import { CourseState } from '../../../common/api/course';
import { Audience, ExamOpenType, ResultShow, RoleType, UserState } from '../../../common/codes';
import { Perm } from '../../../common/permissions';
import type { AuthUser } from '../../caller';
import type { ServiceContext } from '../../context';
import { perAppCache } from '../../lib/cache';
import { fail, forbidden, notFound } from '../../lib/errors';
import type { StatsMasteryBody } from '../../../common/api/stats';
import { ancestorDeptIds, descendantDeptIds } from '../depart/depart.service';
import { deptIdOf } from '../user/user.service';
import * as repo from './access.repository';
import { userHoldsAdminTag } from './grants.repository';

/**
 * Who may see an answer: the one rule every call that can show a right option, an answer, an
 * analysis or a reference answer asks (practice, the wrong book, a question's review, paper
 * results). Modules ask; they do not decide.
 *
 * - Never a question (by its bank question id) on a paper of the caller still in exam.
 * - A bank an exam draws from is closed for practice to the learners that exam is open to (window
 *   open, attempts left), unless the exam allows practice during it.
 * - An exam's wrong book follows its release rule: only once the review is released.
 */

// ---------- exam audiences ----------

/** Whether an exam's audience reaches the user (a password exam reaches everyone; the password is checked on entry). */
export async function examReaches(ctx: ServiceContext, exam: { id: string; openType: number }, userId: string): Promise<boolean> {
  if (exam.openType === ExamOpenType.PUBLIC || exam.openType === ExamOpenType.PASSWORD) return true;
  const deptIds = exam.openType === ExamOpenType.DEPARTS ? await ancestorDeptIds(ctx, (await deptIdOf(ctx, userId)) || null) : [];
  const lists = await repo.examAudienceLists(ctx.db, exam.id, userId, deptIds);
  return exam.openType === ExamOpenType.DEPARTS ? lists.byDept : lists.byUser;
}

// ---------- course audiences ----------

/** Who a course is for, as its definition keeps it. */
export interface CourseAudience {
  state: number;
  audience: number;
  deptIds: ReadonlySet<string>;
  userIds: ReadonlySet<string>;
}

/** Whether a published course's audience holds a user of this department (pure: the caller knows the department). */
export function courseHolds(course: CourseAudience, userId: string, deptId: string | null): boolean {
  if (course.state !== CourseState.PUBLISHED) return false;
  switch (course.audience) {
    case Audience.EVERYONE:
      return true;
    case Audience.DEPARTS:
      return !!deptId && course.deptIds.has(deptId);
    case Audience.PEOPLE:
      return course.userIds.has(userId);
    default:
      return false;
  }
}

/** Whether the user exists (in any state): the administrator's views of one learner's courses. */
export async function userExists(ctx: ServiceContext, userId: string): Promise<boolean> {
  return (await repo.userStanding(ctx.db, userId)) !== undefined;
}

/** Whether a course reaches the user now: an enabled account its audience holds. */
export async function courseReaches(ctx: ServiceContext, course: CourseAudience, userId: string): Promise<boolean> {
  const user = await repo.userStanding(ctx.db, userId);
  return !!user && user.state === UserState.NORMAL && courseHolds(course, userId, user.dept_id);
}

/**
 * Whether the user may open a course's files: 'unavailable' for an account gone or disabled,
 * 'outside' for one the audience does not hold and who does not administer courses (previews).
 */
export async function mayOpenCourseFiles(ctx: ServiceContext, course: CourseAudience, userId: string, adminTag: string): Promise<'ok' | 'unavailable' | 'outside'> {
  const user = await repo.userStanding(ctx.db, userId);
  if (!user || user.state !== UserState.NORMAL) return 'unavailable';
  if (courseHolds(course, userId, user.dept_id)) return 'ok';
  return (await userHoldsAdminTag(ctx.db, userId, adminTag, RoleType.ADMIN)) ? 'ok' : 'outside';
}

// ---------- the caller's open paper ----------

/** A paper's question ids never change: kept per paper id while it may still be open. */
const paperQuestions = perAppCache<string, ReadonlySet<string>>(30 * 60_000, 20_000);

/** The caller's paper in exam with its question ids, or undefined. One indexed read; the ids are kept. */
async function openPaper(ctx: ServiceContext, userId: string): Promise<{ title: string; quIds: ReadonlySet<string> } | undefined> {
  const p = await repo.openPaperOf(ctx.db, userId);
  if (!p) return undefined;
  const quIds = await paperQuestions(ctx).getOrLoad(p.id, async () => new Set(await repo.paperQuIds(ctx.db, p.id)));
  return { title: p.title, quIds };
}

/** The title of the caller's open paper holding any of these questions, or null. */
export async function openPaperHolding(ctx: ServiceContext, userId: string, quIds: readonly string[]): Promise<string | null> {
  if (quIds.length === 0) return null;
  const open = await openPaper(ctx, userId);
  return open && quIds.some((id) => open.quIds.has(id)) ? open.title : null;
}

// ---------- banks closed for practice by an exam ----------

/** The exams closing each bank (enabled, not allowing practice), for a few seconds; dropped on every exam change here. */
const closingExams = perAppCache<string, repo.ClosingExam[]>(5_000, 5_000);

/** Forget what is kept of exams' hold on banks (an exam was saved, enabled, disabled or deleted). */
export function examsChanged(ctx: ServiceContext): void {
  closingExams(ctx).clear();
}

/** The exam closing the bank for practice to this learner, or null (most banks: none, from the cache). */
export async function examClosingBank(ctx: ServiceContext, userId: string, repoId: string): Promise<string | null> {
  const exams = await closingExams(ctx).getOrLoad(repoId, () => repo.examsClosingBank(ctx.db, repoId));
  const now = ctx.clock.now();
  for (const e of exams) {
    if ((e.start_time !== null && now < e.start_time) || (e.end_time !== null && now >= e.end_time)) continue;
    if (!(await examReaches(ctx, { id: e.id, openType: e.open_type }, userId))) continue;
    if (e.chance > 0 && (await repo.attemptsAt(ctx.db, userId, e.id)) >= e.chance) continue;
    return e.title;
  }
  return null;
}

export const bankClosedMessage = (examTitle: string) => `该题库正用于考试《${examTitle}》，考试结束后开放练习`;
export const onOpenPaperMessage = (examTitle: string) => `这道题在您正在进行的考试《${examTitle}》中，交卷后才能练习或查看答案`;

/** Refuses to start practice on a bank an exam open to the learner draws from. */
export async function assertMayPractise(ctx: ServiceContext, userId: string, repoId: string): Promise<void> {
  const exam = await examClosingBank(ctx, userId, repoId);
  if (exam) throw fail(bankClosedMessage(exam));
}

/**
 * Refuses a practice call on a question (showing it, judging it, its answer): it is on the
 * learner's open paper, or its bank is closed to them by an exam.
 */
export async function assertMayPractiseQuestion(ctx: ServiceContext, userId: string, q: { id: string; repoId: string }): Promise<void> {
  const [paper, exam] = await Promise.all([openPaperHolding(ctx, userId, [q.id]), examClosingBank(ctx, userId, q.repoId)]);
  if (paper) throw fail(onOpenPaperMessage(paper));
  if (exam) throw fail(bankClosedMessage(exam));
}

// ---------- an exam's release rule ----------

type Release = { resultShow: number; reviewAfterEnd: boolean; endTime: number | null };

/** Whether an exam (or a paper's copy of its rules) releases its review now. */
export const reviewReleased = (r: Release, now: number): boolean =>
  r.resultShow === ResultShow.REVIEW && !(r.reviewAfterEnd && r.endTime !== null && now < r.endTime);

const releaseOf = (e: repo.ExamRelease): Release | null =>
  e.result_show === null ? null : { resultShow: e.result_show, reviewAfterEnd: e.review_after_end === 1, endTime: e.end_time };

/** Why an exam's wrong book is held back from the learner now, or null when it is released. */
function heldBecause(e: repo.ExamRelease, now: number): string | null {
  const r = releaseOf(e);
  // An exam gone (none can be, with papers): nobody is sitting it any more.
  if (!r || reviewReleased(r, now)) return null;
  const title = e.title ?? '';
  if (r.resultShow === ResultShow.THANKS) return `考试《${title}》不公布成绩和答案，错题不在错题本中显示`;
  if (r.resultShow === ResultShow.SCORE) return `考试《${title}》只公布成绩，不公布答案，错题不在错题本中显示`;
  return `考试《${title}》结束后才公布答案，届时错题会出现在错题本中`;
}

/** The exams of the learner's wrong book it holds back now, with why. */
export async function heldWrongBookExams(ctx: ServiceContext, userId: string): Promise<Map<string, string>> {
  const now = ctx.clock.now();
  const held = new Map<string, string>();
  for (const e of await repo.wrongBookExams(ctx.db, userId)) {
    const why = heldBecause(e, now);
    if (why) held.set(e.exam_id, why);
  }
  return held;
}

/** Why one exam's wrong book is held back from the learner now, or null. */
export async function wrongBookHeld(ctx: ServiceContext, examId: string): Promise<string | null> {
  const e = await repo.examRelease(ctx.db, examId);
  return e ? heldBecause(e, ctx.clock.now()) : null;
}

/** Refuses a wrong-book question (its stem or its answer) held back by its exam's rule or on the learner's open paper. */
export async function assertMayReviewWrong(ctx: ServiceContext, userId: string, examId: string, quId?: string): Promise<void> {
  const why = await wrongBookHeld(ctx, examId);
  if (why) throw fail(why);
  const paper = quId === undefined ? null : await openPaperHolding(ctx, userId, [quId]);
  if (paper) throw fail(onOpenPaperMessage(paper));
}

// ---------- rankings ----------

/** How the ranking of an exam may be shown to the one asking. */
export interface RankingView {
  /** Names (and departments) of the people ranked. */
  showNames: boolean;
}

/**
 * How the caller may see an exam's ranking, or a refusal: an administrator who may read papers
 * sees any exam's, with names; anyone else as a learner (learnerRankingView).
 */
export async function rankingViewFor(ctx: ServiceContext, who: AuthUser, examId: string): Promise<RankingView> {
  if (who.roleType === RoleType.ADMIN && who.permissions.includes(Perm.paperList)) {
    if (!(await repo.examRankingRule(ctx.db, examId))) throw notFound('考试不存在');
    return { showNames: true };
  }
  return learnerRankingView(ctx, who.id, examId);
}

/**
 * Whether a learner may see an exam's ranking (and their rank on their result) now, and with
 * names: only where the exam shows it to learners, never where it shows no scores (resultShow 1),
 * never while they sit it, and only once their own score is released (a finished paper of theirs;
 * a paper awaiting marking has no score yet). Refuses with why, in the product's words.
 */
export async function learnerRankingView(ctx: ServiceContext, userId: string, examId: string): Promise<RankingView> {
  const rule = await learnerRankingRule(ctx, userId, examId);
  if ('why' in rule) throw rule.missing ? notFound(rule.why) : fail(rule.why);
  return rule;
}

/** learnerRankingView's answer without throwing: the view, or why not (a result page just leaves the rank out). */
export async function learnerRankingRule(ctx: ServiceContext, userId: string, examId: string): Promise<RankingView | { why: string; missing: boolean }> {
  const e = await repo.examRankingRule(ctx.db, examId);
  if (!e) return { why: '考试不存在', missing: true };
  const refuse = (why: string) => ({ why, missing: false });
  if (e.rank_open !== 1 || e.result_show < ResultShow.SCORE) return refuse('该考试不公布成绩排名');
  const open = await repo.openPaperOf(ctx.db, userId);
  if (open?.exam_id === examId) return refuse('您正在参加该考试，交卷后才能查看排名');
  if (!(await repo.hasScoredRecord(ctx.db, userId, examId))) return refuse('您在该考试中还没有公布的成绩，暂不能查看排名');
  return { showNames: e.rank_names === 1 };
}

/**
 * Whether a learner may see how an exam's scores are spread and where theirs stands: where the
 * exam shows scores (resultShow 2 or 3), never while they sit it, once a score of theirs is out.
 */
export async function assertMaySeeDistribution(ctx: ServiceContext, userId: string, examId: string): Promise<void> {
  const e = await repo.examRankingRule(ctx.db, examId);
  if (!e) throw notFound('考试不存在');
  if (e.result_show < ResultShow.SCORE) throw fail('该考试不公布成绩');
  const open = await repo.openPaperOf(ctx.db, userId);
  if (open?.exam_id === examId) throw fail('您正在参加该考试，交卷后才能查看成绩分布');
  if (!(await repo.hasScoredRecord(ctx.db, userId, examId))) throw fail('您在该考试中还没有公布的成绩，暂不能查看成绩分布');
}

// ---------- a question's review (/api/user/qu/detail) ----------

/**
 * Whether the learner may see a question with its answer and analysis: never while it is on their
 * open paper; otherwise where they earned it — practised it (and its bank is not closed to them by
 * an exam), have it in a released wrong book, or on a finished paper whose review is released.
 */
export async function mayReviewQuestion(ctx: ServiceContext, userId: string, q: { id: string; repoId: string }): Promise<boolean> {
  if (await openPaperHolding(ctx, userId, [q.id])) return false;
  const now = ctx.clock.now();
  if ((await repo.hasPractised(ctx.db, userId, q.id)) && (await examClosingBank(ctx, userId, q.repoId)) === null) return true;
  if ((await repo.wrongBookExams(ctx.db, userId, q.id)).some((e) => heldBecause(e, now) === null)) return true;
  for (const p of await repo.finishedPapersWith(ctx.db, userId, q.id)) if (reviewReleased(JSON.parse(p.settings) as Release, now)) return true;
  return false;
}

/** Refuses a question's review the learner has not earned; the same refusal whether it exists or not. */
export const refuseReview = () => forbidden('您还不能查看这道题的答案和解析');

// ---------- statistics ----------

/** Whose attempts a mastery view may read: filters for the read model (absent: any). */
export interface MasteryScope {
  userId?: string;
  deptIds?: string[];
  examIds?: string[];
}

/**
 * The scope of a mastery view (/api/exam/stats/mastery). An administrator who may read papers:
 * any exam, department (with its sub-departments) or learner, at least one named. Anyone else:
 * their own attempts only, and only of exams whose review is released to them now (mastery per
 * knowledge point tells which questions were missed), never of an exam they are sitting.
 */
export async function masteryScope(ctx: ServiceContext, who: AuthUser, body: StatsMasteryBody): Promise<MasteryScope> {
  if (who.roleType === RoleType.ADMIN && who.permissions.includes(Perm.paperList)) {
    if (!body.examId && !body.departId && !body.userId) throw fail('请选择考试、部门或学员');
    return {
      ...(body.userId ? { userId: body.userId } : {}),
      ...(body.departId ? { deptIds: await descendantDeptIds(ctx, body.departId) } : {}),
      ...(body.examId ? { examIds: [body.examId] } : {}),
    };
  }
  if ((body.userId && body.userId !== who.id) || body.departId) throw forbidden('只能查看自己的知识点掌握情况');
  const now = ctx.clock.now();
  const sitting = (await repo.openPaperOf(ctx.db, who.id))?.exam_id;
  const released = (await repo.attemptedExamReleases(ctx.db, who.id))
    .filter((e) => e.exam_id !== sitting && heldBecause(e, now) === null)
    .map((e) => e.exam_id);
  if (body.examId && !released.includes(body.examId)) throw fail('该考试尚未公布答案，暂不能查看知识点掌握情况');
  return { userId: who.id, examIds: body.examId ? [body.examId] : released };
}
