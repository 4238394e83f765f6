import { expect, test } from '@playwright/test';
import { createUser, signIn, uniqueName } from './support';

test('a learner opening the back-office lands on the learner home', async ({ page, request }) => {
  const userName = uniqueName('nosy');
  await createUser(request, { userName, realName: '好奇学员', password: 'Learn1234', roleIds: ['role_student'] });
  await signIn(page, userName, 'Learn1234');
  await expect(page).toHaveURL(/\/web\/index$/);
  await page.goto('/admin/dashboard');
  await expect(page).toHaveURL(/\/web\/index$/);
});

test('a bad token yields the sign-in page', async ({ page, context, baseURL }) => {
  await context.addCookies([{ name: 'token', value: 'not-a-real-token', url: baseURL! }]);
  await page.goto('/web/notice');
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByRole('button', { name: '登录' })).toBeVisible();
  await page.goto('/admin/dashboard');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fadmin%2Fdashboard$/);
});

test('unknown API paths answer a JSON 404, and the apps fall back to their index', async ({ request }) => {
  const api404 = await request.post('/api/nothing/here', { data: {} });
  expect(api404.status()).toBe(404);
  expect((await api404.json()).code).toBe(10010404);
  const deepAdmin = await request.get('/admin/sys/user');
  expect(deepAdmin.headers()['content-type']).toContain('text/html');
  expect(deepAdmin.headers()['cache-control']).toBe('no-cache');
  expect(deepAdmin.headers()['content-security-policy']).toContain("script-src 'self'");
});
