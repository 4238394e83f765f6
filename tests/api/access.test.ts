import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import type { PaperDetail, QuDetail, RepoRecord } from '../../common/api';
import { ExamOpenType, HandType, PracticeMode, QuType, ResultShow } from '../../common/codes';
import { examBody, saveExam } from './exam.helpers';
import { DIALECTS, insertUser, useTestApp, type TestContext } from './helpers';

/**
 * Answer visibility, tried as an attacker would (issue 26 §1): practice must not answer an open
 * exam, and the wrong book must follow its exam's release rule. Every refusal is checked on the
 * raw response text: no right answer, analysis, reference answer or verdict in it.
 */

const LEAK = /rightAnswer|"analysis"|refAnswer|isRight|解析文字/;

async function raw(t: TestContext, url: string, body: unknown, token: string): Promise<{ text: string; code: number; msg: string; data: any }> {
  const res = await t.app.inject({ method: 'POST', url, payload: body as object, headers: { token } });
  const json = res.json();
  return { text: res.body, code: json.code, msg: json.msg, data: json.data };
}

async function bankOf(t: TestContext, title: string, n: number, practiceOpen: boolean): Promise<{ bank: RepoRecord; qus: QuDetail[] }> {
  const admin = await t.adminToken();
  const bank = (await t.call<RepoRecord>('/api/repo/save', { title, practiceOpen, practiceAudience: 1 }, admin)).body.data;
  const qus: QuDetail[] = [];
  for (let i = 1; i <= n; i++) {
    const r = await t.call<QuDetail>(
      '/api/qu/qu/save',
      { repoId: bank.id, quType: QuType.SINGLE, content: `<p>${title}第${i}题</p>`, analysis: `<p>解析文字${i}</p>`, answerList: [{ content: '对的', isRight: true }, { content: '错的', isRight: false }] },
      admin,
    );
    expect(r.body.code, r.body.msg).toBe(0);
    qus.push(r.body.data);
  }
  return { bank, qus };
}

const singles = (repoId: string, count: number) => [{ title: '单选', quType: QuType.SINGLE, perScore: 10, draws: [{ repoId, count }], quIds: [] }];
const wrongOf = (q: QuDetail) => q.answerList!.find((o) => !o.isRight)!.id!;
const rightOf = (q: QuDetail) => q.answerList!.find((o) => o.isRight)!.id!;

async function paperQuIds(t: TestContext, paperId: string, token: string): Promise<string[]> {
  const d = (await t.call<PaperDetail>('/api/paper/paper/paper-detail', { id: paperId }, token)).body.data;
  return d.groups.flatMap((g) => g.quList.map((q) => q.quId));
}

describe.each(DIALECTS)('who may see an answer, on %s', (dialect) => {
  const t = useTestApp(dialect);
  afterAll(() => fs.rmSync(t.config.dataDir, { recursive: true, force: true }));

  it('practice does not answer an open exam: the bank is closed to its learners, a training started before answers nothing', async () => {
    const { bank, qus } = await bankOf(t, `练习题库${dialect}`, 4, true);
    const learner = await insertUser(t, `acc_${dialect}_practice`);
    // Practised before any exam drew from the bank: the learner holds a training and a practised question.
    const trainId = (await t.call('/api/user/repo/start', { repoId: bank.id, mode: PracticeMode.SEQUENTIAL }, learner.token)).body.data.trainId as string;
    const before = await raw(t, '/api/user/repo/fill', { trainId, quId: qus[0].id, answers: [wrongOf(qus[0])] }, learner.token);
    expect(before.code, before.msg).toBe(0);
    expect(before.data.rightAnswer).toEqual({ answers: [rightOf(qus[0])] });
    expect((await raw(t, '/api/user/qu/detail', { id: qus[0].id }, learner.token)).code).toBe(0);

    const exam = await saveExam(t, examBody(bank.id, { title: '封闭练习考试', groups: singles(bank.id, 4), qualifyScore: 0 }));
    const bystander = await insertUser(t, `acc_${dialect}_bystander`);
    // Closed for practice to everyone the exam is open to, with the exam named, before and after they start it.
    for (const who of [bystander, learner]) {
      const start = await raw(t, '/api/user/repo/start', { repoId: bank.id, mode: PracticeMode.SEQUENTIAL, clear: true }, who.token);
      expect(start.code).not.toBe(0);
      expect(start.msg).toBe('该题库正用于考试《封闭练习考试》，考试结束后开放练习');
    }
    const paperId = (await t.call('/api/paper/paper/create-paper', { examId: exam.id }, learner.token)).body.data.id as string;
    const onPaper = await paperQuIds(t, paperId, learner.token);
    expect(onPaper.sort()).toEqual(qus.map((q) => q.id).sort());
    // The attack: every question of the paper sent to practice, with the training held from before.
    for (const quId of onPaper) {
      const q = qus.find((x) => x.id === quId)!;
      for (const [url, body] of [
        ['/api/user/repo/fill', { trainId, quId, answers: [wrongOf(q)] }],
        ['/api/user/repo/next', { trainId, sequence: qus.indexOf(q) + 1 }],
        ['/api/user/qu/detail', { id: quId }],
      ] as const) {
        const r = await raw(t, url, body, learner.token);
        expect(r.code, `${url} ${quId}`).not.toBe(0);
        expect(r.text, `${url} ${quId}`).not.toMatch(LEAK);
      }
    }
    // Recite mode and favourites start trainings too: refused alike.
    for (const mode of [PracticeMode.RECITE, PracticeMode.FAVORITE, PracticeMode.RANDOM]) {
      const r = await raw(t, '/api/user/repo/start', { repoId: bank.id, mode, clear: true }, learner.token);
      expect(r.code).not.toBe(0);
      expect(r.text).not.toMatch(LEAK);
    }
  });

  it('an exam that allows practice during it still never answers a question on the learner\'s own open paper; the bank opens once no attempt is left', async () => {
    const { bank, qus } = await bankOf(t, `低风险题库${dialect}`, 4, true);
    const exam = await saveExam(t, examBody(bank.id, { title: '随堂小测', groups: singles(bank.id, 2), qualifyScore: 0, practiceDuringExam: true, chance: 1 }));
    expect(exam.practiceDuringExam).toBe(true);
    const learner = await insertUser(t, `acc_${dialect}_optin`);
    const paperId = (await t.call('/api/paper/paper/create-paper', { examId: exam.id }, learner.token)).body.data.id as string;
    const onPaper = new Set(await paperQuIds(t, paperId, learner.token));
    const start = await raw(t, '/api/user/repo/start', { repoId: bank.id, mode: PracticeMode.RECITE }, learner.token);
    expect(start.code, start.msg).toBe(0);
    const trainId = start.data.trainId as string;
    for (const [i, q] of qus.entries()) {
      const next = await raw(t, '/api/user/repo/next', { trainId, sequence: i + 1 }, learner.token);
      const detail = await raw(t, '/api/user/qu/detail', { id: q.id }, learner.token);
      if (onPaper.has(q.id)) {
        expect(next.code).not.toBe(0);
        expect(next.msg).toBe('这道题在您正在进行的考试《随堂小测》中，交卷后才能练习或查看答案');
        expect(next.text).not.toMatch(LEAK);
        expect(detail.text).not.toMatch(LEAK);
      } else {
        // Recite mode shows the answer of a question not on the paper: the exam opted in.
        expect(next.code, next.msg).toBe(0);
        expect(next.data.feedback.rightAnswer).toEqual({ answers: [rightOf(q)] });
      }
    }
    // The paper's answers, asked of a training in an answering mode: refused too.
    const seqTrain = (await t.call('/api/user/repo/start', { repoId: bank.id, mode: PracticeMode.SEQUENTIAL }, learner.token)).body.data.trainId as string;
    for (const quId of onPaper) {
      const r = await raw(t, '/api/user/repo/fill', { trainId: seqTrain, quId, answers: [] }, learner.token);
      expect(r.code).not.toBe(0);
      expect(r.text).not.toMatch(LEAK);
    }
    // Handed in (score only, no review): the questions are no longer on an open paper; practice answers them.
    await t.call('/api/paper/paper/hand-exam', { id: paperId, type: HandType.LEARNER }, learner.token);
    const quId = [...onPaper][0];
    const after = await raw(t, '/api/user/repo/fill', { trainId: seqTrain, quId, answers: [] }, learner.token);
    expect(after.code, after.msg).toBe(0);

    // Without the opt-in, the bank opens to a learner who has no attempt left, and stays closed to one who has.
    const closed = await saveExam(t, { ...examBody(bank.id, { title: '一次机会', groups: singles(bank.id, 2), qualifyScore: 0, chance: 1 }) });
    const done = await insertUser(t, `acc_${dialect}_done`);
    const waiting = await insertUser(t, `acc_${dialect}_waiting`);
    const p = (await t.call('/api/paper/paper/create-paper', { examId: closed.id }, done.token)).body.data.id as string;
    await t.call('/api/paper/paper/hand-exam', { id: p, type: HandType.LEARNER }, done.token);
    expect((await raw(t, '/api/user/repo/start', { repoId: bank.id, mode: PracticeMode.SEQUENTIAL }, done.token)).code).toBe(0);
    expect((await raw(t, '/api/user/repo/start', { repoId: bank.id, mode: PracticeMode.SEQUENTIAL }, waiting.token)).msg).toBe('该题库正用于考试《一次机会》，考试结束后开放练习');
    // An exam for certain people closes the bank only to them.
    const other = await insertUser(t, `acc_${dialect}_other`);
    const forOne = await saveExam(t, examBody(bank.id, { title: '指定人员', groups: singles(bank.id, 1), qualifyScore: 0, openType: ExamOpenType.PEOPLE, userIds: [waiting.id] }));
    expect(forOne.userIds).toEqual([waiting.id]);
    await t.call('/api/exam/exam/state', { ids: [closed.id], state: 1 }, await t.adminToken());
    expect((await raw(t, '/api/user/repo/start', { repoId: bank.id, mode: PracticeMode.SEQUENTIAL }, other.token)).code).toBe(0);
    expect((await raw(t, '/api/user/repo/start', { repoId: bank.id, mode: PracticeMode.SEQUENTIAL }, waiting.token)).msg).toBe('该题库正用于考试《指定人员》，考试结束后开放练习');
  });

  it.each([
    ['thank-you only', { resultShow: ResultShow.THANKS }, '不公布成绩和答案'],
    ['score only', { resultShow: ResultShow.SCORE }, '只公布成绩'],
    ['review after the end', { resultShow: ResultShow.REVIEW, reviewAfterEnd: true, endDays: 1 }, '结束后才公布答案'],
  ] as const)('the wrong book of an exam showing %s stays empty, says why, and answers nothing', async (label, rule, why) => {
    const { bank, qus } = await bankOf(t, `错题题库${dialect}${label}`, 3, false);
    const { endDays, ...over } = rule as { endDays?: number; resultShow: number; reviewAfterEnd?: boolean };
    const endTime = endDays ? t.clock.now() + endDays * 24 * 3600_000 : null;
    const exam = await saveExam(t, examBody(bank.id, { title: `发布规则${label}`, groups: singles(bank.id, 3), qualifyScore: 0, endTime, ...over }));
    const learner = await insertUser(t, `acc_${dialect}_wb_${rule.resultShow}`);
    const paperId = (await t.call('/api/paper/paper/create-paper', { examId: exam.id }, learner.token)).body.data.id as string;
    let seq = 1;
    for (const q of qus) await t.call('/api/paper/paper/fill-answer', { paperId, quId: q.id, seq: seq++, answers: [wrongOf(q)] }, learner.token);
    expect((await t.call('/api/paper/paper/hand-exam', { id: paperId, type: HandType.LEARNER }, learner.token)).body.code).toBe(0);

    const page = await raw(t, '/api/user/wrong-book/paging', { current: 1, size: 10, params: { examId: exam.id } }, learner.token);
    expect(page.data).toMatchObject({ total: 0, records: [] });
    expect(page.data.held).toContain(why);
    expect(page.data.held).toContain(`发布规则${label}`);
    const all = await raw(t, '/api/user/wrong-book/paging', { current: 1, size: 10 }, learner.token);
    expect(all.data.total).toBe(0);
    const next = await raw(t, '/api/user/wrong-book/next', { examId: exam.id }, learner.token);
    expect(next.code).not.toBe(0);
    expect(next.text).not.toMatch(/第\d题/);
    for (const q of qus) {
      for (const [url, body] of [
        ['/api/user/wrong-book/check', { examId: exam.id, quId: q.id, answers: [rightOf(q)] }],
        ['/api/user/qu/detail', { id: q.id }],
        ['/api/paper/paper/paper-result', { id: paperId }],
      ] as const) {
        const r = await raw(t, url, body, learner.token);
        expect(r.text, `${url}`).not.toMatch(LEAK);
      }
    }

    if (endTime !== null) {
      // The end passes: the review and the wrong book open together.
      t.clock.advance(endDays! * 24 * 3600_000 + 1000);
      const opened = await raw(t, '/api/user/wrong-book/paging', { current: 1, size: 10, params: { examId: exam.id } }, learner.token);
      expect(opened.data.total).toBe(3);
      expect(opened.data.held).toBeUndefined();
      const check = await raw(t, '/api/user/wrong-book/check', { examId: exam.id, quId: qus[0].id, answers: [rightOf(qus[0])] }, learner.token);
      expect(check.data).toMatchObject({ isRight: true, rightAnswer: { answers: [rightOf(qus[0])] } });
      expect((await raw(t, '/api/user/qu/detail', { id: qus[0].id }, learner.token)).code).toBe(0);
    }
  });

  it('a released review hides its answers while the learner sits another attempt holding the same questions', async () => {
    const { bank, qus } = await bankOf(t, `两次机会题库${dialect}`, 2, false);
    const exam = await saveExam(t, examBody(bank.id, { title: '两次机会', groups: singles(bank.id, 2), qualifyScore: 0, chance: 2, resultShow: ResultShow.REVIEW }));
    const learner = await insertUser(t, `acc_${dialect}_twice`);
    const first = (await t.call('/api/paper/paper/create-paper', { examId: exam.id }, learner.token)).body.data.id as string;
    await t.call('/api/paper/paper/fill-answer', { paperId: first, quId: qus[0].id, seq: 1, answers: [wrongOf(qus[0])] }, learner.token);
    await t.call('/api/paper/paper/hand-exam', { id: first, type: HandType.LEARNER }, learner.token);
    expect((await raw(t, '/api/paper/paper/paper-result', { id: first }, learner.token)).data.reviewOpen).toBe(true);
    expect((await raw(t, '/api/user/wrong-book/check', { examId: exam.id, quId: qus[0].id, answers: [] }, learner.token)).code).toBe(0);

    await t.call('/api/paper/paper/create-paper', { examId: exam.id }, learner.token);
    const result = await raw(t, '/api/paper/paper/paper-result', { id: first }, learner.token);
    expect(result.data).toMatchObject({ reviewOpen: false, groups: [] });
    expect(result.text).not.toMatch(LEAK);
    for (const [url, body] of [
      ['/api/user/wrong-book/check', { examId: exam.id, quId: qus[0].id, answers: [] }],
      ['/api/user/qu/detail', { id: qus[0].id }],
    ] as const) {
      const r = await raw(t, url, body, learner.token);
      expect(r.code, url).not.toBe(0);
      expect(r.text, url).not.toMatch(LEAK);
    }
  });
});
