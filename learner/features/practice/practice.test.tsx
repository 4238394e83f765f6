import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PracticeFeedback, PracticeRepo, PracticeRepoDetail, Training, TrainingQu, TrainingResult } from '../../../common/api/practice';
import type { QuBody } from '../../../common/api/qu';
import { PracticeMode, QuLevel, QuType } from '../../../common/codes';
import { learner, pageOf } from '../../testing/fixtures';
import { renderApp } from '../../testing/render';
import { api, startMockServer } from '../../testing/server';
import type { TrainingCard } from './api/practice';

startMockServer();

const bank = (over: Partial<PracticeRepo> = {}): PracticeRepo => ({
  id: 'r1',
  title: '信息安全题库',
  catName: '信息安全',
  remark: '常见安全知识',
  quCount: 20,
  answered: 10,
  right: 8,
  selfAssessed: 0,
  selfRight: 0,
  lastTime: Date.now() - 3_600_000,
  ...over,
});

const training = (over: Partial<Training> = {}): Training => ({
  id: 't1',
  repoId: 'r1',
  repoTitle: '信息安全题库',
  mode: PracticeMode.SEQUENTIAL,
  quType: null,
  tag: '',
  total: 3,
  answered: 1,
  right: 1,
  selfAssessed: 0,
  selfRight: 0,
  pending: 0,
  position: 2,
  finished: false,
  createTime: 1,
  updateTime: Date.now(),
  ...over,
});

const detail = (over: Partial<PracticeRepoDetail> = {}): PracticeRepoDetail => ({
  repo: bank(),
  stats: [
    { quType: QuType.SINGLE, level: QuLevel.ORDINARY, count: 12 },
    { quType: QuType.JUDGE, level: QuLevel.HARDER, count: 8 },
  ],
  tags: [{ name: '密码安全', count: 5 }],
  byType: [{ quType: QuType.SINGLE, answered: 10, right: 8, selfAssessed: 0, selfRight: 0 }],
  byTag: [{ tag: '密码安全', answered: 4, right: 1, selfAssessed: 0, selfRight: 0 }],
  wrongCount: 2,
  trainings: [training()],
  ...over,
});

const single: QuBody = {
  quType: QuType.SINGLE,
  content: '<p>密码最少应包含几位？</p>',
  analysis: '<p>解析：至少八位并混合字符类型。</p>',
  answerList: [
    { id: 'o1', content: '四位', isRight: false },
    { id: 'o2', content: '八位', isRight: true },
  ],
};

const quAt = (sequence: number, over: Partial<TrainingQu> = {}): TrainingQu => ({
  sequence,
  total: 3,
  question: {
    quId: `q${sequence}`,
    quType: QuType.SINGLE,
    content: single.content,
    answerList: [
      { id: 'o1', content: '四位' },
      { id: 'o2', content: '八位' },
    ],
    blankCount: 0,
    leftList: [],
    rightList: [],
    subList: [],
  },
  favorite: false,
  answer: null,
  feedback: null,
  ...over,
});

const feedback = (isRight: boolean): PracticeFeedback => ({ isRight, assessment: 'judged', rightAnswer: { answers: ['o2'] }, analysis: single.analysis!, question: single });

const card = (over: Partial<Training> = {}): TrainingCard => ({
  training: training(over),
  items: [1, 2, 3].map((sequence) => ({ sequence, quId: `q${sequence}`, quType: QuType.SINGLE, answered: sequence === 1, isRight: sequence === 1 ? true : null, assessment: sequence === 1 ? 'judged' : null })),
});

describe('bank list', () => {
  it('shows the banks with my progress, searches, and goes on practising', async () => {
    const bodies: any[] = [];
    const { user, location } = renderApp({
      path: '/web/repo',
      user: learner(),
      handlers: [
        api('user/repo/paging', (body: any) => {
          bodies.push(body);
          return pageOf(body.params.title ? [] : [bank()]);
        }),
      ],
    });
    const list = await screen.findByRole('list', { name: '题库列表' });
    const item = within(list).getByRole('listitem', { name: '信息安全题库' });
    expect(within(item).getByText('80%')).toBeTruthy();
    expect(within(item).getByText('50%')).toBeTruthy();
    expect(within(item).getByRole('link', { name: '信息安全题库' }).getAttribute('href')).toBe('/web/repo/view/r1');
    expect(within(item).getByRole('link', { name: '继续练习 信息安全题库' }).getAttribute('href')).toBe('/web/repo/training/r1/1');

    await user.type(screen.getByLabelText('搜索题库名称'), '网络{Enter}');
    expect(await screen.findByText('没有找到相关题库')).toBeTruthy();
    expect(bodies.at(-1)).toMatchObject({ params: { title: '网络' } });
    expect(location()).toBe('/web/repo?title=%E7%BD%91%E7%BB%9C');
  });

  it('shows 重试 when the list fails, never the empty state', async () => {
    renderApp({ path: '/web/repo', user: learner(), handlers: [api('user/repo/paging', () => new Response(null, { status: 500 }))] });
    expect(await screen.findByRole('button', { name: '重试' })).toBeTruthy();
    expect(screen.queryByText('暂时没有开放练习的题库')).toBeNull();
  });

  it('lists my starred questions and unstars one', async () => {
    const stars: any[] = [];
    const { user } = renderApp({
      path: '/web/repo?tab=fav',
      user: learner(),
      handlers: [
        api('user/repo/favorites', pageOf([{ quId: 'q9', repoId: 'r1', repoTitle: '信息安全题库', quType: QuType.JUDGE, title: 'U 盘使用前需要查杀病毒', createTime: Date.now() }])),
        api('user/repo/favorite', (body: any) => {
          stars.push(body);
          return false;
        }),
      ],
    });
    const list = await screen.findByRole('list', { name: '收藏的试题' });
    expect(within(list).getByRole('link', { name: 'U 盘使用前需要查杀病毒' }).getAttribute('href')).toBe('/web/qu/view/q9');
    expect(screen.getByRole('link', { name: '信息安全题库' }).getAttribute('href')).toBe(`/web/repo/training/r1/${PracticeMode.FAVORITE}`);
    await user.click(within(list).getByRole('button', { name: '取消收藏 U 盘使用前需要查杀病毒' }));
    await waitFor(() => expect(stars).toEqual([{ quId: 'q9', favorite: false }]));
  });
});

describe('bank detail', () => {
  it('shows counts and accuracy, and asks continue or start over', async () => {
    const starts: any[] = [];
    const { user, location } = renderApp({
      path: '/web/repo/view/r1',
      user: learner(),
      handlers: [
        api('user/repo/detail', detail()),
        api('user/repo/check', training()),
        api('user/repo/start', (body: any) => {
          starts.push(body);
          return { trainId: 't2' };
        }),
        api('user/repo/card', card()),
        api('user/repo/next', (body: any) => quAt(body.sequence)),
      ],
    });
    const types = await screen.findByRole('table', { name: '题型分布' });
    expect(within(types).getByText('单选题').closest('tr')!.textContent).toContain('80%');
    const tags = screen.getByRole('table', { name: '知识点掌握情况' });
    expect(within(tags).getByText('密码安全').closest('tr')!.textContent).toContain('25%');
    expect(screen.getByRole('button', { name: '错题练习' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: '顺序练习' }));
    const dialog = await screen.findByRole('dialog', { name: '继续上次的练习？' });
    expect(dialog.textContent).toContain('已答 1 / 3 题');
    await user.click(within(dialog).getByRole('button', { name: '重新开始' }));
    await waitFor(() => expect(starts).toEqual([{ repoId: 'r1', mode: PracticeMode.SEQUENTIAL, clear: true }]));
    await waitFor(() => expect(location()).toBe('/web/repo/training/r1/1?trainId=t2'));
  });

  it('picks a type before starting by type, and disables wrong-only with no wrong questions', async () => {
    const starts: any[] = [];
    const { user, location } = renderApp({
      path: '/web/repo/view/r1',
      user: learner(),
      handlers: [
        api('user/repo/detail', detail({ wrongCount: 0 })),
        api('user/repo/check', null),
        api('user/repo/start', (body: any) => {
          starts.push(body);
          return { trainId: 't3' };
        }),
        api('user/repo/card', card()),
        api('user/repo/next', (body: any) => quAt(body.sequence)),
      ],
    });
    expect(((await screen.findByRole('button', { name: '错题练习' })) as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: '题型练习' }));
    const picker = await screen.findByRole('dialog', { name: '选择题型' });
    await user.click(within(picker).getByText('判断题'));
    await waitFor(() => expect(starts).toEqual([{ repoId: 'r1', mode: PracticeMode.BY_TYPE, quType: QuType.JUDGE }]));
    await waitFor(() => expect(location()).toBe('/web/repo/training/r1/3?trainId=t3'));
  });
});

describe('training', () => {
  it('shows no answer before answering, then the verdict, the right answer and the analysis', async () => {
    const fills: any[] = [];
    const { user } = renderApp({
      path: '/web/repo/training/r1/1?trainId=t1',
      user: learner(),
      handlers: [
        // The server's card after the answer: position 2 wrong.
        api('user/repo/card', () => {
          const c = card();
          if (fills.length) c.items[1] = { ...c.items[1], answered: true, isRight: false };
          return c;
        }),
        api('user/repo/next', (body: any) => quAt(body.sequence)),
        api('user/repo/fill', (body: any) => {
          fills.push(body);
          return feedback(false);
        }),
      ],
    });
    // Resumes at the training's position.
    expect(await screen.findByText('密码最少应包含几位？')).toBeTruthy();
    expect(screen.getByText(/第 2 题/)).toBeTruthy();
    expect(screen.queryByText(/解析：/)).toBeNull();
    expect(screen.queryByText(/正确答案/)).toBeNull();

    // Submitting nothing is refused.
    await user.click(screen.getByRole('button', { name: '提交答案' }));
    expect(await screen.findByText('请先作答再提交')).toBeTruthy();
    expect(fills).toEqual([]);

    // A picks the first option, Enter submits.
    await user.keyboard('a');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(fills).toEqual([{ trainId: 't1', quId: 'q2', answers: ['o1'] }]));
    expect(await screen.findByText('回答错误，请看下方的正确答案和解析')).toBeTruthy();
    expect(screen.getByText('解析：至少八位并混合字符类型。')).toBeTruthy();
    expect(screen.getByText(/正确答案：/).textContent).toContain('B');
    // The answer card turns that position red.
    const nav = screen.getAllByRole('navigation', { name: '答题卡' })[0];
    await waitFor(() => expect(within(nav).getByRole('button', { name: '第2题，答错' })).toBeTruthy());
  });

  it('stars the question', async () => {
    const stars: any[] = [];
    const { user } = renderApp({
      path: '/web/repo/training/r1/1?trainId=t1',
      user: learner(),
      handlers: [
        api('user/repo/card', card()),
        api('user/repo/next', (body: any) => quAt(body.sequence)),
        api('user/repo/favorite', (body: any) => {
          stars.push(body);
          return body.favorite;
        }),
      ],
    });
    await user.click(await screen.findByRole('button', { name: '收藏本题' }));
    await waitFor(() => expect(stars).toEqual([{ quId: 'q2', favorite: true }]));
    const star = await screen.findByRole('button', { name: '取消收藏' });
    // Clicked with the mouse, the star may keep the focus; Enter is still the page's (it submits:
    // nothing is chosen yet), not a second click that would take the star back.
    star.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByText('请先作答再提交')).toBeTruthy();
    expect(stars).toHaveLength(1);
    // Reached with Tab, the button takes its Enter itself.
    screen.getByRole('button', { name: '答题卡' }).focus();
    await user.tab();
    expect(document.activeElement).toBe(star);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(stars).toEqual([{ quId: 'q2', favorite: true }, { quId: 'q2', favorite: false }]));
  });

  it('recite mode shows the answer and analysis at once, with nothing to submit', async () => {
    renderApp({
      path: '/web/repo/training/r1/5?trainId=t1',
      user: learner(),
      handlers: [
        api('user/repo/card', card({ mode: PracticeMode.RECITE, answered: 0, right: 0, position: 1 })),
        api('user/repo/next', (body: any) => quAt(body.sequence, { feedback: feedback(true) })),
      ],
    });
    expect(await screen.findByText('解析：至少八位并混合字符类型。')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '提交答案' })).toBeNull();
    expect(screen.queryByText('回答正确')).toBeNull();
  });

  it('starts the training the address asks for and puts its id in the address', async () => {
    const starts: any[] = [];
    const { location } = renderApp({
      path: '/web/repo/training/r1/8?fromTrainId=t1',
      user: learner(),
      handlers: [
        api('user/repo/start', (body: any) => {
          starts.push(body);
          return { trainId: 't9' };
        }),
        api('user/repo/card', card({ id: 't9', mode: PracticeMode.RETRY, position: 1 })),
        api('user/repo/next', (body: any) => quAt(body.sequence)),
      ],
    });
    await waitFor(() => expect(location()).toBe('/web/repo/training/r1/8?trainId=t9'));
    expect(starts[0]).toEqual({ repoId: 'r1', mode: PracticeMode.RETRY, fromTrainId: 't1' });
    expect(await screen.findByText('密码最少应包含几位？')).toBeTruthy();
  });

  it("says why a training cannot start and offers the way back", async () => {
    renderApp({
      path: '/web/repo/training/r1/4',
      user: learner(),
      handlers: [api('user/repo/start', () => new Response(JSON.stringify({ code: 1, msg: '没有需要练习的错题', data: null }), { headers: { 'content-type': 'application/json' } }))],
    });
    expect(await screen.findByText('没有需要练习的错题')).toBeTruthy();
    expect(screen.getByRole('button', { name: '重试' })).toBeTruthy();
  });
});

describe('training a short answer', () => {
  const short: QuBody = { quType: QuType.SHORT, content: '<p>如何识别钓鱼邮件？</p>', analysis: '<p>看发件人与链接。</p>', refAnswer: '<p>核对发件地址，不点陌生链接。</p>' };
  const shortAt = (sequence: number, over: Partial<TrainingQu> = {}): TrainingQu =>
    quAt(sequence, { question: { ...quAt(sequence).question, quType: QuType.SHORT, content: short.content, answerList: [] }, ...over });
  const shortFeedback = (assessment: PracticeFeedback['assessment'], isRight = false): PracticeFeedback => ({
    isRight,
    assessment,
    rightAnswer: { answer: short.refAnswer },
    analysis: short.analysis!,
    question: short,
  });

  it('shows the reference answer, counts nothing right, and takes my 答对 / 答错 as a self-assessment', async () => {
    const sent: { fill: any[]; assess: any[] } = { fill: [], assess: [] };
    const { user } = renderApp({
      path: '/web/repo/training/r1/1?trainId=t1',
      user: learner(),
      handlers: [
        api('user/repo/card', () => {
          const c = card({ answered: 1, right: 1, position: 2 });
          c.items = c.items.map((i) => (i.sequence === 2 ? { ...i, quType: QuType.SHORT } : i));
          if (sent.fill.length) {
            c.items[1] = { ...c.items[1], answered: true, isRight: sent.assess.length ? false : null, assessment: sent.assess.length ? 'self' : 'pending' };
            c.training = { ...c.training, answered: 2, pending: sent.assess.length ? 0 : 1, selfAssessed: sent.assess.length, selfRight: 0 };
          }
          return c;
        }),
        api('user/repo/next', (body: any) => shortAt(body.sequence)),
        api('user/repo/fill', (body: any) => {
          sent.fill.push(body);
          return shortFeedback('pending');
        }),
        api('user/repo/assess', (body: any) => {
          sent.assess.push(body);
          return shortFeedback('self', body.right);
        }),
      ],
    });
    await user.type(await screen.findByRole('textbox'), '随便写点什么');
    await user.click(screen.getByRole('button', { name: '提交答案' }));
    await waitFor(() => expect(sent.fill).toEqual([{ trainId: 't1', quId: 'q2', answer: '随便写点什么' }]));

    // No verdict yet: the reference answer, and the question to me.
    expect(await screen.findByText(/简答题由你自评/)).toBeTruthy();
    expect(screen.getByText('核对发件地址，不点陌生链接。')).toBeTruthy();
    expect(screen.queryByText('回答正确')).toBeNull();
    const panel = screen.getByRole('region', { name: '自评' });
    const nav = screen.getAllByRole('navigation', { name: '答题卡' })[0];
    await waitFor(() => expect(within(nav).getByRole('button', { name: '第2题，待自评' })).toBeTruthy());
    expect(screen.getAllByText(/待自评 1 题/).length).toBeGreaterThan(0);
    // The training's figures count only the server's verdicts as right: the short answer is not among them.
    expect(screen.getAllByText(/答对 1 · 答错 0 · 正确率 100%/).length).toBeGreaterThan(0);

    await user.click(within(panel).getByRole('button', { name: '答错' }));
    await waitFor(() => expect(sent.assess).toEqual([{ trainId: 't1', quId: 'q2', right: false }]));
    expect(await screen.findByText(/自评：答错/)).toBeTruthy();
    expect(screen.queryByRole('region', { name: '自评' })).toBeNull();
    await waitFor(() => expect(within(nav).getByRole('button', { name: '第2题，自评答错' })).toBeTruthy());
    expect(screen.getAllByText(/自评 1 题，答对 0/).length).toBeGreaterThan(0);
  });

  it('says 答对 once, and offers no buttons once I assessed it or the server judged it', async () => {
    const assess: any[] = [];
    const { user } = renderApp({
      path: '/web/repo/training/r1/1?trainId=t1',
      user: learner(),
      handlers: [
        api('user/repo/card', card({ position: 2 })),
        api('user/repo/next', (body: any) =>
          body.sequence === 2
            ? shortAt(2, { answer: { answer: '我的回答' }, feedback: shortFeedback('pending') })
            : shortAt(body.sequence, { answer: { answer: '旧的回答' }, feedback: shortFeedback('self', true) }),
        ),
        api('user/repo/assess', (body: any) => {
          assess.push(body);
          return shortFeedback('self', true);
        }),
      ],
    });
    const panel = await screen.findByRole('region', { name: '自评' });
    await user.click(within(panel).getByRole('button', { name: '答对' }));
    expect(await screen.findByText(/自评：答对/)).toBeTruthy();
    expect(assess).toEqual([{ trainId: 't1', quId: 'q2', right: true }]);
    await user.click(screen.getByRole('button', { name: '上一题' }));
    expect(await screen.findByText(/自评：答对/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: '答错' })).toBeNull();
  });
});

describe('training a combined question', () => {
  const combined: QuBody = {
    quType: QuType.COMBINED,
    content: '<p>阅读材料：小王连上了咖啡店的免费 Wi-Fi。</p>',
    analysis: '<p>公共网络与钓鱼邮件叠加，是常见的攻击场景。</p>',
    subList: [
      { id: 's1', quType: QuType.SINGLE, share: 1, content: '<p>这封邮件最可能是：</p>', analysis: '<p>要求点链接验证是钓鱼的特征。</p>', answerList: [{ id: 'a1', content: '正常通知', isRight: false }, { id: 'a2', content: '钓鱼邮件', isRight: true }] },
      { id: 's2', quType: QuType.FILL, share: 1, content: '<p>权限每<span data-blank="1"></span>复核一次。</p>', analysis: '<p>材料写明每季度复核。</p>', blanks: [{ answers: ['季度', '三个月'] }] },
      { id: 's3', quType: QuType.SHORT, share: 2, content: '<p>给小王两条建议。</p>', analysis: '<p>言之有理即可。</p>', refAnswer: '<p>先连 VPN。</p>' },
    ],
  };
  const publicQu: TrainingQu['question'] = {
    quId: 'q2',
    quType: QuType.COMBINED,
    content: combined.content,
    answerList: [],
    blankCount: 0,
    leftList: [],
    rightList: [],
    subList: [
      { quId: 's1', share: 1, quType: QuType.SINGLE, content: '<p>这封邮件最可能是：</p>', answerList: [{ id: 'a1', content: '正常通知' }, { id: 'a2', content: '钓鱼邮件' }], blankCount: 0, leftList: [], rightList: [] },
      { quId: 's2', share: 1, quType: QuType.FILL, content: '<p>权限每<span data-blank="1"></span>复核一次。</p>', answerList: [], blankCount: 1, leftList: [], rightList: [] },
      { quId: 's3', share: 2, quType: QuType.SHORT, content: '<p>给小王两条建议。</p>', answerList: [], blankCount: 0, leftList: [], rightList: [] },
    ],
  };
  const verdict: PracticeFeedback = {
    isRight: false,
    assessment: 'judged',
    rightAnswer: {},
    analysis: combined.analysis!,
    question: combined,
    subs: [
      { subId: 's1', isRight: false, rightAnswer: { answers: ['a2'] } },
      { subId: 's2', isRight: true, rightAnswer: { blanks: ['季度'] } },
      { subId: 's3', isRight: true, rightAnswer: { answer: '<p>先连 VPN。</p>' } },
    ],
  };
  const combinedCard = () => ({ ...card(), items: card().items.map((i) => (i.sequence === 2 ? { ...i, quType: QuType.COMBINED } : i)) });

  it('sends each part, then marks each part right or wrong with its right answer and analysis', async () => {
    const fills: any[] = [];
    const { user } = renderApp({
      path: '/web/repo/training/r1/1?trainId=t1',
      user: learner(),
      handlers: [
        // The server's card after the answer: position 2 wrong.
        api('user/repo/card', () => {
          const c = combinedCard();
          if (fills.length) c.items[1] = { ...c.items[1], answered: true, isRight: false };
          return c;
        }),
        api('user/repo/next', (body: any) => (body.sequence === 2 ? quAt(2, { question: publicQu }) : quAt(body.sequence))),
        api('user/repo/fill', (body: any) => {
          fills.push(body);
          return verdict;
        }),
      ],
    });
    expect(await screen.findByText('阅读材料：小王连上了咖啡店的免费 Wi-Fi。')).toBeTruthy();
    expect(screen.queryByText(/要求点链接验证/)).toBeNull();
    await user.click(screen.getByRole('radio', { name: 'A. 正常通知' }));
    await user.type(screen.getByRole('textbox', { name: '第1空' }), '三个月');
    await user.type(screen.getByRole('textbox', { name: '作答' }), '先连 VPN');
    await user.click(screen.getByRole('button', { name: '提交答案' }));
    await waitFor(() =>
      expect(fills).toEqual([
        { trainId: 't1', quId: 'q2', subAnswers: [{ subId: 's1', answers: ['a1'] }, { subId: 's2', blanks: ['三个月'] }, { subId: 's3', answer: '先连 VPN' }] },
      ]),
    );

    expect((await screen.findByRole('status')).textContent).toBe('答对 2/3 个小题，请看下方各小题的正确答案和解析');
    const first = screen.getByRole('region', { name: '第1小题' });
    expect(within(first).getByText('答错')).toBeTruthy();
    expect(within(first).getByText(/正确答案：/).textContent).toBe('正确答案：B\u3000你的答案：A');
    expect(within(first).getByText('要求点链接验证是钓鱼的特征。')).toBeTruthy();
    const second = screen.getByRole('region', { name: '第2小题' });
    expect(within(second).getByText('答对')).toBeTruthy();
    expect(within(second).getByText('季度 / 三个月')).toBeTruthy();
    expect(within(second).getByText('材料写明每季度复核。')).toBeTruthy();
    const third = screen.getByRole('region', { name: '第3小题' });
    expect(within(third).getByText('已作答，请自查')).toBeTruthy();
    expect(within(third).getByText('先连 VPN。')).toBeTruthy();
    expect(screen.getByText('公共网络与钓鱼邮件叠加，是常见的攻击场景。')).toBeTruthy();
    const nav = screen.getAllByRole('navigation', { name: '答题卡' })[0];
    await waitFor(() => expect(within(nav).getByRole('button', { name: '第2题，答错' })).toBeTruthy());
  });

  it('shows my kept part answers and the verdicts when I come back to the question', async () => {
    renderApp({
      path: '/web/repo/training/r1/1?trainId=t1',
      user: learner(),
      handlers: [
        api('user/repo/card', combinedCard()),
        api('user/repo/next', (body: any) =>
          quAt(body.sequence, {
            question: publicQu,
            answer: { subAnswers: [{ subId: 's1', answers: ['a2'] }, { subId: 's2', blanks: ['季度'] }] },
            feedback: { ...verdict, subs: [{ ...verdict.subs![0], isRight: true }, verdict.subs![1], { ...verdict.subs![2], isRight: false }] },
          }),
        ),
      ],
    });
    const first = await screen.findByRole('region', { name: '第1小题' });
    expect(within(first).getByText('答对')).toBeTruthy();
    expect(within(first).getByText(/正确答案：/).textContent).toBe('正确答案：B\u3000你的答案：B');
    expect(within(screen.getByRole('region', { name: '第2小题' })).getByText(/你的答案：/).textContent).toContain('季度');
    const third = screen.getByRole('region', { name: '第3小题' });
    expect(within(third).getByText('未作答', { selector: '.MuiChip-label' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '提交答案' })).toBeNull();
  });
});

describe('training result', () => {
  it('shows totals, per type, the missed questions and a retry', async () => {
    const result: TrainingResult = {
      training: training({ answered: 3, right: 2, finished: true }),
      byType: [{ quType: QuType.SINGLE, total: 3, pending: 0, answered: 3, right: 2, selfAssessed: 0, selfRight: 0 }],
      wrong: [{ quId: 'q2', quType: QuType.SINGLE, title: '密码最少应包含几位？', sequence: 2, selfAssessed: false }],
      pending: [],
    };
    renderApp({ path: '/web/repo/repo/t1', user: learner(), handlers: [api('user/repo/result', result)] });
    const missed = await screen.findByRole('list', { name: '答错的题' });
    expect(within(missed).getByRole('link', { name: '密码最少应包含几位？' }).getAttribute('href')).toBe('/web/qu/view/q2');
    expect(screen.getAllByText('67%')).toHaveLength(2);
    expect(screen.getByRole('link', { name: '再练一遍错题' }).getAttribute('href')).toBe(`/web/repo/training/r1/${PracticeMode.RETRY}?fromTrainId=t1`);
  });
});
