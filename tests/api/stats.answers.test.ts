import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExamRecord, PaperDetail, QuDetail } from '../../common/api';
import { HandType, QuType } from '../../common/codes';
import { ErrorCode } from '../../common/errorCodes';
import { examBody, saveExam } from './exam.helpers';
import { createDeptTree, DIALECTS, insertUser, useTestApp, type TestContext } from './helpers';

/**
 * The learners' answers to one question of an exam (/api/exam/stats/answers), as the statistics
 * screen's question detail lists them: handed-in papers of the chosen attempts only, readable
 * answers, paged with a bounded size, for administrators who may read papers and nobody else.
 */

async function bank(t: TestContext): Promise<{ single: QuDetail; fill: QuDetail }> {
  const admin = await t.adminToken();
  const repo = (await t.call('/api/repo/save', { title: '作答题库', practiceOpen: false, practiceAudience: 1 }, admin)).body.data as { id: string };
  const save = async (body: Record<string, unknown>) => {
    const r = await t.call<QuDetail>('/api/qu/qu/save', { repoId: repo.id, ...body }, admin);
    expect(r.body.code, r.body.msg).toBe(0);
    return r.body.data;
  };
  const single = await save({
    quType: QuType.SINGLE,
    content: '<p>灭火器压力表指针在哪个区域表示正常？</p>',
    answerList: [
      { content: '绿区', isRight: true },
      { content: '红区', isRight: false },
      { content: '黄区', isRight: false },
    ],
  });
  const fill = await save({ quType: QuType.FILL, content: '<p>火警电话是<span data-blank="1"></span></p>', blanks: [{ answers: ['119'] }] });
  return { single, fill };
}

describe.each(DIALECTS)("learners' answers to a question on %s", (dialect) => {
  const t = useTestApp(dialect);
  afterAll(() => fs.rmSync(t.config.dataDir, { recursive: true, force: true }));

  let qs: { single: QuDetail; fill: QuDetail };
  let exam: ExamRecord;
  const people: Record<string, { id: string; token: string }> = {};
  let depts: { train: string; group: string; sales: string };

  /** One attempt: the option index picked on the single choice (-1: none) and the fill text ('' none); handed in unless `keep`. */
  async function sit(who: string, pick: number, blank: string, keep = false): Promise<string> {
    const { token } = people[who];
    const created = await t.call('/api/paper/paper/create-paper', { examId: exam.id }, token);
    expect(created.body.code, created.body.msg).toBe(0);
    const paperId = created.body.data.id as string;
    const detail = (await t.call<PaperDetail>('/api/paper/paper/paper-detail', { id: paperId }, token)).body.data;
    expect(detail.groups.flatMap((g) => g.quList)).toHaveLength(2);
    if (pick >= 0) {
      const saved = await t.call('/api/paper/paper/fill-answer', { paperId, quId: qs.single.id, seq: 1, answers: [qs.single.answerList![pick].id] }, token);
      expect(saved.body.code, saved.body.msg).toBe(0);
    }
    if (blank) {
      const saved = await t.call('/api/paper/paper/fill-answer', { paperId, quId: qs.fill.id, seq: 2, blanks: [blank] }, token);
      expect(saved.body.code, saved.body.msg).toBe(0);
    }
    t.clock.advance(60_000);
    if (!keep) {
      const handed = await t.call('/api/paper/paper/hand-exam', { id: paperId, type: HandType.LEARNER }, token);
      expect(handed.body.code, handed.body.msg).toBe(0);
    }
    t.clock.advance(60_000);
    return paperId;
  }

  const raw = async (payload: Record<string, unknown>, token?: string) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/exam/stats/answers', payload, headers: { token: token ?? (await t.adminToken()) } });
    return { text: res.body, json: JSON.parse(res.body) as { code: number; msg: string; data: Record<string, unknown> | null } };
  };

  beforeAll(async () => {
    qs = await bank(t);
    depts = await createDeptTree(t);
    exam = await saveExam(
      t,
      examBody(qs.single.repoId, {
        title: '消防考试',
        qualifyScore: 60,
        groups: [
          { title: '单选', quType: QuType.SINGLE, perScore: 40, draws: [], quIds: [qs.single.id] },
          { title: '填空', quType: QuType.FILL, perScore: 60, draws: [], quIds: [qs.fill.id] },
        ],
      }),
    );
    people.ann = await insertUser(t, `an_ann_${dialect}`, { realName: '安娜', deptId: depts.group });
    people.bob = await insertUser(t, `an_bob_${dialect}`, { realName: '鲍勃', deptId: depts.sales });
    people.cat = await insertUser(t, `an_cat_${dialect}`, { realName: '凯特', deptId: depts.train });
    await sit('ann', 0, '119');
    await sit('bob', 1, '110');
    await sit('bob', 0, '119');
    await sit('cat', -1, '');
  });

  it('pages the answers of every handed-in attempt, latest first, readable and with who gave them', async () => {
    const { json } = await raw({ examId: exam.id, quId: qs.single.id, attempts: 'all', current: 1, size: 20 });
    expect(json.code, json.msg).toBe(0);
    expect(json.data).toMatchObject({ total: 4, current: 1, size: 20, pages: 1 });
    const records = json.data!.records as Array<Record<string, unknown>>;
    // Exactly the fields of the contract, nothing of the paper besides.
    expect(Object.keys(records[0]).sort()).toEqual(['answer', 'departName', 'handTime', 'isRight', 'paperId', 'realName', 'score', 'userId', 'userName']);
    expect(records.map((r) => [r.realName, r.answer, r.isRight, r.score])).toEqual([
      ['凯特', '', false, 0],
      ['鲍勃', 'A. 绿区', true, 40],
      ['鲍勃', 'B. 红区', false, 0],
      ['安娜', 'A. 绿区', true, 40],
    ]);
    expect(records[3]).toMatchObject({ userId: people.ann.id, userName: `an_ann_${dialect}`, departName: '讲师组' });
    expect(records[1]).toMatchObject({ departName: '销售部' });
    expect(records[0].handTime).toBeGreaterThan(records[1].handTime as number);
  });

  it('counts the attempts as the figures do: first or best of each learner', async () => {
    const first = (await raw({ examId: exam.id, quId: qs.single.id, attempts: 'first' })).json.data!;
    expect(first.total).toBe(3);
    expect((first.records as Array<{ realName: string; answer: string }>).find((r) => r.realName === '鲍勃')!.answer).toBe('B. 红区');
    const best = (await raw({ examId: exam.id, quId: qs.single.id, attempts: 'best' })).json.data!;
    expect(best.total).toBe(3);
    expect((best.records as Array<{ realName: string; answer: string }>).find((r) => r.realName === '鲍勃')!.answer).toBe('A. 绿区');
  });

  it('shows a fill-in answer as the blanks written', async () => {
    const { json } = await raw({ examId: exam.id, quId: qs.fill.id, attempts: 'first' });
    expect((json.data!.records as Array<{ realName: string; answer: string; isRight: boolean; score: number }>).map((r) => [r.realName, r.answer, r.isRight, r.score])).toEqual([
      ['凯特', '', false, 0],
      ['鲍勃', '（1）110', false, 0],
      ['安娜', '（1）119', true, 60],
    ]);
  });

  it('leaves out a paper still being sat', async () => {
    const open = await sit('ann', 1, '', true);
    const { json } = await raw({ examId: exam.id, quId: qs.single.id, attempts: 'all', size: 100 });
    expect(json.data!.total).toBe(4);
    expect((json.data!.records as Array<{ paperId: string }>).map((r) => r.paperId)).not.toContain(open);
    const handed = await t.call('/api/paper/paper/hand-exam', { id: open, type: HandType.LEARNER }, people.ann.token);
    expect(handed.body.code, handed.body.msg).toBe(0);
    expect((await raw({ examId: exam.id, quId: qs.single.id, attempts: 'all' })).json.data!.total).toBe(5);
  });

  it('pages with a bounded size and refuses bad ids', async () => {
    const page2 = (await raw({ examId: exam.id, quId: qs.single.id, current: 2, size: 2 })).json.data!;
    expect(page2).toMatchObject({ total: 5, current: 2, size: 2, pages: 3 });
    expect(page2.records).toHaveLength(2);
    for (const bad of [
      { examId: exam.id, quId: qs.single.id, size: 101 },
      { examId: exam.id, quId: qs.single.id, size: 0 },
      { examId: exam.id, quId: 'x'.repeat(33) },
      { examId: exam.id, quId: '' },
      { examId: exam.id },
      { examId: exam.id, quId: qs.single.id, attempts: 'some' },
    ]) {
      const { json } = await raw(bad);
      expect(json.code, JSON.stringify(bad)).not.toBe(0);
      expect(json.data?.records, JSON.stringify(bad)).toBeUndefined();
      expect(json.msg).toMatch(/[\u4e00-\u9fa5]/);
    }
    expect((await raw({ examId: 'nosuchexam', quId: qs.single.id })).json).toMatchObject({ code: ErrorCode.NOT_FOUND, msg: '考试不存在', data: null });
    // A question not on the exam: nobody answered it.
    expect((await raw({ examId: exam.id, quId: 'nosuchqu' })).json.data).toMatchObject({ total: 0, records: [] });
  });

  it('refuses learners, even the ones who answered', async () => {
    const { json, text } = await raw({ examId: exam.id, quId: qs.single.id }, people.ann.token);
    expect(json).toMatchObject({ code: ErrorCode.FORBIDDEN, data: null });
    expect(text).not.toContain('绿区');
    expect(text).not.toContain('an_bob');
  });
});
