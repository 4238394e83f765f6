import type { BodyOf, PaperAdminDetail, PaperRecord, PaperResult, ReviewQu, paperApi } from '../../../common/api';
import { HandType, PaperEvent, PaperState, QuType, ResultShow, RoleType } from '../../../common/codes';
import type { Page } from '../../../common/errorCodes';
import { Perm } from '../../../common/permissions';
import type { ServiceContext } from '../../context';
import type { PaperQuRow } from '../../db/schema';
import { fail, notFound } from '../../lib/errors';
import { openPaperHolding } from '../access/access.service';
import type { AuthUser } from '../identity/session.service';
import { descendantDeptIds } from '../depart/depart.service';
import { myRank } from '../ranking/ranking.service';
import { answerForType, answerOf, groupsOfPaper, secondsUsed, settingsOfPaper, snapshotOf } from './paper.def';
import * as repo from './paper.repository';
import { finishPaper } from './paper.service';
import { buildXlsx, readInPages } from '../../workers/xlsx';

/** Results, reviews and lists of papers. */

export const isPaperAdmin = (who: AuthUser) => who.roleType === RoleType.ADMIN && who.permissions.includes(Perm.paperList);

export function recordOf(r: repo.PaperListRow, showScore = true): PaperRecord {
  const finished = r.state === PaperState.FINISHED;
  return {
    id: r.id,
    examId: r.exam_id,
    title: r.title,
    userId: r.user_id,
    userName: r.user_name,
    realName: r.real_name,
    deptName: r.dept_name ?? '',
    state: PaperState.of(r.state),
    handType: r.hand_type === null ? null : HandType.of(r.hand_type),
    userScore: finished && showScore ? r.user_score : null,
    totalScore: r.total_score,
    passed: finished && showScore && r.passed !== null ? r.passed === 1 : null,
    createTime: r.create_time,
    handTime: r.hand_time,
    userTime: secondsUsed(r),
  };
}

/** Every question of a paper with the learner's answer and its grading (answers included: only for a review or an administrator). */
export function reviewOf(p: { groups: string }, rows: PaperQuRow[]) {
  return groupsOfPaper(p).map((g, gi) => ({
    title: g.title,
    quType: QuType.of(g.quType),
    perScore: g.perScore,
    quList: rows
      .filter((r) => r.group_index === gi && !r.parent_id)
      .map((r): ReviewQu => ({
        quId: r.qu_id,
        quType: QuType.of(r.qu_type),
        question: snapshotOf(r),
        answer: answerForType(r.qu_type, answerOf(r)),
        score: r.score,
        actualScore: r.actual_score,
        isRight: r.is_right === 1,
        answered: r.answered === 1,
        comment: r.comment,
        subList: rows
          .filter((x) => x.parent_id === r.qu_id)
          .map((x) => ({ quId: x.qu_id, answer: answerForType(x.qu_type, answerOf(x)), score: x.score, actualScore: x.actual_score, isRight: x.is_right === 1, comment: x.comment })),
      })),
  }));
}

/** My result: as far as the exam's release rule allows, never while in exam, never another learner's. */
export async function paperResult(ctx: ServiceContext, userId: string, id: string): Promise<PaperResult> {
  const p = await repo.findPaper(ctx.db, id);
  if (!p || p.user_id !== userId) throw notFound('试卷不存在');
  if (p.state === PaperState.IN_EXAM) {
    if (ctx.clock.now() <= p.deadline) throw fail('试卷尚未交卷');
    await finishPaper(ctx, p.id, HandType.DEADLINE);
    return paperResult(ctx, userId, id);
  }
  const s = settingsOfPaper(p);
  const finished = p.state === PaperState.FINISHED;
  const showScore = s.resultShow >= ResultShow.SCORE && finished;
  const now = ctx.clock.now();
  const reviewClosedUntil = s.reviewAfterEnd && s.endTime !== null && now < s.endTime ? s.endTime : null;
  const released = s.resultShow === ResultShow.REVIEW && finished && reviewClosedUntil === null;
  const rows = released ? await repo.paperQus(ctx.db, p.id) : [];
  // Never the answers of questions on the learner's paper still in exam (another attempt of this exam).
  const reviewOpen = released && !(await openPaperHolding(ctx, userId, rows.map((r) => r.qu_id)));
  return {
    id: p.id,
    examId: p.exam_id,
    title: p.title,
    state: PaperState.of(p.state),
    handType: HandType.of(p.hand_type ?? HandType.LEARNER),
    resultShow: s.resultShow,
    thanks: s.thanks,
    userScore: showScore ? p.user_score : null,
    totalScore: s.resultShow >= ResultShow.SCORE ? p.total_score : null,
    qualifyScore: s.resultShow >= ResultShow.SCORE ? p.qualify_score : null,
    passed: showScore && p.passed !== null ? p.passed === 1 : null,
    reviewOpen,
    reviewOpensAt: s.resultShow === ResultShow.REVIEW ? reviewClosedUntil : null,
    groups: reviewOpen ? reviewOf(p, rows) : [],
    // Never before my score is out (resultShow 1 shows none, nor a rank), nor where the exam keeps its ranking to itself.
    ranking: showScore ? await myRank(ctx, userId, p.exam_id) : null,
  };
}

async function filterOf(ctx: ServiceContext, who: AuthUser, params: BodyOf<typeof paperApi.paging>['params']): Promise<repo.PaperFilter> {
  const f = params ?? {};
  const admin = isPaperAdmin(who);
  return {
    examId: f.examId?.trim() || undefined,
    // A learner sees only their own papers, whatever they ask for.
    userId: admin ? f.userId?.trim() || undefined : who.id,
    state: f.state === '' ? undefined : f.state,
    deptIds: admin && f.departId?.trim() ? await descendantDeptIds(ctx, f.departId.trim()) : undefined,
    realName: admin ? f.realName?.trim() || undefined : undefined,
    passed: f.passed === '' || f.passed === undefined ? undefined : f.passed,
    handFrom: f.handFrom,
  };
}

export async function pagingPapers(ctx: ServiceContext, who: AuthUser, body: BodyOf<typeof paperApi.paging>): Promise<Page<PaperRecord>> {
  const admin = isPaperAdmin(who);
  const page = await repo.pagePapers(ctx.db, await filterOf(ctx, who, body.params), body);
  const rules = new Map<string, boolean>();
  return {
    ...page,
    records: page.records.map((r) => {
      if (admin) return recordOf(r);
      let show = rules.get(r.id);
      if (show === undefined) rules.set(r.id, (show = settingsOfPaper(r).resultShow >= ResultShow.SCORE));
      return recordOf(r, show);
    }),
  };
}

export async function paperAdminDetail(ctx: ServiceContext, id: string): Promise<PaperAdminDetail> {
  const r = await repo.findPaperListRow(ctx.db, id);
  if (!r) throw notFound('试卷不存在');
  const [rows, events] = await Promise.all([repo.paperQus(ctx.db, id), repo.eventsOf(ctx.db, id)]);
  return {
    ...recordOf(r),
    userScore: r.user_score,
    passed: r.passed === null ? null : r.passed === 1,
    qualifyScore: r.qualify_score,
    leaveCount: r.leave_count,
    deadline: r.deadline,
    groups: reviewOf(r, rows),
    events: events.map((e) => ({ type: PaperEvent.of(e.type), time: e.time, detail: e.detail })),
  };
}

export const PAPER_EXPORT_LIMIT = 50_000;

/** The papers the filter finds, as an Excel file named after the exam when it names one. */
export async function exportPapers(ctx: ServiceContext, who: AuthUser, params: BodyOf<typeof paperApi.paging>['params']): Promise<{ data: Buffer; fileName: string }> {
  const filter = await filterOf(ctx, who, params);
  const rows = await readInPages(PAPER_EXPORT_LIMIT, (offset, size) => repo.listPapers(ctx.db, filter, size, offset));
  if (rows.length === 0) throw fail('没有可导出的试卷');
  const time = (ms: number | null) => (ms === null ? '' : new Date(ms).toLocaleString('zh-CN', { hour12: false, timeZone: 'Asia/Shanghai' }));
  const data = await buildXlsx({
    sheets: [
      {
        name: '试卷',
        columns: [
          { header: '考试', width: 28 },
          { header: '姓名', width: 14 },
          { header: '用户名', width: 16 },
          { header: '部门', width: 16 },
          { header: '状态', width: 10 },
          { header: '得分', width: 10 },
          { header: '总分', width: 10 },
          { header: '是否通过', width: 10 },
          { header: '交卷方式', width: 20 },
          { header: '开始时间', width: 20 },
          { header: '交卷时间', width: 20 },
          { header: '用时（分钟）', width: 12 },
        ],
        rows: rows.map((r) => [
          r.title,
          r.real_name,
          r.user_name,
          r.dept_name ?? '',
          PaperState.label(r.state),
          r.user_score ?? '',
          r.total_score,
          r.passed === null ? '' : r.passed === 1 ? '通过' : '未通过',
          r.hand_type === null ? '' : HandType.label(r.hand_type),
          time(r.create_time),
          time(r.hand_time),
          Math.round(recordOf(r).userTime / 6) / 10,
        ]),
      },
    ],
  });
  const fileName = params?.examId?.trim() ? `${rows[0].title}-试卷.xlsx` : '考试试卷.xlsx';
  return { data, fileName };
}
