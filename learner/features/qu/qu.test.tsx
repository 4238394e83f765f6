import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { QuReview } from '../../../common/api/qu';
import { QuType } from '../../../common/codes';
import { ErrorCode } from '../../../common/errorCodes';
import { learner } from '../../testing/fixtures';
import { renderApp } from '../../testing/render';
import { api, fail, startMockServer } from '../../testing/server';

startMockServer();

const question: QuReview = {
  id: 'q1',
  quType: QuType.MULTIPLE,
  content: '<p>下列哪些是偶数？</p>',
  analysis: '<p>能被二整除的数是偶数。</p>',
  tags: ['数的性质'],
  answerList: [
    { id: 'a', content: '二', isRight: true },
    { id: 'b', content: '三', isRight: false },
    { id: 'c', content: '四', isRight: true },
  ],
};

describe('question view (/web/qu/view/{id})', () => {
  it('shows a question I have earned with its right answers and analysis', async () => {
    const requests: any[] = [];
    renderApp({
      path: '/web/qu/view/q1',
      user: learner(),
      handlers: [
        api('user/qu/detail', (body: any) => {
          requests.push(body);
          return question;
        }),
      ],
    });
    const article = await screen.findByRole('article', { name: '试题' });
    expect(requests).toEqual([{ id: 'q1' }]);
    expect(within(article).getByText('下列哪些是偶数？')).toBeTruthy();
    expect(within(article).getByText('多选题')).toBeTruthy();
    expect(within(article).getByText('数的性质')).toBeTruthy();
    expect(within(article).getByText('AC')).toBeTruthy();
    expect(within(article).getByText('能被二整除的数是偶数。')).toBeTruthy();
  });

  it("shows the server's refusal plainly, with no answer and no retry", async () => {
    renderApp({
      path: '/web/qu/view/q9',
      user: learner(),
      handlers: [http.post('*/api/user/qu/detail', () => fail(ErrorCode.FORBIDDEN, '您还不能查看这道题的答案和解析'))],
    });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('您还不能查看这道题的答案和解析')).toBeTruthy();
    expect(within(alert).getByText(/错题本里的题目/)).toBeTruthy();
    expect(within(alert).queryByRole('button', { name: '重试' })).toBeNull();
    expect(screen.queryByText('答案解析')).toBeNull();
    expect(screen.queryByRole('article')).toBeNull();
  });

  it('offers 重试 when the server cannot be reached', async () => {
    let up = false;
    const { user } = renderApp({
      path: '/web/qu/view/q1',
      user: learner(),
      handlers: [http.post('*/api/user/qu/detail', () => (up ? HttpResponse.json({ code: 0, msg: '', data: question }) : HttpResponse.error()))],
    });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('加载失败')).toBeTruthy();
    up = true;
    await user.click(within(alert).getByRole('button', { name: '重试' }));
    expect(await screen.findByText('下列哪些是偶数？')).toBeTruthy();
  });
});
