import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import type { QuDetail, RepoRecord } from '../../common/api';
import { HandType, PaperState, QuType } from '../../common/codes';
import { examBody, saveExam } from './exam.helpers';
import { DIALECTS, insertUser, useTestApp, type TestContext } from './helpers';

/**
 * Marking (issue 25): a batch is finished with a count to confirm; a partly scored answer is a
 * partial score (部分得分), wrong only below 60 % of its score; blank short answers need no marker;
 * 我的成绩 says a paper awaits marking and dates the latest exam by its hand-in.
 */

const MINUTE = 60_000;

/** The raw JSON data of a call (nothing the typed envelope might hide). */
async function raw(t: TestContext, url: string, payload: object, token: string) {
  const res = await t.app.inject({ method: 'POST', url, payload, headers: { token } });
  const body = JSON.parse(res.body) as { code: number; msg: string; data: any };
  expect(body.code, body.msg).toBe(0);
  return body.data;
}

/** A practice bank of one single choice and three short answers, and an exam of them (single 2 points, short 10 each). */
async function setup(t: TestContext, title: string) {
  const admin = await t.adminToken();
  const bank = (await t.call<RepoRecord>('/api/repo/save', { title: `阅卷题库${title}`, practiceOpen: true, practiceAudience: 1 }, admin)).body.data;
  const save = async (body: object) => {
    const r = await t.call<QuDetail>('/api/qu/qu/save', { repoId: bank.id, ...body }, admin);
    expect(r.body.code, r.body.msg).toBe(0);
    return r.body.data;
  };
  const single = await save({ quType: QuType.SINGLE, content: '<p>离开座位时应当？</p>', answerList: [{ content: '锁屏', isRight: true }, { content: '不管', isRight: false }] });
  const shorts = [
    await save({ quType: QuType.SHORT, content: '<p>谈谈密码管理。</p>', refAnswer: '<p>长度、复杂度、不复用</p>' }),
    await save({ quType: QuType.SHORT, content: '<p>如何识别钓鱼邮件？</p>', refAnswer: '<p>核对发件人与链接</p>' }),
    await save({ quType: QuType.SHORT, content: '<p>说明最小权限原则。</p>', refAnswer: '<p>只给完成工作所需的权限</p>' }),
  ];
  const exam = await saveExam(
    t,
    examBody(bank.id, {
      title,
      qualifyScore: 20,
      groups: [
        { title: '单选', quType: QuType.SINGLE, perScore: 2, draws: [], quIds: [single.id] },
        { title: '简答', quType: QuType.SHORT, perScore: 10, draws: [], quIds: shorts.map((s) => s.id) },
      ],
    }),
  );
  const rightOption = single.answerList!.find((o) => o.isRight)!.id!;
  /** A learner's paper: the single choice right, each short answer as given ('' leaves it blank). */
  const take = async (token: string, answers: readonly string[]) => {
    const paperId = (await t.call('/api/paper/paper/create-paper', { examId: exam.id }, token)).body.data.id as string;
    let seq = 1;
    await t.call('/api/paper/paper/fill-answer', { paperId, quId: single.id, seq: seq++, answers: [rightOption] }, token);
    for (const [i, answer] of answers.entries()) if (answer) await t.call('/api/paper/paper/fill-answer', { paperId, quId: shorts[i].id, seq: seq++, answer }, token);
    return paperId;
  };
  const hand = async (token: string, paperId: string) => (await t.call('/api/paper/paper/hand-exam', { id: paperId, type: HandType.LEARNER }, token)).body.data.state as number;
  return { admin, bank, exam, shorts, take, hand };
}

describe.each(DIALECTS)('marking on %s', (dialect) => {
  const t = useTestApp(dialect);
  afterAll(() => fs.rmSync(t.config.dataDir, { recursive: true, force: true }));

  it('files 8/10 and 6/10 as partial scores (部分得分) kept out of the wrong counts, 5.99/10 as wrong', async () => {
    const { admin, bank, exam, shorts, take, hand } = await setup(t, `部分得分${dialect}`);
    const learner = await insertUser(t, `mk_${dialect}_partial`);
    const book = async () => {
      const page = await raw(t, '/api/user/wrong-book/paging', { current: 1, size: 10, params: { examId: exam.id } }, learner.token);
      return Object.fromEntries(page.records.map((r: { quId: string; wrongCount: number; partial: boolean }) => [r.quId, { wrongCount: r.wrongCount, partial: r.partial }]));
    };
    const practiceWrong = async () => (await raw(t, '/api/user/repo/detail', { repoId: bank.id }, learner.token)).wrongCount as number;
    const mark = async (paperId: string, scores: readonly number[]) => {
      for (const [i, score] of scores.entries()) expect((await t.call('/api/paper/mark/score', { paperId, quId: shorts[i].id, score }, admin)).body.code).toBe(0);
      expect((await t.call('/api/paper/mark/finish', { id: paperId }, admin)).body.data).toMatchObject({ state: PaperState.FINISHED });
    };

    const first = await take(learner.token, ['长一点', '看链接', '按需授权']);
    expect(await hand(learner.token, first)).toBe(PaperState.AWAITING_MARK);
    await mark(first, [8, 5.99, 6]);
    expect(await book()).toEqual({
      [shorts[0].id]: { wrongCount: 0, partial: true },
      [shorts[1].id]: { wrongCount: 1, partial: false },
      [shorts[2].id]: { wrongCount: 0, partial: true },
    });
    // Practice's wrong-only mode counts the wrong one only.
    expect(await practiceWrong()).toBe(1);

    // Again: the 8/10 question now wrong (2/10) counts as wrong; a partial score on a wrong one leaves it wrong.
    const second = await take(learner.token, ['不知道', '核对发件人', '按需授权']);
    expect(await hand(learner.token, second)).toBe(PaperState.AWAITING_MARK);
    await mark(second, [2, 9, 7]);
    expect(await book()).toEqual({
      [shorts[0].id]: { wrongCount: 1, partial: false },
      [shorts[1].id]: { wrongCount: 1, partial: false },
      [shorts[2].id]: { wrongCount: 0, partial: true },
    });
    expect(await practiceWrong()).toBe(2);
  }, 30_000);

  it('grades blank short answers 0 at hand-in: an all-blank paper never waits; a marker scores only the rest; a batch finishes what is scored, once each', async () => {
    const { admin, exam, shorts, take, hand } = await setup(t, `空白简答${dialect}`);
    const [blank, someBlank, answered] = await Promise.all([insertUser(t, `mk_${dialect}_blank`), insertUser(t, `mk_${dialect}_some`), insertUser(t, `mk_${dialect}_all`)]);

    // Timed out with every short answer blank: finished by the deadline, scored, never in the marking queue.
    const blankPaper = await take(blank.token, ['', '', '']);
    t.clock.advance(31 * MINUTE);
    const result = await raw(t, '/api/paper/paper/paper-result', { id: blankPaper }, blank.token);
    expect(result).toMatchObject({ state: PaperState.FINISHED, handType: HandType.DEADLINE, userScore: 2, passed: false });
    const blankBook = await raw(t, '/api/user/wrong-book/paging', { current: 1, size: 10, params: { examId: exam.id } }, blank.token);
    expect(blankBook.records.map((r: { quId: string; wrongCount: number }) => [r.quId, r.wrongCount]).sort()).toEqual(shorts.map((s) => [s.id, 1]).sort());
    expect((await raw(t, '/api/paper/mark/exam-paging', { current: 1, size: 50 }, admin)).records.map((e: { examId: string }) => e.examId)).not.toContain(exam.id);

    // Some blank: the blank ones are scored 0 already; the marker scores the rest.
    const somePaper = await take(someBlank.token, ['长一点', '', '']);
    const allPaper = await take(answered.token, ['长一点', '看链接', '按需授权']);
    expect(await hand(someBlank.token, somePaper)).toBe(PaperState.AWAITING_MARK);
    expect(await hand(answered.token, allPaper)).toBe(PaperState.AWAITING_MARK);
    const items = (await raw(t, '/api/paper/mark/paper', { id: somePaper }, admin)).items;
    expect(items.map((i: { quId: string; answer: string; markScore: number | null }) => [i.quId, i.answer, i.markScore])).toEqual([
      [shorts[0].id, '长一点', null],
      [shorts[1].id, '', 0],
      [shorts[2].id, '', 0],
    ]);
    expect((await t.call('/api/paper/mark/finish', { id: somePaper }, admin)).body.msg).toBe('还有1道简答题未评分');
    const pendingOfFirst = await raw(t, '/api/paper/mark/qu-answers', { current: 1, size: 10, params: { examId: exam.id, quId: shorts[1].id, pendingOnly: true } }, admin);
    expect(pendingOfFirst.records.map((r: { paperId: string }) => r.paperId)).toEqual([allPaper]);

    // The batch: the count to confirm is what finish-marked then finishes.
    const examRow = async () => (await raw(t, '/api/paper/mark/exam-paging', { current: 1, size: 50 }, admin)).records.find((e: { examId: string }) => e.examId === exam.id);
    expect(await examRow()).toMatchObject({ awaitingMarkCount: 2, markedCount: 0, paperCount: 3 });
    expect((await t.call('/api/paper/mark/score', { paperId: somePaper, quId: shorts[0].id, score: 10 }, admin)).body.code).toBe(0);
    expect(await examRow()).toMatchObject({ awaitingMarkCount: 2, markedCount: 1 });
    expect(await raw(t, '/api/paper/mark/finish-marked', { examId: exam.id }, admin)).toBe(1);
    expect(await examRow()).toMatchObject({ awaitingMarkCount: 1, markedCount: 0 });
    expect((await raw(t, '/api/paper/paper/paper-result', { id: somePaper }, someBlank.token)).userScore).toBe(12);
    // The blank answers were filed once, at marking (not also at hand-in); the full-score one not at all.
    const someBook = await raw(t, '/api/user/wrong-book/paging', { current: 1, size: 10, params: { examId: exam.id } }, someBlank.token);
    expect(someBook.records.map((r: { quId: string; wrongCount: number; partial: boolean }) => [r.quId, r.wrongCount, r.partial]).sort()).toEqual(
      [
        [shorts[1].id, 1, false],
        [shorts[2].id, 1, false],
      ].sort(),
    );
  }, 30_000);

  it('我的成绩: no score but 待阅卷 while the only paper awaits marking, and the latest exam dated by its hand-in, not its marking', async () => {
    const { admin, exam, shorts, take, hand } = await setup(t, `成绩待阅${dialect}`);
    const learner = await insertUser(t, `mk_${dialect}_records`);
    const paperId = await take(learner.token, ['长一点', '看链接', '按需授权']);
    t.clock.advance(10 * MINUTE);
    const handTime = t.clock.now();
    expect(await hand(learner.token, paperId)).toBe(PaperState.AWAITING_MARK);
    const mine = async () => (await raw(t, '/api/user/exam/my-paging', { current: 1, size: 10 }, learner.token)).records.find((r: { examId: string }) => r.examId === exam.id);
    const waiting = await mine();
    expect(waiting).toEqual({
      id: waiting.id,
      examId: exam.id,
      title: exam.title,
      userId: learner.id,
      userName: `mk_${dialect}_records`,
      realName: `mk_${dialect}_records`,
      deptName: expect.any(String),
      tryCount: 1,
      maxScore: null,
      lastScore: null,
      totalScore: 32,
      qualifyScore: 20,
      passed: false,
      bestPaperId: null,
      awaitingMark: 1,
      lastAwaitingMark: true,
      lastHandTime: handTime,
      updateTime: handTime,
    });

    // Marked two hours later: the scores, and the latest exam still the hand-in.
    t.clock.advance(120 * MINUTE);
    for (const [i, s] of shorts.entries()) await t.call('/api/paper/mark/score', { paperId, quId: s.id, score: [10, 8, 4][i] }, admin);
    expect((await t.call('/api/paper/mark/finish', { id: paperId }, admin)).body.code).toBe(0);
    expect(await mine()).toMatchObject({ maxScore: 24, lastScore: 24, passed: true, bestPaperId: paperId, awaitingMark: 0, lastAwaitingMark: false, lastHandTime: handTime, updateTime: t.clock.now() });

    // A newer paper awaiting marking: 最近得分 waits for it, 最高分 stays.
    const again = await take(learner.token, ['再答一次', '', '']);
    t.clock.advance(MINUTE);
    expect(await hand(learner.token, again)).toBe(PaperState.AWAITING_MARK);
    expect(await mine()).toMatchObject({ maxScore: 24, awaitingMark: 1, lastAwaitingMark: true, lastHandTime: t.clock.now() });
  }, 30_000);

  it('counts a paper in the exam statistics once it is marked, not while it awaits marking', async () => {
    const { admin, exam, shorts, take, hand } = await setup(t, `统计阅卷${dialect}`);
    const learner = await insertUser(t, `mk_${dialect}_stats`);
    const paperId = await take(learner.token, ['密码要长', '看链接', '']);
    expect(await hand(learner.token, paperId)).toBe(PaperState.AWAITING_MARK);
    expect(await raw(t, '/api/exam/stats/summary', { examId: exam.id }, admin)).toMatchObject({ attempts: 0, mean: null });
    for (const [i, score] of [9, 7].entries()) expect((await t.call('/api/paper/mark/score', { paperId, quId: shorts[i].id, score }, admin)).body.code).toBe(0);
    expect((await t.call('/api/paper/mark/finish', { id: paperId }, admin)).body.code).toBe(0);
    t.clock.advance(MINUTE);
    const summary = await raw(t, '/api/exam/stats/summary', { examId: exam.id }, admin);
    expect(summary).toMatchObject({ attempts: 1, mean: 18, scores: [18] });
    const questions = await raw(t, '/api/exam/stats/questions', { examId: exam.id }, admin);
    expect(questions.map((q: { facility: number }) => q.facility)).toEqual([100, 90, 70, 0]);
  });
});
