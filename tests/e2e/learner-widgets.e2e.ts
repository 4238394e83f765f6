import { expect, test } from '@playwright/test';
import { ADMIN, LEARNER_ROLE_ID, api, apiToken, createUser, signIn, uniqueName } from './support';

/**
 * The learner build (React 19, vite.learner.config.ts) calls the API with fetch and
 * XMLHttpRequest (common/http). These walk through the widgets that lean hardest on the React
 * runtime — portals and focus traps (Select, Menu, Dialog), controlled checkboxes, react-hook-form
 * validation, lazy components — and through a real multipart upload, in Chromium.
 */
const PASSWORD = 'Learn1234';

/** A 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

test('messages: page size menu, page jumper, filters, select all, mark read and confirmed delete', async ({ page, request }) => {
  const userName = uniqueName('widgets');
  const userId = await createUser(request, { userName, realName: '组件学员', password: PASSWORD, roleIds: [LEARNER_ROLE_ID] });
  const admin = await apiToken(request, ADMIN.username, ADMIN.password);
  for (let i = 1; i <= 12; i++) {
    await api(request, '/api/sys/msg/send', { title: `通知${String(i).padStart(2, '0')}`, content: `第${i}条`, targetType: 1, userIds: [userId] }, admin);
  }

  await signIn(page, userName, PASSWORD);
  await expect(page).toHaveURL(/\/web\/index$/);
  await page.goto('/web/uc?tab=msg');
  const table = page.getByRole('table', { name: '消息列表' });
  const rows = table.locator('tbody tr');
  await expect(rows).toHaveCount(10);
  const pager = page.getByRole('navigation', { name: '分页' });
  await expect(pager.getByText('共 12 条')).toBeVisible();

  // The page jumper (a plain form) and MUI's Pagination.
  await pager.getByLabel('跳转到页码').fill('2');
  await pager.getByLabel('跳转到页码').press('Enter');
  await expect(rows).toHaveCount(2);

  // The page-size Select opens its menu in a portal.
  await pager.getByRole('combobox', { name: '每页条数' }).click();
  await page.getByRole('option', { name: '20 条/页' }).click();
  await expect(page.getByRole('listbox')).toHaveCount(0);
  await expect(rows).toHaveCount(12);

  // Select all, mark read: every row says 已读, the unread filter is empty.
  await table.getByRole('checkbox', { name: '全选' }).check();
  await expect(table.getByRole('checkbox', { name: /^选择 / }).first()).toBeChecked();
  await page.getByRole('button', { name: '标记已读' }).click();
  await expect(page.getByText('已标记为已读')).toBeVisible();
  await expect(table.getByText('未读')).toHaveCount(0);
  await page.getByRole('group', { name: '按阅读状态筛选' }).getByRole('button', { name: '未读' }).click();
  await expect(rows).toHaveCount(0);
  await page.getByRole('group', { name: '按阅读状态筛选' }).getByRole('button', { name: '全部' }).click();
  await expect(rows).toHaveCount(12);

  // Delete two after confirming; cancelling first keeps them.
  await table.getByRole('checkbox', { name: '选择 通知01' }).check();
  await table.getByRole('checkbox', { name: '选择 通知02' }).check();
  await page.getByRole('button', { name: '删除' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '取消' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(rows).toHaveCount(12);
  await page.getByRole('button', { name: '删除' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '删除' }).click();
  await expect(page.getByText('删除成功')).toBeVisible();
  await expect(rows).toHaveCount(10);
  await expect(pager.getByText('共 10 条')).toBeVisible();
  await expect(table.getByText('通知01')).toHaveCount(0);
});

test('password: an empty submit shows the field errors, a valid one changes the password', async ({ page, request }) => {
  const userName = uniqueName('pw');
  await createUser(request, { userName, realName: '改密学员', password: PASSWORD, roleIds: [LEARNER_ROLE_ID] });
  await signIn(page, userName, PASSWORD);
  await expect(page).toHaveURL(/\/web\/index$/);
  await page.goto('/web/uc?tab=password');

  await page.getByRole('button', { name: '确认修改' }).click();
  await expect(page.getByText('请输入旧密码')).toBeVisible();
  await expect(page.getByText('密码不能为空！')).toBeVisible();
  await expect(page.getByText('请再次输入新密码')).toBeVisible();

  await page.getByLabel('旧密码').fill(PASSWORD);
  await page.getByLabel('新密码', { exact: true }).fill('Better5678');
  await page.getByLabel('确认新密码').fill('Better5679');
  await page.getByRole('button', { name: '确认修改' }).click();
  await expect(page.getByText('两次输入的密码不一致')).toBeVisible();
  await page.getByLabel('确认新密码').fill('Better5678');
  await page.getByRole('button', { name: '确认修改' }).click();
  await expect(page.getByText('密码修改成功')).toBeVisible();

  // The new password is the one that signs in now.
  const res = await request.post('/api/sys/user/login', { data: { username: userName, password: 'Better5678' } });
  expect((await res.json()).code).toBe(0);
});

test('profile: the avatar is uploaded as multipart and shown; the phone menu navigates', async ({ page, request }) => {
  const userName = uniqueName('avatar');
  await createUser(request, { userName, realName: '头像学员', password: PASSWORD, roleIds: [LEARNER_ROLE_ID] });
  await signIn(page, userName, PASSWORD);
  await expect(page).toHaveURL(/\/web\/index$/);
  await page.goto('/profile/index');
  await expect(page.getByText('头像学员').first()).toBeVisible();

  const upload = page.waitForRequest((r) => r.url().endsWith('/api/sys/file/upload'));
  await page.getByLabel('选择头像图片').setInputFiles({ name: 'face.png', mimeType: 'image/png', buffer: PNG });
  const sent = await upload;
  expect(sent.headers()['content-type']).toMatch(/^multipart\/form-data; boundary=/);
  expect(sent.headers().token).toBeTruthy();
  await expect(page.getByText('头像已更新')).toBeVisible();
  const avatar = page.getByRole('img', { name: '头像学员' }).first();
  await expect(avatar).toHaveAttribute('src', /\/api\/sys\/file\/get\//);
  expect(await avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);

  // Phone width: the header's lazy menu opens and leads to the notices.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/web/index');
  await page.getByRole('button', { name: '导航菜单' }).click();
  await page.getByRole('menuitem', { name: '系统公告' }).click();
  await expect(page).toHaveURL(/\/web\/notice$/);
  await expect(page.getByRole('menu')).toHaveCount(0);
});
