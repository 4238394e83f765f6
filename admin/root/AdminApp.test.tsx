import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { takeFlash } from '../../common/flash';
import { getToken } from '../../common/http';
import { NO_MENU_MESSAGE } from '../../common/routing';
import { learnerUser } from '../testing/fixtures';
import { renderAdmin } from '../testing/renderAdmin';
import { setupMswServer } from '../testing/server';

setupMswServer();

describe('AdminApp access', { timeout: 20_000 }, () => {
  it('sends a learner opening the back-office to /web/index', async () => {
    const { leftTo } = renderAdmin({ path: '/dashboard', user: learnerUser, routes: [] });
    await waitFor(() => expect(leftTo).toEqual(['/web/index']));
    expect(screen.queryByRole('navigation', { name: '主菜单' })).toBeNull();
  });

  it('refuses an administrator without menus and sends them to sign in', async () => {
    const { leftTo } = renderAdmin({ path: '/sys/user', routes: [] });
    expect(await screen.findByText(NO_MENU_MESSAGE)).toBeTruthy();
    await waitFor(() => expect(leftTo).toEqual(['/login?redirect=%2Fadmin%2Fsys%2Fuser']));
    expect(getToken()).toBeUndefined();
    // The sign-in page reads it after the page change.
    expect(takeFlash()?.message).toBe(NO_MENU_MESSAGE);
  });

  it('sends a visitor without a token to sign in', async () => {
    const { leftTo } = renderAdmin({ path: '/dashboard', signedIn: false });
    await waitFor(() => expect(leftTo).toEqual(['/login?redirect=%2Fadmin%2Fdashboard']));
  });

  it('speaks English when chosen', async () => {
    renderAdmin({ locale: 'en' });
    expect(await screen.findByText('Welcome back, 系统管理员', undefined, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Toggle sidebar' })).toBeTruthy();
  });
});
