import type { BodyOf, ExamRecordOfUser, userExamApi } from '../../../common/api';
import type { Page } from '../../../common/errorCodes';
import { ResultShow } from '../../../common/codes';
import type { ServiceContext } from '../../context';
import { descendantDeptIds } from '../depart/depart.service';
import * as repo from './paper.repository';

/** Each learner's record per exam: attempts, best and last score, passed. */

/**
 * `learner`: the learner's own view, where an exam that shows only its thank-you keeps its scores to
 * itself. Best and last score are null until a paper is finished (a paper awaiting marking has no
 * score yet, not 0); the latest exam is the latest hand-in, not the latest marking.
 */
async function toRecords(ctx: ServiceContext, page: Page<repo.RecordListRow>, learner = false): Promise<Page<ExamRecordOfUser>> {
  const handIns = await repo.handInsByUserExam(ctx.db, page.records.map((r) => ({ userId: r.user_id, examId: r.exam_id })));
  return {
    ...page,
    records: page.records.map((r) => {
      const hidden = learner && r.result_show < ResultShow.SCORE;
      const scored = r.best_paper_id !== null;
      const h = handIns.get(`${r.user_id}:${r.exam_id}`);
      return {
        id: r.id,
        examId: r.exam_id,
        title: r.title,
        userId: r.user_id,
        userName: r.user_name,
        realName: r.real_name,
        deptName: r.dept_name ?? '',
        tryCount: r.try_count,
        maxScore: hidden || !scored ? null : r.max_score,
        lastScore: hidden || !scored ? null : r.last_score,
        totalScore: r.total_score,
        qualifyScore: r.qualify_score,
        passed: hidden ? null : r.passed === 1,
        bestPaperId: r.best_paper_id,
        awaitingMark: h?.awaiting ?? 0,
        lastAwaitingMark: h !== undefined && h.lastAwaitingHandTime !== null && h.lastAwaitingHandTime === h.lastHandTime,
        lastHandTime: h?.lastHandTime ?? null,
        updateTime: r.update_time,
      };
    }),
  };
}

export async function myRecords(ctx: ServiceContext, userId: string, body: BodyOf<typeof userExamApi.myPaging>): Promise<Page<ExamRecordOfUser>> {
  return toRecords(ctx, await repo.pageRecords(ctx.db, { userId, title: body.params?.title?.trim() || undefined }, body), true);
}

export async function allRecords(ctx: ServiceContext, body: BodyOf<typeof userExamApi.paging>): Promise<Page<ExamRecordOfUser>> {
  const p = body.params ?? {};
  return toRecords(
    ctx,
    await repo.pageRecords(
      ctx.db,
      {
        examId: p.examId?.trim() || undefined,
        deptIds: p.departId?.trim() ? await descendantDeptIds(ctx, p.departId.trim()) : undefined,
        realName: p.realName?.trim() || undefined,
        passed: p.passed === '' || p.passed === undefined ? undefined : p.passed,
      },
      body,
    ),
  );
}
