import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Form } from 'react-admin';
import { ResultShow } from '../../../common/codes';
import { renderScreen } from '../../testing/renderScreen';
import { answer, setupMswServer } from '../../testing/server';
import { RankingInputs, toExamBody } from './ExamForm';
import { ExamRankingPage } from './ExamRankingPage';

setupMswServer();

const entry = (rank: number, userId: string, realName: string, score: number, timeUsed: number) => ({ rank, userId, realName, departName: '培训部', score, timeUsed, userTime: timeUsed });

describe('成绩排名', { timeout: 30_000 }, () => {
  it('lists an exam\'s ranking with shared ranks, names, best scores and times, and says what learners see', async () => {
    answer('/api/exam/exam/detail', { id: 'e1', title: '期末考试', resultShow: ResultShow.SCORE, rankingVisible: true, rankingShowNames: false });
    const asked = answer('/api/exam/stats/ranking', {
      records: [entry(1, 'u1', '李四', 100, 600), entry(2, 'u2', '王五', 75, 200), entry(3, 'u3', '赵六', 75, 300), entry(3, 'u4', '钱七', 75, 300)],
      total: 4,
      current: 1,
      size: 20,
      pages: 1,
      mine: null,
      showNames: true,
    });
    renderScreen(<ExamRankingPage />, { path: '/exam/list/e1/ranking', route: '/exam/list/:id/ranking' });
    const table = await screen.findByRole('table', { name: '成绩排名' });
    const rows = within(table).getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell').map((c) => c.textContent));
    expect(rows).toEqual([
      ['1', '李四', '培训部', '100', '10 分 0 秒'],
      ['2', '王五', '培训部', '75', '3 分 20 秒'],
      ['3', '赵六', '培训部', '75', '5 分 0 秒'],
      ['3', '钱七', '培训部', '75', '5 分 0 秒'],
    ]);
    expect(await screen.findByRole('heading', { name: '《期末考试》成绩排名' })).toBeTruthy();
    expect(screen.getByText('考生可查看排名（不显示姓名）')).toBeTruthy();
    expect(asked[0]).toEqual({ examId: 'e1', current: 1, size: 20 });
  });

  it('offers no ranking switch where the exam shows no score', async () => {
    renderScreen(
      <Form defaultValues={{ resultShow: ResultShow.THANKS, rankingVisible: false, rankingShowNames: true }}>
        <RankingInputs />
      </Form>,
      { resource: 'exam/list' },
    );
    // 仅显示感谢语: no score, so no ranking to offer.
    await waitFor(() => expect(screen.queryByRole('switch', { name: '考生可查看成绩排名' })).toBeNull());
    expect(toExamBody({ groups: [] })).toMatchObject({ rankingVisible: false, rankingShowNames: true });
    expect(toExamBody({ groups: [], rankingVisible: true, rankingShowNames: false })).toMatchObject({ rankingVisible: true, rankingShowNames: false });
  });

  it('shows the names switch once learners may see the ranking', async () => {
    const ue = userEvent.setup({ delay: null });
    renderScreen(
      <Form defaultValues={{ resultShow: ResultShow.SCORE, rankingVisible: false, rankingShowNames: true }}>
        <RankingInputs />
      </Form>,
      { resource: 'exam/list' },
    );
    const visible = await screen.findByRole('switch', { name: '考生可查看成绩排名' });
    expect(screen.queryByRole('switch', { name: '排名中显示考生姓名' })).toBeNull();
    await ue.click(visible);
    expect(((await screen.findByRole('switch', { name: '排名中显示考生姓名' })) as HTMLInputElement).checked).toBe(true);
  });
});
