import { expect } from 'vitest';
import type { ExamRecord, QuDetail, RepoRecord } from '../../common/api';
import { DisplayMode, ExamOpenType, GenericState, QuType, ResultShow } from '../../common/codes';
import type { TestContext } from './helpers';

/** A bank holding two questions of every type (one short answer each, one combined with a short part). */
export async function bankWithEveryType(t: TestContext): Promise<{ repo: RepoRecord; qus: QuDetail[] }> {
  const admin = await t.adminToken();
  const repo = (await t.call<RepoRecord>('/api/repo/save', { title: `考试题库${Math.random().toString(36).slice(2, 7)}`, practiceOpen: false, practiceAudience: 1 }, admin)).body.data;
  const bodies = [1, 2].flatMap((n) => [
    { quType: QuType.SINGLE, content: `<p>单选${n}</p>`, analysis: '<p>单选解析</p>', answerList: [{ content: '对的', isRight: true }, { content: '错的', isRight: false }, { content: '也错', isRight: false }] },
    { quType: QuType.MULTIPLE, content: `<p>多选${n}</p>`, answerList: [{ content: '甲', isRight: true }, { content: '乙', isRight: true }, { content: '丙', isRight: false }] },
    { quType: QuType.JUDGE, content: `<p>判断${n}</p>`, answerList: [{ content: '正确', isRight: true }, { content: '错误', isRight: false }] },
    { quType: QuType.SHORT, content: `<p>简答${n}</p>`, refAnswer: '<p>参考答案</p>' },
    { quType: QuType.FILL, content: `<p>首都是<span data-blank="1"></span>${n}</p>`, blanks: [{ answers: ['北京', 'Beijing'] }] },
    { quType: QuType.MATCH, content: `<p>配对${n}</p>`, leftList: [{ content: '中国', rightId: 'r1' }, { content: '日本', rightId: 'r2' }], rightList: [{ id: 'r1', content: '北京' }, { id: 'r2', content: '东京' }, { id: 'r3', content: '巴黎' }] },
    {
      quType: QuType.COMBINED,
      content: `<p>材料${n}</p>`,
      subList: [
        { quType: QuType.JUDGE, share: 1, content: '<p>小判断</p>', answerList: [{ content: '正确', isRight: true }, { content: '错误', isRight: false }] },
        { quType: QuType.SHORT, share: 1, content: '<p>小简答</p>', refAnswer: '<p>小参考</p>' },
      ],
    },
  ]);
  const qus: QuDetail[] = [];
  for (const b of bodies) {
    const r = await t.call<QuDetail>('/api/qu/qu/save', { repoId: repo.id, ...b }, admin);
    expect(r.body.code, r.body.msg).toBe(0);
    qus.push(r.body.data);
  }
  return { repo, qus };
}

export function examBody(repoId: string, over: Record<string, unknown> = {}) {
  const group = (title: string, quType: number, perScore: number, count: number, extra: Record<string, unknown> = {}) => ({ title, quType, perScore, draws: [{ repoId, count }], quIds: [], ...extra });
  return {
    title: '安全考试',
    content: '<p>须知</p>',
    openType: ExamOpenType.PUBLIC,
    departIds: [],
    userIds: [],
    password: '',
    startTime: null,
    endTime: null,
    totalTime: 30,
    qualifyScore: 10,
    chance: 0,
    handMin: 0,
    lateMax: 0,
    resultShow: ResultShow.REVIEW,
    reviewAfterEnd: false,
    thanks: '谢谢',
    displayMode: DisplayMode.STEP,
    shuffleQuestions: false,
    shuffleOptions: false,
    leaveLimit: 0,
    fullscreen: false,
    blockPaste: false,
    watermark: false,
    idleLimit: 0,
    groups: [
      group('单选', QuType.SINGLE, 2, 1),
      group('多选', QuType.MULTIPLE, 4, 1, { partialScore: 1 }),
      group('判断', QuType.JUDGE, 2, 1),
      group('填空', QuType.FILL, 2, 1),
      group('配对', QuType.MATCH, 4, 1),
    ],
    ...over,
  };
}

/** Saves an exam as the form does: a new one is a draft that learners neither see nor start. */
export async function saveDraft(t: TestContext, body: Record<string, unknown>): Promise<ExamRecord> {
  const r = await t.call<ExamRecord>('/api/exam/exam/save', body, await t.adminToken());
  expect(r.body.code, r.body.msg).toBe(0);
  return r.body.data;
}

/** Publishes an exam (/api/exam/exam/state with 0) and reads it back. */
export async function publishExam(t: TestContext, id: string): Promise<ExamRecord> {
  const admin = await t.adminToken();
  const r = await t.call('/api/exam/exam/state', { ids: [id], state: GenericState.NORMAL }, admin);
  expect(r.body.code, r.body.msg).toBe(0);
  return (await t.call<ExamRecord>('/api/exam/exam/detail', { id }, admin)).body.data;
}

/** Saves an exam and publishes it, as an administrator does before learners take it. */
export async function saveExam(t: TestContext, body: Record<string, unknown>): Promise<ExamRecord> {
  return publishExam(t, (await saveDraft(t, body)).id);
}
