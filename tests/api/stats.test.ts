import fs from 'node:fs';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExamRecord, PaperDetail, QuDetail, StatsQuestion, StatsSummary } from '../../common/api';
import { HandType, QuType, ResultShow } from '../../common/codes';
import { ErrorCode } from '../../common/errorCodes';
import { copyTexts } from '../../server/modules/paper/paper.copies';
import { examBody, saveExam } from './exam.helpers';
import { createDeptTree, DIALECTS, insertUser, useTestApp, type TestContext } from './helpers';

/**
 * Exam statistics (issue 29) through the calls: the read model fills from hand-ins, the figures
 * match what the attempts say, departments roll up, learners see only their own released mastery.
 * The formulas themselves are proven against Moodle's walkthrough in stats.math.test.ts.
 */

const TAGS = [['安全'], ['安全', '消防'], ['消防'], ['急救']];

async function bankOfFour(t: TestContext): Promise<QuDetail[]> {
  const admin = await t.adminToken();
  const bank = (await t.call('/api/repo/save', { title: '统计题库', practiceOpen: false, practiceAudience: 1 }, admin)).body.data as { id: string };
  const qus: QuDetail[] = [];
  for (let n = 0; n < 4; n += 1) {
    const r = await t.call<QuDetail>(
      '/api/qu/qu/save',
      {
        repoId: bank.id,
        quType: QuType.SINGLE,
        content: `<p>统计题${n + 1}</p>`,
        tags: TAGS[n],
        answerList: [
          { content: '正确项', isRight: true },
          { content: '干扰项甲', isRight: false },
          { content: '干扰项乙', isRight: false },
        ],
      },
      admin,
    );
    expect(r.body.code, r.body.msg).toBe(0);
    qus.push(r.body.data);
  }
  return qus;
}

describe.each(DIALECTS)('exam statistics on %s', (dialect) => {
  const t = useTestApp(dialect);
  afterAll(() => fs.rmSync(t.config.dataDir, { recursive: true, force: true }));

  let qus: QuDetail[];
  let exam: ExamRecord;
  let body: Record<string, unknown>;
  const people: Record<string, { id: string; token: string }> = {};
  let depts: { train: string; group: string; sales: string };

  /** One attempt: per question (in bank order) 1 = the right option, 0 = the first distractor, -1 = unanswered. */
  async function sit(who: string, pattern: number[]): Promise<void> {
    const { token } = people[who];
    const created = await t.call('/api/paper/paper/create-paper', { examId: exam.id }, token);
    expect(created.body.code, created.body.msg).toBe(0);
    const paperId = created.body.data.id as string;
    const detail = (await t.call<PaperDetail>('/api/paper/paper/paper-detail', { id: paperId }, token)).body.data;
    for (const item of detail.groups.flatMap((g) => g.quList)) {
      const n = qus.findIndex((q) => q.id === item.quId);
      if (pattern[n] < 0) continue;
      const options = qus[n].answerList!;
      const pick = pattern[n] === 1 ? options[0] : options[1];
      const saved = await t.call('/api/paper/paper/fill-answer', { paperId, quId: item.quId, seq: 1, answers: [pick.id] }, token);
      expect(saved.body.code, saved.body.msg).toBe(0);
    }
    t.clock.advance(120_000);
    const handed = await t.call('/api/paper/paper/hand-exam', { id: paperId, type: HandType.LEARNER }, token);
    expect(handed.body.code, handed.body.msg).toBe(0);
    t.clock.advance(60_000);
  }

  const call = async <T>(path: string, payload: Record<string, unknown>, token?: string) => {
    const r = await t.call<T>(path, payload, token ?? (await t.adminToken()));
    return r.body;
  };

  // Five learners, 25 points a question: totals 100, 75, 50, 25, 0 on their first attempts.
  const PATTERNS: Record<string, number[]> = {
    ann: [1, 1, 1, 1],
    bob: [1, 1, 1, 0],
    cat: [1, 1, 0, -1],
    dan: [1, 0, 0, 0],
    eve: [0, 0, 0, 0],
  };

  beforeAll(async () => {
    qus = await bankOfFour(t);
    depts = await createDeptTree(t);
    body = examBody(qus[0].repoId, {
      title: '统计考试',
      qualifyScore: 60,
      excellentScore: 80,
      resultShow: ResultShow.SCORE,
      groups: [{ title: '单选', quType: QuType.SINGLE, perScore: 25, draws: [{ repoId: qus[0].repoId, count: 4 }], quIds: [] }],
    });
    exam = await saveExam(t, body);
    const deptOf: Record<string, string> = { ann: depts.group, bob: depts.group, cat: depts.train, dan: depts.sales, eve: depts.sales };
    for (const who of Object.keys(PATTERNS)) people[who] = await insertUser(t, `st_${who}_${dialect}`, { realName: `学员${who}`, deptId: deptOf[who] });
    for (const [who, p] of Object.entries(PATTERNS)) await sit(who, p);
  });

  it('summarises the attempts: mean, median, rates, bands and departments with their sub-departments', async () => {
    const r = await call<StatsSummary>('/api/exam/stats/summary', { examId: exam.id, attempts: 'all' });
    expect(r.code, r.msg).toBe(0);
    const s = r.data;
    expect(s).toMatchObject({ attempts: 5, mean: 50, median: 50, passRate: 40, excellentRate: 20, totalScore: 100, qualifyScore: 60, excellentScore: 80 });
    expect(s.sd).toBeCloseTo(Math.sqrt((50 ** 2 + 25 ** 2 + 0 + 25 ** 2 + 50 ** 2) / 4), 6);
    expect(s.scores).toEqual([0, 25, 50, 75, 100]);
    expect(s.bands).toHaveLength(10);
    expect(s.bands.reduce((n, b) => n + b.count, 0)).toBe(5);
    expect(s.bands[s.bands.length - 1]).toMatchObject({ to: 100, count: 1 });
    const dept = (id: string) => s.byDepart.find((d) => d.departId === id);
    // 培训部 holds 讲师组: ann and bob (100, 75) and cat (50).
    expect(dept(depts.train)).toMatchObject({ name: '培训部', attempts: 3, mean: 75, passRate: 200 / 3 });
    expect(dept(depts.group)).toMatchObject({ attempts: 2, mean: 87.5, passRate: 100 });
    expect(dept(depts.sales)).toMatchObject({ attempts: 2, mean: 12.5, passRate: 0 });
    // Box plots from the read model: 培训部 100, 75, 50; 销售部 25, 0 (quartiles interpolated).
    expect(dept(depts.train)).toMatchObject({ min: 50, q1: 62.5, median: 75, q3: 87.5, max: 100 });
    expect(dept(depts.sales)).toMatchObject({ min: 0, q1: 6.25, median: 12.5, q3: 18.75, max: 25 });
    expect(s.cic).not.toBeNull();
    expect(s.computedAt).toBeGreaterThan(0);
  });

  it('analyses each question: facility, discrimination, flags and who picked which option', async () => {
    const r = await call<StatsQuestion[]>('/api/exam/stats/questions', { examId: exam.id, attempts: 'all' });
    expect(r.code, r.msg).toBe(0);
    expect(r.data.map((q) => q.quId)).toEqual(qus.map((q) => q.id));
    expect(r.data.map((q) => q.facility)).toEqual([80, 60, 40, 20]);
    const first = r.data[0];
    expect(first).toMatchObject({ slot: 1, quType: QuType.SINGLE, title: '统计题1', maxScore: 25, tags: ['安全'], attempts: 5 });
    expect(first.randomGuessScore).toBeCloseTo(100 / 3, 6);
    expect(first.discriminationIndex).toBeGreaterThan(0);
    // Top 27 % (ann, bob) all right; bottom 27 % (eve, dan) half right.
    const right = first.options.find((o) => o.isRight)!;
    expect(right).toMatchObject({ content: '正确项', all: 80 });
    expect(first.options.find((o) => o.content === '干扰项乙')).toMatchObject({ all: 0, upper: 0, lower: 0 });
    // cat left question 4 unanswered: nobody's option.
    const fourth = r.data[3];
    expect(fourth.options.reduce((n, o) => n + (o.all ?? 0), 0)).toBe(80);
  });

  it('counts each learner once with first or best, and updates after another hand-in', async () => {
    const before = (await call<StatsSummary>('/api/exam/stats/summary', { examId: exam.id, attempts: 'all' })).data;
    // Computed once: read again unchanged.
    expect((await call<StatsSummary>('/api/exam/stats/summary', { examId: exam.id, attempts: 'all' })).data.computedAt).toBe(before.computedAt);
    await sit('eve', [1, 1, 1, 1]);
    const all = (await call<StatsSummary>('/api/exam/stats/summary', { examId: exam.id, attempts: 'all' })).data;
    expect(all.attempts).toBe(6);
    expect(all.computedAt).toBeGreaterThan(before.computedAt);
    const first = (await call<StatsSummary>('/api/exam/stats/summary', { examId: exam.id, attempts: 'first' })).data;
    expect(first).toMatchObject({ attempts: 5, mean: 50 });
    const best = (await call<StatsSummary>('/api/exam/stats/summary', { examId: exam.id, attempts: 'best' })).data;
    expect(best).toMatchObject({ attempts: 5, mean: 70 });
  });

  it("shows a learner their best score against the others' best, where the exam shows scores", async () => {
    const mine = await call<{ attempts: number; myScore: number; beatPercent: number | null; bands: unknown[]; mean: number }>('/api/exam/stats/distribution', { examId: exam.id }, people.ann.token);
    expect(mine.code, mine.msg).toBe(0);
    // Best scores: ann 100, eve 100 (second try), bob 75, cat 50, dan 25: ann beats 3 of the 4 others.
    expect(mine.data).toMatchObject({ attempts: 5, myScore: 100, beatPercent: 75, mean: 70 });
    expect(mine.data.bands).toHaveLength(10);
    const dan = await call<{ myScore: number; beatPercent: number | null }>('/api/exam/stats/distribution', { examId: exam.id }, people.dan.token);
    expect(dan.data).toMatchObject({ myScore: 25, beatPercent: 0 });
    const stranger = await insertUser(t, `st_none_${dialect}`);
    expect((await call('/api/exam/stats/distribution', { examId: exam.id }, stranger.token)).msg).toBe('您在该考试中还没有公布的成绩，暂不能查看成绩分布');
    await t.call('/api/exam/exam/save', { ...body, id: exam.id, resultShow: ResultShow.THANKS }, await t.adminToken());
    const raw = await t.app.inject({ method: 'POST', url: '/api/exam/stats/distribution', payload: { examId: exam.id }, headers: { token: people.ann.token } });
    expect(JSON.parse(raw.body)).toEqual({ code: 1, msg: '该考试不公布成绩', data: null });
    await t.call('/api/exam/exam/save', { ...body, id: exam.id }, await t.adminToken());
  });

  it('gives mastery per knowledge point to administrators by exam, department or learner', async () => {
    const byExam = await call<Array<{ tag: string; questions: number; scoreRate: number }>>('/api/exam/stats/mastery', { examId: exam.id });
    expect(byExam.code, byExam.msg).toBe(0);
    expect(byExam.data.map((m) => m.tag).sort()).toEqual(['安全', '急救', '消防']);
    const ann = await call<Array<{ tag: string; scoreRate: number }>>('/api/exam/stats/mastery', { userId: people.ann.id });
    expect(ann.data.every((m) => m.scoreRate === 100)).toBe(true);
    const sales = await call<Array<{ tag: string; questions: number; scoreRate: number }>>('/api/exam/stats/mastery', { departId: depts.sales, examId: exam.id });
    // dan and eve (twice): 急救 is question 4 only: dan 0, eve 0 then 25 of 75.
    expect(sales.data.find((m) => m.tag === '急救')).toMatchObject({ questions: 1, scoreRate: 33.33 });
    expect((await call('/api/exam/stats/mastery', {})).msg).toBe('请选择考试、部门或学员');
  });

  it('keeps figures from learners, and their own mastery until the exam releases its review', async () => {
    const ann = people.ann.token;
    for (const path of ['/api/exam/stats/summary', '/api/exam/stats/questions', '/api/exam/stats/export']) {
      const res = await t.app.inject({ method: 'POST', url: path, payload: { examId: exam.id }, headers: { token: ann } });
      expect(JSON.parse(res.body).code, path).toBe(ErrorCode.FORBIDDEN);
      expect(res.body).not.toContain('facility');
      expect(res.body).not.toContain('"mean"');
    }
    const other = await t.app.inject({ method: 'POST', url: '/api/exam/stats/mastery', payload: { userId: people.bob.id }, headers: { token: ann } });
    expect(JSON.parse(other.body)).toEqual({ code: ErrorCode.FORBIDDEN, msg: '只能查看自己的知识点掌握情况', data: null });
    const dept = await t.app.inject({ method: 'POST', url: '/api/exam/stats/mastery', payload: { departId: depts.group }, headers: { token: ann } });
    expect(JSON.parse(dept.body).code).toBe(ErrorCode.FORBIDDEN);
    // Score only (resultShow 2): mastery would tell which questions were missed.
    const held = await t.app.inject({ method: 'POST', url: '/api/exam/stats/mastery', payload: {}, headers: { token: people.cat.token } });
    expect(JSON.parse(held.body)).toMatchObject({ code: 0, data: [] });
    const named = await call('/api/exam/stats/mastery', { examId: exam.id }, people.cat.token);
    expect(named.msg).toBe('该考试尚未公布答案，暂不能查看知识点掌握情况');
    const r = await t.call('/api/exam/exam/save', { ...body, id: exam.id, resultShow: ResultShow.REVIEW }, await t.adminToken());
    expect(r.body.code, r.body.msg).toBe(0);
    const open = await call<Array<{ tag: string; scoreRate: number }>>('/api/exam/stats/mastery', {}, people.cat.token);
    expect(open.data.find((m) => m.tag === '安全')).toMatchObject({ scoreRate: 100 });
    expect(open.data.find((m) => m.tag === '急救')).toMatchObject({ scoreRate: 0 });
    expect(open.data.find((m) => m.tag === '消防')).toMatchObject({ scoreRate: 50 });
  });

  it('exports a workbook with a sheet per view', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/exam/stats/export', payload: { examId: exam.id, attempts: 'first' }, headers: { token: await t.adminToken() } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['概览', '分数段', '部门', '试题分析', '选项分析', '知识点', '说明']);
    expect(wb.getWorksheet('概览')!.getRow(7).values).toEqual([undefined, '参考人次', 5]);
    expect(wb.getWorksheet('试题分析')!.rowCount).toBe(5);
    expect(wb.getWorksheet('部门')!.getRow(1).values).toEqual([undefined, '部门', '参考人次', '平均分', '及格率 (%)', '最低分', '下四分位数', '中位数', '上四分位数', '最高分']);
  });

  it('rebuilds an exam from its papers behind the call, with progress', async () => {
    const before = (await call<StatsSummary>('/api/exam/stats/summary', { examId: exam.id, attempts: 'all' })).data;
    await t.database.db.deleteFrom('stats_attempt').where('exam_id', '=', exam.id).execute();
    const started = await call<{ done: number; total: number; running: boolean }>('/api/exam/stats/rebuild', { examId: exam.id });
    expect(started.data).toMatchObject({ total: 6, running: true });
    for (let i = 0; i < 100; i += 1) {
      const p = await call<{ running: boolean }>('/api/exam/stats/rebuild-progress', { examId: exam.id });
      if (!p.data.running) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const rows = await t.database.db.selectFrom('stats_attempt').select('paper_id').where('exam_id', '=', exam.id).execute();
    expect(rows).toHaveLength(6);
    t.clock.advance(60_000);
    const after = (await call<StatsSummary>('/api/exam/stats/summary', { examId: exam.id, attempts: 'all' })).data;
    expect(after.computedAt).toBeGreaterThan(before.computedAt);
    expect(after.mean).toBe(before.mean);
    expect((await call('/api/exam/stats/rebuild', { examId: 'nosuchexam' })).msg).toBe('考试不存在');
  });

  it("reads each paper's own copy of a question edited while the cohort sat (its knowledge points then differ)", async () => {
    const annPaper = await t.database.db.selectFrom('paper').select('id').where('exam_id', '=', exam.id).where('user_id', '=', people.ann.id).executeTakeFirstOrThrow();
    const copy = await t.database.db.selectFrom('paper_qu').select('question').where('paper_id', '=', annPaper.id).where('qu_id', '=', qus[3].id).executeTakeFirstOrThrow();
    // Rows keep a copy's line; a row written before copies had lines held the whole text, as this edit does.
    expect(copy.question).toMatch(/^[^{]+:/);
    const [text] = await copyTexts(t.database.db, [copy.question]);
    const edited = JSON.stringify({ ...JSON.parse(text), tags: ['心肺复苏'] });
    await t.database.db.updateTable('paper_qu').set({ question: edited }).where('paper_id', '=', annPaper.id).where('qu_id', '=', qus[3].id).execute();
    expect((await call('/api/exam/stats/rebuild', { examId: exam.id })).code).toBe(0);
    for (let i = 0; i < 100 && (await call<{ running: boolean }>('/api/exam/stats/rebuild-progress', { examId: exam.id })).data.running; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const ann = await call<Array<{ tag: string }>>('/api/exam/stats/mastery', { userId: people.ann.id });
    expect(ann.data.map((m) => m.tag).sort()).toEqual(['安全', '心肺复苏', '消防'].sort());
    const bob = await call<Array<{ tag: string }>>('/api/exam/stats/mastery', { userId: people.bob.id });
    expect(bob.data.map((m) => m.tag)).toContain('急救');
    expect(bob.data.map((m) => m.tag)).not.toContain('心肺复苏');
  });

  it('refuses an excellence line above the total and an unknown exam', async () => {
    const r = await t.call('/api/exam/exam/save', { ...body, id: exam.id, excellentScore: 120 }, await t.adminToken());
    expect(r.body.msg).toBe('优秀线不能高于试卷总分（100分）');
    expect((await call('/api/exam/stats/summary', { examId: 'nosuchexam' })).msg).toBe('考试不存在');
  });
});
