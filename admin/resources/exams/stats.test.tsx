import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StatsQuestion, StatsSummary } from '../../../common/api';
import { QuType } from '../../../common/codes';
import { renderScreen } from '../../testing/renderScreen';
import { answer, server, setupMswServer } from '../../testing/server';
import { excellentRule, toExamBody } from './ExamForm';
import { ExamStatsPage } from './ExamStatsPage';

setupMswServer();

const summary = (over: Partial<StatsSummary> = {}): StatsSummary => ({
  attempts: 5,
  mean: 50,
  median: 50,
  sd: 39.528,
  skewness: 0,
  kurtosis: -1.2,
  cic: 87.5,
  errorRatio: 35.36,
  standardError: 13.98,
  passRate: 40,
  excellentRate: 20,
  bands: Array.from({ length: 10 }, (_, i) => ({ from: i * 10, to: i * 10 + 10, count: [1, 0, 1, 0, 0, 1, 0, 1, 0, 1][i] })),
  byDepart: [
    { departId: 'd1', name: '培训部', attempts: 3, mean: 75, passRate: 66.67, min: 50, q1: 62.5, median: 75, q3: 87.5, max: 100 },
    { departId: 'd2', name: '销售部', attempts: 2, mean: 12.5, passRate: 0, min: 0, q1: 6.25, median: 12.5, q3: 18.75, max: 25 },
  ],
  computedAt: Date.UTC(2026, 10, 28, 1, 0),
  totalScore: 100,
  qualifyScore: 60,
  excellentScore: 80,
  scores: [0, 25, 50, 75, 100],
  ...over,
});

const question = (slot: number, facility: number, flags: string[] = [], over: Partial<StatsQuestion> = {}): StatsQuestion => ({
  slot,
  quId: `q${slot}`,
  quType: QuType.SINGLE,
  title: `统计题${slot}`,
  maxScore: 25,
  facility,
  sd: 40,
  randomGuessScore: 33.33,
  discriminationIndex: 60 - slot,
  discriminativeEfficiency: 70,
  effectiveWeight: 25,
  upperLowerD: 50,
  pointBiserial: 70,
  alphaIfDeleted: 80,
  flags,
  options: [
    { optionId: `o${slot}a`, content: '正确项', isRight: true, all: facility, upper: 100, lower: 50 },
    { optionId: `o${slot}b`, content: '干扰项甲', isRight: false, all: 100 - facility, upper: 0, lower: 50 },
  ],
  tags: ['安全'],
  attempts: 5,
  ...over,
});

const QUESTIONS = [question(1, 80), question(2, 97, ['过易']), question(3, 40, ['区分度低', '可能有误'], { discriminationIndex: -12 })];

function answerAll(over: Partial<StatsSummary> = {}) {
  answer('/api/exam/exam/detail', { id: 'e1', title: '期末考试' });
  const summaries = answer('/api/exam/stats/summary', (body: { attempts: string }) => summary(body.attempts === 'best' ? { attempts: 4, mean: 70 } : over));
  const questions = answer('/api/exam/stats/questions', QUESTIONS);
  const mastery = answer('/api/exam/stats/mastery', [
    { tag: '安全', questions: 2, scoreRate: 70 },
    { tag: '消防', questions: 2, scoreRate: 50 },
    { tag: '急救', questions: 1, scoreRate: 20 },
  ]);
  const answers = answer('/api/exam/stats/answers', (body: { current: number; size: number }) => {
    // Twelve answers: page 1 holds ten, page 2 the last two.
    const all = Array.from({ length: 12 }, (_, i) => ({
      paperId: `p${i + 1}`,
      userId: `u${i + 1}`,
      userName: `learner${i + 1}`,
      realName: i === 0 ? '张三' : `学员${i + 1}`,
      departName: i === 0 ? '培训部' : '',
      answer: i === 0 ? 'B. 干扰项甲' : i === 1 ? '' : 'A. 正确项',
      isRight: i > 1,
      score: i > 1 ? 25 : 0,
      handTime: Date.UTC(2026, 10, 20, 8, 30) - i * 60_000,
    }));
    const from = (body.current - 1) * body.size;
    return { records: all.slice(from, from + body.size), total: all.length, current: body.current, size: body.size, pages: Math.ceil(all.length / body.size) };
  });
  return { summaries, questions, mastery, answers };
}

const open = () => renderScreen(<ExamStatsPage />, { path: '/exam/list/e1/stats', route: '/exam/list/:id/stats' });

const slots = (table: HTMLElement) => within(table).getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell')[0].textContent);

describe('成绩分析', { timeout: 30_000 }, () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows the figures, the bands, the departments and mastery of all attempts', async () => {
    const asked = answerAll();
    open();
    expect(await screen.findByRole('heading', { name: '《期末考试》成绩分析' })).toBeTruthy();
    expect((await screen.findByTestId('stats-attempts')).textContent).toBe('5');
    expect(screen.getByTestId('stats-mean').textContent).toBe('50');
    expect(screen.getByTestId('stats-sd').textContent).toBe('39.53');
    expect(screen.getByTestId('stats-passRate').textContent).toBe('40%');
    expect(screen.getByTestId('stats-excellentRate').textContent).toBe('20%');
    expect(screen.getByTestId('stats-cic').textContent).toBe('87.5%');
    expect(within(screen.getByRole('region', { name: '优秀率' })).getByText('优秀线 80 分')).toBeTruthy();
    // Bands from the top down, with their shares.
    const bands = screen.getByRole('table', { name: '分数段' });
    expect(within(bands).getAllByRole('row')[1].textContent).toBe('90–100120%');
    const departs = screen.getByRole('table', { name: '部门对比' });
    expect(within(departs).getAllByRole('row').slice(1).map((r) => r.textContent)).toEqual(['培训部3757566.7%', '销售部212.512.50%']);
    const mastery = await screen.findByRole('table', { name: '知识点掌握' });
    expect(within(mastery).getAllByRole('row')).toHaveLength(4);
    expect(asked.summaries[0]).toEqual({ examId: 'e1', attempts: 'all' });
    expect(asked.mastery[0]).toEqual({ examId: 'e1' });
    // The charts say their figures in words.
    expect(await screen.findByRole('img', { name: /^分数分布：5 份试卷/ })).toBeTruthy();
    // The departments as box plots: lowest, median and highest of each.
    expect(await screen.findByRole('img', { name: '各部门成绩箱线图：培训部 最低 50、中位数 75、最高 100；销售部 最低 0、中位数 12.5、最高 25' })).toBeTruthy();
  });

  it('asks again for the attempts chosen (first, best, all)', async () => {
    const ue = userEvent.setup({ delay: null });
    const asked = answerAll();
    open();
    await screen.findByTestId('stats-attempts');
    await ue.click(screen.getByRole('button', { name: '最高分' }));
    await waitFor(() => expect(screen.getByTestId('stats-mean').textContent).toBe('70'));
    expect(screen.getByTestId('stats-attempts').textContent).toBe('4');
    expect(asked.summaries.at(-1)).toEqual({ examId: 'e1', attempts: 'best' });
    expect(asked.questions.at(-1)).toEqual({ examId: 'e1', attempts: 'best' });
    await ue.click(screen.getByRole('button', { name: '首次作答' }));
    await waitFor(() => expect(asked.summaries.at(-1)).toEqual({ examId: 'e1', attempts: 'first' }));
  });

  it('sorts the question table by a figure, then the other way', async () => {
    const ue = userEvent.setup({ delay: null });
    answerAll();
    open();
    const table = await screen.findByRole('table', { name: '试题分析' });
    expect(slots(table)).toEqual(['1', '2', '3']);
    await ue.click(within(table).getByRole('button', { name: '难度系数' }));
    expect(slots(table)).toEqual(['3', '1', '2']);
    await ue.click(within(table).getByRole('button', { name: '难度系数' }));
    expect(slots(table)).toEqual(['2', '1', '3']);
    await ue.click(within(table).getByRole('button', { name: '区分度' }));
    expect(slots(table)).toEqual(['3', '2', '1']);
    // Figures in percent, D as the field reads it.
    expect(within(within(table).getAllByRole('row')[1]).getByText('-12%')).toBeTruthy();
    expect(within(within(table).getAllByRole('row')[1]).getAllByText('0.5')).toHaveLength(1);
  });

  it('flags questions, each flag explained', async () => {
    const ue = userEvent.setup({ delay: null });
    answerAll();
    open();
    const table = await screen.findByRole('table', { name: '试题分析' });
    const third = within(table).getAllByRole('row')[3];
    expect(within(third).getByText('区分度低')).toBeTruthy();
    await ue.hover(within(third).getByText('可能有误'));
    expect((await screen.findByRole('tooltip')).textContent).toMatch(/^区分度指数为负：/);
    expect(within(within(table).getAllByRole('row')[1]).queryByText('过易')).toBeNull();
  });

  it("opens a question's option distribution: all, top and bottom 27 %", async () => {
    const ue = userEvent.setup({ delay: null });
    answerAll();
    open();
    const table = await screen.findByRole('table', { name: '试题分析' });
    await ue.click(within(table).getByRole('button', { name: '统计题3' }));
    const dialog = await screen.findByRole('dialog', { name: '第 3 题 选项分布' });
    expect(within(dialog).getByRole('group', { name: 'A. 正确项：全部 40%，高分组 100%，低分组 50%' })).toBeTruthy();
    expect(within(dialog).getByRole('group', { name: 'B. 干扰项甲：全部 60%，高分组 0%，低分组 50%' })).toBeTruthy();
    expect(within(dialog).getByText(/^区分度指数为负：/)).toBeTruthy();
    await ue.click(within(dialog).getByRole('button', { name: '关闭' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("lists the learners' answers in a question's detail, ten at a time, for the attempts chosen", async () => {
    const ue = userEvent.setup({ delay: null });
    const { answers } = answerAll();
    renderScreen(<ExamStatsPage />, { path: '/exam/list/e1/stats?attempts=best', route: '/exam/list/:id/stats' });
    const table = await screen.findByRole('table', { name: '试题分析' });
    await ue.click(within(table).getByRole('button', { name: '统计题2' }));
    const dialog = await screen.findByRole('dialog', { name: '第 2 题 选项分布' });
    const list = await within(dialog).findByRole('list', { name: '考生作答' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(10);
    const first = within(list).getByRole('listitem', { name: '张三 的作答' });
    expect(within(first).getByText('B. 干扰项甲')).toBeTruthy();
    expect(within(first).getByText(/^培训部 · 交卷 /)).toBeTruthy();
    expect(within(first).getByText('答错 0 分')).toBeTruthy();
    expect(within(within(list).getByRole('listitem', { name: '学员2 的作答' })).getByText('未作答')).toBeTruthy();
    expect(within(within(list).getByRole('listitem', { name: '学员3 的作答' })).getByText('答对 25 分')).toBeTruthy();
    expect(answers[0]).toEqual({ examId: 'e1', quId: 'q2', attempts: 'best', current: 1, size: 10 });
    await ue.click(within(dialog).getByRole('button', { name: /next page|下一页/i }));
    await waitFor(() => expect(within(within(dialog).getByRole('list', { name: '考生作答' })).getAllByRole('listitem')).toHaveLength(2));
    expect(answers[answers.length - 1]).toMatchObject({ current: 2, size: 10 });
  });

  it('says where answers differ from paper to paper (a slot of random questions), without asking for them', async () => {
    const ue = userEvent.setup({ delay: null });
    const { answers } = answerAll();
    answer('/api/exam/stats/questions', [question(1, 50, [], { quId: '', options: [] })]);
    open();
    const table = await screen.findByRole('table', { name: '试题分析' });
    await ue.click(within(table).getAllByRole('row')[1]);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/^随机抽题的位置上各人的题目不同/)).toBeTruthy();
    expect(within(dialog).queryByRole('list', { name: '考生作答' })).toBeNull();
    expect(answers).toHaveLength(0);
  });

  it('exports the workbook of the attempts shown', async () => {
    const ue = userEvent.setup({ delay: null });
    answerAll();
    const bodies: unknown[] = [];
    server.use(
      http.post('/api/exam/stats/export', async ({ request }) => {
        bodies.push(await request.json());
        return new HttpResponse(new Uint8Array([80, 75, 3, 4]), { headers: { 'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' } });
      }),
    );
    const saved: Blob[] = [];
    URL.createObjectURL = vi.fn((b: Blob) => {
      saved.push(b);
      return 'blob:stats';
    });
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    open();
    await screen.findByTestId('stats-attempts');
    await ue.click(screen.getByRole('button', { name: '最高分' }));
    await waitFor(() => expect(screen.getByTestId('stats-mean').textContent).toBe('70'));
    await ue.click(screen.getByRole('button', { name: '导出Excel' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(bodies).toEqual([{ examId: 'e1', attempts: 'best' }]);
    expect(saved[0].size).toBe(4);
  });

  it('says so when no paper has a score yet', async () => {
    answerAll({ attempts: 0, mean: null, bands: [], byDepart: [], scores: [] });
    open();
    expect(await screen.findByText('还没有出分的试卷，交卷并阅卷后这里会显示统计')).toBeTruthy();
    expect((screen.getByRole('button', { name: '导出Excel' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('the exam form sends the 优秀线 (empty: the default, 90 % of the total) and keeps it within the total', () => {
    expect(toExamBody({ groups: [] })).toMatchObject({ excellentScore: null });
    expect(toExamBody({ groups: [], excellentScore: '' })).toMatchObject({ excellentScore: null });
    expect(toExamBody({ groups: [], excellentScore: 85.5 })).toMatchObject({ excellentScore: 85.5 });
    const groups = [{ title: '单选', quType: QuType.SINGLE, perScore: 25, draws: [], quIds: ['q1', 'q2', 'q3', 'q4'], partialScore: 0 }];
    expect(excellentRule(101, { groups })).toBe('examhall.exams.v.excellent');
    expect(excellentRule(100, { groups })).toBeUndefined();
    expect(excellentRule('', { groups })).toBeUndefined();
  });
});
