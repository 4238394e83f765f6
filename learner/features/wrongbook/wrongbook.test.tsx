import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { WrongBookItem } from '../../../common/api/wrongBook';
import type { QuBody, QuPublic } from '../../../common/api/qu';
import { QuType } from '../../../common/codes';
import { learner, pageOf } from '../../testing/fixtures';
import { renderApp } from '../../testing/render';
import { api, startMockServer } from '../../testing/server';

startMockServer();

const item = (over: Partial<WrongBookItem> = {}): WrongBookItem => ({
  id: 'w1',
  examId: 'e1',
  quId: 'q1',
  quType: QuType.SINGLE,
  title: '一加一等于几？',
  wrongCount: 3,
  partial: false,
  createTime: Date.parse('2026-03-01T09:00:00'),
  updateTime: Date.parse('2026-03-02T09:00:00'),
  ...over,
});

const publicQu = (quId: string, content: string): QuPublic => ({
  quId,
  quType: QuType.SINGLE,
  content: `<p>${content}</p>`,
  answerList: [
    { id: 'a', content: '一' },
    { id: 'b', content: '二' },
  ],
  blankCount: 0,
  leftList: [],
  rightList: [],
  subList: [],
});

const fullQu = (content: string): QuBody => ({
  quType: QuType.SINGLE,
  content: `<p>${content}</p>`,
  analysis: '<p>一个加一个是两个。</p>',
  answerList: [
    { id: 'a', content: '一', isRight: false },
    { id: 'b', content: '二', isRight: true },
  ],
});

describe('wrong book list (/web/book/list/{examId})', () => {
  it('lists the questions I got wrong with how often, links to each answer, and removes one after confirming', async () => {
    let items = [item(), item({ id: 'w2', quId: 'q2', quType: QuType.MULTIPLE, title: '选出偶数', wrongCount: 1 })];
    const requests: any[] = [];
    const deleted: any[] = [];
    const { user } = renderApp({
      path: '/web/book/list/e1',
      user: learner(),
      handlers: [
        api('paper/paper/paging', (body: any) => pageOf(body.params?.examId === 'e1' ? [{ id: 'p1', examId: 'e1', title: '安全生产考试' }] : [])),
        api('user/wrong-book/paging', (body: any) => {
          requests.push(body);
          return pageOf(items);
        }),
        api('user/wrong-book/delete', (body: any) => {
          deleted.push(body);
          items = items.filter((i) => !body.ids.includes(i.id));
          return null;
        }),
      ],
    });
    const list = await screen.findByRole('list', { name: '错题列表' });
    expect(requests[0]).toMatchObject({ params: { examId: 'e1' } });
    expect(await screen.findByRole('heading', { name: /^错题本\s*安全生产考试$/ })).toBeTruthy();
    const rows = within(list).getAllByTestId('wrong-item');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('一加一等于几？')).toBeTruthy();
    expect(within(rows[0]!).getByText('答错 3 次')).toBeTruthy();
    expect(within(rows[0]!).getByText('单选题')).toBeTruthy();
    expect(within(rows[0]!).getByRole('link', { name: '查看第 1 题的答案解析' }).getAttribute('href')).toBe('/web/qu/view/q1');
    expect(within(rows[1]!).getByText('多选题')).toBeTruthy();

    // Cancel keeps it.
    await user.click(within(rows[0]!).getByRole('button', { name: '将第 1 题移出错题本' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/确定将这道题移出错题本吗/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(deleted).toHaveLength(0);

    await user.click(within(rows[0]!).getByRole('button', { name: '将第 1 题移出错题本' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '移出' }));
    await waitFor(() => expect(deleted).toEqual([{ ids: ['w1'] }]));
    await waitFor(() => expect(screen.getAllByTestId('wrong-item')).toHaveLength(1));
    expect(screen.queryByText('一加一等于几？')).toBeNull();
    expect(await screen.findByText('已移出错题本')).toBeTruthy();
  });

  it('labels a partly scored question 部分得分, not 答错', async () => {
    renderApp({
      path: '/web/book/list/e1',
      user: learner(),
      handlers: [
        api('paper/paper/paging', pageOf([])),
        api('user/wrong-book/paging', pageOf([item({ id: 'w3', quId: 'q3', quType: QuType.SHORT, title: '谈谈密码管理', wrongCount: 0, partial: true }), item()])),
      ],
    });
    const rows = within(await screen.findByRole('list', { name: '错题列表' })).getAllByTestId('wrong-item');
    expect(within(rows[0]!).getByText('部分得分')).toBeTruthy();
    expect(within(rows[0]!).queryByText(/答错/)).toBeNull();
    expect(within(rows[0]!).getByText('最近作答 2026-03-02 09:00')).toBeTruthy();
    expect(within(rows[1]!).getByText('答错 3 次')).toBeTruthy();
    expect(within(rows[1]!).queryByText('部分得分')).toBeNull();
    expect(screen.getByText('共 2 道题，最近记入的在前')).toBeTruthy();
  });

  it('says the book is empty and offers no walk', async () => {
    renderApp({ path: '/web/book/list/e1', user: learner(), handlers: [api('user/wrong-book/paging', pageOf([])), api('paper/paper/paging', pageOf([]))] });
    expect(await screen.findByText('错题本里没有题目，继续保持！')).toBeTruthy();
    expect((screen.getByRole('button', { name: '开始练习' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('says why an exam keeps its wrong book empty when its results do not release the answers', async () => {
    const held = '考试《安全生产考试》只公布成绩，不公布答案，错题不在错题本中显示';
    renderApp({ path: '/web/book/list/e1', user: learner(), handlers: [api('user/wrong-book/paging', { ...pageOf([]), held }), api('paper/paper/paging', pageOf([]))] });
    expect(await screen.findByText(held)).toBeTruthy();
    expect(screen.queryByText('错题本里没有题目，继续保持！')).toBeNull();
    expect((screen.getByRole('button', { name: '开始练习' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('wrong book walk', () => {
  it('wrong → the right answer and analysis, then next; right → straight on; ends with the tally', async () => {
    const nexts: any[] = [];
    const checks: any[] = [];
    const { user, location } = renderApp({
      path: '/web/book/list/e1',
      user: learner(),
      handlers: [
        api('paper/paper/paging', pageOf([])),
        api('user/wrong-book/paging', pageOf([item(), item({ id: 'w2', quId: 'q2', title: '二加二等于几？' })])),
        api('user/wrong-book/next', (body: any) => {
          nexts.push(body);
          if (!body.quId) return { item: item(), question: publicQu('q1', '一加一等于几？'), index: 1, total: 2 };
          if (body.quId === 'q1') return { item: item({ id: 'w2', quId: 'q2', wrongCount: 1 }), question: publicQu('q2', '四减二等于几？'), index: 2, total: 2 };
          return null;
        }),
        api('user/wrong-book/check', (body: any) => {
          checks.push(body);
          const isRight = body.answers?.[0] === 'b';
          return { isRight, rightAnswer: { answers: ['b'] }, analysis: '<p>一个加一个是两个。</p>', question: fullQu(body.quId === 'q1' ? '一加一等于几？' : '四减二等于几？') };
        }),
      ],
    });
    await user.click(await screen.findByRole('button', { name: '开始练习' }));
    await waitFor(() => expect(location()).toBe('/web/book/list/e1?walk=1'));

    const step = await screen.findByRole('region', { name: '当前错题' });
    expect(within(step).getByText('一加一等于几？')).toBeTruthy();
    expect(within(step).getByText(/第 1 题/)).toBeTruthy();
    expect(nexts[0]).toEqual({ examId: 'e1' });
    // No answer data before answering, and no way to its answer page either.
    expect(screen.queryByText('答案解析')).toBeNull();
    expect(screen.queryByRole('link', { name: '查看试题详情' })).toBeNull();
    expect(screen.queryByText(/一个加一个是两个/)).toBeNull();

    // Submitting nothing is refused on the page.
    await user.click(within(step).getByRole('button', { name: '提交答案' }));
    expect(await screen.findByText('请先作答再提交')).toBeTruthy();
    expect(checks).toHaveLength(0);

    await user.click(within(step).getByRole('radio', { name: 'A. 一' }));
    await user.click(within(step).getByRole('button', { name: '提交答案' }));
    expect(await screen.findByText('回答错误，正确答案和解析如下')).toBeTruthy();
    expect(checks[0]).toEqual({ examId: 'e1', quId: 'q1', answers: ['a'] });
    expect(screen.getByText('一个加一个是两个。')).toBeTruthy();
    expect(screen.getByText('B')).toBeTruthy();
    expect(screen.getByRole('link', { name: '查看试题详情' }).getAttribute('href')).toBe('/web/qu/view/q1');

    await user.click(screen.getByRole('button', { name: '下一题' }));
    const second = await screen.findByRole('region', { name: '当前错题' });
    expect(await within(second).findByText('四减二等于几？')).toBeTruthy();
    expect(nexts.at(-1)).toEqual({ examId: 'e1', quId: 'q1' });

    await user.click(within(second).getByRole('radio', { name: 'B. 二' }));
    await user.click(within(second).getByRole('button', { name: '提交答案' }));
    const done = await screen.findByRole('region', { name: '练习完成' });
    expect(nexts.at(-1)).toEqual({ examId: 'e1', quId: 'q2' });
    expect(within(done).getByText('本轮答对 1 题，答错 1 题')).toBeTruthy();

    await user.click(within(done).getByRole('button', { name: '返回错题本' }));
    await waitFor(() => expect(location()).toBe('/web/book/list/e1'));
    expect(await screen.findByRole('list', { name: '错题列表' })).toBeTruthy();
  });
});

describe('wrong book walk through a combined question and a short answer', () => {
  const combinedPublic: QuPublic = {
    quId: 'c1',
    quType: QuType.COMBINED,
    content: '<p>阅读材料：共享文件夹按部门授权。</p>',
    answerList: [],
    blankCount: 0,
    leftList: [],
    rightList: [],
    subList: [
      { quId: 's1', share: 1, quType: QuType.SINGLE, content: '<p>体现了什么原则？</p>', answerList: [{ id: 'o1', content: '人人可读' }, { id: 'o2', content: '最小权限' }], blankCount: 0, leftList: [], rightList: [] },
      { quId: 's2', share: 1, quType: QuType.FILL, content: '<p>权限每<span data-blank="1"></span>复核一次。</p>', answerList: [], blankCount: 1, leftList: [], rightList: [] },
    ],
  };
  const combinedFull: QuBody = {
    quType: QuType.COMBINED,
    content: combinedPublic.content,
    analysis: '<p>定期复核是最小权限的落实。</p>',
    subList: [
      { id: 's1', quType: QuType.SINGLE, share: 1, content: '<p>体现了什么原则？</p>', analysis: '<p>只给需要的人。</p>', answerList: [{ id: 'o1', content: '人人可读', isRight: false }, { id: 'o2', content: '最小权限', isRight: true }] },
      { id: 's2', quType: QuType.FILL, share: 1, content: '<p>权限每<span data-blank="1"></span>复核一次。</p>', analysis: '<p>材料写明每季度。</p>', blanks: [{ answers: ['季度', '三个月'] }] },
    ],
  };
  const shortPublic: QuPublic = { quId: 'q9', quType: QuType.SHORT, content: '<p>给出两条建议。</p>', answerList: [], blankCount: 0, leftList: [], rightList: [], subList: [] };
  const shortFull: QuBody = { quType: QuType.SHORT, content: shortPublic.content, refAnswer: '<p>先连 VPN。</p>', analysis: '<p>言之有理即可。</p>' };

  /** The server's judgement, as practice judges: each part against its key; a given short answer counts as right. */
  const judged = (body: any) => {
    if (body.quId === 'q9') return { isRight: Boolean(body.answer?.trim()), rightAnswer: { answer: '<p>先连 VPN。</p>' }, analysis: '<p>言之有理即可。</p>', question: shortFull };
    const parts = new Map((body.subAnswers ?? []).map((a: any) => [a.subId, a]));
    const subs = [
      { subId: 's1', isRight: (parts.get('s1') as any)?.answers?.[0] === 'o2', rightAnswer: { answers: ['o2'] } },
      { subId: 's2', isRight: (parts.get('s2') as any)?.blanks?.[0] === '季度', rightAnswer: { blanks: ['季度'] } },
    ];
    return { isRight: subs.every((s) => s.isRight), rightAnswer: {}, analysis: combinedFull.analysis, question: combinedFull, subs };
  };

  it('sends each part, marks each part, shows a given short answer beside its reference as right, and goes straight on when every part is right', async () => {
    const checks: any[] = [];
    const { user } = renderApp({
      path: '/web/book/list/e1?walk=1',
      user: learner(),
      handlers: [
        api('paper/paper/paging', pageOf([])),
        api('user/wrong-book/paging', pageOf([item({ quId: 'c1', quType: QuType.COMBINED }), item({ id: 'w9', quId: 'q9', quType: QuType.SHORT })])),
        api('user/wrong-book/next', (body: any) => {
          if (!body.quId) return { item: item({ quId: 'c1', quType: QuType.COMBINED, wrongCount: 2 }), question: combinedPublic, index: 1, total: 2 };
          if (body.quId === 'c1') return { item: item({ id: 'w9', quId: 'q9', quType: QuType.SHORT }), question: shortPublic, index: 2, total: 2 };
          return null;
        }),
        api('user/wrong-book/check', (body: any) => {
          checks.push(body);
          return judged(body);
        }),
      ],
    });
    let step = await screen.findByRole('region', { name: '当前错题' });
    expect(await within(step).findByText('阅读材料：共享文件夹按部门授权。')).toBeTruthy();
    expect(screen.queryByText(/只给需要的人|定期复核/)).toBeNull();

    // No part answered: refused on the page.
    await user.click(within(step).getByRole('button', { name: '提交答案' }));
    expect(await screen.findByText('请先作答再提交')).toBeTruthy();
    expect(checks).toHaveLength(0);

    // The first part wrong, the second right.
    await user.click(within(step).getByRole('radio', { name: 'A. 人人可读' }));
    await user.type(within(step).getByRole('textbox', { name: '第1空' }), '季度');
    await user.click(within(step).getByRole('button', { name: '提交答案' }));
    expect((await within(step).findByRole('status')).textContent).toBe('答对 1/2 个小题，请看下方各小题的正确答案和解析');
    expect(checks[0]).toEqual({ examId: 'e1', quId: 'c1', subAnswers: [{ subId: 's1', answers: ['o1'] }, { subId: 's2', blanks: ['季度'] }] });
    const first = within(step).getByRole('region', { name: '第1小题' });
    expect(within(first).getByText('答错')).toBeTruthy();
    expect(within(first).getByText(/正确答案：/).textContent).toBe('正确答案：B\u3000你的答案：A');
    expect(within(first).getByText('只给需要的人。')).toBeTruthy();
    const second = within(step).getByRole('region', { name: '第2小题' });
    expect(within(second).getByText('答对')).toBeTruthy();
    expect(within(second).getByText('季度 / 三个月')).toBeTruthy();
    expect(within(step).getByText('定期复核是最小权限的落实。')).toBeTruthy();
    expect(within(step).getByRole('link', { name: '查看试题详情' }).getAttribute('href')).toBe('/web/qu/view/c1');

    // A given short answer: right, but its reference shows for me to check before going on.
    await user.click(within(step).getByRole('button', { name: '下一题' }));
    step = await screen.findByRole('region', { name: '当前错题' });
    expect(await within(step).findByText('给出两条建议。')).toBeTruthy();
    expect(within(step).queryByText('回答正确，继续下一题')).toBeNull();
    await user.type(within(step).getByRole('textbox', { name: '作答' }), '不点链接');
    await user.click(within(step).getByRole('button', { name: '提交答案' }));
    expect((await within(step).findByRole('status')).textContent).toBe('已作答，请对照参考答案和解析自行检查');
    expect(checks[1]).toEqual({ examId: 'e1', quId: 'q9', answer: '不点链接' });
    expect(within(step).getByText('不点链接')).toBeTruthy();
    expect(within(step).getByText('先连 VPN。')).toBeTruthy();
    await user.click(within(step).getByRole('button', { name: '完成练习' }));
    const done = await screen.findByRole('region', { name: '练习完成' });
    expect(within(done).getByText('本轮答对 1 题，答错 1 题')).toBeTruthy();

    // Again, every part right: straight on to the next question.
    await user.click(within(done).getByRole('button', { name: '再练一遍' }));
    step = await screen.findByRole('region', { name: '当前错题' });
    await user.click(await within(step).findByRole('radio', { name: 'B. 最小权限' }));
    await user.type(within(step).getByRole('textbox', { name: '第1空' }), '季度');
    await user.click(within(step).getByRole('button', { name: '提交答案' }));
    expect(await screen.findByText('回答正确，继续下一题')).toBeTruthy();
    expect(await screen.findByText('给出两条建议。')).toBeTruthy();
    expect(checks[2]).toEqual({ examId: 'e1', quId: 'c1', subAnswers: [{ subId: 's1', answers: ['o2'] }, { subId: 's2', blanks: ['季度'] }] });
    expect(screen.queryByRole('region', { name: '第1小题' })).toBeNull();
  });
});
