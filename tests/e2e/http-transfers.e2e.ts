import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { ADMIN, LEARNER_ROLE_ID, apiToken, createUser, signIn, uniqueName } from './support';

/**
 * common/http in a real browser against the real server: it calls with fetch (downloads read as
 * bytes) and uploads with XMLHttpRequest. The unit tests (common/http/client.test.ts) cover the
 * message rules under msw; these check the wire: a spreadsheet saved under the server's name, a
 * multipart logo upload, and a bare 503 or 403 shown in Chinese.
 */

/** A 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

test('the admin exports the user list as a spreadsheet saved under its Chinese name', async ({ page }) => {
  await signIn(page, ADMIN.username, ADMIN.password);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.goto('/admin/sys/user');
  const saved = page.waitForEvent('download');
  await page.getByRole('button', { name: '导出' }).click();
  const download = await saved;
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
  expect(download.suggestedFilename()).toMatch(/用户/);
  const bytes = readFileSync((await download.path())!);
  // An xlsx is a zip: PK\x03\x04.
  expect([...bytes.subarray(0, 4)]).toEqual([0x50, 0x4b, 3, 4]);
  await expect(page.getByText('导出成功!')).toBeVisible();
});

test('the admin uploads a logo as multipart and sees it previewed', async ({ page }) => {
  await signIn(page, ADMIN.username, ADMIN.password);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.goto('/admin/sys/config');
  const sent = page.waitForRequest((r) => r.url().endsWith('/api/sys/file/upload'));
  await page.getByTestId('frontLogo-file').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
  const request = await sent;
  expect(request.headers()['content-type']).toMatch(/^multipart\/form-data; boundary=/);
  expect(request.headers().token).toBeTruthy();
  const preview = page.locator('img[src*="/api/sys/file/get/"]').first();
  await expect(preview).toBeVisible();
  expect(await preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
});

test('a bare 503 (a restart) or 403 (a proxy) reads 请求出现错误！, never an English status line', async ({ page, request }) => {
  const userName = uniqueName('restart');
  await createUser(request, { userName, realName: '重启学员', password: 'Learn1234', roleIds: [LEARNER_ROLE_ID] });
  await signIn(page, userName, 'Learn1234');
  await expect(page).toHaveURL(/\/web\/index$/);
  for (const status of [503, 403]) {
    await page.route('**/api/sys/notice/my-paging', (route) => route.fulfill({ status, contentType: 'text/plain', body: 'Service Unavailable' }));
    await page.goto('/web/notice');
    await expect(page.getByRole('alert').filter({ hasText: '请求出现错误！' }).first()).toBeVisible();
    await expect(page.getByText(/status code/i)).toHaveCount(0);
    await expect(page.getByText('没有找到相关公告')).toHaveCount(0);
    await page.unroute('**/api/sys/notice/my-paging');
  }
});

test('leaving a page while its requests are pending is no failure: no message, the session stays', async ({ page, request, baseURL }) => {
  // The first user-info call of the admin app never answers; the page is left meanwhile.
  const token = await apiToken(request, ADMIN.username, ADMIN.password);
  await page.context().addCookies([{ name: 'token', value: token, url: baseURL! }]);
  let held = false;
  await page.route('**/api/sys/user/info', async (route) => {
    if (held) return route.continue();
    held = true;
    // Never answered: the navigation below cuts it off.
  });
  await page.goto('/admin/dashboard', { waitUntil: 'commit' });
  await expect.poll(() => held).toBe(true);
  await page.goto('/admin/sys/user');
  // The list loads (other tests add users, so the first page need not hold admin itself).
  await expect(page.getByRole('row').filter({ has: page.getByRole('link', { name: '编辑' }) }).first()).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/sys\/user/);
  expect((await page.context().cookies()).find((c) => c.name === 'token')?.value).toBe(token);
  await expect(page.getByText('啊哦，与服务器失去连接了~')).toHaveCount(0);
});
