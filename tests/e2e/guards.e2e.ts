import { expect, test } from '@playwright/test';
import { ADMIN, api, apiToken, createUser, signIn, uniqueName } from './support';

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

test('an administrator without menus is refused and reads why on the sign-in page', async ({ page, request }) => {
  const refusal = '您无权访问此系统，请联系管理员进行菜单授权！';
  const admin = await apiToken(request, ADMIN.username, ADMIN.password);
  const roleCode = uniqueName('bare');
  const role = await api<{ id: string }>(request, '/api/sys/role/save', { roleCode, roleName: `无菜单${roleCode}`, roleType: 2, remark: '', menuIds: [] }, admin);
  const userName = uniqueName('nomenu');
  await createUser(request, { userName, realName: '无菜单管理员', password: 'Staff1234', roleIds: [role.id] });

  await signIn(page, userName, 'Staff1234');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fadmin%2Fdashboard$/);
  // The learner app's sign-in page shows the message it was handed across the page change; until
  // it does, the message is still waiting for it in this tab's sessionStorage.
  await expect
    .poll(async () => {
      if (await page.getByText(refusal).count()) return 'shown';
      const waiting = await page.evaluate(() => sessionStorage.getItem('examhall:flash') ?? '');
      return waiting.includes(refusal) ? 'carried' : 'lost';
    })
    .not.toBe('lost');
  // Signed out: the admin area sends them to sign in again.
  await page.goto('/admin/dashboard');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fadmin%2Fdashboard$/);
});
