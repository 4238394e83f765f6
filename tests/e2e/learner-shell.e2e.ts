import { gzipSync } from 'node:zlib';
import { expect, test, type Page } from '@playwright/test';
import { FIRST_SCREENS } from '../../learner/build/firstScreens';
import { apiToken, createUser, uniqueName } from './support';

const PASSWORD = 'Learn1234';

/** A fresh learner whose session cookie is already in the browser. */
async function signedInLearner(page: Page, request: Parameters<typeof createUser>[0], baseURL: string) {
  const userName = uniqueName('shell');
  await createUser(request, { userName, realName: '外壳学员', password: PASSWORD, roleIds: ['role_student'] });
  const token = await apiToken(request, userName, PASSWORD);
  await page.context().addCookies([{ name: 'token', value: token, url: baseURL }]);
  return userName;
}

test('the sign-in page shows the message another page left for it, until it is closed', async ({ page }) => {
  await page.clock.install();
  // Any page of the site outside the learner app, as the admin app is.
  await page.goto('/favicon.svg');
  // What the admin app leaves before its full-page change when it refuses an administrator.
  await page.evaluate(() =>
    sessionStorage.setItem(
      'examhall:flash',
      JSON.stringify({ message: '您无权访问此系统，请联系管理员进行菜单授权！', type: 'error', at: Date.now() }),
    ),
  );
  await page.goto('/login?redirect=%2Fadmin%2Fdashboard');
  const alert = page.getByRole('alert').filter({ hasText: '您无权访问此系统，请联系管理员进行菜单授权！' });
  await expect(alert).toBeVisible();
  // Readable for as long as it takes, not a 5-second toast.
  await page.clock.runFor(10_000);
  await expect(alert).toBeVisible();
  await alert.getByRole('button').click();
  await expect(alert).toHaveCount(0);
});

test('a failed user-info load ends on the sign-in page with its error text', async ({ page, request, baseURL }) => {
  await signedInLearner(page, request, baseURL!);
  await page.route('**/api/sys/user/info', (route) => route.fulfill({ status: 500, body: 'upstream down' }));
  await page.goto('/web/notice');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('alert').filter({ hasText: '糟糕，服务器开小差了~' })).toBeVisible();
  const cookies = await page.context().cookies();
  expect(cookies.find((c) => c.name === 'token')).toBeUndefined();
});

test('with the server unreachable the notices say so and offer 重试, never "no notices"', async ({ page, request, baseURL }) => {
  await signedInLearner(page, request, baseURL!);
  await page.goto('/web/notice');
  await expect(page.getByRole('list', { name: '公告列表' })).toBeVisible();

  await page.route('**/api/sys/notice/my-paging', (route) => route.abort('internetdisconnected'));
  await page.getByRole('textbox', { name: '搜索公告标题' }).fill('考试');
  await page.getByRole('textbox', { name: '搜索公告标题' }).press('Enter');
  const failure = page.getByRole('alert').filter({ hasText: '加载失败' });
  await expect(failure).toContainText('啊哦，与服务器失去连接了~');
  await expect(page.getByText('没有找到相关公告')).toHaveCount(0);

  await page.unroute('**/api/sys/notice/my-paging');
  await failure.getByRole('button', { name: '重试' }).click();
  await expect(failure).toHaveCount(0);
  // The seeded welcome notice is about the exam platform.
  await expect(page.getByRole('list', { name: '公告列表' })).toBeVisible();
});

test('a notice that cannot be loaded offers 重试', async ({ page, request, baseURL }) => {
  await signedInLearner(page, request, baseURL!);
  await page.goto('/web/notice');
  const first = page.getByRole('list', { name: '公告列表' }).getByRole('link').first();
  const href = await first.getAttribute('href');
  await page.route('**/api/sys/notice/my-detail', (route) => route.abort('internetdisconnected'));
  await page.goto(href!);
  await expect(page.getByRole('alert').filter({ hasText: '加载失败' })).toBeVisible();
  await page.unroute('**/api/sys/notice/my-detail');
  await page.getByRole('button', { name: '重试' }).click();
  await expect(page.getByRole('article').getByRole('heading')).toBeVisible();
});

/** The JS Chromium loads to show a page (gzip, kB): every script response until the page is settled. */
async function firstLoadJs(page: Page, path: string, ready: () => Promise<void>): Promise<number> {
  const scripts = new Map<string, number>();
  page.on('response', async (response) => {
    // Module scripts and their modulepreload links alike.
    if (!new URL(response.url()).pathname.endsWith('.js')) return;
    const body = await response.body().catch(() => null);
    if (body) scripts.set(response.url(), gzipSync(body).length);
  });
  await page.goto(path);
  await ready();
  await page.waitForLoadState('networkidle');
  return [...scripts.values()].reduce((a, b) => a + b, 0) / 1000;
}

test('the sign-in page and the learner home load within their JS budgets', async ({ page, request, baseURL }) => {
  const login = await firstLoadJs(page, '/login', () => expect(page.getByRole('button', { name: '登录' })).toBeVisible());
  test.info().annotations.push({ type: 'first-load JS /login', description: `${login.toFixed(2)} kB gzip` });
  expect(login).toBeLessThanOrEqual(FIRST_SCREENS['/login'].budgetKb);

  const fresh = await page.context().browser()!.newPage();
  await signedInLearner(fresh, request, baseURL!);
  const home = await firstLoadJs(fresh, '/web/index', () => expect(fresh.getByRole('navigation', { name: '主导航' })).toBeVisible());
  test.info().annotations.push({ type: 'first-load JS /web/index', description: `${home.toFixed(2)} kB gzip` });
  console.log(`first-load JS (Chromium, gzip): /login ${login.toFixed(2)} kB, /web/index ${home.toFixed(2)} kB`);
  expect(home).toBeLessThanOrEqual(FIRST_SCREENS['/web/index'].budgetKb);
  await fresh.close();
});

test('messages appear below the header, never over its menu', async ({ page, request, baseURL }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signedInLearner(page, request, baseURL!);
  await page.goto('/web/uc?tab=password');
  await page.getByLabel('旧密码').fill('Wrong1234');
  await page.getByLabel('新密码', { exact: true }).fill('abc123');
  await page.getByLabel('确认新密码').fill('abc123');
  await page.getByRole('button', { name: '确认修改' }).click();
  const toast = page.getByRole('alert').filter({ hasText: '旧密码' });
  await expect(toast).toBeVisible();
  const header = (await page.getByRole('banner').boundingBox())!;
  const box = (await toast.boundingBox())!;
  expect(box.y).toBeGreaterThanOrEqual(header.y + header.height);
});

test('list pages share one content width and reading pages another', async ({ page, request, baseURL }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signedInLearner(page, request, baseURL!);
  // The content column is centred: its width is twice the distance from its left edge (where its
  // heading or back link starts) to the middle of the window.
  const widthFrom = async (anchor: ReturnType<Page['getByRole']>) => {
    const mid = await page.evaluate(() => document.documentElement.clientWidth / 2);
    return Math.round((mid - (await anchor.boundingBox())!.x) * 2);
  };
  const contentWidth = async (path: string, anchor: () => ReturnType<Page['getByRole']>) => {
    await page.goto(path);
    await expect(anchor()).toBeVisible();
    return widthFrom(anchor());
  };
  const notices = await contentWidth('/web/notice', () => page.getByRole('heading', { name: '系统公告' }));
  const userCentre = await contentWidth('/web/uc', () => page.getByRole('heading', { name: '用户中心' }));
  const profile = await contentWidth('/profile/index', () => page.getByRole('heading', { name: '个人资料' }));
  await page.goto('/web/notice');
  await page.getByRole('list', { name: '公告列表' }).getByRole('link').first().click();
  await expect(page.getByRole('article')).toBeVisible();
  const detail = await widthFrom(page.getByRole('link', { name: '返回公告列表' }));
  expect(userCentre).toBe(notices);
  expect(detail).toBe(profile);
  expect(detail).toBeLessThan(notices);
});
