import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { ExamRecordOfUser } from '../../../common/api/exam';
import type { PaperRecord } from '../../../common/api/paper';
import { HandType, PaperState } from '../../../common/codes';
import { learner, pageOf } from '../../testing/fixtures';
import { renderApp } from '../../testing/render';
import { api, startMockServer } from '../../testing/server';
import { attemptScore, usedTime } from './format';

startMockServer();

const record = (over: Partial<ExamRecordOfUser> = {}): ExamRecordOfUser => ({
  id: 'r1',
  examId: 'e1',
  title: '安全生产考试',
  userId: 'u1',
  userName: 'student',
  realName: '张三',
  deptName: '培训部',
  tryCount: 2,
  maxScore: 88.5,
  lastScore: 72,
  totalScore: 100,
  qualifyScore: 60,
  passed: true,
  bestPaperId: 'p1',
  awaitingMark: 0,
  lastAwaitingMark: false,
  lastHandTime: Date.parse('2026-03-01T10:00:00'),
  updateTime: Date.parse('2026-03-01T10:00:00'),
  ...over,
});

const paper = (over: Partial<PaperRecord> = {}): PaperRecord => ({
  id: 'p1',
  examId: 'e1',
  title: '安全生产考试',
  userId: 'u1',
  userName: 'student',
  realName: '张三',
  deptName: '培训部',
  state: PaperState.FINISHED,
  handType: HandType.LEARNER,
  userScore: 88.5,
  totalScore: 100,
  passed: true,
  createTime: Date.parse('2026-03-01T09:00:00'),
  handTime: Date.parse('2026-03-01T09:20:00'),
  userTime: 750,
  ...over,
});

describe('records format', () => {
  it('says how long a paper took and what its score cell shows', () => {
    expect(usedTime(45)).toBe('45秒');
    expect(usedTime(750)).toBe('12分30秒');
    expect(usedTime(600)).toBe('10分');
    expect(usedTime(3900)).toBe('1小时5分');
    expect(attemptScore(paper())).toBe('88.5 / 100 分');
    expect(attemptScore(paper({ state: PaperState.AWAITING_MARK, userScore: null }))).toBe('待阅卷');
    expect(attemptScore(paper({ state: PaperState.IN_EXAM, userScore: null }))).toBe('考试中');
    expect(attemptScore(paper({ userScore: null }))).toBe('成绩未公布');
  });
});

describe('my results (/web/paper)', () => {
  it('lists my record per exam with attempts, best, last and passed, links each to its attempts, and searches', async () => {
    const requests: any[] = [];
    const { user } = renderApp({
      path: '/web/paper',
      user: learner(),
      handlers: [
        api('user/exam/my-paging', (body: any) => {
          requests.push(body);
          const all = [record(), record({ id: 'r2', examId: 'e2', title: '消防知识考试', passed: false, awaitingMark: 1, maxScore: 40, lastScore: 40 })];
          return pageOf(all.filter((r) => r.title.includes(body.params?.title ?? '')));
        }),
      ],
    });
    const list = await screen.findByRole('list', { name: '成绩列表' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    const first = within(rows[0]!).getByRole('link', { name: '安全生产考试 的考试记录' });
    expect(first.getAttribute('href')).toBe('/web/paper/list/e1/u1');
    expect(within(first).getByText('2 次')).toBeTruthy();
    expect(within(first).getByText('88.5 / 100')).toBeTruthy();
    expect(within(first).getByText('72')).toBeTruthy();
    expect(within(first).getByText('已通过')).toBeTruthy();
    expect(within(rows[0]!).getByRole('link', { name: '错题本' }).getAttribute('href')).toBe('/web/book/list/e1');
    // Not passed yet, but a paper still waits for marking: that is what it says.
    expect(within(rows[1]!).getByText('待阅卷')).toBeTruthy();
    expect(within(rows[1]!).getByText(/1 份试卷待阅卷/)).toBeTruthy();

    await user.type(screen.getByRole('textbox', { name: '搜索考试名称' }), '消防{Enter}');
    await waitFor(() => expect(requests.at(-1)).toMatchObject({ current: 1, params: { title: '消防' } }));
    await waitFor(() => expect(within(screen.getByRole('list', { name: '成绩列表' })).getAllByRole('listitem')).toHaveLength(1));
  });

  it('says 待阅卷 for scores no paper has yet, and dates the latest exam by its hand-in, not its marking', async () => {
    renderApp({
      path: '/web/paper',
      user: learner(),
      handlers: [
        api(
          'user/exam/my-paging',
          pageOf([
            // The only paper awaits marking.
            record({ tryCount: 1, maxScore: null, lastScore: null, passed: false, bestPaperId: null, awaitingMark: 1, lastAwaitingMark: true, lastHandTime: Date.parse('2026-03-01T09:20:00') }),
            // Marked two days after the hand-in; then a newer paper awaits marking.
            record({ id: 'r2', examId: 'e2', title: '消防知识考试', lastAwaitingMark: false, lastHandTime: Date.parse('2026-03-02T08:05:00'), updateTime: Date.parse('2026-03-04T17:30:00') }),
            record({ id: 'r3', examId: 'e3', title: '保密考试', maxScore: 90, lastScore: 90, awaitingMark: 1, lastAwaitingMark: true }),
          ]),
        ),
      ],
    });
    const rows = within(await screen.findByRole('list', { name: '成绩列表' })).getAllByRole('listitem');
    const figure = (row: HTMLElement, label: string) => within(row).getByText(label).nextElementSibling?.textContent;
    expect(figure(rows[0]!, '最高分')).toBe('待阅卷');
    expect(figure(rows[0]!, '最近得分')).toBe('待阅卷');
    expect(within(rows[0]!).getByText(/最近考试 2026-03-01 09:20/)).toBeTruthy();
    expect(figure(rows[1]!, '最高分')).toBe('88.5 / 100');
    expect(figure(rows[1]!, '最近得分')).toBe('72');
    expect(within(rows[1]!).getByText(/最近考试 2026-03-02 08:05/)).toBeTruthy();
    expect(within(rows[1]!).queryByText(/2026-03-04/)).toBeNull();
    expect(figure(rows[2]!, '最高分')).toBe('90 / 100');
    expect(figure(rows[2]!, '最近得分')).toBe('待阅卷');
  });

  it('offers the exams when there is no record', async () => {
    renderApp({ path: '/web/paper', user: learner(), handlers: [api('user/exam/my-paging', pageOf([]))] });
    expect(await screen.findByText('还没有考试记录')).toBeTruthy();
    expect(screen.getByRole('link', { name: '去参加考试' }).getAttribute('href')).toBe('/web/index');
  });

  it('shows a failed load with 重试, never the empty state', async () => {
    let up = false;
    const { user } = renderApp({
      path: '/web/paper',
      user: learner(),
      handlers: [http.post('*/api/user/exam/my-paging', () => (up ? HttpResponse.json({ code: 0, msg: '', data: pageOf([record()]) }) : HttpResponse.error()))],
    });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('加载失败')).toBeTruthy();
    expect(screen.queryByText('还没有考试记录')).toBeNull();
    up = true;
    await user.click(within(alert).getByRole('button', { name: '重试' }));
    expect(await screen.findByText('安全生产考试')).toBeTruthy();
  });
});

describe('attempts of an exam (/web/paper/list/{examId}/{userId})', () => {
  it('asks for the papers of that exam and lists each with state, score, time used and hand type', async () => {
    const requests: any[] = [];
    renderApp({
      path: '/web/paper/list/e1/u1',
      user: learner(),
      handlers: [
        api('paper/paper/paging', (body: any) => {
          requests.push(body);
          return pageOf([
            paper({ id: 'p3', state: PaperState.IN_EXAM, handType: null, userScore: null, passed: null, userTime: 60 }),
            paper({ id: 'p2', state: PaperState.AWAITING_MARK, handType: HandType.DEADLINE, userScore: null, passed: null, userTime: 600 }),
            paper(),
          ]);
        }),
      ],
    });
    const list = await screen.findByRole('list', { name: '考试记录' });
    expect(requests[0]).toMatchObject({ current: 1, params: { examId: 'e1', userId: 'u1' } });
    expect(screen.getByRole('heading', { name: '安全生产考试' })).toBeTruthy();
    const rows = within(list).getAllByTestId('attempt');
    expect(rows).toHaveLength(3);

    // Newest first, numbered from the first attempt.
    expect(within(rows[0]!).getByText('第 3 次')).toBeTruthy();
    expect(within(rows[0]!).getByRole('link', { name: '继续考试' }).getAttribute('href')).toBe('/web/exam/start/p3');

    expect(within(rows[1]!).getAllByText('待阅卷')).toHaveLength(2);
    expect(within(rows[1]!).getByText('考试时间到自动交卷')).toBeTruthy();
    expect(within(rows[1]!).getByText('10分')).toBeTruthy();

    expect(within(rows[2]!).getByText('第 1 次')).toBeTruthy();
    expect(within(rows[2]!).getByText('88.5 / 100 分')).toBeTruthy();
    expect(within(rows[2]!).getByText('12分30秒')).toBeTruthy();
    expect(within(rows[2]!).getByText('考生交卷')).toBeTruthy();
    expect(within(rows[2]!).getByText('通过')).toBeTruthy();
    expect(within(rows[2]!).getByRole('link', { name: '查看第 1 次的结果' }).getAttribute('href')).toBe('/web/exam/result/p1');
    expect(screen.getByRole('link', { name: '错题本' }).getAttribute('href')).toBe('/web/book/list/e1');
  });

  it('says so when the exam has no paper of mine', async () => {
    renderApp({ path: '/web/paper/list/e9/u1', user: learner(), handlers: [api('paper/paper/paging', pageOf([]))] });
    expect(await screen.findByText('没有这场考试的记录')).toBeTruthy();
  });
});
