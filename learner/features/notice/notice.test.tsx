import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { learner, notice, pageOf } from '../../testing/fixtures';
import { renderApp } from '../../testing/render';
import { api, startMockServer } from '../../testing/server';

startMockServer();

const notices = Array.from({ length: 12 }, (_, i) =>
  notice({ id: `n${i + 1}`, title: `公告 ${i + 1}`, publishTime: Date.now() - (i + 1) * 60 * 60_000 }),
);

describe('notice list', () => {
  it('lists my notices with their relative time, pages and searches by title', async () => {
    const requests: any[] = [];
    const { user, location } = renderApp({
      path: '/web/notice',
      user: learner(),
      handlers: [
        api('sys/notice/my-paging', (body: any) => {
          requests.push(body);
          const title: string = body.params?.title ?? '';
          return pageOf(
            notices.filter((n) => n.title.includes(title)),
            body.current,
            body.size,
          );
        }),
      ],
    });
    const list = await screen.findByRole('list', { name: '公告列表' });
    expect(await within(list).findAllByRole('link')).toHaveLength(10);
    const first = within(list).getByRole('link', { name: /公告 1\b/ });
    expect(first.getAttribute('href')).toBe('/web/notice/detail/n1');
    expect(within(first).getByText('1小时前')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: '第 2 页' }));
    await waitFor(() => expect(location()).toBe('/web/notice?page=2'));
    expect(await screen.findByText('公告 12')).toBeTruthy();
    expect(requests.at(-1)).toMatchObject({ current: 2, size: 10 });

    await user.type(screen.getByRole('textbox', { name: '搜索公告标题' }), '公告 3{Enter}');
    await waitFor(() => expect(requests.at(-1)).toMatchObject({ current: 1, params: { title: '公告 3' } }));
    await waitFor(() => expect(within(screen.getByRole('list', { name: '公告列表' })).getAllByRole('link')).toHaveLength(1));
  });

  it('says so when there is no notice', async () => {
    renderApp({ path: '/web/notice', user: learner(), handlers: [api('sys/notice/my-paging', pageOf([]))] });
    expect(await screen.findByText('暂无公告')).toBeTruthy();
  });
});

describe('notice detail', () => {
  it('shows the title, publish time, publisher and the content', async () => {
    let asked: unknown;
    const published = new Date(2026, 0, 15, 9, 30).getTime();
    renderApp({
      path: '/web/notice/detail/n7',
      user: learner(),
      handlers: [
        api('sys/notice/my-detail', (body) => {
          asked = body;
          return notice({ id: 'n7', title: '期末考试通知', publishTime: published });
        }),
      ],
    });
    expect(await screen.findByRole('heading', { name: '期末考试通知' })).toBeTruthy();
    expect(asked).toEqual({ id: 'n7' });
    expect(screen.getByText('发布时间：2026-01-15 09:30')).toBeTruthy();
    expect(screen.getByText('发布人：教务处')).toBeTruthy();
    expect(screen.getByText('下周一').tagName).toBe('STRONG');
    expect(screen.getByRole('img', { name: '考场' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '返回公告列表' }).getAttribute('href')).toBe('/web/notice');
  });
});
