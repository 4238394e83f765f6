import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { learner, pageOf } from '../../testing/fixtures';
import { renderApp } from '../../testing/render';
import { api, startMockServer } from '../../testing/server';

startMockServer();

describe('知识点掌握 in the user centre', { timeout: 30_000 }, () => {
  it('lists my score rate per knowledge point, weakest first, with the wrong book and practice a click away', async () => {
    const asked: unknown[] = [];
    const { user } = renderApp({
      path: '/web/uc',
      user: learner(),
      handlers: [
        api('exam/stats/mastery', (b) => {
          asked.push(b);
          return [
            { tag: '安全', questions: 3, scoreRate: 100 },
            { tag: '急救', questions: 1, scoreRate: 0 },
            { tag: '消防', questions: 2, scoreRate: 66.667 },
          ];
        }),
      ],
    });
    await user.click(await screen.findByRole('tab', { name: '知识点掌握' }));
    const list = await screen.findByRole('list', { name: '知识点掌握' });
    expect(within(list).getAllByRole('listitem').map((li) => li.getAttribute('aria-label'))).toEqual([
      '急救：得分率 0%，1 题',
      '消防：得分率 66.7%，2 题',
      '安全：得分率 100%，3 题',
    ]);
    // Only the weak one is called so.
    expect(within(list).getAllByText('薄弱')).toHaveLength(1);
    expect(within(within(list).getAllByRole('listitem')[0]).getByText('薄弱')).toBeTruthy();
    expect(screen.getByRole('link', { name: '错题本' }).getAttribute('href')).toBe('/web/paper');
    expect(screen.getByRole('link', { name: '去练习' }).getAttribute('href')).toBe('/web/repo');
    // Mine: the server decides which exams count, from no filter at all.
    expect(asked).toEqual([{}]);
    expect(screen.getByRole('tab', { name: '知识点掌握' }).getAttribute('aria-selected')).toBe('true');
  });

  it("links a knowledge point to its wrong questions across exams, and on to the banks that practise it", async () => {
    const books: unknown[] = [];
    const banks: unknown[] = [];
    const { user, location } = renderApp({
      path: '/web/uc?tab=mastery',
      user: learner(),
      handlers: [
        api('exam/stats/mastery', [{ tag: '急救', questions: 1, scoreRate: 0 }]),
        api('user/wrong-book/paging', (b) => {
          books.push(b);
          const at = Date.parse('2026-03-02T09:00:00');
          return pageOf([{ id: 'w1', examId: 'e2', quId: 'q1', quType: 1, title: '心肺复苏按压深度是多少？', wrongCount: 2, partial: false, createTime: at, updateTime: at }]);
        }),
        api('user/repo/paging', (b) => {
          banks.push(b);
          return pageOf([{ id: 'r1', title: '急救知识题库', catName: '', remark: '', quCount: 12, answered: 0, right: 0, selfAssessed: 0, selfRight: 0, lastTime: null }]);
        }),
      ],
    });
    const row = await screen.findByRole('listitem', { name: '急救：得分率 0%，1 题' });
    await user.click(within(row).getByRole('link', { name: '急救的错题' }));
    expect(await screen.findByText('心肺复苏按压深度是多少？')).toBeTruthy();
    expect(location()).toBe('/web/book/point?tag=%E6%80%A5%E6%95%91');
    expect(books).toEqual([{ current: 1, size: 10, params: { tag: '急救' } }]);
    expect(screen.getByText('知识点：急救')).toBeTruthy();
    // The walk goes exam by exam: here the banks of the knowledge point are the way to practise.
    expect(screen.queryByRole('button', { name: '开始练习' })).toBeNull();
    expect(screen.getByRole('link', { name: '知识点掌握' }).getAttribute('href')).toBe('/web/uc?tab=mastery');
    await user.click(screen.getByRole('link', { name: '练习此知识点' }));
    const bank = await screen.findByRole('listitem', { name: '急救知识题库' });
    expect(banks).toEqual([{ current: 1, size: 12, params: { title: '', tag: '急救' } }]);
    expect(screen.getByText(/包含知识点“急救”的题库/)).toBeTruthy();
    expect(within(bank).getByRole('link', { name: '练习知识点 急救：急救知识题库' }).getAttribute('href')).toBe('/web/repo/training/r1/6?tag=%E6%80%A5%E6%95%91');
    // 全部题库 leaves the knowledge point.
    await user.click(screen.getByRole('button', { name: '全部题库' }));
    expect(location()).toBe('/web/repo');
    expect(within(await screen.findByRole('listitem', { name: '急救知识题库' })).getByRole('link', { name: '开始练习 急救知识题库' })).toBeTruthy();
  });

  it('says so when no exam has released its answers yet, and offers practice', async () => {
    renderApp({ path: '/web/uc?tab=mastery', user: learner(), handlers: [api('exam/stats/mastery', [])] });
    expect(await screen.findByText('还没有知识点掌握情况：考试公布答案后，这里会按知识点显示你的得分率')).toBeTruthy();
    expect(screen.getByRole('link', { name: '去练习' }).getAttribute('href')).toBe('/web/repo');
    expect(screen.queryByRole('list', { name: '知识点掌握' })).toBeNull();
  });
});
