import type { Assessment, BodyOf, PracticeAnswer, PracticeFeedback, PracticeRepo, PracticeRepoDetail, StartBody, SubFeedback, Training, TrainingQu, TrainingResult, practiceAdminApi, practiceApi } from '../../../common/api';
import type { QuBody, QuDetail } from '../../../common/api/qu';
import { PracticeMode, QuType } from '../../../common/codes';
import type { Page } from '../../../common/errorCodes';
import { stemText } from '../../../common/richText';
import { inTransaction, type ServiceContext } from '../../context';
import type { PracticeTrainRow } from '../../db/schema';
import { fail, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { buildXlsx } from '../../workers/xlsx';
import { assertMayPractise, assertMayPractiseQuestion } from '../access/access.service';
import { descendantDeptIds } from '../depart/depart.service';
import { cryptoRng } from '../exam/paper.draw';
import { wrongQuIdsOf } from '../wrongbook/wrongbook.service';
import { gradeAnswer, gradeCombined } from '../qu/qu.grading';
import { judgePracticeAnswer, practiceAnswerOf, rightAnswerOf } from '../qu/qu.practiceJudge';
import { orderForLearner, toPublic } from '../qu/qu.public';
import { bankOrder, getQuestions, tagsOfRepo } from '../qu/qu.service';
import { getRepo, listStat, pagingReposOpenTo, repoOpenTo } from '../qu/repo.service';
import * as repo from './practice.repository';

/**
 * Bank practice: a training walks a bank (or a subset) in one mode; the server judges every
 * answer it can as the wrong book does (qu.practiceJudge: the exams' grading), and what it cannot
 * (a short answer) awaits the learner's own verdict, given after the reference answer is shown
 * (assessTraining) and counted apart. It shows the answer and analysis only once the learner has
 * answered (or in recite mode). The first answer to a question of a training is its verdict there.
 */

const noTrain = () => notFound('练习不存在');
const itemsOf = (t: PracticeTrainRow) => JSON.parse(t.items) as string[];
const titleOf = (html: string) => stemText(html, 120);

function trainingOf(t: PracticeTrainRow, repoTitle: string): Training {
  return {
    id: t.id,
    repoId: t.repo_id,
    repoTitle,
    mode: PracticeMode.of(t.mode),
    quType: t.qu_type === null ? null : QuType.of(t.qu_type),
    tag: t.tag,
    total: t.total,
    answered: t.answered,
    right: t.right_count,
    selfAssessed: t.self_count,
    selfRight: t.self_right,
    pending: t.pending_count,
    position: t.position,
    finished: t.finished === 1,
    createTime: t.create_time,
    updateTime: t.update_time,
  };
}

export async function pagingPractice(ctx: ServiceContext, userId: string, body: BodyOf<typeof practiceApi.paging>): Promise<Page<PracticeRepo>> {
  const page = await pagingReposOpenTo(ctx, userId, { title: body.params?.title?.trim() || undefined, tag: body.params?.tag?.trim() || undefined }, body);
  const mine = await repo.statsByRepo(ctx.db, userId, page.records.map((r) => r.id));
  return {
    ...page,
    records: page.records.map((r) => {
      const m = mine.get(r.id);
      return { id: r.id, title: r.title, catName: r.catName, remark: r.remark, quCount: r.quCount, ...figuresOf(m), lastTime: m?.lastTime ?? null };
    }),
  };
}

const figuresOf = (m: repo.RepoFigures | undefined) => ({ answered: m?.answered ?? 0, right: m?.right ?? 0, selfAssessed: m?.selfAssessed ?? 0, selfRight: m?.selfRight ?? 0 });

type Tally = { answered: number; right: number; selfAssessed: number; selfRight: number };
const tally = (): Tally => ({ answered: 0, right: 0, selfAssessed: 0, selfRight: 0 });
/** Adds one question's last verdict to a tally. */
function count(m: Tally, right: number, self: number): void {
  m.answered++;
  m.right += right;
  m.selfAssessed += self;
  m.selfRight += self * right;
}

/** Questions of a bank still to clear in wrong-only mode: wrong in practice (not yet right twice in a row) or in an exam's wrong book. */
async function wrongIds(ctx: ServiceContext, userId: string, repoId: string): Promise<string[]> {
  const [stats, order, book] = await Promise.all([repo.statsOf(ctx.db, userId, repoId), bankOrder(ctx, repoId), wrongQuIdsOf(ctx, userId)]);
  const byId = new Map(stats.map((s) => [s.qu_id, s]));
  const inBook = new Set(book);
  return order.filter((id) => {
    const s = byId.get(id);
    if (s && s.streak >= 2) return false;
    return (s !== undefined && s.wrong_count > 0) || inBook.has(id);
  });
}

export async function practiceDetail(ctx: ServiceContext, userId: string, repoId: string): Promise<PracticeRepoDetail> {
  const bank = await repoOpenTo(ctx, userId, repoId);
  const [stats, tags, mine, trains, wrong] = await Promise.all([listStat(ctx, repoId), tagsOfRepo(ctx, repoId), repo.statsOf(ctx.db, userId, repoId), repo.recentTrains(ctx.db, userId, repoId, 10), wrongIds(ctx, userId, repoId)]);
  const byType = new Map<number, Tally>();
  for (const s of mine) {
    const m = byType.get(s.qu_type) ?? tally();
    count(m, s.last_right, s.last_self);
    byType.set(s.qu_type, m);
  }
  // Mastery per knowledge point: the questions of each point I answered, right the last time.
  const tagged = await getQuestions(ctx, mine.map((s) => s.qu_id));
  const last = new Map(mine.map((s) => [s.qu_id, s]));
  const byTag = new Map<string, Tally>();
  for (const q of tagged) {
    for (const tag of q.tags ?? []) {
      const m = byTag.get(tag) ?? tally();
      count(m, last.get(q.id)?.last_right ?? 0, last.get(q.id)?.last_self ?? 0);
      byTag.set(tag, m);
    }
  }
  const all = await repo.statsByRepo(ctx.db, userId, [repoId]);
  const m = all.get(repoId);
  return {
    repo: { id: bank.id, title: bank.title, catName: bank.catName, remark: bank.remark, quCount: bank.quCount, ...figuresOf(m), lastTime: m?.lastTime ?? null },
    stats,
    tags,
    byType: [...byType].map(([quType, v]) => ({ quType: QuType.of(quType), ...v })),
    byTag: [...byTag].map(([tag, v]) => ({ tag, ...v })),
    wrongCount: wrong.length,
    trainings: trains.map((t) => trainingOf(t, bank.title)),
  };
}

export async function checkTraining(ctx: ServiceContext, userId: string, repoId: string, mode: number): Promise<Training | null> {
  const t = await repo.openTrain(ctx.db, userId, repoId, mode);
  return t ? trainingOf(t, '') : null;
}

function shuffled<T>(items: T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = cryptoRng.int(i + 1);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/** Starts a training, or continues the unfinished one of this bank and mode (unless `clear`). */
export async function startTraining(ctx: ServiceContext, userId: string, body: StartBody): Promise<{ trainId: string }> {
  const now = ctx.clock.now();
  const favorites = body.mode === PracticeMode.FAVORITE;
  if (!favorites) await repoOpenTo(ctx, userId, body.repoId);
  await assertMayPractise(ctx, userId, body.repoId);
  const repoKey = body.repoId;
  if (!body.clear && body.mode !== PracticeMode.RETRY) {
    const open = await repo.openTrain(ctx.db, userId, repoKey, body.mode);
    if (open) return { trainId: open.id };
  }
  let items: string[];
  switch (body.mode) {
    case PracticeMode.SEQUENTIAL:
    case PracticeMode.RECITE:
      items = await bankOrder(ctx, body.repoId);
      break;
    case PracticeMode.RANDOM:
      items = shuffled(await bankOrder(ctx, body.repoId));
      break;
    case PracticeMode.BY_TYPE:
      if (!body.quType) throw fail('请选择要练习的题型');
      items = await bankOrder(ctx, body.repoId, { quType: body.quType });
      break;
    case PracticeMode.BY_TAG:
      if (!body.tag) throw fail('请选择要练习的知识点');
      items = await bankOrder(ctx, body.repoId, { tag: body.tag });
      break;
    case PracticeMode.WRONG:
      items = await wrongIds(ctx, userId, body.repoId);
      break;
    case PracticeMode.FAVORITE: {
      const order = new Set(await bankOrder(ctx, body.repoId));
      items = [...(await repo.favoriteIds(ctx.db, userId))].filter((id) => order.has(id));
      break;
    }
    case PracticeMode.RETRY: {
      const from = body.fromTrainId ? await repo.findTrain(ctx.db, body.fromTrainId) : undefined;
      if (!from || from.user_id !== userId) throw noTrain();
      // Wrong by a verdict (the server's or the learner's own); not those awaiting one.
      const wrong = new Set((await repo.answersOf(ctx.db, from.id)).filter((a) => a.is_right === 0 && a.assess !== repo.Assess.PENDING).map((a) => a.qu_id));
      items = itemsOf(from).filter((id) => wrong.has(id));
      break;
    }
    default:
      throw fail('练习模式不正确');
  }
  if (items.length === 0) {
    throw fail(body.mode === PracticeMode.WRONG || body.mode === PracticeMode.RETRY ? '没有需要练习的错题' : body.mode === PracticeMode.FAVORITE ? '这个题库中还没有收藏的试题' : '没有可以练习的试题');
  }
  const id = newId();
  await inTransaction(ctx, async (tx) => {
    if (body.clear) await repo.finishTrains(tx.db, userId, repoKey, body.mode, now);
    await repo.insertTrain(tx.db, {
      id, user_id: userId, repo_id: repoKey, mode: body.mode, qu_type: body.mode === PracticeMode.BY_TYPE ? body.quType ?? null : null, tag: body.mode === PracticeMode.BY_TAG ? body.tag ?? '' : '',
      items: JSON.stringify(items), total: items.length, position: 1, answered: 0, right_count: 0, pending_count: 0, self_count: 0, self_right: 0, finished: 0, create_time: now, update_time: now,
    });
  });
  return { trainId: id };
}

async function ownTrain(ctx: ServiceContext, userId: string, trainId: string): Promise<PracticeTrainRow> {
  const t = await repo.findTrain(ctx.db, trainId);
  if (!t || t.user_id !== userId) throw noTrain();
  return t;
}

export async function trainingCard(ctx: ServiceContext, userId: string, trainId: string) {
  const t = await ownTrain(ctx, userId, trainId);
  const ids = itemsOf(t);
  const [answers, qs] = await Promise.all([repo.answersOf(ctx.db, t.id), getQuestions(ctx, ids)]);
  const byAnswer = new Map(answers.map((a) => [a.qu_id, a]));
  const types = new Map(qs.map((q) => [q.id, q.quType]));
  return {
    training: trainingOf(t, (await getRepo(ctx, t.repo_id).catch(() => undefined))?.title ?? ''),
    items: ids.map((quId, i) => {
      const a = byAnswer.get(quId);
      const assessment = a ? assessmentOf(a.assess) : null;
      return { sequence: i + 1, quId, quType: types.get(quId) ?? QuType.SINGLE, answered: a !== undefined, isRight: a && assessment !== 'pending' ? a.is_right === 1 : null, assessment };
    }),
  };
}

/** The question as practice shows it: its body, without the bank's bookkeeping. */
function bodyOf(q: QuDetail): QuBody {
  const { id: _i, repoId: _r, repoTitle: _t, createTime: _c, updateTime: _u, ...body } = q;
  return body;
}

const assessmentOf = (assess: number): Assessment => (assess === repo.Assess.PENDING ? 'pending' : assess === repo.Assess.SELF ? 'self' : 'judged');

function feedbackOf(q: QuDetail, isRight: boolean, assessment: Assessment, subs?: SubFeedback[]): PracticeFeedback {
  return { isRight, assessment, rightAnswer: rightAnswerOf(q), analysis: q.analysis ?? '', question: bodyOf(q), ...(subs ? { subs } : {}) };
}

/** The feedback on an answer as a training keeps it (the parts' verdicts read again from the kept part answers). */
function keptFeedbackOf(q: QuDetail, given: { answer: string; is_right: number; assess: number }): PracticeFeedback {
  const answer = JSON.parse(given.answer) as PracticeAnswer;
  // A combined answer kept before parts were carried has none, and shows none.
  const subs = answer.subAnswers && q.quType === QuType.COMBINED ? judgePracticeAnswer(q, answer).subs : undefined;
  return feedbackOf(q, given.is_right === 1, assessmentOf(given.assess), subs);
}

/**
 * Whether a verdict of right rests on something no machine can judge, so that the learner gives
 * it: an answered short answer (graded as needing a marker), or a combined question whose judged
 * parts are all right and one of whose answered parts needs a marker.
 */
function awaitsOwnVerdict(q: QuDetail, answer: PracticeAnswer, isRight: boolean): boolean {
  if (!isRight) return false;
  if (q.quType !== QuType.COMBINED) return gradeAnswer(q, answer, 1).needsMarking;
  const given = new Map((answer.subAnswers ?? []).map(({ subId, ...a }) => [subId, a]));
  return gradeCombined(q, given, 1).subs.some((s) => s.result.needsMarking && s.result.answered);
}

export async function trainingQu(ctx: ServiceContext, userId: string, trainId: string, sequence: number): Promise<TrainingQu> {
  const t = await ownTrain(ctx, userId, trainId);
  const ids = itemsOf(t);
  if (sequence > ids.length) throw notFound('没有这道题');
  const quId = ids[sequence - 1];
  const [q] = await getQuestions(ctx, [quId]);
  if (!q) throw notFound('这道题已被删除');
  await assertMayPractiseQuestion(ctx, userId, q);
  const [given, fav] = await Promise.all([repo.answerOf(ctx.db, t.id, quId), repo.favoriteIds(ctx.db, userId, [quId])]);
  if (sequence !== t.position) await repo.setPosition(ctx.db, t.id, sequence, ctx.clock.now());
  const recite = t.mode === PracticeMode.RECITE;
  return {
    sequence,
    total: ids.length,
    question: toPublic(quId, orderForLearner(bodyOf(q), false, cryptoRng)),
    favorite: fav.has(quId),
    answer: given ? (JSON.parse(given.answer) as PracticeAnswer) : null,
    // The verdict is the one recorded.
    feedback: given ? keptFeedbackOf(q, given) : recite ? feedbackOf(q, true, 'judged') : null,
  };
}

/**
 * Judges an answer on the server (or, where it cannot, leaves the verdict to the learner), records
 * it in one short transaction, and answers the verdict with the right answer. The first answer to
 * a question of the training is its verdict in the training, the bank's figures and the wrong
 * book alike: answered again, the kept verdict comes back and nothing changes.
 */
export async function fillTraining(ctx: ServiceContext, userId: string, body: BodyOf<typeof practiceApi.fill>): Promise<PracticeFeedback> {
  const t = await ownTrain(ctx, userId, body.trainId);
  if (t.mode === PracticeMode.RECITE) throw fail('背题模式不需要作答');
  const ids = itemsOf(t);
  const at = ids.indexOf(body.quId);
  if (at < 0) throw notFound('这道题不在本次练习中');
  const [q] = await getQuestions(ctx, [body.quId]);
  if (!q) throw notFound('这道题已被删除');
  await assertMayPractiseQuestion(ctx, userId, q);
  const answer = practiceAnswerOf(q, body);
  const kept = await repo.answerOf(ctx.db, t.id, q.id);
  if (kept) return keptFeedbackOf(q, kept);
  const { isRight, subs } = judgePracticeAnswer(q, answer);
  const pending = awaitsOwnVerdict(q, answer, isRight);
  const now = ctx.clock.now();
  const answeredBefore = (await repo.answersOf(ctx.db, t.id)).length;
  const recorded = await inTransaction(ctx, (tx) =>
    repo.recordAnswer(tx.db, {
      trainId: t.id, userId, quId: q.id, repoId: q.repoId, quType: q.quType, answer: JSON.stringify(answer), isRight, pending,
      position: Math.min(ids.length, at + 2), finished: answeredBefore + 1 >= ids.length, now,
    }),
  );
  // Answered at the same moment by another request: its verdict is the one kept.
  if (!recorded) {
    const first = await repo.answerOf(ctx.db, t.id, q.id);
    if (first) return keptFeedbackOf(q, first);
  }
  return feedbackOf(q, isRight && !pending, pending ? 'pending' : 'judged', subs);
}

/**
 * The learner's own verdict (答对 / 答错) on an answer of their training that the server cannot
 * judge, given after the reference answer was shown: counted in the training, the bank's figures
 * and the wrong book as self-assessed. Once: the same verdict again changes nothing; another is refused.
 */
export async function assessTraining(ctx: ServiceContext, userId: string, body: BodyOf<typeof practiceApi.assess>): Promise<PracticeFeedback> {
  const t = await ownTrain(ctx, userId, body.trainId);
  if (t.mode === PracticeMode.RECITE) throw fail('背题模式不需要自评');
  if (!itemsOf(t).includes(body.quId)) throw notFound('这道题不在本次练习中');
  const [q] = await getQuestions(ctx, [body.quId]);
  if (!q) throw notFound('这道题已被删除');
  // The feedback carries the reference answer: the same rule as answering.
  await assertMayPractiseQuestion(ctx, userId, q);
  const kept = await repo.answerOf(ctx.db, t.id, q.id);
  if (!kept) throw fail('请先作答，看过参考答案后再自评');
  if (kept.assess === repo.Assess.JUDGED) throw fail('这道题已由系统判定对错，不需要自评');
  if (kept.assess === repo.Assess.PENDING) {
    const now = ctx.clock.now();
    await inTransaction(ctx, (tx) => repo.assessAnswer(tx.db, { trainId: t.id, userId, quId: q.id, repoId: q.repoId, quType: q.quType, isRight: body.right, now }));
  }
  const after = (await repo.answerOf(ctx.db, t.id, q.id))!;
  if ((after.is_right === 1) !== body.right) throw fail(`这道题已自评为${after.is_right === 1 ? '答对' : '答错'}，不能更改`);
  return keptFeedbackOf(q, after);
}

export async function trainingResult(ctx: ServiceContext, userId: string, trainId: string): Promise<TrainingResult> {
  const card = await trainingCard(ctx, userId, trainId);
  const qs = new Map((await getQuestions(ctx, card.items.map((i) => i.quId))).map((q) => [q.id, q]));
  const byType = new Map<number, Tally & { total: number; pending: number }>();
  for (const i of card.items) {
    const m = byType.get(i.quType) ?? { total: 0, pending: 0, ...tally() };
    m.total++;
    if (i.answered) {
      m.answered++;
      if (i.assessment === 'pending') m.pending++;
      if (i.isRight) m.right++;
      if (i.assessment === 'self') {
        m.selfAssessed++;
        if (i.isRight) m.selfRight++;
      }
    }
    byType.set(i.quType, m);
  }
  const title = (quId: string) => titleOf(qs.get(quId)?.content ?? '');
  return {
    training: card.training,
    byType: [...byType].map(([quType, v]) => ({ quType: QuType.of(quType), ...v })),
    wrong: card.items.filter((i) => i.isRight === false).map((i) => ({ quId: i.quId, quType: i.quType, title: title(i.quId), sequence: i.sequence, selfAssessed: i.assessment === 'self' })),
    pending: card.items.filter((i) => i.assessment === 'pending').map((i) => ({ quId: i.quId, quType: i.quType, title: title(i.quId), sequence: i.sequence })),
  };
}

export async function setFavorite(ctx: ServiceContext, userId: string, quId: string, on: boolean): Promise<boolean> {
  const [q] = await getQuestions(ctx, [quId]);
  if (!q) throw notFound('试题不存在');
  await repoOpenTo(ctx, userId, q.repoId);
  await repo.setFavorite(ctx.db, userId, quId, q.repoId, on, ctx.clock.now());
  return on;
}

export async function pagingFavorites(ctx: ServiceContext, userId: string, body: BodyOf<typeof practiceApi.favorites>) {
  const page = await repo.pageFavorites(ctx.db, userId, body.params?.title?.trim() || undefined, body);
  return { ...page, records: page.records.map((r) => ({ quId: r.qu_id, repoId: r.repo_id, repoTitle: r.repo_title, quType: QuType.of(r.qu_type), title: titleOf(r.content), createTime: r.create_time })) };
}

// ---------- administrators ----------

export async function practiceUsers(ctx: ServiceContext, body: BodyOf<typeof practiceAdminApi.users>) {
  const p = body.params;
  if (!p) throw fail('请选择题库');
  const page = await repo.pagePracticeUsers(ctx.db, { repoId: p.repoId, deptIds: p.departId?.trim() ? await descendantDeptIds(ctx, p.departId.trim()) : undefined, realName: p.realName?.trim() || undefined }, body);
  const trains = await repo.trainingCounts(ctx.db, p.repoId, page.records.map((r) => r.user_id));
  return {
    ...page,
    records: page.records.map((r) => ({
      userId: r.user_id, userName: r.user_name, realName: r.real_name, deptName: r.dept_name ?? '', answered: Number(r.answered), right: Number(r.right),
      selfAssessed: Number(r.self_count ?? 0), selfRight: Number(r.self_right ?? 0), trainings: trains.get(r.user_id) ?? 0, lastTime: Number(r.last_time),
    })),
  };
}

export async function missedQuestions(ctx: ServiceContext, body: BodyOf<typeof practiceAdminApi.missed>) {
  if (!body.params) throw fail('请选择题库');
  const page = await repo.pageMissed(ctx.db, body.params.repoId, body);
  return { ...page, records: page.records.map((r) => ({ quId: r.qu_id, quType: QuType.of(r.qu_type), title: titleOf(r.content), answered: r.answered, wrong: r.wrong })) };
}

export const PRACTICE_EXPORT_LIMIT = 10_000;

/** The accuracy of the server's verdicts alone, as a percent ('' with none). */
const judgedRate = (r: { answered: number; right: number; selfAssessed: number; selfRight: number }) => {
  const judged = r.answered - r.selfAssessed;
  return judged > 0 ? `${Math.round(((r.right - r.selfRight) * 100) / judged)}%` : '';
};

/** Who practised a bank, as an Excel file (the administrators' list, unpaged). */
export async function exportPracticeUsers(ctx: ServiceContext, params: BodyOf<typeof practiceAdminApi.usersExport>['params']): Promise<Buffer> {
  const page = await practiceUsers(ctx, { current: 1, size: PRACTICE_EXPORT_LIMIT, params });
  if (page.records.length === 0) throw fail('还没有人练习这个题库');
  return buildXlsx({
    sheets: [
      {
        name: '练习情况',
        columns: [
          { header: '姓名', width: 14 },
          { header: '用户名', width: 16 },
          { header: '部门', width: 16 },
          { header: '练习次数', width: 10 },
          { header: '答题数', width: 10 },
          { header: '答对数', width: 10 },
          { header: '正确率（系统判定）', width: 18 },
          { header: '自评题数', width: 10 },
          { header: '自评答对', width: 10 },
          { header: '最近练习', width: 20 },
        ],
        rows: page.records.map((r) => [
          r.realName,
          r.userName,
          r.deptName,
          r.trainings,
          r.answered,
          r.right,
          judgedRate(r),
          r.selfAssessed,
          r.selfRight,
          new Date(r.lastTime).toLocaleString('zh-CN', { hour12: false, timeZone: 'Asia/Shanghai' }),
        ]),
      },
    ],
  });
}
