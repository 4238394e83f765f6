import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { learner } from '../../testing/fixtures';
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

  it('says so when no exam has released its answers yet, and offers practice', async () => {
    renderApp({ path: '/web/uc?tab=mastery', user: learner(), handlers: [api('exam/stats/mastery', [])] });
    expect(await screen.findByText('还没有知识点掌握情况：考试公布答案后，这里会按知识点显示你的得分率')).toBeTruthy();
    expect(screen.getByRole('link', { name: '去练习' }).getAttribute('href')).toBe('/web/repo');
    expect(screen.queryByRole('list', { name: '知识点掌握' })).toBeNull();
  });
});
