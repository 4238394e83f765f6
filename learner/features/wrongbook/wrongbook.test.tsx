import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { WrongBookItem } from '../../../common/api/paper';
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

  it('says the book is empty and offers no walk', async () => {
    renderApp({ path: '/web/book/list/e1', user: learner(), handlers: [api('user/wrong-book/paging', pageOf([])), api('paper/paper/paging', pageOf([]))] });
    expect(await screen.findByText('错题本里没有题目，继续保持！')).toBeTruthy();
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
