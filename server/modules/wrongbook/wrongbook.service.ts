import type { BodyOf, WrongBookCheck, wrongBookApi } from '../../../common/api';
import type { QuBody } from '../../../common/api/qu';
import { QuType } from '../../../common/codes';
import type { Page } from '../../../common/errorCodes';
import { stemText } from '../../../common/richText';
import type { ServiceContext } from '../../context';
import type { MissedQuestion } from '../../events';
import type { WrongBookRow } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { assertMayReviewWrong, heldWrongBookExams } from '../access/access.service';
import { judgePracticeAnswer, practiceAnswerOf, rightAnswerOf } from '../qu/qu.practiceJudge';
import { toPublic } from '../qu/qu.public';
import { questionsTagged } from '../qu/qu.service';
import * as repo from './wrongbook.repository';

/** The wrong book: questions a learner got wrong in an exam, as they were on the paper. */

const questionOf = (r: WrongBookRow) => JSON.parse(r.question) as QuBody;
/** The list's one line of stem (the column holds it for the title search). */
const TITLE_MAX = 190;

/** Stems as titles, kept (of stems up to TITLE_KEY_MAX long): a cohort files the same few hundred questions thousands of times. */
const titles = new Map<string, string>();
const TITLES_KEPT = 5_000;
const TITLE_KEY_MAX = 2_000;

function titleOf(content: string): string {
  if (content.length > TITLE_KEY_MAX) return stemText(content, TITLE_MAX);
  let title = titles.get(content);
  if (title === undefined) {
    if (titles.size >= TITLES_KEPT) titles.delete(titles.keys().next().value as string);
    titles.set(content, (title = stemText(content, TITLE_MAX)));
  }
  return title;
}

function itemOf(r: WrongBookRow) {
  return {
    id: r.id,
    examId: r.exam_id,
    quId: r.qu_id,
    quType: QuType.of(r.qu_type),
    // Drawn from the stored question, so rows saved before blanks showed as ____ read right too.
    title: titleOf(questionOf(r).content) || r.title,
    wrongCount: r.wrong_count,
    partial: r.wrong_count === 0,
    createTime: r.create_time,
    updateTime: r.update_time,
  };
}

/**
 * An answer earning less than this share of its question's score (in %) is wrong (答错); from it up
 * to the full score it is a partial score (部分得分). Exams have no setting of their own for it.
 */
export const WRONG_BELOW_PERCENT = 60;

/** How an answer earning `actual` of `full` points goes into the wrong book: not at all (full score), as a partial score, or as wrong. */
export function wrongBookVerdict(actual: number, full: number): 'wrong' | 'partial' | undefined {
  // In hundredths of a point, so that the comparison is exact (scores have 2 decimals).
  const earned = Math.round(actual * 100);
  const max = Math.round(full * 100);
  if (earned >= max) return undefined;
  return earned * 100 >= max * WRONG_BELOW_PERCENT ? 'partial' : 'wrong';
}

/**
 * Files a learner's missed questions of one exam in their wrong book, as they were on the paper:
 * new ones are added, ones already there counted again. A partial score is listed with no wrong
 * count (a question once wrong keeps its count). One read and a few writes per paper, whatever
 * its size, committed with the other papers handed in at once (fileWrong). Subscribed to
 * paper.handedIn and paper.marked.
 */
export async function fileMissed(ctx: ServiceContext, userId: string, examId: string, missed: readonly MissedQuestion[]): Promise<void> {
  const items: Array<MissedQuestion & { partial: boolean }> = [];
  for (const m of missed) {
    const verdict = wrongBookVerdict(m.earned, m.full);
    if (verdict) items.push({ quId: m.quId, quType: m.quType, question: m.question, json: m.json, earned: m.earned, full: m.full, partial: verdict === 'partial' });
  }
  if (items.length === 0) return;
  const now = ctx.clock.now();
  await repo.fileWrong(ctx.db, {
    userId,
    examId,
    items,
    now,
    rowOf: (w) => ({
      id: newId(), user_id: userId, exam_id: examId, qu_id: w.quId, qu_type: w.quType, title: titleOf(w.question.content) || QuType.label(w.quType),
      question: w.json, wrong_count: w.partial ? 0 : 1, create_time: now, update_time: now,
    }),
  });
}

/** My wrong book (of an exam), without the exams whose release rule holds it back; `held` says why one is. */
export async function pagingWrong(ctx: ServiceContext, userId: string, body: BodyOf<typeof wrongBookApi.paging>): Promise<Page<ReturnType<typeof itemOf>> & { held?: string }> {
  const examId = body.params?.examId?.trim() || undefined;
  const held = await heldWrongBookExams(ctx, userId);
  const why = examId ? held.get(examId) : undefined;
  if (why) return { records: [], total: 0, current: body.current, size: body.size, pages: 0, held: why };
  const heldExamIds = [...held.keys()];
  const tag = body.params?.tag?.trim();
  // A knowledge point (from the user centre's mastery): the questions of my book tagged with it, across exams.
  const quIds = tag ? await questionsTagged(ctx, await repo.wrongQuIds(ctx.db, userId, heldExamIds, true), tag) : undefined;
  const page = await repo.pageWrong(ctx.db, userId, { examId, title: body.params?.title?.trim() || undefined, heldExamIds, quIds }, body);
  return { ...page, records: page.records.map(itemOf) };
}

/** The question after `quId` in my wrong book of an exam (the first when none), without its answer. */
export async function nextWrong(ctx: ServiceContext, userId: string, examId: string, quId?: string) {
  await assertMayReviewWrong(ctx, userId, examId);
  const all = await repo.wrongOfExam(ctx.db, userId, examId);
  const at = quId ? all.findIndex((r) => r.qu_id === quId) + 1 : 0;
  const r = all[at];
  if (!r) return null;
  return { item: itemOf(r), question: toPublic(r.qu_id, questionOf(r)), index: at + 1, total: all.length };
}

/**
 * Judges my answer to a wrong-book question as practice judges it (a combined question part by
 * part; a given short answer counts as right, for me to check against the reference) and shows the
 * right one. Nothing is recorded: the book changes only by exams and by removal.
 */
export async function checkWrong(ctx: ServiceContext, userId: string, body: BodyOf<typeof wrongBookApi.check>): Promise<WrongBookCheck> {
  const r = await repo.findWrong(ctx.db, userId, body.examId, body.quId);
  if (!r) throw notFound('错题不存在或已移出错题本');
  await assertMayReviewWrong(ctx, userId, body.examId, body.quId);
  const q = questionOf(r);
  const { isRight, subs } = judgePracticeAnswer(q, practiceAnswerOf(q, body));
  return { isRight, rightAnswer: rightAnswerOf(q), analysis: q.analysis ?? '', question: q, ...(subs ? { subs } : {}) };
}

export async function deleteWrong(ctx: ServiceContext, userId: string, ids: readonly string[]): Promise<void> {
  if ((await repo.deleteWrong(ctx.db, userId, [...new Set(ids)])) === 0) throw notFound('错题不存在或已移出错题本');
}

/** Question ids in the learner's exam wrong book as released to them (practice's wrong-only mode includes them; partial scores are not wrong). */
export const wrongQuIdsOf = async (ctx: ServiceContext, userId: string): Promise<string[]> => repo.wrongQuIds(ctx.db, userId, [...(await heldWrongBookExams(ctx, userId)).keys()]);
