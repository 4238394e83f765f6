import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ErrorCode } from '../../common/errorCodes';
import { learner, notice, pageOf } from '../testing/fixtures';
import { renderApp } from '../testing/render';
import { api, fail, server, startMockServer } from '../testing/server';
import { setReloadPage } from './chunks';

startMockServer();

/** The notice list's chunk: unreachable while `offline` (as a browser without network fails an import). */
const net = vi.hoisted(() => ({ offline: false, imports: 0, detailGone: false }));
vi.mock('../features/notice/NoticeListPage', async (importOriginal) => {
  net.imports += 1;
  if (net.offline) throw new TypeError('Failed to fetch dynamically imported module: http://localhost/assets/NoticeListPage-abc.js');
  return importOriginal();
});
/** The notice page's chunk, removed by a new release while `detailGone`. */
vi.mock('../features/notice/NoticeDetailPage', async (importOriginal) => {
  if (net.detailGone) throw new TypeError('Failed to fetch dynamically imported module: http://localhost/assets/NoticeDetailPage-old.js');
  return importOriginal();
});

const reload = vi.fn();
let restoreReload: () => void;
beforeEach(() => {
  net.offline = false;
  net.imports = 0;
  net.detailGone = false;
  reload.mockReset();
  restoreReload = setReloadPage(reload);
  sessionStorage.clear();
});
afterEach(() => setReloadPage(restoreReload));

/** GET /api/health: no answer at all while offline. */
const health = () => http.get('*/api/health', () => (net.offline ? HttpResponse.error() : HttpResponse.json({ code: 0, msg: '操作成功', data: { status: 'up' } })));

describe('a page whose code cannot load', { timeout: 60_000 }, () => {
  it('shows the Chinese error page inside the layout, header and all, and 重试 loads the page once the network is back', async () => {
    server.use(health());
    const { user } = renderApp({
      path: '/web/index',
      user: learner(),
      handlers: [api('exam/exam/online-paging', pageOf([])), api('paper/paper/check-process', null), api('sys/notice/my-paging', pageOf([notice({ id: 'n1', title: '停电通知' })]))],
    });
    const nav = await screen.findByRole('navigation', { name: '主导航' });
    net.offline = true;
    await user.click(within(nav).getByRole('link', { name: '系统公告' }));

    const alert = await screen.findByRole('alert', {}, { timeout: 10_000 });
    expect(within(alert).getByRole('heading', { name: '加载失败，请检查网络后重试' })).toBeTruthy();
    // Inside the web layout: the header is still there to go elsewhere, with the section highlighted.
    expect(within(screen.getByRole('navigation', { name: '主导航' })).getByRole('link', { name: '系统公告' }).getAttribute('aria-current')).toBe('page');
    expect(screen.queryByText(/Unexpected Application Error|Hey developer/)).toBeNull();
    // Retried before giving up; offline, the tab is not reloaded (the browser would show its own error page).
    expect(net.imports).toBe(3);
    expect(reload).not.toHaveBeenCalled();

    net.offline = false;
    await user.click(within(alert).getByRole('button', { name: '重试' }));
    expect(await screen.findByText('停电通知', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(reload).not.toHaveBeenCalled();
  });

  it('reloads the tab once when the server answers but the chunk is gone (a new release)', async () => {
    server.use(health());
    const { user } = renderApp({
      path: '/web/notice',
      user: learner(),
      handlers: [api('sys/notice/my-paging', pageOf([notice({ id: 'n1', title: '停电通知' })]))],
    });
    net.detailGone = true;
    await user.click(await screen.findByRole('link', { name: /停电通知/ }));
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1), { timeout: 10_000 });
    // The notice being opened is what loads afresh, not the list the click started from.
    expect(reload).toHaveBeenCalledWith(expect.stringMatching(/\/web\/notice\/detail\/n1$/));
  });
});

describe('an unknown paper', { timeout: 60_000 }, () => {
  it('says 试卷不存在 with the way home, not an offline icon and a pointless 重试', async () => {
    renderApp({
      path: '/web/exam/start/123456',
      user: learner(),
      handlers: [api('paper/paper/paper-detail', () => fail(ErrorCode.NOT_FOUND, '试卷不存在'))],
    });
    const alert = await screen.findByRole('alert', {}, { timeout: 15_000 });
    expect(within(alert).getByText('试卷不存在')).toBeTruthy();
    expect(within(alert).getByRole('link', { name: '返回首页' }).getAttribute('href')).toBe('/');
    expect(within(alert).queryByRole('button', { name: '重试' })).toBeNull();
    expect(within(alert).queryByTestId('CloudOffOutlinedIcon')).toBeNull();
  });
});
