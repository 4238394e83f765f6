import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import type { PaperDetail } from '../../common/api';
import { HandType, PaperEvent, PaperState, QuType, ResultShow } from '../../common/codes';
import { ErrorCode } from '../../common/errorCodes';
import { SAVE_GRACE_MS } from '../../server/modules/paper/paper.def';
import { bankWithEveryType, examBody, saveExam } from './exam.helpers';
import { DIALECTS, insertUser, useTestApp, type TestContext } from './helpers';

/**
 * The server's clock, proven with the injected clock (never by waiting): the deadline job hands in
 * a paper nobody touches at its deadline plus the grace, saves inside the grace count, later ones
 * are refused, and the exam's end caps every paper's deadline.
 */

/** The paper's row, read straight from the database: no learner call that could hand it in itself. */
const paperRow = (t: TestContext, id: string) =>
  t.database.db.selectFrom('paper').select(['state', 'hand_type', 'obj_score', 'deadline']).where('id', '=', id).executeTakeFirstOrThrow();

/** The job's period: a tick runs it only once this much time has passed since its last run. */
const JOB_PERIOD_MS = 5_000;

describe.each(DIALECTS)('the clock on %s', (dialect) => {
  const t = useTestApp(dialect);
  afterAll(() => fs.rmSync(t.config.dataDir, { recursive: true, force: true }));

  /** A one-minute exam of one single-choice question (2 points) and one true/false (2 points), started by a new learner. */
  async function startOne(name: string, over: Record<string, unknown> = {}) {
    const { repo, qus } = await bankWithEveryType(t);
    const only = (quType: number) => ({ title: QuType.label(quType), quType, perScore: 2, draws: [{ repoId: repo.id, count: 1 }], quIds: [] });
    const exam = await saveExam(t, examBody(repo.id, { totalTime: 1, qualifyScore: 2, groups: [only(QuType.SINGLE), only(QuType.JUDGE)], ...over }));
    const learner = await insertUser(t, `l_${dialect}_${name}`);
    const start = await t.call<{ id: string }>('/api/paper/paper/create-paper', { examId: exam.id }, learner.token);
    expect(start.body.code, start.body.msg).toBe(0);
    const paperId = start.body.data.id;
    const detail = (await t.call<PaperDetail>('/api/paper/paper/paper-detail', { id: paperId }, learner.token)).body.data;
    const [single, judge] = detail.groups.map((g) => g.quList[0].quId);
    // The right option of each, by the question's stem on the paper.
    const right = async (quId: string) => {
      const q = (await t.call('/api/paper/paper/qu-detail', { paperId, quId }, learner.token)).body.data;
      const bank = qus.find((b) => b.content === q.content)!;
      const rightText = bank.answerList!.find((o) => o.isRight)!.content;
      return q.answerList.find((o: { content: string }) => o.content === rightText).id as string;
    };
    return { exam, learner, paperId, single, judge, right };
  }

  it('hands in a paper nobody touches by the job alone, at the deadline plus the grace, with a save made inside the grace graded', async () => {
    const { learner, paperId, single, judge, right } = await startOne('job');
    const save = (quId: string, answers: string[], seq = 1) => t.call('/api/paper/paper/fill-answer', { paperId, quId, seq, answers }, learner.token);
    expect((await save(single, [await right(single)])).body.code).toBe(0);
    const { deadline } = await paperRow(t, paperId);

    // Past the deadline, inside the grace: the job leaves the paper open and a save still counts.
    t.clock.set(deadline + SAVE_GRACE_MS - 1_000);
    await t.app.ctx.jobs.tick();
    expect(await paperRow(t, paperId)).toMatchObject({ state: PaperState.IN_EXAM });
    const late = await save(judge, [await right(judge)]);
    expect(late.body.code, late.body.msg).toBe(0);

    // Past the grace: the next run of the job hands it in, graded with both answers.
    t.clock.set(deadline + SAVE_GRACE_MS + JOB_PERIOD_MS + 1);
    await t.app.ctx.jobs.tick();
    const row = await paperRow(t, paperId);
    expect(row).toMatchObject({ state: PaperState.FINISHED, hand_type: HandType.DEADLINE });
    expect(Number(row.obj_score)).toBe(4);
  });

  it('refuses a save after the deadline plus the grace, even before the job has run, and hands the paper in', async () => {
    const { learner, paperId, single, right } = await startOne('late');
    const { deadline } = await paperRow(t, paperId);
    const answers = [await right(single)];
    t.clock.set(deadline + SAVE_GRACE_MS + 1);
    const r = await t.call('/api/paper/paper/fill-answer', { paperId, quId: single, seq: 1, answers }, learner.token);
    expect(r.body).toMatchObject({ code: ErrorCode.FAIL, msg: '考试时间已到，试卷已自动交卷' });
    const row = await paperRow(t, paperId);
    expect(row).toMatchObject({ state: PaperState.FINISHED, hand_type: HandType.DEADLINE });
    expect(Number(row.obj_score)).toBe(0);
  });

  it("caps a paper's deadline at the exam's end, and the job hands it in there", async () => {
    const endTime = t.clock.now() + 20_000;
    const { learner, paperId } = await startOne('capped', { totalTime: 60, endTime });
    expect((await paperRow(t, paperId)).deadline).toBe(endTime);
    const left = (await t.call<number>('/api/paper/paper/left-time', { id: paperId }, learner.token)).body.data;
    expect(left).toBeLessThanOrEqual(20);
    t.clock.set(endTime + SAVE_GRACE_MS + JOB_PERIOD_MS + 1);
    await t.app.ctx.jobs.tick();
    expect(await paperRow(t, paperId)).toMatchObject({ state: PaperState.FINISHED, hand_type: HandType.DEADLINE });
  });

  it('shows no score anywhere a learner looks when the exam shows only its thank-you', async () => {
    const { exam, learner, paperId, single, right } = await startOne('thanks', { resultShow: ResultShow.THANKS });
    await t.call('/api/paper/paper/fill-answer', { paperId, quId: single, seq: 1, answers: [await right(single)] }, learner.token);
    expect((await t.call('/api/paper/paper/hand-exam', { id: paperId, type: HandType.LEARNER }, learner.token)).body.code).toBe(0);
    const ok = <T>(r: { body: { code: number; msg: string; data: T } }) => {
      expect(r.body.code, r.body.msg).toBe(0);
      return r.body.data;
    };
    type Records = { records: Array<{ id?: string; examId?: string }> };
    const ofExam = (page: Records) => page.records.filter((x) => (x.examId ?? x.id) === exam.id);
    const result = ok(await t.call('/api/paper/paper/paper-result', { id: paperId }, learner.token));
    const seen = {
      result,
      myRecords: ofExam(ok(await t.call<Records>('/api/user/exam/my-paging', { current: 1, size: 50 }, learner.token))),
      myPapers: ok(await t.call<Records>('/api/paper/paper/paging', { current: 1, size: 50, params: { examId: exam.id } }, learner.token)).records,
      examList: ofExam(ok(await t.call<Records>('/api/exam/exam/online-paging', { current: 1, size: 50 }, learner.token))),
      wrongBook: ok(await t.call<Records>('/api/user/wrong-book/paging', { current: 1, size: 50, params: { examId: exam.id } }, learner.token)).records,
    };
    expect(seen.myRecords).toHaveLength(1);
    expect(seen.myPapers).toHaveLength(1);
    expect(seen.examList).toHaveLength(1);
    for (const [where, data] of Object.entries(seen)) {
      // A right answer scores 2: no score field carries a number, and nothing says passed.
      const text = JSON.stringify(data);
      expect(text, where).not.toMatch(/"(userScore|objScore|subjScore|maxScore|lastScore|bestScore|actualScore)":\s*[1-9]/);
      expect(text, where).not.toMatch(/"passed":\s*true/);
    }
    expect(result).toMatchObject({ thanks: '谢谢', userScore: null, passed: null });
  });

  it('lets a learner post only what a browser observes: start, resume and hand-in events are the server\'s', async () => {
    const { learner, paperId } = await startOne('events');
    for (const type of [PaperEvent.START, PaperEvent.RESUME, PaperEvent.HAND]) {
      const r = await t.call('/api/paper/paper/event', { paperId, type }, learner.token);
      expect([r.status, r.body.code], `type ${type}`).toEqual([400, ErrorCode.BAD_REQUEST]);
    }
    expect((await t.call('/api/paper/paper/event', { paperId, type: PaperEvent.PASTE }, learner.token)).body.code).toBe(0);
    const timeline = await t.database.db.selectFrom('paper_event').select('type').where('paper_id', '=', paperId).orderBy('time').execute();
    expect(timeline.map((e) => e.type)).toEqual([PaperEvent.START, PaperEvent.PASTE]);
  });
});
