import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import type { AnswerInput, ExamRecord, PaperDetail, PaperQu, QuDetail } from '../../common/api';
import { ExamOpenType, ExamState, GenericState, HandType, PaperEvent, PaperState, QuType, ResultShow, UserState } from '../../common/codes';
import { ErrorCode } from '../../common/errorCodes';
import { buildApp } from '../../server/app';
import { copyText } from '../../server/modules/paper/paper.snapshot';
import { DEMO_EXAM_ID } from '../../server/seed/demoExam';
import { bankWithEveryType, examBody, publishExam, saveDraft, saveExam } from './exam.helpers';
import { callApp, createDeptTree, DIALECTS, insertUser, useTestApp, type TestContext } from './helpers';

/** The right answer to a question, as the admin detail tells it (the test plays a learner who knows). */
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

async function detailOf(t: TestContext, paperId: string, token: string): Promise<PaperDetail> {
  const r = await t.call<PaperDetail>('/api/paper/paper/paper-detail', { id: paperId }, token);
  expect(r.body.code, r.body.msg).toBe(0);
  return r.body.data;
}

const FORBIDDEN_IN_EXAM = /isRight|"analysis"|refAnswer|rightId|"blanks":\[\{|参考答案|单选解析/;

describe.each(DIALECTS)('the exam engine on %s', (dialect) => {
  const t = useTestApp(dialect);
  afterAll(() => fs.rmSync(t.config.dataDir, { recursive: true, force: true }));

  it('refuses a composition a bank cannot fill, naming the section and the bank, and totals the score', async () => {
    const admin = await t.adminToken();
    const { repo } = await bankWithEveryType(t);
    const check = await t.call('/api/exam/exam/check', { groups: [{ title: '单选', quType: QuType.SINGLE, perScore: 2, draws: [{ repoId: repo.id, count: 5 }], quIds: [] }] }, admin);
    expect(check.body.data.errors[0]).toBe(`第1部分“单选”：题库“${repo.title}”的单选题只有2道，需要5道`);
    const refused = await t.call('/api/exam/exam/save', examBody(repo.id, { groups: [{ title: '单选', quType: QuType.SINGLE, perScore: 2, draws: [{ repoId: repo.id, count: 5 }], quIds: [] }] }), admin);
    expect(refused.body.code).toBe(ErrorCode.FAIL);
    expect(refused.body.msg).toContain('只有2道，需要5道');
    const exam = await saveExam(t, examBody(repo.id));
    expect(exam).toMatchObject({ totalScore: 14, quCount: 5, enabled: GenericState.NORMAL });
    expect(exam.warnings.length).toBe(0);
    const preview = await t.call('/api/exam/exam/preview', { groups: exam.groups }, admin);
    expect(preview.body.data.groups.map((g: { quList: unknown[] }) => g.quList.length)).toEqual([1, 1, 1, 1, 1]);
    const learner = await insertUser(t, `l_${dialect}_noadmin`);
    expect((await t.call('/api/exam/exam/save', examBody(repo.id), learner.token)).body.code).toBe(ErrorCode.FORBIDDEN);
    // A bank an exam draws from cannot be deleted.
    expect((await t.call('/api/repo/delete', { ids: [repo.id] }, admin)).body.msg).toContain('正在使用该题库');
  });

  it('takes an exam: resumes, never leaks an answer while in exam, keeps newer saves, grades every type and shows the review', async () => {
    const admin = await t.adminToken();
    const { repo, qus } = await bankWithEveryType(t);
    const exam = await saveExam(t, examBody(repo.id, { shuffleOptions: true }));
    const learner = await insertUser(t, `l_${dialect}_take`);
    const online = await t.call('/api/exam/exam/online-paging', { current: 1, size: 50 }, learner.token);
    expect(online.body.data.records.map((e: { id: string }) => e.id)).toContain(exam.id);
    expect((await t.call('/api/paper/paper/pre-check', { examId: exam.id }, learner.token)).body.data).toEqual({ validated: true, message: '' });

    const created = await t.call('/api/paper/paper/create-paper', { examId: exam.id }, learner.token);
    expect(created.body.code, created.body.msg).toBe(0);
    const paperId = created.body.data.id as string;
    expect((await t.call('/api/paper/paper/create-paper', { examId: exam.id }, learner.token)).body.data.id).toBe(paperId);
    expect((await t.call('/api/paper/paper/check-process', {}, learner.token)).body.data).toMatchObject({ id: paperId, examId: exam.id });

    const detail = await detailOf(t, paperId, learner.token);
    expect(detail.leftSeconds).toBe(30 * 60);
    const items = detail.groups.flatMap((g) => g.quList);
    expect(items).toHaveLength(5);
    const byId = new Map(qus.map((q) => [q.id, q]));
    let seq = 1;
    for (const item of items) {
      const raw = await t.app.inject({ method: 'POST', url: '/api/paper/paper/qu-detail', payload: { paperId, quId: item.quId }, headers: { token: learner.token } });
      expect(raw.body).not.toMatch(FORBIDDEN_IN_EXAM);
      const qd = raw.json().data as PaperQu;
      expect(qd.quId).toBe(item.quId);
      const answer = rightAnswer(byId.get(item.quId)!);
      const saved = await t.call('/api/paper/paper/fill-answer', { paperId, quId: item.quId, seq: seq++, ...answer }, learner.token);
      expect(saved.body.code, saved.body.msg).toBe(0);
    }
    // A stale save (lower seq) is acknowledged but changes nothing.
    const single = items[0];
    const stale = await t.call('/api/paper/paper/fill-answer', { paperId, quId: single.quId, seq: 1, answers: [] }, learner.token);
    expect(stale.body.data.seq).toBe(1);
    const afterStale = (await t.call<PaperQu>('/api/paper/paper/qu-detail', { paperId, quId: single.quId }, learner.token)).body.data;
    expect(afterStale.saved.answers).toEqual(rightAnswer(byId.get(single.quId)!).answers);
    expect((await detailOf(t, paperId, learner.token)).groups.every((g) => g.quList.every((q) => q.answered))).toBe(true);

    // Another learner gets nothing of this paper.
    const other = await insertUser(t, `l_${dialect}_other`);
    for (const [url, body] of [
      ['/api/paper/paper/paper-detail', { id: paperId }],
      ['/api/paper/paper/qu-detail', { paperId, quId: single.quId }],
      ['/api/paper/paper/fill-answer', { paperId, quId: single.quId, seq: 99, answers: [] }],
      ['/api/paper/paper/hand-exam', { id: paperId, type: HandType.LEARNER }],
      ['/api/paper/paper/paper-result', { id: paperId }],
      ['/api/paper/paper/left-time', { id: paperId }],
    ] as const) {
      const r = await t.call(url, body, other.token);
      expect(r.body.code, url).toBe(ErrorCode.NOT_FOUND);
    }
    expect((await t.call('/api/paper/paper/paging', { current: 1, size: 10, params: { examId: exam.id } }, other.token)).body.data.total).toBe(0);
    expect((await t.call('/api/paper/paper/paper-result', { id: paperId }, learner.token)).body.msg).toBe('试卷尚未交卷');

    const handed = await t.call('/api/paper/paper/hand-exam', { id: paperId, type: HandType.LEARNER }, learner.token);
    expect(handed.body.data).toEqual({ id: paperId, state: PaperState.FINISHED });
    expect((await t.call('/api/paper/paper/hand-exam', { id: paperId, type: HandType.LEARNER }, learner.token)).body.data.state).toBe(PaperState.FINISHED);
    const result = (await t.call('/api/paper/paper/paper-result', { id: paperId }, learner.token)).body.data;
    expect(result).toMatchObject({ userScore: 14, passed: true, reviewOpen: true });
    expect(result.groups.flatMap((g: { quList: Array<{ isRight: boolean }> }) => g.quList.map((q) => q.isRight))).toEqual([true, true, true, true, true]);
    expect((await t.call('/api/paper/paper/fill-answer', { paperId, quId: single.quId, seq: 100, answers: [] }, learner.token)).body.msg).toBe('试卷已交卷，答案不能再修改');
    const records = (await t.call('/api/user/exam/my-paging', { current: 1, size: 10 }, learner.token)).body.data.records;
    expect(records.find((r: { examId: string }) => r.examId === exam.id)).toMatchObject({ tryCount: 1, maxScore: 14, passed: true, bestPaperId: paperId });
    const admins = (await t.call('/api/paper/paper/paging', { current: 1, size: 10, params: { examId: exam.id } }, admin)).body.data;
    expect(admins.records[0]).toMatchObject({ id: paperId, userScore: 14 });
    const adminDetail = (await t.call('/api/paper/paper/detail', { id: paperId }, admin)).body.data;
    expect(adminDetail.events.map((e: { type: number }) => e.type)).toEqual([PaperEvent.START, PaperEvent.HAND]);
  }, 30_000);

  it('gives partial credit, grades fill-in alternatives and files wrong answers in the wrong book', async () => {
    const { repo, qus } = await bankWithEveryType(t);
    const exam = await saveExam(t, examBody(repo.id, { resultShow: ResultShow.SCORE }));
    const learner = await insertUser(t, `l_${dialect}_partial`);
    const paperId = (await t.call('/api/paper/paper/create-paper', { examId: exam.id }, learner.token)).body.data.id;
    const items = (await detailOf(t, paperId, learner.token)).groups.flatMap((g) => g.quList);
    const byId = new Map(qus.map((q) => [q.id, q]));
    let seq = 1;
    for (const item of items) {
      const q = byId.get(item.quId)!;
      const answer: AnswerInput =
        q.quType === QuType.MULTIPLE ? { answers: [q.answerList!.find((o) => o.isRight)!.id!] }
        : q.quType === QuType.FILL ? { blanks: ['beijing'] }
        : q.quType === QuType.SINGLE ? { answers: [q.answerList!.find((o) => !o.isRight)!.id!] }
        : rightAnswer(q);
      await t.call('/api/paper/paper/fill-answer', { paperId, quId: item.quId, seq: seq++, ...answer }, learner.token);
    }
    await t.call('/api/paper/paper/hand-exam', { id: paperId, type: HandType.LEARNER }, learner.token);
    const raw = await t.app.inject({ method: 'POST', url: '/api/paper/paper/paper-result', payload: { id: paperId }, headers: { token: learner.token } });
    // Score only: no review, no answers.
    expect(raw.body).not.toMatch(/isRight|answerList/);
    expect(raw.json().data).toMatchObject({ userScore: 2 + 1 + 2 + 4, reviewOpen: false, groups: [] });
    // Score only: its wrong book stays empty and says why, until the exam releases its answers.
    expect((await t.call('/api/user/wrong-book/paging', { current: 1, size: 10, params: { examId: exam.id } }, learner.token)).body.data).toMatchObject({ total: 0, held: expect.stringContaining('只公布成绩') });
    await saveExam(t, { ...examBody(repo.id, { resultShow: ResultShow.REVIEW }), id: exam.id });
    const book = (await t.call('/api/user/wrong-book/paging', { current: 1, size: 10, params: { examId: exam.id } }, learner.token)).body.data.records;
    expect(book.map((b: { quType: number }) => b.quType).sort()).toEqual([QuType.SINGLE, QuType.MULTIPLE]);
    const first = (await t.call('/api/user/wrong-book/next', { examId: exam.id }, learner.token)).body.data;
    expect(JSON.stringify(first)).not.toMatch(/isRight/);
    const q = byId.get(first.item.quId)!;
    const checked = (await t.call('/api/user/wrong-book/check', { examId: exam.id, quId: first.item.quId, ...rightAnswer(q) }, learner.token)).body.data;
    expect(checked.isRight).toBe(true);
    // Earned: the learner may now read the question with its answer.
    expect((await t.call('/api/user/qu/detail', { id: first.item.quId }, learner.token)).body.code).toBe(0);
    await t.call('/api/user/wrong-book/delete', { ids: [first.item.id] }, learner.token);
    expect((await t.call('/api/user/wrong-book/paging', { current: 1, size: 10, params: { examId: exam.id } }, learner.token)).body.data.total).toBe(1);
  }, 30_000);

  it('keeps scores out of the learner\'s records while the exam shows only its thank-you', async () => {
    const admin = await t.adminToken();
    const { repo } = await bankWithEveryType(t);
    const exam = await saveExam(t, examBody(repo.id, { resultShow: ResultShow.THANKS, title: '只显示感谢语' }));
    const learner = await insertUser(t, `l_${dialect}_thanks`);
    const paperId = (await t.call('/api/paper/paper/create-paper', { examId: exam.id }, learner.token)).body.data.id;
    await t.call('/api/paper/paper/hand-exam', { id: paperId, type: HandType.LEARNER }, learner.token);
    const mine = (await t.call('/api/user/exam/my-paging', { current: 1, size: 10 }, learner.token)).body.data.records;
    expect(mine.find((r: { examId: string }) => r.examId === exam.id)).toMatchObject({ tryCount: 1, maxScore: null, lastScore: null, passed: null });
    const all = (await t.call('/api/user/exam/paging', { current: 1, size: 10, params: { examId: exam.id } }, admin)).body.data.records;
    expect(all[0]).toMatchObject({ maxScore: 0, lastScore: 0, passed: false });
  });

  it('applies the entry rules: audience, password, attempts, lateMax, handMin and one exam at a time', async () => {
    const admin = await t.adminToken();
    const { repo } = await bankWithEveryType(t);
    const depts = await createDeptTree(t);
    const inDept = await insertUser(t, `l_${dialect}_dept`, { deptId: depts.group });
    const outside = await insertUser(t, `l_${dialect}_out`, { deptId: depts.sales });
    const byDept = await saveExam(t, examBody(repo.id, { title: '部门考试', openType: ExamOpenType.DEPARTS, departIds: [depts.train] }));
    expect((await t.call('/api/paper/paper/pre-check', { examId: byDept.id }, outside.token)).body.data.message).toBe('您不在本场考试的范围内');
    expect((await t.call('/api/paper/paper/pre-check', { examId: byDept.id }, inDept.token)).body.data.validated).toBe(true);
    expect((await t.call('/api/exam/exam/online-paging', { current: 1, size: 50 }, outside.token)).body.data.records.map((e: { id: string }) => e.id)).not.toContain(byDept.id);

    const withPass = await saveExam(t, examBody(repo.id, { title: '密码考试', openType: ExamOpenType.PASSWORD, password: 'abc', chance: 1, handMin: 5 }));
    expect((await t.call('/api/paper/paper/pre-check', { examId: withPass.id, password: 'x' }, inDept.token)).body.data.message).toBe('考试密码错误');
    const paperId = (await t.call('/api/paper/paper/create-paper', { examId: withPass.id, password: 'abc' }, inDept.token)).body.data.id;
    const second = await t.call('/api/paper/paper/create-paper', { examId: byDept.id }, inDept.token);
    expect(second.body.code).toBe(ErrorCode.EXAM_IN_PROGRESS);
    expect(second.body.msg).toContain('密码考试');
    expect((await t.call('/api/paper/paper/hand-exam', { id: paperId, type: HandType.LEARNER }, inDept.token)).body.msg).toMatch(/^开考5分钟后才能交卷/);
    expect((await t.call('/api/paper/paper/hand-exam', { id: paperId, type: HandType.LEAVE }, inDept.token)).body.msg).toBe('交卷条件不成立，请继续作答');
    t.clock.advance(5 * 60_000);
    expect((await t.call('/api/paper/paper/hand-exam', { id: paperId, type: HandType.LEARNER }, inDept.token)).body.code).toBe(0);
    expect((await t.call('/api/paper/paper/pre-check', { examId: withPass.id, password: 'abc' }, inDept.token)).body.data.message).toBe('最多允许考试1次');

    const now = t.clock.now();
    const late = await saveExam(t, examBody(repo.id, { title: '迟到考试', startTime: now - 20 * 60_000, endTime: now + 60 * 60_000, lateMax: 10 }));
    expect((await t.call('/api/paper/paper/pre-check', { examId: late.id }, outside.token)).body.data.message).toBe('开考10分钟后不能再进入考试');
    const future = await saveExam(t, examBody(repo.id, { title: '未来考试', startTime: now + 60_000, endTime: now + 60 * 60_000 }));
    expect((await t.call('/api/paper/paper/pre-check', { examId: future.id }, outside.token)).body.data.message).toBe('考试尚未开始');
    await t.call('/api/exam/exam/state', { ids: [future.id], state: GenericState.DISABLED }, admin);
    expect((await t.call('/api/paper/paper/pre-check', { examId: future.id }, outside.token)).body.data.message).toBe('考试已被禁用');
    expect((await t.call('/api/exam/exam/delete', { ids: [withPass.id] }, admin)).body.msg).toContain('已有考生的试卷');
  }, 30_000);

  it('keeps a new exam a draft that learners neither list, check nor start, until /state publishes it', async () => {
    const admin = await t.adminToken();
    const { repo } = await bankWithEveryType(t);
    const learner = await insertUser(t, `l_${dialect}_draft`);
    const title = `草稿考试_${dialect}`;
    const draft = await saveDraft(t, examBody(repo.id, { title }));
    expect(draft).toMatchObject({ state: ExamState.DRAFT, publishTime: null, enabled: GenericState.NORMAL });
    // The admin list says so, and filters drafts.
    const drafts = (await t.call('/api/exam/exam/paging', { current: 1, size: 50, params: { state: ExamState.DRAFT } }, admin)).body.data.records;
    expect(drafts.map((e: ExamRecord) => [e.title, e.state])).toEqual([[title, ExamState.DRAFT]]);
    const open = (await t.call('/api/exam/exam/paging', { current: 1, size: 50, params: { state: ExamState.OPEN } }, admin)).body.data.records;
    expect(open.map((e: ExamRecord) => e.id)).not.toContain(draft.id);

    const listed = async () => (await t.call('/api/exam/exam/online-paging', { current: 1, size: 50, params: { title } }, learner.token)).body;
    expect(await listed()).toEqual({ code: 0, msg: '操作成功', data: { current: 1, size: 50, total: 0, pages: 0, records: [] } });
    expect((await t.call('/api/exam/exam/online-detail', { id: draft.id }, learner.token)).body).toEqual({ code: ErrorCode.NOT_FOUND, msg: '考试不存在或您不在考试范围内', data: null });
    expect((await t.call('/api/paper/paper/pre-check', { examId: draft.id }, learner.token)).body).toEqual({
      code: 0,
      msg: '操作成功',
      data: { validated: false, message: '考试尚未发布，暂时不能参加' },
    });
    expect((await t.call('/api/paper/paper/create-paper', { examId: draft.id }, learner.token)).body).toEqual({ code: ErrorCode.FAIL, msg: '考试尚未发布，暂时不能参加', data: null });
    // Saving it again (an edit) keeps it a draft; disabling it too.
    expect((await saveDraft(t, { ...examBody(repo.id, { title }), id: draft.id })).state).toBe(ExamState.DRAFT);
    expect((await t.call('/api/exam/exam/state', { ids: [draft.id], state: GenericState.DISABLED }, admin)).body.code).toBe(0);
    expect((await t.call('/api/exam/exam/detail', { id: draft.id }, admin)).body.data).toMatchObject({ state: ExamState.DRAFT, enabled: GenericState.DISABLED });
    expect((await t.call('/api/paper/paper/create-paper', { examId: draft.id }, learner.token)).body.msg).toBe('考试尚未发布，暂时不能参加');

    // Publishing takes the exam permission and an exam that exists.
    expect((await t.call('/api/exam/exam/state', { ids: [draft.id], state: GenericState.NORMAL }, learner.token)).body.code).toBe(ErrorCode.FORBIDDEN);
    expect((await t.call('/api/exam/exam/state', { ids: [draft.id, 'no_such_exam'], state: GenericState.NORMAL }, admin)).body).toEqual({ code: ErrorCode.NOT_FOUND, msg: '考试不存在或已被删除', data: null });
    expect((await t.call('/api/exam/exam/detail', { id: draft.id }, admin)).body.data.publishTime).toBeNull();

    t.clock.advance(1_000);
    const published = await publishExam(t, draft.id);
    expect(published).toMatchObject({ state: ExamState.OPEN, enabled: GenericState.NORMAL, publishTime: t.clock.now() });
    const after = await listed();
    expect(after.data.records.map((e: { id: string; state: number }) => [e.id, e.state])).toEqual([[draft.id, ExamState.OPEN]]);
    expect((await t.call('/api/paper/paper/pre-check', { examId: draft.id }, learner.token)).body.data).toEqual({ validated: true, message: '' });
    expect((await t.call('/api/paper/paper/create-paper', { examId: draft.id }, learner.token)).body.code).toBe(0);
    // Disabling and enabling a published exam keeps its publish time; an edit does not make it a draft again.
    t.clock.advance(1_000);
    await t.call('/api/exam/exam/state', { ids: [draft.id], state: GenericState.DISABLED }, admin);
    expect((await publishExam(t, draft.id)).publishTime).toBe(published.publishTime);
    expect((await saveDraft(t, { ...examBody(repo.id, { title }), id: draft.id })).state).toBe(ExamState.OPEN);
  }, 30_000);

  it('counts the active users an exam is open to, for the publish confirmation (exam permission only)', async () => {
    const admin = await t.adminToken();
    const { repo } = await bankWithEveryType(t);
    // Departments of its own (the entry-rules test makes the shared tree): 审计部 > 审计组, and 后勤部.
    const dept = async (parentId: string, deptName: string) => (await t.call('/api/sys/depart/save', { parentId, deptName }, admin)).body.data.id as string;
    const train = await dept('dept_root', '审计部');
    const depts = { train, group: await dept(train, '审计组'), sales: await dept('dept_root', '后勤部') };
    const audience = async (id: string, token = admin) => (await t.call('/api/exam/exam/audience', { id }, token)).body;

    const everyone = await saveDraft(t, examBody(repo.id, { title: '全员考试' }));
    const before = (await audience(everyone.id)).data.count;
    expect(before).toBeGreaterThan(0);
    const learner = await insertUser(t, `l_${dialect}_aud_new`, { deptId: depts.group });
    await insertUser(t, `l_${dialect}_aud_off`, { deptId: depts.group, state: UserState.DISABLED });
    expect(await audience(everyone.id)).toEqual({ code: 0, msg: '操作成功', data: { count: before + 1 } });
    // A password exam reaches everyone too (they are asked for the password on entry).
    const withPass = await saveDraft(t, examBody(repo.id, { title: '密码考试', openType: ExamOpenType.PASSWORD, password: 'abc' }));
    expect((await audience(withPass.id)).data.count).toBe(before + 1);

    // 审计部 reaches its subdepartment 审计组; disabled users are not counted.
    await insertUser(t, `l_${dialect}_aud_train`, { deptId: depts.train });
    await insertUser(t, `l_${dialect}_aud_sales`, { deptId: depts.sales });
    const byDept = await saveDraft(t, examBody(repo.id, { title: '部门考试', openType: ExamOpenType.DEPARTS, departIds: [depts.train] }));
    expect((await audience(byDept.id)).data.count).toBe(2);
    const bySales = await saveDraft(t, examBody(repo.id, { title: '销售考试', openType: ExamOpenType.DEPARTS, departIds: [depts.sales, depts.group] }));
    expect((await audience(bySales.id)).data.count).toBe(2);

    const off = await insertUser(t, `l_${dialect}_aud_off2`, { state: UserState.DISABLED });
    const byPeople = await saveDraft(t, examBody(repo.id, { title: '指定人员考试', openType: ExamOpenType.PEOPLE, userIds: [learner.id, off.id] }));
    expect((await audience(byPeople.id)).data.count).toBe(1);

    expect((await audience(everyone.id, learner.token)).code).toBe(ErrorCode.FORBIDDEN);
    expect(await audience('no_such_exam')).toEqual({ code: ErrorCode.NOT_FOUND, msg: '考试不存在或已被删除', data: null });
    expect((await t.call('/api/exam/exam/audience', {}, admin)).body.code).not.toBe(0);
  }, 30_000);

  it('hands papers in at the deadline by the job, refuses late saves, and forces hand-in at the leave limit', async () => {
    const { repo } = await bankWithEveryType(t);
    const exam = await saveExam(t, examBody(repo.id, { totalTime: 1, leaveLimit: 2 }));
    const a = await insertUser(t, `l_${dialect}_late`);
    const b = await insertUser(t, `l_${dialect}_leave`);
    const pa = (await t.call('/api/paper/paper/create-paper', { examId: exam.id }, a.token)).body.data.id;
    const pb = (await t.call('/api/paper/paper/create-paper', { examId: exam.id }, b.token)).body.data.id;
    const quId = (await detailOf(t, pa, a.token)).groups[0].quList[0].quId;

    const e1 = (await t.call('/api/paper/paper/event', { paperId: pb, type: PaperEvent.LEAVE }, b.token)).body.data;
    expect(e1).toEqual({ leaveCount: 1, leaveLimit: 2, handed: false });
    const e2 = (await t.call('/api/paper/paper/event', { paperId: pb, type: PaperEvent.LEAVE }, b.token)).body.data;
    expect(e2).toEqual({ leaveCount: 2, leaveLimit: 2, handed: true });
    expect((await t.call('/api/paper/paper/paper-result', { id: pb }, b.token)).body.data.handType).toBe(HandType.LEAVE);

    t.clock.advance(60_000 + 2_000);
    // Within the grace, a save in flight is still taken.
    expect((await t.call('/api/paper/paper/fill-answer', { paperId: pa, quId, seq: 1, answers: [] }, a.token)).body.code).toBe(0);
    t.clock.advance(10_000);
    await t.app.ctx.jobs.tick();
    const res = (await t.call('/api/paper/paper/paper-result', { id: pa }, a.token)).body.data;
    expect(res).toMatchObject({ state: PaperState.FINISHED, handType: HandType.DEADLINE });
    expect((await t.call('/api/paper/paper/fill-answer', { paperId: pa, quId, seq: 2, answers: [] }, a.token)).body.code).toBe(ErrorCode.FAIL);
  }, 30_000);

  it('grades what is stored when a save lands as the paper is handed in: an acknowledged answer is always graded', async () => {
    const { repo, qus } = await bankWithEveryType(t);
    const single = qus.find((q) => q.quType === QuType.SINGLE)!;
    const right = single.answerList!.find((o) => o.isRight)!.id!;
    const wrong = single.answerList!.find((o) => !o.isRight)!.id!;
    const exam = await saveExam(t, examBody(repo.id, { title: '交卷竞争', qualifyScore: 2, groups: [{ title: '单选', quType: QuType.SINGLE, perScore: 2, draws: [], quIds: [single.id] }] }));
    const l = await insertUser(t, `l_${dialect}_race`);
    const later = async <T>(turns: number, send: () => Promise<T>) => {
      for (let i = 0; i < turns; i++) await new Promise((r) => setImmediate(r));
      return send();
    };
    // One is sent 0, 1, 2 … turns of the event loop after the other, so the save meets the hand-in at each of its steps.
    for (let turns = -12; turns < 24; turns++) {
      const paperId = (await t.call('/api/paper/paper/create-paper', { examId: exam.id }, l.token)).body.data.id as string;
      expect((await t.call('/api/paper/paper/fill-answer', { paperId, quId: single.id, seq: 1, answers: [wrong] }, l.token)).body.code).toBe(0);
      const hand = () => t.call('/api/paper/paper/hand-exam', { id: paperId, type: HandType.LEARNER }, l.token);
      const fill = () => t.call('/api/paper/paper/fill-answer', { paperId, quId: single.id, seq: 2, answers: [right] }, l.token);
      const [handed, save] = await Promise.all([later(Math.max(0, -turns), hand), later(Math.max(0, turns), fill)]);
      expect(handed.body.code).toBe(0);
      const stored = await t.database.db.selectFrom('paper_qu').select(['answer', 'is_right']).where('paper_id', '=', paperId).where('qu_id', '=', single.id).executeTakeFirstOrThrow();
      const result = (await t.call('/api/paper/paper/paper-result', { id: paperId }, l.token)).body.data;
      const acked = save.body.code === 0;
      // Acknowledged: stored and graded right. Refused: the earlier answer stands, graded wrong.
      expect({ turns, answer: (JSON.parse(stored.answer) as AnswerInput).answers, isRight: stored.is_right, score: result.userScore }).toEqual({
        turns,
        answer: [acked ? right : wrong],
        isRight: acked ? 1 : 0,
        score: acked ? 2 : 0,
      });
      if (!acked) expect(save.body.msg).toBe('试卷已交卷，答案不能再修改');
      // The record takes the score as graded, the second grading included.
      const record = await t.database.db.selectFrom('exam_record').select('last_score').where('user_id', '=', l.id).where('exam_id', '=', exam.id).executeTakeFirstOrThrow();
      expect({ turns, last: record.last_score }).toEqual({ turns, last: acked ? 2 : 0 });
    }
  }, 60_000);

  it('starts a new exam past a paper left open beyond its deadline, handing that one in first', async () => {
    const { repo } = await bankWithEveryType(t);
    const first = await saveExam(t, examBody(repo.id, { title: '先考', totalTime: 1 }));
    const next = await saveExam(t, examBody(repo.id, { title: '后考' }));
    const l = await insertUser(t, `l_${dialect}_overdue`);
    const old = (await t.call('/api/paper/paper/create-paper', { examId: first.id }, l.token)).body.data.id;
    const card = await detailOf(t, old, l.token);
    const quId = card.groups[0].quList[0].quId;
    expect(card.groups.flatMap((g) => g.quList).every((q) => !q.answered)).toBe(true);
    expect((await t.call('/api/paper/paper/fill-answer', { paperId: old, quId, seq: 1, answers: [], mark: true }, l.token)).body.code).toBe(0);
    expect((await detailOf(t, old, l.token)).groups[0].quList[0]).toMatchObject({ quId, mark: true });
    // No job has run: the open paper is found in the way of the new one and handed in at its deadline.
    t.clock.advance(2 * 60_000);
    const made = await t.call('/api/paper/paper/create-paper', { examId: next.id }, l.token);
    expect(made.body.code).toBe(0);
    expect(made.body.data.id).not.toBe(old);
    expect((await t.call('/api/paper/paper/paper-result', { id: old }, l.token)).body.data).toMatchObject({ handType: HandType.DEADLINE });
    expect((await t.call('/api/paper/paper/check-process', {}, l.token)).body.data).toMatchObject({ id: made.body.data.id, title: '后考' });
    // Pressing start again resumes it, and the first exam is refused while it is open.
    expect((await t.call('/api/paper/paper/create-paper', { examId: next.id }, l.token)).body.data.id).toBe(made.body.data.id);
    const other = await t.call('/api/paper/paper/create-paper', { examId: first.id }, l.token);
    expect(other.body).toMatchObject({ code: ErrorCode.EXAM_IN_PROGRESS, msg: '您有正在进行中的考试“后考”，请先完成该考试' });
  }, 30_000);

  it('starts a cohort at once: every paper whole, one paper for a learner who presses start twice, one attempt each', async () => {
    const { repo } = await bankWithEveryType(t);
    const exam = await saveExam(t, examBody(repo.id, { shuffleOptions: true }));
    const learners = await Promise.all(Array.from({ length: 6 }, (_, i) => insertUser(t, `l_${dialect}_cohort${i}`)));
    // Sent together, the starts commit together; the first learner's second start joins the same round.
    const starts = await Promise.all([...learners, learners[0]].map((l) => t.call('/api/paper/paper/create-paper', { examId: exam.id }, l.token)));
    expect(starts.map((r) => r.body.msg)).toEqual(starts.map(() => '操作成功'));
    const ids = starts.map((r) => r.body.data.id as string);
    expect(ids[6]).toBe(ids[0]);
    expect(new Set(ids).size).toBe(learners.length);
    for (const [i, l] of learners.entries()) {
      const detail = await detailOf(t, ids[i], l.token);
      expect(detail.groups.flatMap((g) => g.quList)).toHaveLength(exam.quCount);
      const online = (await t.call('/api/exam/exam/online-paging', { current: 1, size: 50 }, l.token)).body.data.records.find((e: { id: string }) => e.id === exam.id);
      expect(online).toMatchObject({ tryCount: 1 });
      expect((await t.call('/api/paper/paper/hand-exam', { id: ids[i], type: HandType.LEARNER }, l.token)).body.code).toBe(0);
    }
    // A second round, together again: written as one batch, each record counts its second attempt.
    const again = await Promise.all(learners.map((l) => t.call('/api/paper/paper/create-paper', { examId: exam.id }, l.token)));
    expect(new Set(again.map((r) => r.body.data.id as string)).size).toBe(learners.length);
    for (const l of learners) {
      const online = (await t.call('/api/exam/exam/online-paging', { current: 1, size: 50 }, l.token)).body.data.records.find((e: { id: string }) => e.id === exam.id);
      expect(online).toMatchObject({ tryCount: 2, openPaperId: again[learners.indexOf(l)].body.data.id });
    }
  }, 30_000);

  it('keeps a new paper\'s questions as one draft, makes a row per first answer, and hands in an unanswered paper whole', async () => {
    const admin = await t.adminToken();
    const { repo, qus } = await bankWithEveryType(t);
    const body = examBody(repo.id, { shuffleOptions: true });
    const exam = await saveExam(t, { ...body, groups: [...body.groups, { title: '综合', quType: QuType.COMBINED, perScore: 6, draws: [{ repoId: repo.id, count: 1 }], quIds: [] }] });
    const [a, b] = await Promise.all([insertUser(t, `l_${dialect}_draft_a`), insertUser(t, `l_${dialect}_draft_b`)]);
    const pa = (await t.call('/api/paper/paper/create-paper', { examId: exam.id }, a.token)).body.data.id as string;
    const pb = (await t.call('/api/paper/paper/create-paper', { examId: exam.id }, b.token)).body.data.id as string;
    const rowsOf = async (paperId: string) => {
      const db = t.database.db;
      const qus = await db.selectFrom('paper_qu').select(['qu_id', 'answered', 'is_right', 'question']).where('paper_id', '=', paperId).execute();
      const drafts = await db.selectFrom('paper_draft').select('paper_id').where('paper_id', '=', paperId).execute();
      return { qus, drafts: drafts.length };
    };
    expect(await rowsOf(pa)).toEqual({ qus: [], drafts: 1 });

    // The card and every question come from the draft, unanswered, and leak nothing.
    const card = (await detailOf(t, pa, a.token)).groups.flatMap((g) => g.quList);
    expect(card).toHaveLength(exam.quCount);
    expect(card.every((q) => !q.answered && !q.mark)).toBe(true);
    const combined = (await detailOf(t, pa, a.token)).groups.find((g) => g.quType === QuType.COMBINED)!.quList[0];
    const before = await t.call('/api/paper/paper/qu-detail', { paperId: pa, quId: combined.quId }, a.token);
    expect(JSON.stringify(before.body)).not.toMatch(FORBIDDEN_IN_EXAM);
    const part = (before.body.data as PaperQu).subList[0];
    expect((await rowsOf(pa)).drafts).toBe(1);

    // The draft lists each question as its base and this learner's order; the bases are kept once for every paper.
    const draftLines = async (paperId: string) => (await t.database.db.selectFrom('paper_draft').select('questions').where('paper_id', '=', paperId).executeTakeFirstOrThrow()).questions.split('\n');
    const lines = [...(await draftLines(pa)), ...(await draftLines(pb))];
    for (const line of lines) expect(line).toMatch(/^$|^[A-Za-z0-9_-]{22}:[0-9a-z]*$/);
    const baseIds = [...new Set(lines.filter(Boolean).map((l) => l.split(':')[0]))];
    const bases = await t.database.db.selectFrom('qu_snapshot').select(['id', 'body']).where('id', 'in', baseIds).execute();
    expect(bases.map((r) => r.id).sort()).toEqual(baseIds.sort());
    // An edit made after the start changes nothing on the paper: it keeps the question as it was.
    const single = qus.find((q) => q.quType === QuType.SINGLE && card.some((c) => c.quId === q.id))!;
    const shown = await t.call<PaperQu>('/api/paper/paper/qu-detail', { paperId: pa, quId: single.id }, a.token);
    const edited = await t.call('/api/qu/qu/save', { id: single.id, repoId: repo.id, quType: QuType.SINGLE, content: '<p>改过的题干</p>', answerList: single.answerList }, admin);
    expect(edited.body.code, edited.body.msg).toBe(0);
    expect((await t.call('/api/paper/paper/qu-detail', { paperId: pa, quId: single.id }, a.token)).body).toEqual(shown.body);
    // A draft written before bases, with each question's whole text, reads the same.
    const cardB = (await detailOf(t, pb, b.token)).groups.flatMap((g) => g.quList);
    const detailsB = () => Promise.all(cardB.map(async (q) => (await t.call('/api/paper/paper/qu-detail', { paperId: pb, quId: q.quId }, b.token)).body));
    const fromCopies = await detailsB();
    await t.database.db.updateTable('paper_draft').set({ questions: (await draftLines(pb)).map(copyText).join('\n') }).where('paper_id', '=', pb).execute();
    expect((await draftLines(pb)).filter(Boolean).every((l) => l.startsWith('{'))).toBe(true);
    const fromWhole = await detailsB();
    expect(fromWhole).toEqual(fromCopies);
    expect(fromWhole.every((r) => r.code === 0)).toBe(true);
    expect(JSON.stringify(fromWhole)).not.toMatch(FORBIDDEN_IN_EXAM);

    // A first answer makes that question's row; a newer one overwrites it, an older one does not.
    const save = (seq: number, answers: string[]) => t.call('/api/paper/paper/fill-answer', { paperId: pa, quId: part.quId, seq, answers }, a.token);
    expect((await save(2, [part.answerList[1].id])).body.data.seq).toBe(2);
    expect((await save(1, [part.answerList[1].id])).body.data.seq).toBe(2);
    expect((await save(3, [part.answerList[0].id])).body.data.seq).toBe(3);
    const after = await rowsOf(pa);
    expect(after.drafts).toBe(1);
    expect(after.qus.map((r) => [r.qu_id, r.answered])).toEqual([[part.quId, 1]]);
    // Not another learner's paper, nor a question that is not on it.
    expect((await t.call('/api/paper/paper/fill-answer', { paperId: pa, quId: part.quId, seq: 9, answers: [] }, b.token)).body.code).toBe(ErrorCode.NOT_FOUND);
    expect((await t.call('/api/paper/paper/fill-answer', { paperId: pa, quId: '1234567890', seq: 1, answers: [] }, a.token)).body.code).toBe(ErrorCode.NOT_FOUND);
    expect((await rowsOf(pa)).qus).toHaveLength(1);
    const again = (await t.call<PaperQu>('/api/paper/paper/qu-detail', { paperId: pa, quId: combined.quId }, a.token)).body.data;
    expect(again.subSaved[part.quId]).toMatchObject({ answers: [part.answerList[0].id], seq: 3 });
    expect(JSON.stringify(again.subList)).toBe(JSON.stringify((before.body.data as PaperQu).subList));
    expect((await detailOf(t, pa, a.token)).groups.flatMap((g) => g.quList).find((q) => q.quId === combined.quId)!.answered).toBe(true);

    // An administrator sees a paper still in its draft; handed in without a single answer, it is graded in full.
    const viewed = await t.call('/api/paper/paper/detail', { id: pb }, admin);
    expect(viewed.body.code, viewed.body.msg).toBe(0);
    expect(viewed.body.data.groups.flatMap((g: { quList: unknown[] }) => g.quList)).toHaveLength(exam.quCount);
    expect((await t.call('/api/paper/paper/hand-exam', { id: pb, type: HandType.LEARNER }, b.token)).body.code).toBe(0);
    const handed = await rowsOf(pb);
    expect(handed.drafts).toBe(0);
    expect(handed.qus.filter((r) => r.question !== '')).toHaveLength(exam.quCount);
    expect(handed.qus.every((r) => r.is_right === 0)).toBe(true);
    // Handed in, the answered paper's rows are whole too, its answer kept and graded.
    expect((await t.call('/api/paper/paper/hand-exam', { id: pa, type: HandType.LEARNER }, a.token)).body.code).toBe(0);
    const whole = await rowsOf(pa);
    expect(whole.drafts).toBe(0);
    expect(whole.qus.filter((r) => r.question !== '')).toHaveLength(exam.quCount);
    expect(whole.qus.find((r) => r.qu_id === part.quId)).toMatchObject({ answered: 1 });
    // Its short answers (a combined question's short part) are blank: scored 0 at once, no marker needed.
    expect((await t.call('/api/paper/paper/paper-result', { id: pb }, b.token)).body.data).toMatchObject({ state: PaperState.FINISHED });
  }, 30_000);

  it('writes saves sent together as one batch, each answered as if alone: newer, stale, first, marked and refused', async () => {
    const { repo } = await bankWithEveryType(t);
    const exam = await saveExam(t, examBody(repo.id));
    const [a, b] = await Promise.all([insertUser(t, `l_${dialect}_batch_a`), insertUser(t, `l_${dialect}_batch_b`)]);
    const pa = (await t.call('/api/paper/paper/create-paper', { examId: exam.id }, a.token)).body.data.id as string;
    const q = (await detailOf(t, pa, a.token)).groups.flatMap((g) => g.quList).map((x) => x.quId);
    const save = (quId: string, seq: number, answer: string, token = a.token, mark?: boolean) =>
      t.call('/api/paper/paper/fill-answer', { paperId: pa, quId, seq, answer, ...(mark === undefined ? {} : { mark }) }, token);
    for (const [quId, seq] of [[q[0], 1], [q[1], 1], [q[2], 5]] as const) expect((await save(quId, seq, `was ${seq}`)).body.data.seq).toBe(seq);

    const together = await Promise.all([
      save(q[0], 2, 'newer'),
      save(q[1], 2, 'marked', a.token, true),
      save(q[2], 3, 'stale'),
      save(q[3], 1, 'first', a.token, true),
      save(q[4], 9, 'not mine', b.token),
      save('1234567890', 1, 'not on the paper'),
    ]);
    expect(together.map((r) => r.body.code)).toEqual([0, 0, 0, 0, ErrorCode.NOT_FOUND, ErrorCode.NOT_FOUND]);
    expect(together.slice(0, 4).map((r) => r.body.data.seq)).toEqual([2, 2, 5, 1]);
    // Again together: a save without `mark` keeps the stored mark.
    await Promise.all([save(q[1], 3, 'kept mark'), save(q[0], 3, 'third')]);

    const rows = await t.database.db.selectFrom('paper_qu').select(['qu_id', 'answer', 'seq', 'mark', 'answered']).where('paper_id', '=', pa).execute();
    const byId = new Map(rows.map((r) => [r.qu_id, { answer: (JSON.parse(r.answer) as AnswerInput).answer, seq: r.seq, mark: r.mark }]));
    expect(Object.fromEntries([...byId].sort())).toEqual(
      Object.fromEntries(
        [
          [q[0], { answer: 'third', seq: 3, mark: 0 }],
          [q[1], { answer: 'kept mark', seq: 3, mark: 1 }],
          [q[2], { answer: 'was 5', seq: 5, mark: 0 }],
          [q[3], { answer: 'first', seq: 1, mark: 1 }],
        ].sort(),
      ),
    );
    const card = (await detailOf(t, pa, a.token)).groups.flatMap((g) => g.quList);
    expect(card.filter((x) => x.answered).map((x) => x.quId).sort()).toEqual([q[0], q[1], q[2], q[3]].sort());
    expect(card.filter((x) => x.mark).map((x) => x.quId).sort()).toEqual([q[1], q[3]].sort());
  }, 30_000);

  it('keeps the newest answer when two processes save first answers and answers over each other', async () => {
    const { repo } = await bankWithEveryType(t);
    const exam = await saveExam(t, examBody(repo.id));
    const a = await insertUser(t, `l_${dialect}_two_processes`);
    const pa = (await t.call('/api/paper/paper/create-paper', { examId: exam.id }, a.token)).body.data.id as string;
    const q = (await detailOf(t, pa, a.token)).groups.flatMap((g) => g.quList).map((x) => x.quId);
    // A second server on the same database, with its own cached cards and its own batches: a row one
    // process made is saved over by the other, and the newer seq wins whichever process holds it.
    const another = async () => (await buildApp(t.config, { database: t.database, logger: false, clock: t.clock, startJobs: false })).app;
    const save = async (app: typeof t.app, quId: string, seq: number, answer: string) => {
      const { body } = await callApp<{ seq: number }>(app, '/api/paper/paper/fill-answer', { paperId: pa, quId, seq, answer }, a.token);
      expect(body.code, body.msg).toBe(0);
      return body.data.seq;
    };
    const other = await another();
    try {
      // Typed answers gathered into one save arrive with a later seq, first answers or not.
      expect(await save(other, q[0], 4, 'there')).toBe(4);
      expect(await save(t.app, q[0], 6, 'here, newer')).toBe(6);
      expect(await save(t.app, q[0], 5, 'here, older')).toBe(6);
      // This process answers q1 first, then the other saves over it; stale saves change nothing.
      expect(await save(t.app, q[1], 3, 'here')).toBe(3);
      expect(await save(other, q[1], 7, 'there, newer')).toBe(7);
      expect(await save(other, q[1], 2, 'there, older')).toBe(7);
      // A first answer with a late seq.
      expect(await save(t.app, q[2], 9, 'here, first')).toBe(9);
    } finally {
      await other.close();
    }
    // An administrator's look makes every row of the open paper and ends its draft: a process that
    // never saw the draft saves over those rows, and so does one that still keeps it.
    expect((await t.call('/api/paper/paper/detail', { id: pa }, await t.adminToken())).body.code).toBe(0);
    const third = await another();
    try {
      expect(await save(third, q[3], 2, 'after the look')).toBe(2);
      expect(await save(t.app, q[4], 1, 'kept draft')).toBe(1);
      expect(await save(third, q[4], 1, 'same seq')).toBe(1);
    } finally {
      await third.close();
    }
    const rows = await t.database.db.selectFrom('paper_qu').select(['qu_id', 'answer', 'seq']).where('paper_id', '=', pa).where('qu_id', 'in', q.slice(0, 5)).execute();
    const byId = Object.fromEntries(rows.map((r) => [r.qu_id, [(JSON.parse(r.answer) as AnswerInput).answer, r.seq]]));
    expect(byId).toEqual({
      [q[0]]: ['here, newer', 6],
      [q[1]]: ['there, newer', 7],
      [q[2]]: ['here, first', 9],
      [q[3]]: ['after the look', 2],
      [q[4]]: ['kept draft', 1],
    });
  }, 30_000);

  it('marks short answers by paper and by question, finishes the paper, updates the record and tells the learner', async () => {
    const admin = await t.adminToken();
    const { repo } = await bankWithEveryType(t);
    const exam = await saveExam(t, examBody(repo.id, { groups: [{ title: '简答', quType: QuType.SHORT, perScore: 10, draws: [{ repoId: repo.id, count: 1 }], quIds: [] }, { title: '材料', quType: QuType.COMBINED, perScore: 10, draws: [{ repoId: repo.id, count: 1 }], quIds: [] }], qualifyScore: 12 }));
    const learner = await insertUser(t, `l_${dialect}_mark`);
    const paperId = (await t.call('/api/paper/paper/create-paper', { examId: exam.id }, learner.token)).body.data.id;
    const [shortItem] = (await detailOf(t, paperId, learner.token)).groups[0].quList;
    await t.call('/api/paper/paper/fill-answer', { paperId, quId: shortItem.quId, seq: 1, answer: '我的看法' }, learner.token);
    expect((await t.call('/api/paper/paper/hand-exam', { id: paperId, type: HandType.LEARNER }, learner.token)).body.data.state).toBe(PaperState.AWAITING_MARK);
    expect((await t.call('/api/paper/paper/paper-result', { id: paperId }, learner.token)).body.data.userScore).toBeNull();

    expect((await t.call('/api/paper/mark/exam-paging', { current: 1, size: 10 }, admin)).body.data.records.map((e: { examId: string }) => e.examId)).toContain(exam.id);
    const marking = (await t.call('/api/paper/mark/paper', { id: paperId }, admin)).body.data;
    expect(marking.items).toHaveLength(2);
    expect(marking.items.find((i: { quId: string }) => i.quId === shortItem.quId)).toMatchObject({ answer: '我的看法', refAnswer: '<p>参考答案</p>', score: 10 });
    // The combined question's blank short part was scored 0 at hand-in: one answer is left to score.
    expect(marking.items.find((i: { quId: string }) => i.quId !== shortItem.quId)).toMatchObject({ answer: '', markScore: 0 });
    expect((await t.call('/api/paper/mark/finish', { id: paperId }, admin)).body.msg).toBe('还有1道简答题未评分');
    expect((await t.call('/api/paper/mark/score', { paperId, quId: shortItem.quId, score: 11 }, admin)).body.msg).toBe('得分不能超过本题分值（10分）');
    await t.call('/api/paper/mark/score', { paperId, quId: shortItem.quId, score: 8, comment: '不错' }, admin);
    const byQu = (await t.call('/api/paper/mark/qu-list', { examId: exam.id }, admin)).body.data;
    const part = byQu.find((q: { quId: string }) => q.quId !== shortItem.quId);
    const answers = (await t.call('/api/paper/mark/qu-answers', { current: 1, size: 10, params: { examId: exam.id, quId: part.quId, pendingOnly: true } }, admin)).body.data;
    expect(answers.records).toHaveLength(0);
    expect(part).toMatchObject({ pending: 0, total: 1 });
    // A marker may still score a pre-scored blank answer (here: 0 again).
    expect((await t.call('/api/paper/mark/score', { paperId, quId: part.quId, score: 0 }, admin)).body.code).toBe(0);
    const finished = await t.call('/api/paper/mark/finish', { id: paperId }, admin);
    expect(finished.body.data).toMatchObject({ state: PaperState.FINISHED, userScore: 8, passed: false });
    const record = (await t.call('/api/user/exam/my-paging', { current: 1, size: 10 }, learner.token)).body.data.records[0];
    expect(record).toMatchObject({ examId: exam.id, maxScore: 8, passed: false, awaitingMark: 0 });
    const unread = await t.call('/api/sys/user/msg/count-unread', {}, learner.token);
    expect(unread.body.data).toBeGreaterThan(0);
  }, 30_000);
});

describe('the demo exam seeded at first start', () => {
  const t = useTestApp('sqlite', { SEED_DEMO: 'true' });
  afterAll(() => fs.rmSync(t.config.dataDir, { recursive: true, force: true }));

  it('is published: a learner sees it open on the home page and starts it at once', async () => {
    const learner = await insertUser(t, 'l_demo_exam');
    const listed = (await t.call('/api/exam/exam/online-paging', { current: 1, size: 10 }, learner.token)).body.data.records;
    expect(listed.map((e: { id: string; state: number }) => [e.id, e.state])).toEqual([[DEMO_EXAM_ID, ExamState.OPEN]]);
    expect((await t.call('/api/paper/paper/create-paper', { examId: DEMO_EXAM_ID }, learner.token)).body.code).toBe(0);
  }, 30_000);
});
