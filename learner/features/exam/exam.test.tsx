import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ExamForLearner, OnlineExam } from '../../../common/api/exam';
import type { PaperDetail, PaperQu } from '../../../common/api/paper';
import { DisplayMode, ExamOpenType, ExamState, PaperState, QuType, ResultShow } from '../../../common/codes';
import { learner, pageOf } from '../../testing/fixtures';
import { renderApp } from '../../testing/render';
import { api, fail, startMockServer } from '../../testing/server';

startMockServer();

const exam = (over: Partial<OnlineExam> = {}): OnlineExam => ({
  id: 'e1',
  title: '安全知识考试',
  openType: ExamOpenType.PUBLIC,
  state: ExamState.OPEN,
  startTime: null,
  endTime: null,
  totalTime: 30,
  totalScore: 100,
  qualifyScore: 60,
  chance: 2,
  tryCount: 1,
  bestScore: 72.5,
  passed: true,
  openPaperId: null,
  ...over,
});

const forLearner = (over: Partial<ExamForLearner> = {}): ExamForLearner => ({
  ...exam(),
  content: '<p>请独立完成。</p>',
  handMin: 10,
  lateMax: 0,
  resultShow: ResultShow.SCORE,
  displayMode: DisplayMode.STEP,
  leaveLimit: 3,
  fullscreen: false,
  blockPaste: true,
  watermark: true,
  idleLimit: 0,
  quCount: 20,
  ...over,
});

const paper = (over: Partial<PaperDetail> = {}): PaperDetail => ({
  id: 'p1',
  examId: 'e1',
  title: '安全知识考试',
  state: PaperState.IN_EXAM,
  leftSeconds: 1200,
  handInSeconds: 0,
  totalScore: 10,
  groups: [
    {
      title: '一、单选题',
      quType: QuType.SINGLE,
      perScore: 5,
      quList: [
        { quId: 'q1', quType: QuType.SINGLE, sort: 1, answered: false, mark: false },
        { quId: 'q2', quType: QuType.SINGLE, sort: 2, answered: true, mark: true },
      ],
    },
  ],
  displayMode: DisplayMode.STEP,
  leaveLimit: 0,
  leaveCount: 0,
  fullscreen: false,
  blockPaste: false,
  watermark: '',
  idleLimit: 0,
  ...over,
});

const qu = (quId: string): PaperQu => ({
  quId,
  quType: QuType.SINGLE,
  content: `<p>题目${quId}</p>`,
  answerList: [
    { id: 'a', content: '选项甲' },
    { id: 'b', content: '选项乙' },
  ],
  blankCount: 0,
  leftList: [],
  rightList: [],
  subList: [],
  // q2 is saved answered and marked, as the paper's card says.
  saved: quId === 'q2' ? { answers: ['a'], answered: true, mark: true, seq: 3 } : { answered: false, mark: false, seq: 0 },
  subSaved: {},
});

describe('exam list (/web/index)', () => {
  it('lists my exams with their state, window, attempts and best score, and the continue banner', async () => {
    renderApp({
      path: '/web/index',
      user: learner(),
      handlers: [
        api('exam/exam/online-paging', pageOf([exam(), exam({ id: 'e2', title: '已结束的考试', state: ExamState.ENDED, bestScore: null, passed: false })])),
        api('paper/paper/check-process', { id: 'p9', examId: 'e3', title: '正在进行的考试', leftSeconds: 125 }),
      ],
    });
    const list = await screen.findByRole('list', { name: '考试列表' });
    const first = within(list).getByRole('listitem', { name: '安全知识考试' });
    expect(within(first).getByText('进行中')).toBeTruthy();
    expect(within(first).getByText('已考 1 / 2 次')).toBeTruthy();
    expect(within(first).getByText('72.5')).toBeTruthy();
    expect(within(first).getByRole('link', { name: '进入考试' }).getAttribute('href')).toBe('/web/exam/check/e1');
    expect(within(list).getByRole('listitem', { name: '已结束的考试' }).textContent).toContain('查看详情');
    const banner = await screen.findByText(/你有一场考试正在进行/);
    expect(banner.textContent).toContain('02:05');
    expect(screen.getByRole('link', { name: '继续考试' }).getAttribute('href')).toBe('/web/exam/start/p9');
  });

  it('shows a load failure with 重试, never the empty state', async () => {
    renderApp({
      path: '/web/index',
      user: learner(),
      handlers: [api('exam/exam/online-paging', () => new Response(null, { status: 502 })), api('paper/paper/check-process', null)],
    });
    expect(await screen.findByRole('button', { name: '重试' })).toBeTruthy();
    expect(screen.queryByText('暂无可参加的考试')).toBeNull();
  });
});

describe('exam check (/web/exam/check/{id})', () => {
  it("shows the rules and the server's refusal, and keeps the start button off", async () => {
    renderApp({
      path: '/web/exam/check/e1',
      user: learner(),
      handlers: [api('exam/exam/online-detail', forLearner()), api('paper/paper/pre-check', { validated: false, message: '最多允许考试2次' })],
    });
    expect(await screen.findByText('请独立完成。')).toBeTruthy();
    expect(screen.getByText('离开考试页面（切换窗口或标签页）达到 3 次将被强制交卷')).toBeTruthy();
    expect(screen.getByText('开考 10 分钟后才能交卷')).toBeTruthy();
    expect(await screen.findByText('最多允许考试2次')).toBeTruthy();
    expect((screen.getByRole('button', { name: '开始考试' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('asks for the password of a password exam before calling the server, then starts', async () => {
    const calls: any[] = [];
    const { user, location } = renderApp({
      path: '/web/exam/check/e1',
      user: learner(),
      handlers: [
        api('exam/exam/online-detail', forLearner({ openType: ExamOpenType.PASSWORD })),
        api('paper/paper/pre-check', (b: any) => {
          calls.push(b);
          return b.password === 'pw' ? { validated: true, message: '' } : { validated: false, message: '考试密码错误' };
        }),
        api('paper/paper/create-paper', { id: 'p1' }),
        api('paper/paper/paper-detail', paper()),
        api('paper/paper/qu-detail', (b: any) => qu(b.quId)),
      ],
    });
    await user.click(await screen.findByRole('button', { name: '开始考试' }));
    expect(await screen.findByText('请输入考试密码')).toBeTruthy();
    expect(calls).toHaveLength(0);
    await user.type(screen.getByLabelText('考试密码'), 'bad');
    await user.click(screen.getByRole('button', { name: '开始考试' }));
    expect(await screen.findByText('考试密码错误')).toBeTruthy();
    await user.clear(screen.getByLabelText('考试密码'));
    await user.type(screen.getByLabelText('考试密码'), 'pw');
    await user.click(screen.getByRole('button', { name: '开始考试' }));
    await waitFor(() => expect(location()).toBe('/web/exam/start/p1'));
  });
});

describe('exam page (/web/exam/start/{paperId})', () => {
  it('saves a choice at once with a rising seq and shows the acknowledgement; the card follows', async () => {
    const saves: any[] = [];
    const { user } = renderApp({
      path: '/web/exam/start/p1',
      user: learner(),
      handlers: [
        api('paper/paper/paper-detail', paper()),
        api('paper/paper/qu-detail', (b: any) => qu(b.quId)),
        api('paper/paper/fill-answer', (b: any) => {
          saves.push(b);
          return { seq: b.seq, savedAt: Date.UTC(2026, 10, 23, 1, 2, 3) };
        }),
        api('paper/paper/event', { leaveCount: 0, leaveLimit: 0, handed: false }),
      ],
    });
    await user.click(await screen.findByRole('radio', { name: 'B. 选项乙' }));
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0]).toMatchObject({ paperId: 'p1', quId: 'q1', seq: 1, answers: ['b'], mark: false });
    await waitFor(() => expect(screen.getByTestId('save-state').textContent).toMatch(/^已保存 \d\d:02:03$/));
    expect(screen.getByRole('button', { name: '第1题，已答' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '第2题，已答，已标记' })).toBeTruthy();
    expect(screen.getByRole('timer', { name: '剩余时间' }).textContent).toMatch(/^(20:00|19:5\d)$/);
  });

  it('explains handMin instead of handing in early, and lists unanswered questions', async () => {
    const { user } = renderApp({
      path: '/web/exam/start/p1',
      user: learner(),
      handlers: [api('paper/paper/paper-detail', paper({ handInSeconds: 300 })), api('paper/paper/qu-detail', (b: any) => qu(b.quId))],
    });
    await screen.findByRole('radio', { name: 'A. 选项甲' });
    await user.click(screen.getAllByRole('button', { name: '交卷' })[0]);
    expect(await screen.findByText(/开考 5 分钟后才能交卷/)).toBeTruthy();
    expect((screen.getByRole('button', { name: '确定交卷' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('goes to the result for a paper already handed in', async () => {
    const { location } = renderApp({
      path: '/web/exam/start/p1',
      user: learner(),
      handlers: [
        api('paper/paper/paper-detail', paper({ state: PaperState.FINISHED })),
        api('paper/paper/paper-result', { id: 'p1', examId: 'e1', title: '安全知识考试', state: PaperState.FINISHED, handType: 0, resultShow: ResultShow.THANKS, thanks: '谢谢参与', userScore: null, totalScore: null, qualifyScore: null, passed: null, reviewOpen: false, reviewOpensAt: null, groups: [] }),
      ],
    });
    await waitFor(() => expect(location()).toBe('/web/exam/result/p1'));
    expect(await screen.findByText('谢谢参与')).toBeTruthy();
    expect(screen.queryByTestId('user-score')).toBeNull();
  });

  it('reviews each question with its score: right, partly right (部分得分) and wrong apart', async () => {
    const review = (quId: string, score: number, actualScore: number | null, isRight: boolean) => ({
      quId,
      quType: QuType.SHORT,
      question: { quType: QuType.SHORT, content: `<p>题${quId}</p>`, refAnswer: '<p>参考</p>' },
      answer: { answer: '我的回答' },
      score,
      actualScore,
      isRight,
      answered: true,
      comment: '',
      subList: [],
    });
    renderApp({
      path: '/web/exam/result/p1',
      user: learner(),
      handlers: [
        api('paper/paper/paper-result', {
          id: 'p1', examId: 'e1', title: '安全知识考试', state: PaperState.FINISHED, handType: 0, resultShow: ResultShow.REVIEW, thanks: '', userScore: 18,
          totalScore: 30, qualifyScore: 10, passed: true, reviewOpen: true, reviewOpensAt: null,
          groups: [{ title: '简答题', quType: QuType.SHORT, perScore: 10, quList: [review('a', 10, 10, true), review('b', 10, 8, false), review('c', 10, 0, false)] }],
        }),
        api('exam/stats/distribution', () => fail(1, '该考试不公布成绩')),
      ],
    });
    const right = await screen.findByText('10 / 10 分');
    expect(right.closest('.MuiChip-root')!.className).toContain('MuiChip-colorSuccess');
    expect(screen.getByText('8 / 10 分（部分得分）').closest('.MuiChip-root')!.className).toContain('MuiChip-colorWarning');
    expect(screen.getByText('0 / 10 分').closest('.MuiChip-root')!.className).toContain('MuiChip-colorError');
  });
});
