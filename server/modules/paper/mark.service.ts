import type { BodyOf, MarkItem, PaperRecord, markApi } from '../../../common/api';
import { PaperState, QuType } from '../../../common/codes';
import type { Page } from '../../../common/errorCodes';
import { emit, inTransaction, type ServiceContext } from '../../context';
import { fail, notFound } from '../../lib/errors';
import { answerOf, snapshotOf } from './paper.def';
import * as repo from './paper.repository';
import { refreshRecord } from './paper.service';
import { recordOf } from './paper.result';

/** Marking short answers by paper or by question, and finishing papers. */

const round2 = (n: number) => Math.round(n * 100) / 100;

export async function examsToMark(ctx: ServiceContext, body: BodyOf<typeof markApi.examPaging>) {
  const page = await repo.examsAwaitingMark(ctx.db, body.params?.title?.trim() || undefined, body);
  const [counts, marked] = await Promise.all([
    Promise.all(
      page.records.map(async (e) => {
        const [all, awaiting] = await Promise.all([repo.pagePapers(ctx.db, { examId: e.id }, { current: 1, size: 1 }), repo.pagePapers(ctx.db, { examId: e.id, state: PaperState.AWAITING_MARK }, { current: 1, size: 1 })]);
        return { paperCount: all.total, awaitingMarkCount: awaiting.total };
      }),
    ),
    repo.markedAwaitingCounts(ctx.db, page.records.map((e) => e.id)),
  ]);
  return { ...page, records: page.records.map((e, i) => ({ examId: e.id, title: e.title, endTime: e.end_time, ...counts[i], markedCount: marked.get(e.id) ?? 0 })) };
}

export async function papersToMark(ctx: ServiceContext, body: BodyOf<typeof markApi.paperPaging>): Promise<Page<PaperRecord>> {
  const page = await repo.pagePapers(ctx.db, { examId: body.params?.examId, state: PaperState.AWAITING_MARK, realName: body.params?.realName?.trim() || undefined }, body);
  return { ...page, records: page.records.map((r) => recordOf(r)) };
}

type Row = Awaited<ReturnType<typeof repo.paperQus>>[number];

/** A short answer as the marker sees it: the stem (after the combined material) beside the reference. */
function itemOf(paperId: string, realName: string, r: Row, parent: Row | undefined): MarkItem {
  const own = parent ? (snapshotOf(parent).subList ?? []).find((s) => s.id === r.qu_id) : snapshotOf(r);
  const material = parent ? snapshotOf(parent).content : '';
  return {
    paperId,
    quId: r.qu_id,
    parentQuId: parent ? parent.qu_id : null,
    content: `${material}${own?.content ?? ''}`,
    refAnswer: own?.refAnswer ?? '',
    answer: answerOf(r).answer ?? '',
    score: r.score,
    markScore: r.needs_mark ? null : r.actual_score,
    comment: r.comment,
    realName,
  };
}

export async function markPaper(ctx: ServiceContext, paperId: string): Promise<{ paper: PaperRecord; items: MarkItem[] }> {
  const p = await repo.findPaperListRow(ctx.db, paperId);
  if (!p) throw notFound('试卷不存在');
  if (p.state === PaperState.IN_EXAM) throw fail('试卷尚未交卷');
  const rows = await repo.paperQus(ctx.db, paperId);
  const byId = new Map(rows.map((r) => [r.qu_id, r]));
  const items = rows.filter((r) => r.qu_type === QuType.SHORT).map((r) => itemOf(paperId, p.real_name, r, r.parent_id ? byId.get(r.parent_id) : undefined));
  return { paper: recordOf(p), items };
}

export async function quListToMark(ctx: ServiceContext, examId: string) {
  const rows = await repo.shortAnswerList(ctx.db, examId);
  const out = new Map<string, { quId: string; content: string; pending: number; total: number }>();
  for (const r of rows) {
    let entry = out.get(r.qu_id);
    if (!entry) {
      let content = '';
      if (r.question) content = snapshotOf(r).content;
      else {
        const parent = (await repo.paperQuWithParts(ctx.db, r.paper_id, r.parent_id)).find((x) => x.qu_id === r.parent_id);
        const sub = parent ? (snapshotOf(parent).subList ?? []).find((s) => s.id === r.qu_id) : undefined;
        content = sub?.content ?? '';
      }
      out.set(r.qu_id, (entry = { quId: r.qu_id, content, pending: 0, total: 0 }));
    }
    entry.total++;
    if (r.state === PaperState.AWAITING_MARK && r.needs_mark === 1) entry.pending++;
  }
  return [...out.values()];
}

export async function quAnswersToMark(ctx: ServiceContext, body: BodyOf<typeof markApi.quAnswers>): Promise<Page<MarkItem>> {
  if (!body.params) throw fail('请选择要阅卷的试题');
  const page = await repo.pageShortAnswers(ctx.db, body.params, body);
  const records: MarkItem[] = [];
  for (const r of page.records) {
    const rows = await repo.paperQus(ctx.db, r.paper_id);
    const row = rows.find((x) => x.qu_id === r.qu_id)!;
    records.push(itemOf(r.paper_id, r.real_name, row, row.parent_id ? rows.find((x) => x.qu_id === row.parent_id) : undefined));
  }
  return { ...page, records };
}

/** Scores one short answer (0 to its score); a combined question's total follows its parts. */
export async function scoreAnswer(ctx: ServiceContext, body: BodyOf<typeof markApi.score>): Promise<MarkItem> {
  const p = await repo.findPaperListRow(ctx.db, body.paperId);
  if (!p) throw notFound('试卷不存在');
  if (p.state !== PaperState.AWAITING_MARK) throw fail(p.state === PaperState.FINISHED ? '试卷已阅卷完成' : '试卷尚未交卷');
  const rows = await repo.paperQus(ctx.db, p.id);
  const row = rows.find((r) => r.qu_id === body.quId);
  if (!row || row.qu_type !== QuType.SHORT) throw notFound('这道题不是本试卷中需要阅卷的简答题');
  if (body.score > row.score) throw fail(`得分不能超过本题分值（${row.score}分）`);
  const score = round2(body.score);
  await inTransaction(ctx, async (tx) => {
    const now = tx.clock.now();
    await repo.markQu(tx.db, p.id, row.qu_id, score, (body.comment ?? '').trim(), now);
    await repo.gradeQus(tx.db, p.id, [{ quId: row.qu_id, is_right: score >= row.score ? 1 : 0, actual_score: score, needs_mark: 0, answered: row.answered }]);
    if (row.parent_id) {
      const parts = (await repo.paperQus(tx.db, p.id)).filter((r) => r.parent_id === row.parent_id);
      const pending = parts.some((x) => x.needs_mark === 1);
      const total = round2(parts.reduce((n, x) => n + (x.actual_score ?? 0), 0));
      const parent = rows.find((r) => r.qu_id === row.parent_id)!;
      await repo.gradeQus(tx.db, p.id, [{ quId: parent.qu_id, is_right: parts.every((x) => x.is_right === 1) ? 1 : 0, actual_score: pending ? null : total, needs_mark: pending ? 1 : 0, answered: parent.answered }]);
    }
  });
  const after = await repo.paperQus(ctx.db, p.id);
  const fresh = after.find((r) => r.qu_id === row.qu_id)!;
  return itemOf(p.id, p.real_name, fresh, fresh.parent_id ? after.find((r) => r.qu_id === fresh.parent_id) : undefined);
}

/** Finishes a paper whose short answers are all scored: the score, pass, record and a message to the learner. */
export async function finishMarking(ctx: ServiceContext, markerId: string, paperId: string): Promise<PaperRecord> {
  const p = await repo.findPaperListRow(ctx.db, paperId);
  if (!p) throw notFound('试卷不存在');
  if (p.state !== PaperState.AWAITING_MARK) throw fail(p.state === PaperState.FINISHED ? '试卷已阅卷完成' : '试卷尚未交卷');
  const { rows, lines } = await repo.paperQusWithLines(ctx.db, p.id);
  const pending = rows.filter((r) => r.qu_type === QuType.SHORT && r.needs_mark === 1).length;
  if (pending) throw fail(`还有${pending}道简答题未评分`);
  const top = rows.filter((r) => !r.parent_id);
  const total = round2(top.reduce((n, r) => n + (r.actual_score ?? 0), 0));
  const subj = round2(rows.filter((r) => r.qu_type === QuType.SHORT).reduce((n, r) => n + (r.actual_score ?? 0), 0));
  const passed = total >= p.qualify_score;
  await inTransaction(ctx, async (tx) => {
    const now = tx.clock.now();
    await repo.updatePaper(tx.db, p.id, { state: PaperState.FINISHED, subj_score: subj, user_score: total, passed: passed ? 1 : 0, update_time: now });
    await refreshRecord(tx, p.user_id, p.exam_id);
    // What marking settled: short answers, and combined questions with a short part (a blank one
    // included: scored 0 at hand-in, told now). A combined question graded whole by machine was
    // told at hand-in already.
    const marked = (r: (typeof top)[number]) => r.qu_type === QuType.SHORT || (r.qu_type === QuType.COMBINED && rows.some((x) => x.parent_id === r.qu_id && x.qu_type === QuType.SHORT));
    const missed = top.filter((r) => marked(r) && (r.actual_score ?? 0) < r.score).map((r) => ({ quId: r.qu_id, quType: r.qu_type, question: snapshotOf(r), json: lines.get(r.qu_id) ?? r.question, earned: r.actual_score ?? 0, full: r.score }));
    await emit(tx, 'paper.marked', { paperId: p.id, userId: p.user_id, examId: p.exam_id, title: p.title, markerId, score: total, missed });
  });
  return recordOf((await repo.findPaperListRow(ctx.db, p.id))!);
}

export async function finishAllMarked(ctx: ServiceContext, markerId: string, examId: string): Promise<number> {
  let n = 0;
  for (;;) {
    const page = await repo.pagePapers(ctx.db, { examId, state: PaperState.AWAITING_MARK }, { current: 1, size: 200 });
    let progressed = false;
    for (const r of page.records) {
      const rows = await repo.paperQus(ctx.db, r.id);
      if (rows.some((x) => x.qu_type === QuType.SHORT && x.needs_mark === 1)) continue;
      await finishMarking(ctx, markerId, r.id);
      n++;
      progressed = true;
    }
    if (!progressed || page.records.length < 200) return n;
  }
}
