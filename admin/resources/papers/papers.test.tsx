import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../testing/renderScreen';
import { answer, answerServerError, setupMswServer } from '../../testing/server';
import { PaperDetailPage } from './PaperDetailPage';
import { PaperPage } from './PaperPage';

setupMswServer();

const record = (over: object = {}) => ({
  id: 'p1',
  examId: 'e1',
  title: '期末考试',
  userId: 'u1',
  userName: 'zhang',
  realName: '张三',
  deptName: '研发部',
  state: 2,
  handType: 1,
  userScore: 72.5,
  totalScore: 100,
  passed: true,
  createTime: Date.parse('2030-01-02T09:00:00'),
  handTime: Date.parse('2030-01-02T09:30:00'),
  userTime: 1805,
  ...over,
});

const departs = [{ id: 'd1', parentId: '0', deptName: '研发部', deptCode: 'A01', sort: 1, children: [] }];
const examPage = { current: 1, size: 50, pages: 1, total: 1, records: [{ id: 'e1', title: '期末考试' }] };

describe('papers', { timeout: 60_000 }, () => {
  it('lists the papers of the exam in the URL and filters by state, passed and name', async () => {
    answer('/api/exam/exam/paging', examPage);
    answer('/api/sys/depart/tree', departs);
    answer('/api/exam/exam/detail', { id: 'e1', title: '期末考试' });
    const asked = answer('/api/paper/paper/paging', { current: 1, size: 20, pages: 1, total: 2, records: [record(), record({ id: 'p2', realName: '李四', state: 1, userScore: null, passed: null, handType: 0 })] });
    renderScreen(<PaperPage />, { resource: 'exam/paper', path: '/exam/paper?examId=e1', route: '/exam/paper' });
    const ue = userEvent.setup({ delay: null });
    const row = (await screen.findByRole('link', { name: '张三' })).closest('tr')!;
    expect(row.querySelector('a')!.getAttribute('href')).toBe('/exam/paper/p1/show');
    expect(within(row).getByText('已完成')).toBeTruthy();
    expect(within(row).getByText('72.5 / 100')).toBeTruthy();
    expect(within(row).getByText('通过')).toBeTruthy();
    expect(within(row).getByText('切屏超限强制交卷')).toBeTruthy();
    expect(within(row).getByText('30 分 5 秒')).toBeTruthy();
    const other = screen.getByRole('link', { name: '李四' }).closest('tr')!;
    expect(within(other).getByText('待阅卷')).toBeTruthy();
    expect(asked[0]).toMatchObject({ params: { examId: 'e1', state: '', passed: '', realName: '' } });

    await ue.click(screen.getByRole('combobox', { name: '状态' }));
    await ue.click(await screen.findByRole('option', { name: '待阅卷' }));
    await waitFor(() => expect(asked.at(-1)).toMatchObject({ params: { examId: 'e1', state: 1 } }));
    await ue.click(screen.getByRole('combobox', { name: '是否通过' }));
    await ue.click(await screen.findByRole('option', { name: '未通过' }));
    await waitFor(() => expect(asked.at(-1)).toMatchObject({ params: { state: 1, passed: false } }));
    await ue.type(screen.getByLabelText('姓名'), '李四');
    await ue.click(screen.getByRole('button', { name: '搜索' }));
    await waitFor(() => expect(asked.at(-1)).toMatchObject({ params: { examId: 'e1', state: 1, passed: false, realName: '李四' } }));
  });

  describe('on a phone', () => {
    // jsdom has no layout: say that every max-width query (MUI's "below sm") matches, as at 390 px.
    afterEach(() => vi.unstubAllGlobals());

    it('lists each paper with its score beside the learner, state and passed, each opening its detail', async () => {
      vi.stubGlobal('matchMedia', (query: string) => ({
        matches: query.includes('max-width'),
        media: query,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        addListener: () => undefined,
        removeListener: () => undefined,
      }));
      answer('/api/exam/exam/paging', examPage);
      answer('/api/sys/depart/tree', departs);
      answer('/api/paper/paper/paging', { current: 1, size: 20, pages: 1, total: 2, records: [record(), record({ id: 'p2', realName: '李四', state: 1, userScore: null, passed: null })] });
      renderScreen(<PaperPage />, { resource: 'exam/paper', path: '/exam/paper', route: '/exam/paper' });
      const list = await screen.findByRole('list', { name: '考试记录' });
      expect(screen.queryByRole('table')).toBeNull();
      const [first, second] = within(list).getAllByRole('link');
      expect(first.getAttribute('href')).toBe('/exam/paper/p1/show');
      expect(within(first).getByText('72.5 / 100')).toBeTruthy();
      expect(within(first).getByText('期末考试')).toBeTruthy();
      expect(within(first).getByText('已完成')).toBeTruthy();
      expect(within(first).getByText('通过')).toBeTruthy();
      expect(within(second).getByText('— / 100')).toBeTruthy();
      expect(within(second).getByText('待阅卷')).toBeTruthy();
    });
  });

  it('shows 重试 when the papers cannot be loaded', async () => {
    answer('/api/exam/exam/paging', examPage);
    answer('/api/sys/depart/tree', departs);
    answerServerError('/api/paper/paper/paging');
    renderScreen(<PaperPage />, { resource: 'exam/paper', path: '/exam/paper', route: '/exam/paper' });
    expect(await screen.findByRole('button', { name: '重试' })).toBeTruthy();
    expect(screen.queryByText('没有试卷')).toBeNull();
  });

  it('shows a paper with each answer graded, the marker\'s comment and the timeline in server time', async () => {
    const qu = (over: object) => ({ quId: 'q', quType: 1, score: 5, actualScore: 5, isRight: true, answered: true, comment: '', subList: [], answer: {}, ...over });
    answer('/api/paper/paper/detail', {
      ...record(),
      qualifyScore: 60,
      leaveCount: 2,
      deadline: Date.parse('2030-01-02T10:00:00'),
      groups: [
        {
          title: '单选题',
          quType: 1,
          perScore: 5,
          quList: [
            qu({ quId: 'q1', question: { quType: 1, content: '<p>哪一项是强密码？</p>', answerList: [{ id: 'a', content: 'Abc!2345xyz', isRight: true }, { id: 'b', content: '123456', isRight: false }] }, answer: { answers: ['a'] } }),
            qu({ quId: 'q2', isRight: false, actualScore: 0, answered: false, question: { quType: 1, content: '<p>第二题</p>', answerList: [{ id: 'a', content: '甲', isRight: true }] } }),
          ],
        },
        {
          title: '简答题',
          quType: 4,
          perScore: 10,
          quList: [qu({ quId: 'q3', quType: 4, score: 10, actualScore: 7.5, isRight: false, comment: '少了一点', question: { quType: 4, content: '<p>简述。</p>', refAnswer: '<p>参考</p>' }, answer: { answer: '我的回答' } })],
        },
      ],
      events: [
        { type: 1, time: Date.parse('2030-01-02T09:00:05'), detail: '' },
        { type: 2, time: Date.parse('2030-01-02T09:10:00'), detail: '第1次' },
        { type: 9, time: Date.parse('2030-01-02T09:30:00'), detail: '' },
      ],
    });
    renderScreen(<PaperDetailPage />, { resource: 'exam/paper', path: '/exam/paper/p1/show', route: '/exam/paper/:id/show' });
    expect((await screen.findByTestId('paper-score')).textContent).toBe('72.5 / 100');
    const [first, second, third] = screen.getAllByTestId('paper-qu');
    expect(within(first).getByText('正确')).toBeTruthy();
    expect(within(first).getByText('5 / 5 分')).toBeTruthy();
    expect(within(second).getByText('未作答', { selector: '.MuiChip-label' })).toBeTruthy();
    expect(within(third).getByText('部分得分')).toBeTruthy();
    expect(within(third).getByText('我的回答')).toBeTruthy();
    expect(within(third).getByText('少了一点')).toBeTruthy();
    const events = screen.getAllByTestId('timeline-event');
    expect(events.map((e) => e.textContent)).toEqual(['01-02 09:00:05开始作答', '01-02 09:10:00离开考试页面第1次', '01-02 09:30:00交卷']);
  });
});
