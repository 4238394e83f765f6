import { expect, test, type Page } from '@playwright/test';
import { createUser, LEARNER_ROLE_ID, screenshots, signIn, uniqueName } from './support';

/** Issue 25: never the router's developer page, and the header shows where a page belongs. */

const shoot = screenshots('shell');
const PASSWORD = 'Learner123';

async function signInLearner(page: Page) {
  const userName = uniqueName('shell');
  await createUser(page.request, { userName, realName: '壳测学员', password: PASSWORD, roleIds: [LEARNER_ROLE_ID] });
  await signIn(page, userName, PASSWORD);
  await expect(page).toHaveURL(/\/web\/index$/);
}

const nav = (page: Page) => page.getByRole('navigation', { name: '主导航' });
const developerPage = (page: Page) => page.getByText(/Unexpected Application Error|Hey developer|Failed to fetch dynamically imported module/);

test('offline, a page whose code cannot load shows the Chinese error page inside the layout, and 重试 works once back online', async ({ page, context }) => {
  await signInLearner(page);
  await context.setOffline(true);
  await nav(page).getByRole('link', { name: '系统公告' }).click();

  const alert = page.getByRole('alert');
  await expect(alert.getByRole('heading', { name: '加载失败，请检查网络后重试' })).toBeVisible();
  await expect(developerPage(page)).toHaveCount(0);
  // Inside the layout: the header is there, its section highlighted, and the way elsewhere with it.
  await expect(nav(page).getByRole('link', { name: '系统公告' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('button', { name: '退出登录' })).toBeVisible();
  await shoot(page, 'offline-error');

  // 重试 while still offline: the same page, not the browser's own error page.
  await alert.getByRole('button', { name: '重试' }).click();
  await expect(alert.getByRole('button', { name: '正在重试…' })).toBeDisabled();
  await expect(alert.getByRole('button', { name: '重试' })).toBeEnabled({ timeout: 15_000 });
  await expect(alert.getByRole('heading', { name: '加载失败，请检查网络后重试' })).toBeVisible();
  await expect(page).toHaveURL(/\/web\/notice$/);

  await context.setOffline(false);
  await page.getByRole('alert').getByRole('button', { name: '重试' }).click();
  await expect(page.getByRole('heading', { name: '系统公告' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(developerPage(page)).toHaveCount(0);
});

test('after a release removed the tab’s chunk, the tab reloads once for the new files, then shows the error page instead of looping', async ({ page }) => {
  await signInLearner(page);
  // The exam's answer journal lives in localStorage: a reload keeps it.
  await page.evaluate(() => localStorage.setItem('examhall:paper:p1:journal', '[{"quId":"q1","seq":1}]'));
  let loads = 0;
  page.on('load', () => (loads += 1));
  // A deployment that lost the notice list's file: every request for it answers 404, as the server does for a missing asset.
  await page.route(/\/assets\/NoticeListPage-[^/]*\.js$/, (route) => route.fulfill({ status: 404, contentType: 'text/plain', body: 'Not Found' }));

  await nav(page).getByRole('link', { name: '系统公告' }).click();
  await expect(page.getByRole('alert').getByRole('heading', { name: '加载失败，请检查网络后重试' })).toBeVisible({ timeout: 20_000 });
  expect(loads).toBe(1);
  // Still failing after the reload: no second one.
  await page.waitForTimeout(2_500);
  expect(loads).toBe(1);
  await expect(page).toHaveURL(/\/web\/notice$/);
  expect(await page.evaluate(() => localStorage.getItem('examhall:paper:p1:journal'))).toBe('[{"quId":"q1","seq":1}]');

  await page.unroute(/\/assets\/NoticeListPage-[^/]*\.js$/);
  await page.getByRole('alert').getByRole('button', { name: '重试' }).click();
  await expect(page.getByRole('heading', { name: '系统公告' })).toBeVisible();
});

test('an unknown paper says 试卷不存在 with a link home, not an offline icon and a pointless 重试', async ({ page }) => {
  await signInLearner(page);
  await page.goto('/web/exam/start/123456');
  const alert = page.getByRole('alert');
  await expect(alert.getByText('试卷不存在')).toBeVisible({ timeout: 15_000 });
  await expect(alert.getByRole('button', { name: '重试' })).toHaveCount(0);
  await expect(alert.getByTestId('CloudOffOutlinedIcon')).toHaveCount(0);
  await shoot(page, 'unknown-paper');
  await alert.getByRole('link', { name: '返回首页' }).click();
  await expect(page).toHaveURL(/\/web\/index$/);
});

test('the header highlights the section of every page', async ({ page }) => {
  await signInLearner(page);
  for (const [path, section] of [
    ['/web/exam/check/unknown', '在线考试'],
    ['/web/exam/result/unknown', '在线考试'],
    ['/web/exam/debug', '在线考试'],
    ['/web/paper', '在线考试'],
    ['/web/paper/list/e1/u1', '在线考试'],
    ['/web/book/list/e1', '在线考试'],
    ['/web/qu/view/unknown', '在线考试'],
    ['/profile/index', '用户中心'],
  ] as const) {
    await page.goto(path);
    await expect(nav(page).locator('[aria-current="page"]'), path).toHaveText(section);
  }
  // The question view keeps the section it was opened from.
  await page.goto('/web/repo');
  await expect(nav(page).locator('[aria-current="page"]')).toHaveText('题库训练');
  await page.evaluate(() => {
    window.history.pushState({}, '', '/web/qu/view/unknown');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(page.getByRole('heading', { name: '试题详情' })).toBeVisible();
  await expect(nav(page).locator('[aria-current="page"]')).toHaveText('题库训练');
  await shoot(page, 'header-profile');
});
