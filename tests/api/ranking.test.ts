import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExamRecord, PaperDetail, QuDetail, RepoRecord } from '../../common/api';
import { HandType, QuType, ResultShow } from '../../common/codes';
import { ErrorCode } from '../../common/errorCodes';
import { examBody, saveExam } from './exam.helpers';
import { createDeptTree, DIALECTS, insertUser, useTestApp, type TestContext } from './helpers';

/** Four single-choice questions of 25 points: a learner scores 25 per right answer. */
async function fourSingles(t: TestContext): Promise<{ bank: RepoRecord; qus: QuDetail[] }> {
  const admin = await t.adminToken();
  const bank = (await t.call<RepoRecord>('/api/repo/save', { title: '排名题库', practiceOpen: false, practiceAudience: 1 }, admin)).body.data;
  const qus: QuDetail[] = [];
  for (let n = 1; n <= 4; n += 1) {
    const r = await t.call<QuDetail>('/api/qu/qu/save', { repoId: bank.id, quType: QuType.SINGLE, content: `<p>题${n}</p>`, answerList: [{ content: '对', isRight: true }, { content: '错', isRight: false }] }, admin);
    expect(r.body.code, r.body.msg).toBe(0);
    qus.push(r.body.data);
  }
  return { bank, qus };
}

describe.each(DIALECTS)('rankings on %s', (dialect) => {
  const t = useTestApp(dialect);
  afterAll(() => fs.rmSync(t.config.dataDir, { recursive: true, force: true }));

  let qus: QuDetail[];
  let exam: ExamRecord;
  let body: Record<string, unknown>;
  const people: Record<string, { id: string; token: string }> = {};
  const papers: Record<string, string> = {};

  /** One attempt: `right` answers right, handed in `seconds` after it started (the clock moves). */
  async function sit(who: string, right: number, seconds: number): Promise<string> {
    const { token } = people[who];
    const created = await t.call('/api/paper/paper/create-paper', { examId: exam.id }, token);
    expect(created.body.code, created.body.msg).toBe(0);
    const paperId = created.body.data.id as string;
    const detail = (await t.call<PaperDetail>('/api/paper/paper/paper-detail', { id: paperId }, token)).body.data;
    const byId = new Map(qus.map((q) => [q.id, q]));
    let n = 0;
    for (const item of detail.groups.flatMap((g) => g.quList)) {
      const options = byId.get(item.quId)!.answerList!;
      const pick = options.find((o) => o.isRight === n < right)!;
      n += 1;
      const saved = await t.call('/api/paper/paper/fill-answer', { paperId, quId: item.quId, seq: 1, answers: [pick.id] }, token);
      expect(saved.body.code, saved.body.msg).toBe(0);
    }
    t.clock.advance(seconds * 1000);
    const handed = await t.call('/api/paper/paper/hand-exam', { id: paperId, type: HandType.LEARNER }, token);
    expect(handed.body.code, handed.body.msg).toBe(0);
    t.clock.advance(60_000);
    papers[who] = paperId;
    return paperId;
  }

  const ranking = (token: string, extra: Record<string, unknown> = {}) => t.call('/api/exam/stats/ranking', { examId: exam.id, ...extra }, token);
  const raw = async (token: string, extra: Record<string, unknown> = {}) =>
    (await t.app.inject({ method: 'POST', url: '/api/exam/stats/ranking', payload: { examId: exam.id, ...extra }, headers: { token } })).body;
  const saveSettings = async (over: Record<string, unknown>) => {
    const r = await t.call('/api/exam/exam/save', { ...body, id: exam.id, ...over }, await t.adminToken());
    expect(r.body.code, r.body.msg).toBe(0);
    return r.body.data as ExamRecord;
  };

  beforeAll(async () => {
    ({ qus } = await fourSingles(t));
    const { train } = await createDeptTree(t);
    body = examBody(qus[0].repoId, { title: '排名考试', qualifyScore: 60, resultShow: ResultShow.SCORE, groups: [{ title: '单选', quType: QuType.SINGLE, perScore: 25, draws: [{ repoId: qus[0].repoId, count: 4 }], quIds: [] }] });
    exam = await saveExam(t, body);
    for (const who of ['ann', 'bob', 'cat', 'dan', 'eve', 'fay', 'gus']) people[who] = await insertUser(t, `${who}_${dialect}`, { realName: `学员${who}`, deptId: train });
    // Best score first, then the time that paper took; the same score and time share a rank.
    await sit('ann', 4, 600); // 100 in 10:00
    await sit('bob', 3, 300); // 75 in 5:00
    await sit('cat', 3, 300); // 75 in 5:00: tied with bob
    await sit('dan', 3, 450); // 75 in 7:30
    await sit('dan', 3, 200); // …then 75 in 3:20: his best is the faster one
    await sit('eve', 2, 100); // 50 in 1:40
    await sit('eve', 4, 900); // …then 100 in 15:00: her best is the higher score
    // fay is answering now; gus never sat it.
    expect((await t.call('/api/paper/paper/create-paper', { examId: exam.id }, people.fay.token)).body.code).toBe(0);
  }, 120_000);

  it('is off for learners by default and ranks every scored learner for an administrator, ties sharing a rank', async () => {
    expect(exam).toMatchObject({ rankingVisible: false, rankingShowNames: true });
    const admin = await t.adminToken();
    const r = await ranking(admin, { size: 20 });
    expect(r.body.code, r.body.msg).toBe(0);
    expect(r.body.data).toMatchObject({ total: 5, current: 1, size: 20, pages: 1, showNames: true, mine: null });
    expect(r.body.data.records.map((e: { realName: string; rank: number; score: number; timeUsed: number }) => [e.rank, e.realName, e.score, e.timeUsed])).toEqual([
      [1, '学员ann', 100, 600],
      [2, '学员eve', 100, 900],
      [3, '学员dan', 75, 200],
      [4, '学员bob', 75, 300],
      [4, '学员cat', 75, 300],
    ]);
    expect(r.body.data.records[0]).toEqual({ rank: 1, userId: people.ann.id, realName: '学员ann', departName: '培训部', score: 100, timeUsed: 600, userTime: 600 });

    // A page that starts inside a tie: its first rank is counted, not its place.
    const page3 = await ranking(admin, { current: 3, size: 2 });
    expect(page3.body.data.records.map((e: { rank: number; realName: string }) => [e.rank, e.realName])).toEqual([[4, '学员cat']]);
    expect(page3.body.data).toMatchObject({ total: 5, pages: 3 });

    // Off by default: no learner gets it, nor a rank on their result.
    const refused = await ranking(people.ann.token);
    expect(refused.body).toMatchObject({ code: ErrorCode.FAIL, msg: '该考试不公布成绩排名', data: null });
    const result = await t.call('/api/paper/paper/paper-result', { id: papers.ann }, people.ann.token);
    expect(result.body.data).toMatchObject({ userScore: 100, ranking: null });
  });

  it('shows learners the ranking and their rank among N once the exam allows it, without names where it hides them', async () => {
    const saved = await saveSettings({ rankingVisible: true, rankingShowNames: false });
    expect(saved).toMatchObject({ rankingVisible: true, rankingShowNames: false });

    const text = await raw(people.bob.token);
    expect(text).not.toMatch(/realName|departName|学员|培训部/);
    const page = JSON.parse(text);
    expect(page.code).toBe(0);
    expect(page.data.showNames).toBe(false);
    expect(page.data.records.map((e: { rank: number; userId: string }) => [e.rank, e.userId])).toEqual([
      [1, people.ann.id],
      [2, people.eve.id],
      [3, people.dan.id],
      [4, people.bob.id],
      [4, people.cat.id],
    ]);
    expect(page.data.mine).toEqual({ rank: 4, userId: people.bob.id, score: 75, timeUsed: 300, userTime: 300 });

    // On their result: the rank of their best paper, among everyone ranked.
    const result = await t.call('/api/paper/paper/paper-result', { id: papers.dan }, people.dan.token);
    expect(result.body.data.ranking).toEqual({ rank: 3, total: 5 });

    await saveSettings({ rankingVisible: true, rankingShowNames: true });
    const named = await ranking(people.cat.token, { size: 1 });
    expect(named.body.data.records).toEqual([{ rank: 1, userId: people.ann.id, realName: '学员ann', departName: '培训部', score: 100, timeUsed: 600, userTime: 600 }]);
    expect(named.body.data.mine).toMatchObject({ rank: 4, realName: '学员cat' });
  });

  it('never shows a learner the ranking while they sit the exam, before their own score, or where the exam shows no scores', async () => {
    await saveSettings({ rankingVisible: true, rankingShowNames: true });
    expect((await ranking(people.fay.token)).body).toMatchObject({ code: ErrorCode.FAIL, msg: '您正在参加该考试，交卷后才能查看排名', data: null });
    expect((await ranking(people.gus.token)).body).toMatchObject({ code: ErrorCode.FAIL, msg: '您在该考试中还没有公布的成绩，暂不能查看排名', data: null });
    expect((await t.call('/api/exam/stats/ranking', { examId: 'no_such_exam' }, people.ann.token)).body.code).toBe(ErrorCode.NOT_FOUND);

    // 仅显示感谢语: no score anywhere, so no rank either, whatever the ranking switch says.
    await saveSettings({ resultShow: ResultShow.THANKS, rankingVisible: true });
    expect((await ranking(people.ann.token)).body).toMatchObject({ code: ErrorCode.FAIL, msg: '该考试不公布成绩排名' });
    // The paper keeps the rules it was taken under; a new one takes the new rule.
    const thanksPaper = await sit('gus', 4, 60);
    const thanks = await t.app.inject({ method: 'POST', url: '/api/paper/paper/paper-result', payload: { id: thanksPaper }, headers: { token: people.gus.token } });
    expect(thanks.json().data).toMatchObject({ resultShow: ResultShow.THANKS, userScore: null, ranking: null });
    expect(thanks.body).not.toMatch(/"rank"/);
    await saveSettings({ resultShow: ResultShow.SCORE });
  }, 30_000);

  it('bounds the page and refuses what is not a ranking request', async () => {
    const admin = await t.adminToken();
    expect((await ranking(admin, { size: 101 })).status).toBe(400);
    expect((await ranking(admin, { current: 0 })).status).toBe(400);
    expect((await t.call('/api/exam/stats/ranking', {}, admin)).status).toBe(400);
    expect((await t.call('/api/exam/stats/ranking', { examId: exam.id })).body.code).toBe(ErrorCode.SESSION_INVALID);
  });

  it('keeps an exam\'s ranking settings when a client that does not know them saves it', async () => {
    const other = await saveExam(t, { ...body, title: '另一场考试', rankingVisible: true, rankingShowNames: false });
    expect(other).toMatchObject({ rankingVisible: true, rankingShowNames: false });
    // Saved without the fields (an older client): they stay as they were.
    const { rankingVisible: _v, rankingShowNames: _n, ...older } = body as Record<string, unknown>;
    const r = await t.call('/api/exam/exam/save', { ...older, id: other.id }, await t.adminToken());
    expect(r.body.data).toMatchObject({ rankingVisible: true, rankingShowNames: false });
  });
});
