import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MSG_POLL_MS } from '../../common/constants';
import { ErrorCode } from '../../common/errorCodes';
import { getToken } from '../../common/http';
import { scopedStorage, sessionScope } from '../../common/storage';
import { admin, learner, notice, pageOf } from '../testing/fixtures';
import { renderApp } from '../testing/render';
import { api, fail, startMockServer } from '../testing/server';

startMockServer();

const badgeOf = async () => {
  const button = await screen.findByRole('button', { name: '我的消息' });
  return button.querySelector('.MuiBadge-badge') as HTMLElement;
};

describe('learner header', () => {
  it('hides the unread badge at 0', async () => {
    renderApp({ path: '/web/index', user: learner({ unreadMsg: 0 }) });
    await screen.findByText('张三');
    const badge = await badgeOf();
    expect(badge.classList.contains('MuiBadge-invisible')).toBe(true);
  });

  it('caps the unread badge at 99+', async () => {
    renderApp({ path: '/web/index', user: learner({ unreadMsg: 120 }) });
    await screen.findByText('张三');
    const badge = await badgeOf();
    expect(badge.textContent).toBe('99+');
    expect(badge.classList.contains('MuiBadge-invisible')).toBe(false);
  });

  it('asks for the unread count every 20 seconds, not at once (the user info carried it)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      let count = 0;
      let asked = 0;
      renderApp({
        path: '/web/index',
        user: learner({ unreadMsg: 0 }),
        handlers: [
          api('sys/user/msg/count-unread', () => {
            asked += 1;
            return count;
          }),
        ],
      });
      await screen.findByText('张三');
      expect(asked).toBe(0);
      count = 3;
      await vi.advanceTimersByTimeAsync(MSG_POLL_MS);
      await waitFor(async () => expect((await badgeOf()).textContent).toBe('3'));
      expect(asked).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows the site name, the five menu buttons and highlights the section of the page', async () => {
    renderApp({
      path: '/web/notice/detail/n1',
      user: learner(),
      handlers: [api('sys/notice/my-detail', notice())],
    });
    const nav = await screen.findByRole('navigation', { name: '主导航' });
    const labels = within(nav)
      .getAllByRole('link')
      .map((a) => a.textContent);
    expect(labels).toEqual(['课程学习', '在线考试', '题库训练', '系统公告', '用户中心']);
    expect(within(nav).getByRole('link', { name: '系统公告' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('link', { name: '在线考试' }).getAttribute('aria-current')).toBeNull();
    expect(screen.getAllByText('测试考试平台').length).toBeGreaterThan(0);
    expect(screen.getByText('© 2026 测试单位')).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('公告详情 - 测试考试平台'));
  });

  it('highlights the section a page belongs to: the profile is the user centre, and a question keeps the section it was opened from', async () => {
    const { router } = renderApp({
      path: '/profile/index',
      user: learner(),
      handlers: [
        api('user/qu/detail', () => fail(ErrorCode.FORBIDDEN, '您还不能查看这道题的答案')),
        api('user/wrong-book/paging', pageOf([])),
        api('paper/paper/paging', pageOf([])),
      ],
    });
    const nav = await screen.findByRole('navigation', { name: '主导航' });
    const current = () => within(nav).getAllByRole('link').filter((a) => a.getAttribute('aria-current') === 'page').map((a) => a.textContent);
    await waitFor(() => expect(current()).toEqual(['用户中心']));
    await act(() => router.navigate('/web/qu/view/q1'));
    expect(await screen.findByText('您还不能查看这道题的答案')).toBeTruthy();
    expect(current()).toEqual(['用户中心']);
    await act(() => router.navigate('/web/book/list/e1'));
    await waitFor(() => expect(current()).toEqual(['在线考试']));
  });

  it('opens the message tab of the user centre from the avatar', async () => {
    const { user, location } = renderApp({
      path: '/web/notice',
      user: learner(),
      handlers: [api('sys/notice/my-paging', pageOf([])), api('sys/user/msg/paging', pageOf([]))],
    });
    await user.click(await screen.findByRole('button', { name: '我的消息' }));
    await waitFor(() => expect(location()).toBe('/web/uc?tab=msg'));
    expect(await screen.findByRole('tab', { name: '我的消息', selected: true })).toBeTruthy();
  });

  it('shows the admin-centre link to administrators only', async () => {
    renderApp({ path: '/web/index', user: admin() });
    const link = await screen.findByRole('link', { name: '管理中心' });
    expect(link.getAttribute('href')).toBe('/admin/dashboard');
  });

  it('has no admin-centre link for learners', async () => {
    renderApp({ path: '/web/index', user: learner() });
    await screen.findByText('张三');
    expect(screen.queryByRole('link', { name: '管理中心' })).toBeNull();
  });

  it('asks before logging out, and keeps the session on cancel', async () => {
    const { user, location } = renderApp({ path: '/web/index', user: learner() });
    await user.click(await screen.findByRole('button', { name: '退出登录' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('确定要退出登录吗？')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(getToken()).toBe('test-token');
    expect(location()).toBe('/web/index');
  });

  it("logs out on confirmation: server session revoked, token and the session's stored keys cleared, back to /login", async () => {
    let revoked = false;
    const { user, location } = renderApp({
      path: '/web/index',
      user: learner(),
      handlers: [
        api('sys/user/logout', () => {
          revoked = true;
          return null;
        }),
      ],
    });
    sessionScope.local.set('draft', 'x');
    sessionScope.tab.set('view', 'y');
    // The exam page's answer journal must survive a sign-out (it is replayed after the next sign-in).
    scopedStorage('journal').set('paper-1', { q1: 'A' });
    localStorage.setItem('another-app', 'keep');
    await user.click(await screen.findByRole('button', { name: '退出登录' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(location()).toBe('/login'));
    expect(revoked).toBe(true);
    expect(getToken()).toBeUndefined();
    expect(sessionScope.local.get('draft')).toBeUndefined();
    expect(sessionScope.tab.get('view')).toBeUndefined();
    expect(scopedStorage('journal').get('paper-1')).toEqual({ q1: 'A' });
    expect(localStorage.getItem('another-app')).toBe('keep');
    expect(await screen.findByRole('button', { name: '登录' })).toBeTruthy();
  });
});
