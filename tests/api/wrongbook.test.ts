import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import type { PaperQu, QuDetail, RepoRecord } from '../../common/api';
import { HandType, PaperState, QuType, ResultShow } from '../../common/codes';
import { ErrorCode } from '../../common/errorCodes';
import { newId } from '../../server/lib/ids';
import { copyTexts } from '../../server/modules/paper/paper.copies';
import { fileWrong } from '../../server/modules/wrongbook/wrongbook.repository';
import { bankWithEveryType, examBody, saveExam } from './exam.helpers';
import { DIALECTS, insertUser, useTestApp } from './helpers';

/** A question as rows keep it: its copy's line, `<base id>:<order>`, never the whole JSON text. */
const COPY_LINE = /^[^{:]+:[^:]*$/;

/** Anything that would tell the answer before it is given: verdicts, keys, analyses, reference answers, blanks' accepted answers. */
const FORBIDDEN_BEFORE_CHECK = /isRight|"analysis"|refAnswer|rightAnswer|rightId|"blanks"|"subs"|三个月|解析文字|参考文字/;

describe.each(DIALECTS)('the wrong book walk on %s', (dialect) => {
  const t = useTestApp(dialect);
  afterAll(() => fs.rmSync(t.config.dataDir, { recursive: true, force: true }));

  it('judges a combined question part by part and a short answer as practice does, refuses parts not its own, and shows nothing before the check', async () => {
    const admin = await t.adminToken();
    const repo = (await t.call<RepoRecord>('/api/repo/save', { title: `错题本题库${dialect}`, practiceOpen: false, practiceAudience: 1 }, admin)).body.data;
    const save = async (body: Record<string, unknown>) => {
      const r = await t.call<QuDetail>('/api/qu/qu/save', { repoId: repo.id, ...body }, admin);
      expect(r.body.code, r.body.msg).toBe(0);
      return r.body.data;
    };
    // Every part judged by machine: wrong at hand-in, filed at once.
    const objective = await save({
      quType: QuType.COMBINED,
      content: '<p>材料：共享文件夹按部门授权，定期复核。</p>',
      analysis: '<p>整体解析文字</p>',
      subList: [
        { quType: QuType.SINGLE, share: 1, content: '<p>体现了什么原则？</p>', analysis: '<p>单选小题解析文字</p>', answerList: [{ content: '最小权限', isRight: true }, { content: '人人可读', isRight: false }] },
        { quType: QuType.FILL, share: 1, content: '<p>权限每<span data-blank="1"></span>复核一次。</p>', analysis: '<p>填空小题解析文字</p>', blanks: [{ answers: ['季度', '三个月'] }] },
      ],
    });
    // With a short-answer part, and a short answer: filed once marked below 60 % of the score.
    const withShort = await save({
      quType: QuType.COMBINED,
      content: '<p>材料：小王连上了咖啡店的免费网络。</p>',
      subList: [
        { quType: QuType.JUDGE, share: 1, content: '<p>https 的链接一定安全。</p>', answerList: [{ content: '正确', isRight: false }, { content: '错误', isRight: true }] },
        { quType: QuType.SHORT, share: 1, content: '<p>给两条建议。</p>', refAnswer: '<p>小题参考文字</p>' },
      ],
    });
    const short = await save({ quType: QuType.SHORT, content: '<p>谈谈密码管理。</p>', refAnswer: '<p>简答参考文字</p>', analysis: '<p>简答解析文字</p>' });
    const [single, fill] = objective.subList!;
    const rightOption = single.answerList!.find((o) => o.isRight)!.id!;
    const wrongOption = single.answerList!.find((o) => !o.isRight)!.id!;
    const [judge, shortPart] = withShort.subList!;
    const judgeRight = judge.answerList!.find((o) => o.isRight)!.id!;

    const exam = await saveExam(
      t,
      examBody(repo.id, {
        title: '错题本考试',
        // The wrong book shows an exam's questions only where its results release the answers.
        resultShow: ResultShow.REVIEW,
        groups: [
          { title: '材料', quType: QuType.COMBINED, perScore: 6, draws: [], quIds: [objective.id, withShort.id] },
          { title: '简答', quType: QuType.SHORT, perScore: 5, draws: [], quIds: [short.id] },
        ],
      }),
    );

    // The exam: the single-choice part wrong, the rest answered; the short answers marked below full.
    const learner = await insertUser(t, `wb_${dialect}_walk`);
    const paperId = (await t.call('/api/paper/paper/create-paper', { examId: exam.id }, learner.token)).body.data.id as string;
    const parts = (await t.call<PaperQu>('/api/paper/paper/qu-detail', { paperId, quId: objective.id }, learner.token)).body.data.subList.map((s) => s.quId);
    expect(parts).toEqual([single.id, fill.id]);
    let seq = 1;
    for (const [quId, answer] of [
      [single.id, { answers: [wrongOption] }],
      [fill.id, { blanks: ['季度'] }],
      [judge.id, { answers: [judgeRight] }],
      [shortPart.id, { answer: '先连 VPN' }],
      [short.id, { answer: '定期更换' }],
    ] as const) {
      const saved = await t.call('/api/paper/paper/fill-answer', { paperId, quId, seq: seq++, ...answer }, learner.token);
      expect(saved.body.code, saved.body.msg).toBe(0);
    }
    expect((await t.call('/api/paper/paper/hand-exam', { id: paperId, type: HandType.LEARNER }, learner.token)).body.data.state).toBe(PaperState.AWAITING_MARK);
    // The combined question earns 3 of 6 (below 60 %): wrong, not a partial score.
    await t.call('/api/paper/mark/score', { paperId, quId: shortPart.id, score: 0 }, admin);
    await t.call('/api/paper/mark/score', { paperId, quId: short.id, score: 2 }, admin);
    expect((await t.call('/api/paper/mark/finish', { id: paperId }, admin)).body.data).toMatchObject({ state: PaperState.FINISHED });

    const book = async () => (await t.call('/api/user/wrong-book/paging', { current: 1, size: 10, params: { examId: exam.id } }, learner.token)).body.data.records as Array<{ quId: string; wrongCount: number }>;
    const filed = await book();
    expect(filed.map((b) => b.quId).sort()).toEqual([objective.id, withShort.id, short.id].sort());
    // One attempt, each question got wrong once: filed at hand-in or at marking, never at both.
    expect(filed.map((b) => b.wrongCount)).toEqual([1, 1, 1]);
    // The paper's rows and the book keep each question as its copy's line (`<base>:<order>`), filed
    // at hand-in or at marking, not a cohort's thousands of whole texts; every reader shows the text.
    const stored = await t.database.db.selectFrom('wrong_book').select(['qu_id', 'question']).where('exam_id', '=', exam.id).where('user_id', '=', learner.id).execute();
    expect(stored.map((r) => r.question)).toEqual(Array.from({ length: 3 }, () => expect.stringMatching(COPY_LINE)));
    const rows = await t.database.db.selectFrom('paper_qu').select('question').where('paper_id', '=', paperId).where('parent_id', '=', '').execute();
    expect(rows.map((r) => r.question)).toEqual(Array.from({ length: 3 }, () => expect.stringMatching(COPY_LINE)));
    // A question filed before copies had lines holds its whole text, and reads as well.
    const shortLine = stored.find((r) => r.qu_id === short.id)!.question;
    const [shortText] = await copyTexts(t.database.db, [shortLine]);
    expect(JSON.parse(shortText).content).toBe('<p>谈谈密码管理。</p>');
    await t.database.db.updateTable('wrong_book').set({ question: shortText }).where('qu_id', '=', short.id).where('user_id', '=', learner.id).execute();

    // The walk hands out each question, the combined ones with their parts, and nothing of their answers.
    const seen: string[] = [];
    let after: string | undefined;
    for (;;) {
      const raw = await t.app.inject({ method: 'POST', url: '/api/user/wrong-book/next', payload: { examId: exam.id, ...(after ? { quId: after } : {}) }, headers: { token: learner.token } });
      const step = raw.json().data;
      if (step === null) break;
      expect(raw.body).not.toMatch(FORBIDDEN_BEFORE_CHECK);
      if (step.item.quId === objective.id) expect(step.question.subList.map((s: { quId: string }) => s.quId)).toEqual([single.id, fill.id]);
      seen.push((after = step.item.quId));
    }
    expect(seen.sort()).toEqual([objective.id, withShort.id, short.id].sort());

    const check = (quId: string, answer: Record<string, unknown>, token = learner.token) => t.call('/api/user/wrong-book/check', { examId: exam.id, quId, ...answer }, token);

    // Every part right (the fill-in with its second accepted answer, spaced): right, with each part's verdict and right answer.
    const allRight = await check(objective.id, { subAnswers: [{ subId: fill.id, blanks: [' 三 个月 '] }, { subId: single.id, answers: [rightOption] }] });
    expect(allRight.body.code, allRight.body.msg).toBe(0);
    expect(allRight.body.data).toMatchObject({
      isRight: true,
      rightAnswer: {},
      analysis: '<p>整体解析文字</p>',
      subs: [
        { subId: single.id, isRight: true, rightAnswer: { answers: [rightOption] } },
        { subId: fill.id, isRight: true, rightAnswer: { blanks: ['季度'] } },
      ],
    });
    expect(allRight.body.data.question.subList.map((s: { analysis: string }) => s.analysis)).toEqual(['<p>单选小题解析文字</p>', '<p>填空小题解析文字</p>']);

    // One part wrong: wrong, the other part still right.
    const oneWrong = (await check(objective.id, { subAnswers: [{ subId: single.id, answers: [wrongOption] }, { subId: fill.id, blanks: ['季度'] }] })).body.data;
    expect(oneWrong).toMatchObject({ isRight: false, rightAnswer: {}, subs: [{ subId: single.id, isRight: false, rightAnswer: { answers: [rightOption] } }, { subId: fill.id, isRight: true }] });
    // No part answers at all (an older page): every part unanswered.
    const none = (await check(objective.id, { answers: [rightOption] })).body.data;
    expect(none.isRight).toBe(false);
    expect(none.subs.map((s: { isRight: boolean }) => s.isRight)).toEqual([false, false]);

    // Part answers naming a part of another question, the same part twice, or sent for a question that has no parts: refused.
    expect((await check(objective.id, { subAnswers: [{ subId: judge.id, answers: [judgeRight] }] })).body).toMatchObject({ code: ErrorCode.FAIL, msg: '提交的小题不属于这道组合题，请刷新页面后重新作答' });
    expect((await check(objective.id, { subAnswers: [{ subId: single.id, answers: [rightOption] }, { subId: single.id, answers: [wrongOption] }] })).body).toMatchObject({ code: ErrorCode.FAIL, msg: '同一小题只能提交一个答案' });
    expect((await check(short.id, { answer: '定期更换', subAnswers: [{ subId: single.id, answers: [rightOption] }] })).body).toMatchObject({ code: ErrorCode.FAIL, msg: '这道题不是组合题，不能按小题作答' });

    // Short answers follow practice's rule: given counts as right (checked against the reference shown), empty is wrong.
    const partGiven = (await check(withShort.id, { subAnswers: [{ subId: judge.id, answers: [judgeRight] }, { subId: shortPart.id, answer: '不点链接' }] })).body.data;
    expect(partGiven).toMatchObject({ isRight: true, subs: [{ subId: judge.id, isRight: true }, { subId: shortPart.id, isRight: true, rightAnswer: { answer: '<p>小题参考文字</p>' } }] });
    const partEmpty = (await check(withShort.id, { subAnswers: [{ subId: judge.id, answers: [judgeRight] }, { subId: shortPart.id, answer: '   ' }] })).body.data;
    expect(partEmpty.isRight).toBe(false);
    expect(partEmpty.subs.map((s: { isRight: boolean }) => s.isRight)).toEqual([true, false]);
    const shortGiven = (await check(short.id, { answer: '定期更换，不复用' })).body.data;
    expect(shortGiven).toMatchObject({ isRight: true, rightAnswer: { answer: '<p>简答参考文字</p>' }, analysis: '<p>简答解析文字</p>' });
    expect(shortGiven).not.toHaveProperty('subs');
    expect((await check(short.id, { answer: '  ' })).body.data.isRight).toBe(false);

    // Another learner's check finds nothing; checking changed nothing in the book.
    const other = await insertUser(t, `wb_${dialect}_other`);
    expect((await check(objective.id, { subAnswers: [{ subId: single.id, answers: [rightOption] }] }, other.token)).body.code).toBe(ErrorCode.NOT_FOUND);
    expect(await book()).toEqual(filed);
  }, 30_000);
  it('files papers handed in together in one write: each learner and exam counted, a learner\'s exam twice in one batch counted twice', async () => {
    const { repo, qus } = await bankWithEveryType(t);
    const exam = await saveExam(t, examBody(repo.id, { title: `错题合批${dialect}` }));
    const [a, b] = await Promise.all([insertUser(t, `wb_${dialect}_ba`), insertUser(t, `wb_${dialect}_bb`)]);
    const [q1, q2] = qus;
    const now = Date.now();
    const filing = (userId: string, items: Array<{ quId: string; partial: boolean }>) => ({
      userId, examId: exam.id, now, items: items.map((i) => ({ ...i, json: `{"quType":1,"content":"${i.quId}"}` })),
      rowOf: (w: { quId: string; json: string; partial: boolean }) => ({
        id: newId(), user_id: userId, exam_id: exam.id, qu_id: w.quId, qu_type: 1, title: w.quId, question: w.json, wrong_count: w.partial ? 0 : 1, create_time: now, update_time: now,
      }),
    });
    const db = t.database.db;
    // Sent together: gathered into one batch.
    await Promise.all([
      fileWrong(db, filing(a.id, [{ quId: q1.id, partial: false }, { quId: q2.id, partial: true }])),
      fileWrong(db, filing(b.id, [{ quId: q1.id, partial: false }])),
      fileWrong(db, filing(a.id, [{ quId: q1.id, partial: false }, { quId: q2.id, partial: false }])),
    ]);
    await Promise.all([fileWrong(db, filing(a.id, [{ quId: q1.id, partial: true }])), fileWrong(db, filing(b.id, [{ quId: q2.id, partial: true }]))]);
    await fileWrong(db, filing(b.id, [{ quId: q2.id, partial: true }]));
    const rows = await db.selectFrom('wrong_book').select(['user_id', 'qu_id', 'wrong_count']).where('exam_id', '=', exam.id).execute();
    const counts = Object.fromEntries(rows.map((r) => [`${r.user_id === a.id ? 'a' : 'b'}:${r.qu_id === q1.id ? 'q1' : 'q2'}`, r.wrong_count]));
    // a: q1 wrong twice (a partial score later leaves it), q2 partial then wrong; b: q1 wrong, q2 partial twice (never counted).
    expect(counts).toEqual({ 'a:q1': 2, 'a:q2': 1, 'b:q1': 1, 'b:q2': 0 });
  });
});
