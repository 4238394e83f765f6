import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { PaperResult } from '../../../common/api/paper';
import type { RankingPage } from '../../../common/api/ranking';
import { PaperState, ResultShow } from '../../../common/codes';
import { learner } from '../../testing/fixtures';
import { renderApp } from '../../testing/render';
import { api, fail, startMockServer } from '../../testing/server';

startMockServer();

const result = (over: Partial<PaperResult> = {}): PaperResult => ({
  id: 'p1',
  examId: 'e1',
  title: '安全知识考试',
  state: PaperState.FINISHED,
  handType: 0,
  resultShow: ResultShow.SCORE,
  thanks: '',
  userScore: 75,
  totalScore: 100,
  qualifyScore: 60,
  passed: true,
  reviewOpen: false,
  reviewOpensAt: null,
  groups: [],
  ranking: { rank: 3, total: 5 },
  ...over,
});

const entry = (rank: number, userId: string, score: number, timeUsed: number, name?: string) => ({
  rank,
  userId,
  ...(name ? { realName: name, departName: '培训部' } : {}),
  score,
  timeUsed,
  userTime: timeUsed,
});

const page = (showNames: boolean): RankingPage => {
  const n = (s: string) => (showNames ? s : undefined);
  const records = [entry(1, 'u1', 100, 600, n('李四')), entry(2, 'u2', 100, 900, n('王五')), entry(3, 'u_student', 75, 200, n('张三')), entry(4, 'u4', 75, 300, n('赵六')), entry(4, 'u5', 75, 300, n('钱七'))];
  return { records, total: 5, current: 1, size: 20, pages: 1, mine: records[2], showNames };
};

describe('my rank on my result', () => {
  it('says my place among those ranked and opens the ranking, my row marked, without names where the exam hides them', async () => {
    const user = userEvent.setup();
    const asked: unknown[] = [];
    renderApp({
      path: '/web/exam/result/p1',
      user: learner(),
      handlers: [
        api('paper/paper/paper-result', result()),
        api('exam/stats/distribution', () => fail(1, '该考试不公布成绩')),
        api('exam/stats/ranking', (b: unknown) => {
          asked.push(b);
          return page(false);
        }),
      ],
    });
    const mine = await screen.findByTestId('my-rank');
    expect(mine.textContent).toBe('本场排名 第 3 名 / 共 5 人查看排名');
    await user.click(within(mine).getByRole('button', { name: '查看排名' }));
    const dialog = await screen.findByRole('dialog', { name: /成绩排名/ });
    const rows = await within(dialog).findAllByRole('listitem');
    expect(rows.map((r) => r.textContent)).toEqual([
      '1考生100 分用时 10 分 00 秒',
      '2考生100 分用时 15 分 00 秒',
      '3我75 分用时 3 分 20 秒',
      '4考生75 分用时 5 分 00 秒',
      '4考生75 分用时 5 分 00 秒',
    ]);
    expect(rows[2].getAttribute('aria-current')).toBe('true');
    expect(within(dialog).getByText(/共 5 人/)).toBeTruthy();
    expect(asked).toEqual([{ examId: 'e1', current: 1, size: 20 }]);
  });

  it('names people where the exam shows names', async () => {
    const user = userEvent.setup();
    renderApp({ path: '/web/exam/result/p1', user: learner(), handlers: [api('paper/paper/paper-result', result()), api('exam/stats/ranking', page(true)), api('exam/stats/distribution', () => fail(1, '该考试不公布成绩'))] });
    await user.click(await screen.findByRole('button', { name: '查看排名' }));
    const rows = await within(await screen.findByRole('dialog')).findAllByRole('listitem');
    expect(rows[0].textContent).toBe('1李四培训部100 分用时 10 分 00 秒');
    expect(rows[2].textContent).toBe('3张三（我）培训部75 分用时 3 分 20 秒');
  });

  it('shows no rank where the server gives none', async () => {
    renderApp({ path: '/web/exam/result/p1', user: learner(), handlers: [api('paper/paper/paper-result', result({ ranking: null })), api('exam/stats/distribution', () => fail(1, '该考试不公布成绩'))] });
    expect(await screen.findByTestId('user-score')).toBeTruthy();
    expect(screen.queryByTestId('my-rank')).toBeNull();
    expect(screen.queryByRole('button', { name: '查看排名' })).toBeNull();
  });
});

describe('my score against the others', () => {
  const distribution = {
    attempts: 5,
    mean: 70,
    median: 75,
    bands: Array.from({ length: 10 }, (_, i) => ({ from: i * 10, to: i * 10 + 10, count: [0, 0, 1, 0, 0, 1, 0, 1, 0, 2][i] })),
    totalScore: 100,
    qualifyScore: 60,
    myScore: 75,
    beatPercent: 50,
    computedAt: 1,
  };

  it('draws the bands with mine marked and says how many I beat', async () => {
    const asked: unknown[] = [];
    renderApp({
      path: '/web/exam/result/p1',
      user: learner(),
      handlers: [
        api('paper/paper/paper-result', result()),
        api('exam/stats/ranking', page(false)),
        api('exam/stats/distribution', (b: unknown) => {
          asked.push(b);
          return distribution;
        }),
      ],
    });
    const box = await screen.findByTestId('score-distribution');
    expect(box.textContent).toContain('5 人参加 · 平均 70 分 · 中位数 75 分');
    expect(box.textContent).toContain('我的最好成绩 75 分，超过了 50% 的考生');
    const bars = within(box).getByRole('img', { name: '各分数段人数' }).children;
    expect(bars).toHaveLength(10);
    expect([...bars].map((b) => b.getAttribute('data-mine'))).toEqual([null, null, null, null, null, null, null, 'true', null, null]);
    expect(asked).toEqual([{ examId: 'e1' }]);
  });

  it('shows nothing where the exam keeps the distribution to itself', async () => {
    renderApp({
      path: '/web/exam/result/p1',
      user: learner(),
      handlers: [api('paper/paper/paper-result', result({ ranking: null })), api('exam/stats/distribution', () => fail(1, '该考试不公布成绩'))],
    });
    expect(await screen.findByTestId('user-score')).toBeTruthy();
    expect(screen.queryByTestId('score-distribution')).toBeNull();
  });
});
