import fs from 'node:fs';
import ExcelJS from 'exceljs';
import { afterAll, describe, expect, it } from 'vitest';
import type { AnswerInput, QuDetail } from '../../common/api';
import { PracticeMode, QuType } from '../../common/codes';
import { ErrorCode } from '../../common/errorCodes';
import { EXPORT_JOB_LIMITS } from '../../server/workers/xlsx';
import { bankWithEveryType } from './exam.helpers';
import { createDeptTree, DIALECTS, insertUser, useTestApp } from './helpers';

function rightAnswer(q: QuDetail): AnswerInput {
  switch (q.quType) {
    case QuType.SINGLE:
    case QuType.MULTIPLE:
    case QuType.JUDGE:
      return { answers: q.answerList!.filter((o) => o.isRight).map((o) => o.id!) };
    case QuType.FILL:
      return { blanks: q.blanks!.map((b) => b.answers[0]) };
    case QuType.MATCH:
      return { pairs: q.leftList!.map((l) => ({ leftId: l.id!, rightId: l.rightId })) };
    default:
      return { answer: '我的回答' };
  }
}

describe.each(DIALECTS)('bank practice on %s', (dialect) => {
  const t = useTestApp(dialect);
  afterAll(() => fs.rmSync(t.config.dataDir, { recursive: true, force: true }));

  it("keeps choice options in the bank's order (combined parts too), so the feedback's letters match the screen", async () => {
    const admin = await t.adminToken();
    const { repo } = await bankWithEveryType(t);
    const options = ['甲', '乙', '丙', '丁', '戊', '己'].map((content, i) => ({ content, isRight: i === 0 }));
    const saved = await t.call<QuDetail>(
      '/api/qu/qu/save',
      { repoId: repo.id, quType: QuType.COMBINED, content: '<p>材料</p>', subList: [{ quType: QuType.SINGLE, share: 1, content: '<p>小单选</p>', answerList: options }] },
      admin,
    );
    const learner = await insertUser(t, `p_${dialect}_order`);
    await t.call('/api/repo/save', { id: repo.id, title: repo.title, practiceOpen: true, practiceAudience: 1 }, admin);
    const trainId = (await t.call('/api/user/repo/start', { repoId: repo.id, mode: PracticeMode.SEQUENTIAL }, learner.token)).body.data.trainId;
    const card = (await t.call('/api/user/repo/card', { trainId }, learner.token)).body.data;
    const sequence = card.items.find((i: { quId: string }) => i.quId === saved.body.data.id).sequence;
    const stored = saved.body.data.subList![0].answerList!.map((o) => o.id);
    for (let round = 0; round < 5; round++) {
      const shown = (await t.call('/api/user/repo/next', { trainId, sequence }, learner.token)).body.data.question;
      expect(shown.subList[0].answerList.map((o: { id: string }) => o.id)).toEqual(stored);
    }
  });

  it('judges a combined question part by part, keeps the part answers and shows nothing of the parts before answering', async () => {
    const admin = await t.adminToken();
    const repo = (await t.call('/api/repo/save', { title: `组合题库${dialect}`, practiceOpen: true, practiceAudience: 1 }, admin)).body.data;
    const combined = (n: number) => ({
      quType: QuType.COMBINED,
      content: `<p>材料${n}：共享文件夹按部门授权。</p>`,
      analysis: '<p>整体解析文字</p>',
      subList: [
        { quType: QuType.SINGLE, share: 1, content: '<p>体现了什么原则？</p>', analysis: '<p>单选小题解析文字</p>', answerList: [{ content: '最小权限', isRight: true }, { content: '人人可读', isRight: false }] },
        { quType: QuType.FILL, share: 1, content: '<p>权限每<span data-blank="1"></span>复核一次。</p>', analysis: '<p>填空小题解析文字</p>', blanks: [{ answers: ['季度', '三个月'] }] },
        { quType: QuType.SHORT, share: 2, content: '<p>给两条建议。</p>', analysis: '<p>简答小题解析文字</p>', refAnswer: '<p>简答参考文字</p>' },
      ],
    });
    const saved: QuDetail[] = [];
    for (const body of [combined(1), combined(2), { quType: QuType.SINGLE, content: '<p>普通单选</p>', answerList: [{ content: '对', isRight: true }, { content: '错', isRight: false }] }]) {
      const r = await t.call<QuDetail>('/api/qu/qu/save', { repoId: repo.id, ...body }, admin);
      expect(r.body.code, r.body.msg).toBe(0);
      saved.push(r.body.data);
    }
    const [c1, c2, plain] = saved;
    const partsOf = (q: QuDetail) => {
      const [choice, fill, short] = q.subList!;
      return { choice, fill, short, right: choice.answerList!.find((o) => o.isRight)!.id!, wrong: choice.answerList!.find((o) => !o.isRight)!.id! };
    };
    const learner = await insertUser(t, `p_${dialect}_combined`);
    const trainId = (await t.call('/api/user/repo/start', { repoId: repo.id, mode: PracticeMode.SEQUENTIAL }, learner.token)).body.data.trainId;
    const fill = (body: Record<string, unknown>) => t.call('/api/user/repo/fill', { trainId, ...body }, learner.token);

    // Before answering: the parts' questions, none of their answers or analyses.
    const before = await t.app.inject({ method: 'POST', url: '/api/user/repo/next', payload: { trainId, sequence: 1 }, headers: { token: learner.token } });
    expect(before.json().data.question.subList).toHaveLength(3);
    expect(before.body).not.toMatch(/isRight|"analysis"|refAnswer|rightAnswer|"subs"|"answers"|三个月|解析文字|简答参考文字/);
    expect(before.json().data).toMatchObject({ answer: null, feedback: null });

    // Part answers naming no part of the question, twice the same part, or sent for another type: refused, nothing kept.
    const p1 = partsOf(c1);
    const unknown = await fill({ quId: c1.id, subAnswers: [{ subId: c2.subList![0].id, answers: [partsOf(c2).right] }] });
    expect(unknown.body).toMatchObject({ code: ErrorCode.FAIL, msg: '提交的小题不属于这道组合题，请刷新页面后重新作答' });
    const twice = await fill({ quId: c1.id, subAnswers: [{ subId: p1.choice.id, answers: [p1.right] }, { subId: p1.choice.id, answers: [p1.wrong] }] });
    expect(twice.body).toMatchObject({ code: ErrorCode.FAIL, msg: '同一小题只能提交一个答案' });
    const onPlain = await fill({ quId: plain.id, answers: [plain.answerList![0].id], subAnswers: [{ subId: p1.choice.id, answers: [p1.right] }] });
    expect(onPlain.body).toMatchObject({ code: ErrorCode.FAIL, msg: '这道题不是组合题，不能按小题作答' });
    expect((await t.call('/api/user/repo/next', { trainId, sequence: 1 }, learner.token)).body.data.feedback).toBeNull();
    expect((await t.call('/api/user/repo/card', { trainId }, learner.token)).body.data.training.answered).toBe(0);

    // Every part right; the fill-in with its second accepted answer, written with spaces and full-width.
    const allRight = [
      { subId: p1.short.id, answer: '不点链接；先连 VPN。' },
      { subId: p1.choice.id, answers: [p1.right] },
      { subId: p1.fill.id, blanks: [' 三 个月 '] },
    ];
    const v1 = await fill({ quId: c1.id, subAnswers: allRight });
    expect(v1.body.code, v1.body.msg).toBe(0);
    // Its judged parts all right, its short part answered: the whole awaits the learner's own verdict.
    expect(v1.body.data).toMatchObject({
      isRight: false,
      assessment: 'pending',
      rightAnswer: {},
      analysis: '<p>整体解析文字</p>',
      subs: [
        { subId: p1.choice.id, isRight: true, rightAnswer: { answers: [p1.right] } },
        { subId: p1.fill.id, isRight: true, rightAnswer: { blanks: ['季度'] } },
        { subId: p1.short.id, isRight: true, rightAnswer: { answer: '<p>简答参考文字</p>' } },
      ],
    });
    expect(v1.body.data.question.subList.map((s: { analysis: string }) => s.analysis)).toEqual(['<p>单选小题解析文字</p>', '<p>填空小题解析文字</p>', '<p>简答小题解析文字</p>']);

    // Revisited: my part answers (in the question's order) and the verdicts come back.
    const again = (await t.call('/api/user/repo/next', { trainId, sequence: 1 }, learner.token)).body.data;
    expect(again.answer).toEqual({ subAnswers: [allRight[1], allRight[2], allRight[0]] });
    expect(again.feedback).toMatchObject({ isRight: false, assessment: 'pending', subs: [{ subId: p1.choice.id, isRight: true }, { subId: p1.fill.id, isRight: true }, { subId: p1.short.id, isRight: true }] });

    // One part wrong: the question is wrong, the other parts still right; an empty short part is not answered.
    const p2 = partsOf(c2);
    const v2 = await fill({ quId: c2.id, subAnswers: [{ subId: p2.choice.id, answers: [p2.wrong] }, { subId: p2.fill.id, blanks: ['季度'] }, { subId: p2.short.id, answer: '建议' }] });
    expect(v2.body.data).toMatchObject({
      isRight: false,
      assessment: 'judged',
      subs: [
        { subId: p2.choice.id, isRight: false, rightAnswer: { answers: [p2.right] } },
        { subId: p2.fill.id, isRight: true },
        { subId: p2.short.id, isRight: true },
      ],
    });
    const revisit2 = (await t.call('/api/user/repo/next', { trainId, sequence: 2 }, learner.token)).body.data;
    expect(revisit2.answer.subAnswers).toEqual([{ subId: p2.choice.id, answers: [p2.wrong] }, { subId: p2.fill.id, blanks: ['季度'] }, { subId: p2.short.id, answer: '建议' }]);
    expect(revisit2.feedback.subs.map((s: { isRight: boolean }) => s.isRight)).toEqual([false, true, true]);

    const card = (await t.call('/api/user/repo/card', { trainId }, learner.token)).body.data;
    expect(card.training).toMatchObject({ answered: 2, right: 0, pending: 1, selfAssessed: 0 });
    expect(card.items.slice(0, 2).map((i: { isRight: boolean }) => i.isRight)).toEqual([null, false]);
    expect(card.items.slice(0, 2).map((i: { assessment: string }) => i.assessment)).toEqual(['pending', 'judged']);
    // Said right by the learner: right, and self-assessed.
    const own = await t.call('/api/user/repo/assess', { trainId, quId: c1.id, right: true }, learner.token);
    expect(own.body.data).toMatchObject({ isRight: true, assessment: 'self' });
    expect((await t.call('/api/user/repo/card', { trainId }, learner.token)).body.data.training).toMatchObject({ answered: 2, right: 1, pending: 0, selfAssessed: 1, selfRight: 1 });

    // A short part left empty is unanswered, so wrong (in a fresh training of the same bank).
    const retry = (await t.call('/api/user/repo/start', { repoId: repo.id, mode: PracticeMode.BY_TYPE, quType: QuType.COMBINED }, learner.token)).body.data.trainId;
    const v3 = await t.call('/api/user/repo/fill', { trainId: retry, quId: c1.id, subAnswers: [{ subId: p1.choice.id, answers: [p1.right] }, { subId: p1.fill.id, blanks: ['季度'] }, { subId: p1.short.id, answer: '  ' }] }, learner.token);
    expect(v3.body.data.isRight).toBe(false);
    expect(v3.body.data.subs.map((s: { isRight: boolean }) => s.isRight)).toEqual([true, true, false]);
  });

  it('opens a bank only to its audience, judges on the server, resumes, and clears wrong questions after two rights in a row', async () => {
    const admin = await t.adminToken();
    const { repo, qus } = await bankWithEveryType(t);
    const depts = await createDeptTree(t);
    const inside = await insertUser(t, `p_${dialect}_in`, { deptId: depts.group });
    const outside = await insertUser(t, `p_${dialect}_out`, { deptId: depts.sales });
    expect((await t.call('/api/user/repo/start', { repoId: repo.id, mode: PracticeMode.SEQUENTIAL }, inside.token)).body.code).toBe(ErrorCode.NOT_FOUND);
    await t.call('/api/repo/save', { id: repo.id, title: repo.title, practiceOpen: true, practiceAudience: 2, departIds: [depts.train] }, admin);
    const list = (await t.call('/api/user/repo/paging', { current: 1, size: 20 }, inside.token)).body.data.records;
    expect(list.map((r: { id: string }) => r.id)).toContain(repo.id);
    expect((await t.call('/api/user/repo/paging', { current: 1, size: 20 }, outside.token)).body.data.records.map((r: { id: string }) => r.id)).not.toContain(repo.id);
    expect((await t.call('/api/user/repo/detail', { repoId: repo.id }, outside.token)).body.code).toBe(ErrorCode.NOT_FOUND);

    const trainId = (await t.call('/api/user/repo/start', { repoId: repo.id, mode: PracticeMode.SEQUENTIAL }, inside.token)).body.data.trainId;
    expect((await t.call('/api/user/repo/card', { trainId }, outside.token)).body.code).toBe(ErrorCode.NOT_FOUND);
    const byId = new Map(qus.map((q) => [q.id, q]));
    const first = await t.app.inject({ method: 'POST', url: '/api/user/repo/next', payload: { trainId, sequence: 1 }, headers: { token: inside.token } });
    expect(first.body).not.toMatch(/isRight|"analysis"|refAnswer|rightId/);
    const q1 = first.json().data;
    expect(q1).toMatchObject({ sequence: 1, total: qus.length, feedback: null, answer: null });
    const q = byId.get(q1.question.quId)!;
    const wrongPick = q.answerList!.find((o) => !o.isRight)!.id!;
    const verdict = (await t.call('/api/user/repo/fill', { trainId, quId: q.id, answers: [wrongPick] }, inside.token)).body.data;
    expect(verdict).toMatchObject({ isRight: false, rightAnswer: rightAnswer(q) });
    // Answered: now the question comes with its feedback.
    expect((await t.call('/api/user/repo/next', { trainId, sequence: 1 }, inside.token)).body.data.feedback.isRight).toBe(false);

    // Every auto-graded type is judged right with its right answer.
    const card = (await t.call('/api/user/repo/card', { trainId }, inside.token)).body.data;
    for (const item of card.items.slice(1)) {
      const qq = byId.get(item.quId)!;
      if (qq.quType === QuType.COMBINED || qq.quType === QuType.SHORT) continue;
      const r = (await t.call('/api/user/repo/fill', { trainId, quId: item.quId, ...rightAnswer(qq) }, inside.token)).body.data;
      expect(r.isRight, QuType.label(qq.quType)).toBe(true);
    }
    // Resume: starting again continues the same training.
    expect((await t.call('/api/user/repo/check', { repoId: repo.id, mode: PracticeMode.SEQUENTIAL }, inside.token)).body.data.id).toBe(trainId);
    expect((await t.call('/api/user/repo/start', { repoId: repo.id, mode: PracticeMode.SEQUENTIAL }, inside.token)).body.data.trainId).toBe(trainId);
    const fresh = (await t.call('/api/user/repo/start', { repoId: repo.id, mode: PracticeMode.SEQUENTIAL, clear: true }, inside.token)).body.data.trainId;
    expect(fresh).not.toBe(trainId);

    // Wrong-only: the missed question until it is answered right twice in a row.
    for (let round = 0; round < 2; round++) {
      const w = (await t.call('/api/user/repo/start', { repoId: repo.id, mode: PracticeMode.WRONG, clear: true }, inside.token)).body.data.trainId;
      const wc = (await t.call('/api/user/repo/card', { trainId: w }, inside.token)).body.data;
      expect(wc.items.map((i: { quId: string }) => i.quId)).toEqual([q.id]);
      await t.call('/api/user/repo/fill', { trainId: w, quId: q.id, ...rightAnswer(q) }, inside.token);
    }
    const none = await t.call('/api/user/repo/start', { repoId: repo.id, mode: PracticeMode.WRONG, clear: true }, inside.token);
    expect(none.body.msg).toBe('没有需要练习的错题');

    const result = (await t.call('/api/user/repo/result', { trainId }, inside.token)).body.data;
    expect(result.wrong.map((w: { quId: string }) => w.quId)).toEqual([q.id]);
    const detail = (await t.call('/api/user/repo/detail', { repoId: repo.id }, inside.token)).body.data;
    expect(detail.byType.find((b: { quType: number }) => b.quType === q.quType)).toBeTruthy();
    // Practised: the learner may read the question with its answer.
    expect((await t.call('/api/user/qu/detail', { id: q.id }, inside.token)).body.code).toBe(0);
    expect((await t.call('/api/user/qu/detail', { id: q.id }, outside.token)).body.code).toBe(ErrorCode.FORBIDDEN);

    // Recite mode shows answers without judging.
    const recite = (await t.call('/api/user/repo/start', { repoId: repo.id, mode: PracticeMode.RECITE }, inside.token)).body.data.trainId;
    expect((await t.call('/api/user/repo/next', { trainId: recite, sequence: 1 }, inside.token)).body.data.feedback).not.toBeNull();
    expect((await t.call('/api/user/repo/fill', { trainId: recite, quId: q.id, answers: [] }, inside.token)).body.msg).toBe('背题模式不需要作答');

    // Favourites, and what administrators see.
    await t.call('/api/user/repo/favorite', { quId: q.id, favorite: true }, inside.token);
    expect((await t.call('/api/user/repo/favorites', { current: 1, size: 10 }, inside.token)).body.data.records.map((f: { quId: string }) => f.quId)).toEqual([q.id]);
    const users = (await t.call('/api/repo/practice/users', { current: 1, size: 10, params: { repoId: repo.id } }, admin)).body.data;
    expect(users.records[0]).toMatchObject({ userId: inside.id });
    const exported = await t.app.inject({ method: 'POST', url: '/api/repo/practice/users-export', payload: { params: { repoId: repo.id } }, headers: { token: admin } });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('练习情况')!;
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(['姓名', '用户名', '部门', '练习次数', '答题数', '答对数', '正确率（系统判定）', '自评题数', '自评答对', '最近练习']);
    expect(sheet.rowCount).toBe(2);
    // The workbook is built by the export worker: its time limit refuses it with a message.
    const limit = EXPORT_JOB_LIMITS.timeoutMs;
    EXPORT_JOB_LIMITS.timeoutMs = 1;
    try {
      expect((await t.call('/api/repo/practice/users-export', { params: { repoId: repo.id } }, admin)).body.msg).toBe('导出耗时过长，请缩小范围后重试');
    } finally {
      EXPORT_JOB_LIMITS.timeoutMs = limit;
    }
    const missed = (await t.call('/api/repo/practice/missed', { current: 1, size: 10, params: { repoId: repo.id } }, admin)).body.data;
    expect(missed.records[0]).toMatchObject({ quId: q.id, wrong: 1 });
    expect((await t.call('/api/repo/practice/users', { current: 1, size: 10, params: { repoId: repo.id } }, inside.token)).body.code).toBe(ErrorCode.FORBIDDEN);
  }, 60_000);
});

describe.each(DIALECTS)('self-assessed practice on %s', (dialect) => {
  const t = useTestApp(dialect);
  afterAll(() => fs.rmSync(t.config.dataDir, { recursive: true, force: true }));

  async function bank(name: string) {
    const admin = await t.adminToken();
    const repo = (await t.call('/api/repo/save', { title: `自评题库${name}${dialect}`, practiceOpen: true, practiceAudience: 1 }, admin)).body.data;
    const qus: QuDetail[] = [];
    for (const body of [
      { quType: QuType.SHORT, content: '<p>简答甲</p>', refAnswer: '<p>参考甲</p>' },
      { quType: QuType.SHORT, content: '<p>简答乙</p>', refAnswer: '<p>参考乙</p>' },
      { quType: QuType.SHORT, content: '<p>简答丙</p>', refAnswer: '<p>参考丙</p>' },
      { quType: QuType.SINGLE, content: '<p>单选丁</p>', answerList: [{ content: '对', isRight: true }, { content: '错', isRight: false }] },
    ]) {
      const r = await t.call<QuDetail>('/api/qu/qu/save', { repoId: repo.id, ...body }, admin);
      expect(r.body.code, r.body.msg).toBe(0);
      qus.push(r.body.data);
    }
    return { admin, repo, qus };
  }

  it('counts no short answer right until the learner says so, and counts their verdicts apart everywhere', async () => {
    const { admin, repo, qus } = await bank('a');
    const [s1, s2, s3, single] = qus;
    const learner = await insertUser(t, `sa_${dialect}_a`);
    const other = await insertUser(t, `sa_${dialect}_b`);
    const trainId = (await t.call('/api/user/repo/start', { repoId: repo.id, mode: PracticeMode.SEQUENTIAL }, learner.token)).body.data.trainId;
    const raw = (url: string, payload: unknown, token: string) => t.app.inject({ method: 'POST', url, payload: payload as object, headers: { token } });

    // Self-assessing before answering: refused.
    expect((await t.call('/api/user/repo/assess', { trainId, quId: s1.id, right: true }, learner.token)).body).toMatchObject({ code: ErrorCode.FAIL, msg: '请先作答，看过参考答案后再自评' });

    // Anything typed: the reference answer, no verdict yet.
    for (const q of [s1, s2, s3]) {
      const r = await raw('/api/user/repo/fill', { trainId, quId: q.id, answer: '随便写的' }, learner.token);
      expect(r.json()).toMatchObject({ code: 0, data: { isRight: false, assessment: 'pending', rightAnswer: { answer: q.refAnswer } } });
    }
    const card = await raw('/api/user/repo/card', { trainId }, learner.token);
    expect(card.json().data.training).toMatchObject({ answered: 3, right: 0, pending: 3, selfAssessed: 0, selfRight: 0 });
    expect(card.json().data.items.slice(0, 3).map((i: { isRight: unknown; assessment: unknown }) => [i.isRight, i.assessment])).toEqual([
      [null, 'pending'],
      [null, 'pending'],
      [null, 'pending'],
    ]);
    const listed = (await t.call('/api/user/repo/paging', { current: 1, size: 50 }, learner.token)).body.data.records.find((r: { id: string }) => r.id === repo.id);
    expect(listed).toMatchObject({ answered: 0, right: 0, selfAssessed: 0, selfRight: 0 });
    const pendingResult = (await t.call('/api/user/repo/result', { trainId }, learner.token)).body.data;
    expect(pendingResult.pending.map((p: { quId: string }) => p.quId)).toEqual([s1.id, s2.id, s3.id]);
    expect(pendingResult.wrong).toEqual([]);
    expect(pendingResult.byType.find((b: { quType: number }) => b.quType === QuType.SHORT)).toMatchObject({ answered: 3, right: 0, pending: 3, selfAssessed: 0 });

    // Validation and ownership: a body without a verdict, someone else's training, a question not in it, a judged one.
    const bad = await raw('/api/user/repo/assess', { trainId, quId: s1.id, right: 'yes' }, learner.token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toMatch(/[\u4e00-\u9fa5]/);
    expect((await t.call('/api/user/repo/assess', { trainId, quId: s1.id, right: true }, other.token)).body).toMatchObject({ code: ErrorCode.NOT_FOUND, msg: '练习不存在' });
    expect((await t.call('/api/user/repo/assess', { trainId, quId: qus[0].repoId, right: true }, learner.token)).body).toMatchObject({ code: ErrorCode.NOT_FOUND, msg: '这道题不在本次练习中' });
    expect((await t.call('/api/user/repo/assess', { trainId, quId: s1.id, right: true })).body.code).not.toBe(0);
    const pick = single.answerList!.find((o) => !o.isRight)!.id!;
    expect((await t.call('/api/user/repo/fill', { trainId, quId: single.id, answers: [pick] }, learner.token)).body.data).toMatchObject({ isRight: false, assessment: 'judged' });
    expect((await t.call('/api/user/repo/assess', { trainId, quId: single.id, right: true }, learner.token)).body).toMatchObject({ code: ErrorCode.FAIL, msg: '这道题已由系统判定对错，不需要自评' });

    // 答对 on two, 答错 on one; the same verdict again changes nothing, another is refused.
    expect((await raw('/api/user/repo/assess', { trainId, quId: s1.id, right: true }, learner.token)).json()).toMatchObject({ code: 0, data: { isRight: true, assessment: 'self', rightAnswer: { answer: s1.refAnswer } } });
    expect((await t.call('/api/user/repo/assess', { trainId, quId: s2.id, right: true }, learner.token)).body.data).toMatchObject({ isRight: true, assessment: 'self' });
    expect((await t.call('/api/user/repo/assess', { trainId, quId: s3.id, right: false }, learner.token)).body.data).toMatchObject({ isRight: false, assessment: 'self' });
    expect((await t.call('/api/user/repo/assess', { trainId, quId: s1.id, right: true }, learner.token)).body.data).toMatchObject({ isRight: true, assessment: 'self' });
    expect((await t.call('/api/user/repo/assess', { trainId, quId: s3.id, right: true }, learner.token)).body).toMatchObject({ code: ErrorCode.FAIL, msg: '这道题已自评为答错，不能更改' });

    // The training: 4 answered, 2 right (both by the learner's own verdict), 3 self-assessed.
    const after = (await t.call('/api/user/repo/card', { trainId }, learner.token)).body.data;
    expect(after.training).toMatchObject({ answered: 4, right: 2, pending: 0, selfAssessed: 3, selfRight: 2 });
    expect(after.items.map((i: { isRight: unknown; assessment: unknown }) => [i.isRight, i.assessment])).toEqual([
      [true, 'self'],
      [true, 'self'],
      [false, 'self'],
      [false, 'judged'],
    ]);
    expect((await t.call('/api/user/repo/next', { trainId, sequence: 3 }, learner.token)).body.data.feedback).toMatchObject({ isRight: false, assessment: 'self' });
    const result = (await t.call('/api/user/repo/result', { trainId }, learner.token)).body.data;
    expect(result.pending).toEqual([]);
    expect(result.wrong.map((w: { quId: string; selfAssessed: boolean }) => [w.quId, w.selfAssessed])).toEqual([
      [s3.id, true],
      [single.id, false],
    ]);
    expect(result.byType.find((b: { quType: number }) => b.quType === QuType.SHORT)).toMatchObject({ total: 3, answered: 3, right: 2, selfAssessed: 3, selfRight: 2, pending: 0 });

    // The bank's figures and the wrong book (wrong-only practice) count them as the learner said.
    const detail = (await t.call('/api/user/repo/detail', { repoId: repo.id }, learner.token)).body.data;
    expect(detail.repo).toMatchObject({ answered: 4, right: 2, selfAssessed: 3, selfRight: 2 });
    expect(detail.byType.find((b: { quType: number }) => b.quType === QuType.SHORT)).toMatchObject({ answered: 3, right: 2, selfAssessed: 3, selfRight: 2 });
    expect(detail.wrongCount).toBe(2);
    const wrongTrain = (await t.call('/api/user/repo/start', { repoId: repo.id, mode: PracticeMode.WRONG }, learner.token)).body.data.trainId;
    expect((await t.call('/api/user/repo/card', { trainId: wrongTrain }, learner.token)).body.data.items.map((i: { quId: string }) => i.quId)).toEqual([s3.id, single.id]);
    const retry = (await t.call('/api/user/repo/start', { repoId: repo.id, mode: PracticeMode.RETRY, fromTrainId: trainId }, learner.token)).body.data.trainId;
    expect((await t.call('/api/user/repo/card', { trainId: retry }, learner.token)).body.data.items.map((i: { quId: string }) => i.quId)).toEqual([s3.id, single.id]);

    // The administrator's 练习情况: answers and right ones, the self-assessed apart.
    const users = await raw('/api/repo/practice/users', { current: 1, size: 10, params: { repoId: repo.id } }, admin);
    expect(users.json().data.records).toEqual([expect.objectContaining({ userId: learner.id, answered: 4, right: 2, selfAssessed: 3, selfRight: 2 })]);
  }, 60_000);

  it('answering a question of a training again records the first verdict, counted once, in the training, the bank and the wrong book', async () => {
    const { admin, repo, qus } = await bank('b');
    const [s1, , , single] = qus;
    const learner = await insertUser(t, `sa_${dialect}_c`);
    const trainId = (await t.call('/api/user/repo/start', { repoId: repo.id, mode: PracticeMode.SEQUENTIAL }, learner.token)).body.data.trainId;
    const right = single.answerList!.find((o) => o.isRight)!.id!;
    const wrong = single.answerList!.find((o) => !o.isRight)!.id!;
    const fill = (body: Record<string, unknown>) => t.call('/api/user/repo/fill', { trainId, ...body }, learner.token);

    expect((await fill({ quId: single.id, answers: [wrong] })).body.data).toMatchObject({ isRight: false, assessment: 'judged' });
    // Again, right this time, and once more wrong: the first verdict, nothing counted twice.
    expect((await fill({ quId: single.id, answers: [right] })).body.data).toMatchObject({ isRight: false, assessment: 'judged' });
    expect((await fill({ quId: single.id, answers: [wrong] })).body.data).toMatchObject({ isRight: false, assessment: 'judged' });
    // A short answer sent twice: still awaiting the verdict, once; assessed, sent again: the learner's verdict.
    expect((await fill({ quId: s1.id, answer: '一' })).body.data).toMatchObject({ assessment: 'pending' });
    expect((await fill({ quId: s1.id, answer: '二' })).body.data).toMatchObject({ assessment: 'pending' });
    await t.call('/api/user/repo/assess', { trainId, quId: s1.id, right: false }, learner.token);
    expect((await fill({ quId: s1.id, answer: '三' })).body.data).toMatchObject({ isRight: false, assessment: 'self' });

    const card = (await t.call('/api/user/repo/card', { trainId }, learner.token)).body.data;
    expect(card.training).toMatchObject({ answered: 2, right: 0, pending: 0, selfAssessed: 1, selfRight: 0 });
    const kept = (await t.call('/api/user/repo/next', { trainId, sequence: 4 }, learner.token)).body.data;
    expect(kept.answer).toEqual({ answers: [wrong] });
    const detail = (await t.call('/api/user/repo/detail', { repoId: repo.id }, learner.token)).body.data;
    expect(detail.repo).toMatchObject({ answered: 2, right: 0, selfAssessed: 1, selfRight: 0 });
    expect(detail.wrongCount).toBe(2);
    const users = (await t.call('/api/repo/practice/users', { current: 1, size: 10, params: { repoId: repo.id } }, admin)).body.data.records;
    expect(users[0]).toMatchObject({ answered: 2, right: 0, selfAssessed: 1, selfRight: 0 });
    const missed = (await t.call('/api/repo/practice/missed', { current: 1, size: 10, params: { repoId: repo.id } }, admin)).body.data.records;
    expect(missed.find((m: { quId: string }) => m.quId === single.id)).toMatchObject({ answered: 1, wrong: 1 });

    // Sent twice at once: one answer counted.
    const other = qus[1];
    await Promise.all([fill({ quId: other.id, answer: '同时' }), fill({ quId: other.id, answer: '同时' })]);
    expect((await t.call('/api/user/repo/card', { trainId }, learner.token)).body.data.training).toMatchObject({ answered: 3, pending: 1 });
  }, 60_000);
});
