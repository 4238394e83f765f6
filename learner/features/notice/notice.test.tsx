import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../../../common/errorCodes';
import { HttpMessage } from '../../../common/http';
import { learner, notice, pageOf } from '../../testing/fixtures';
import { renderApp } from '../../testing/render';
import { api, fail, startMockServer } from '../../testing/server';

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

describe('notice list when the server cannot be reached', () => {
  it('shows the failure with 重试 instead of "no notices", and loads on retry', async () => {
    let up = false;
    const { user } = renderApp({
      path: '/web/notice?title=%E8%80%83%E8%AF%95',
      user: learner(),
      handlers: [
        http.post('*/api/sys/notice/my-paging', () =>
          up ? HttpResponse.json({ code: 0, msg: '', data: pageOf([notice({ title: '考试安排' })]) }) : HttpResponse.error(),
        ),
      ],
    });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('加载失败')).toBeTruthy();
    expect(within(alert).getByText(HttpMessage.noConnection)).toBeTruthy();
    expect(screen.queryByText('没有找到相关公告')).toBeNull();
    expect(screen.queryByText('暂无公告')).toBeNull();

    up = true;
    await user.click(within(alert).getByRole('button', { name: '重试' }));
    expect(await screen.findByText('考试安排')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('keeps what it showed, with a warning and 重试, when coming back to the list fails', async () => {
    let up = true;
    const { user } = renderApp({
      path: '/web/notice',
      user: learner(),
      handlers: [
        api('sys/notice/my-paging', () => (up ? pageOf([notice({ id: 'n1', title: '考试安排' })]) : new HttpResponse(null, { status: 500 }))),
        api('sys/notice/my-detail', notice({ id: 'n1', title: '考试安排' })),
      ],
    });
    await user.click(await screen.findByText('考试安排'));
    const back = await screen.findByRole('link', { name: '返回公告列表' });
    up = false;
    await user.click(back);
    expect(await screen.findByText(`刷新失败：${HttpMessage.serverError}`)).toBeTruthy();
    expect(screen.getByText('考试安排')).toBeTruthy();
    up = true;
    await user.click(screen.getByRole('button', { name: '重试' }));
    await waitFor(() => expect(screen.queryByText(/刷新失败/)).toBeNull());
  });

  it('says a later page failed instead of showing an empty list', async () => {
    const many = Array.from({ length: 15 }, (_, i) => notice({ id: `n${i}`, title: `公告 ${i + 1}` }));
    const { user } = renderApp({
      path: '/web/notice',
      user: learner(),
      handlers: [api('sys/notice/my-paging', (b: any) => (b.current === 1 ? pageOf(many, 1, 10) : new HttpResponse(null, { status: 500 })))],
    });
    await screen.findByText('公告 1');
    await user.click(screen.getByRole('button', { name: '第 2 页' }));
    expect(await screen.findByText(HttpMessage.serverError)).toBeTruthy();
    expect(screen.getByRole('button', { name: '重试' })).toBeTruthy();
    expect(screen.queryByText('暂无公告')).toBeNull();
  });
});

describe('list pager', () => {
  it('jumps to a typed page number', async () => {
    const many = Array.from({ length: 35 }, (_, i) => notice({ id: `n${i}`, title: `公告 ${i + 1}` }));
    const { user, location } = renderApp({
      path: '/web/notice',
      user: learner(),
      handlers: [api('sys/notice/my-paging', (b: any) => pageOf(many, b.current, b.size))],
    });
    await screen.findByText('公告 1');
    expect(screen.getByText('共 35 条')).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: '跳转到页码' }), '9{Enter}');
    // Past the last page: the last page.
    await waitFor(() => expect(location()).toBe('/web/notice?page=4'));
    expect(await screen.findByText('公告 35')).toBeTruthy();
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

  it('says a notice is gone without offering a pointless retry', async () => {
    renderApp({
      path: '/web/notice/detail/gone',
      user: learner(),
      handlers: [api('sys/notice/my-detail', () => fail(ErrorCode.NOT_FOUND, '公告不存在或已被删除'))],
    });
    expect(await screen.findByText('公告不存在或已被删除')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '重试' })).toBeNull();
  });

  it('offers 重试 when the notice cannot be loaded', async () => {
    let up = false;
    const { user } = renderApp({
      path: '/web/notice/detail/n7',
      user: learner(),
      handlers: [api('sys/notice/my-detail', () => (up ? notice({ title: '期末考试通知' }) : new HttpResponse(null, { status: 502 })))],
    });
    expect(await screen.findByText(HttpMessage.badGateway)).toBeTruthy();
    up = true;
    await user.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByRole('heading', { name: '期末考试通知' })).toBeTruthy();
  });
});
