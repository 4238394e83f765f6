import type { BodyOf, ExamForLearner, OnlineExam, onlineExamApi } from '../../../common/api';
import { GenericState, ResultShow } from '../../../common/codes';
import type { Page } from '../../../common/errorCodes';
import type { ServiceContext } from '../../context';
import { notFound } from '../../lib/errors';
import { examState, type ExamDef } from '../exam/exam.def';
import { findExamDef, inAudience, pageExamDefsFor } from '../exam/exam.service';
import { recordsOf } from './paper.service';

/** The learner's exams: those open to them, with their attempts, best score and open paper. */

async function toOnline(ctx: ServiceContext, userId: string, defs: ExamDef[]): Promise<OnlineExam[]> {
  const records = await recordsOf(ctx, userId, defs.map((d) => d.id));
  const now = ctx.clock.now();
  return defs.map((d) => {
    const r = records.get(d.id);
    // An exam that shows only its thank-you shows no score and no verdict, here as on its result.
    const hidden = d.resultShow === ResultShow.THANKS;
    return {
      id: d.id,
      title: d.title,
      openType: d.openType,
      state: examState(d, now),
      startTime: d.startTime,
      endTime: d.endTime,
      totalTime: d.totalTime,
      totalScore: d.totalScore,
      qualifyScore: d.qualifyScore,
      chance: d.chance,
      tryCount: r?.tryCount ?? 0,
      bestScore: hidden ? null : (r?.bestScore ?? null),
      passed: hidden ? false : (r?.passed ?? false),
      openPaperId: r?.openPaperId ?? null,
    };
  });
}

export async function onlinePaging(ctx: ServiceContext, userId: string, body: BodyOf<typeof onlineExamApi.onlinePaging>): Promise<Page<OnlineExam>> {
  const page = await pageExamDefsFor(ctx, userId, body);
  return { ...page, records: await toOnline(ctx, userId, page.records) };
}

/** An exam a learner may take: instructions and rules, nothing of the composition. */
export async function onlineDetail(ctx: ServiceContext, userId: string, id: string): Promise<ExamForLearner> {
  const def = await findExamDef(ctx, id);
  if (!def || def.publishTime === null || def.enabled === GenericState.DISABLED || !(await inAudience(ctx, def, userId))) throw notFound('考试不存在或您不在考试范围内');
  const [online] = await toOnline(ctx, userId, [def]);
  return {
    ...online,
    content: def.content,
    handMin: def.handMin,
    lateMax: def.lateMax,
    resultShow: def.resultShow,
    displayMode: def.displayMode,
    leaveLimit: def.leaveLimit,
    fullscreen: def.fullscreen,
    blockPaste: def.blockPaste,
    watermark: def.watermark,
    idleLimit: def.idleLimit,
    quCount: def.quCount,
  };
}
