import { expect, test, type Page } from '@playwright/test';
import { ADMIN, api, apiToken, signIn, uniqueName } from './support';

const PASSWORD = 'Learn1234';

const badge = (page: Page) => page.getByRole('button', { name: '我的消息' }).locator('.MuiBadge-badge');

test('a learner registers, signs in, sees a new message in the header, reads it and logs out', async ({ page, request }) => {
  const userName = uniqueName('learner');

  await page.goto('/register');
  await page.getByLabel('用户名').fill(userName);
  await page.getByLabel('真实姓名').fill('端到端学员');
  await page.getByLabel('密码', { exact: true }).fill(PASSWORD);
  await page.getByLabel('确认密码').fill(PASSWORD);
  await page.getByRole('button', { name: '注册' }).click();
  await expect(page).toHaveURL(/\/web\/index$/);

  // Registration signs the learner in; log out, then sign in through the login page.
  await page.getByRole('button', { name: '退出登录' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '确定' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, userName, PASSWORD);
  await expect(page).toHaveURL(/\/web\/index$/);

  const nav = page.getByRole('navigation', { name: '主导航' });
  for (const name of ['课程学习', '在线考试', '题库训练', '系统公告', '用户中心']) {
    await expect(nav.getByRole('link', { name })).toBeVisible();
  }
  await expect(nav.getByRole('link', { name: '在线考试' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByText('端到端学员')).toBeVisible();
  await expect(page.getByRole('link', { name: '管理中心' })).toHaveCount(0);
  await expect(badge(page)).toHaveClass(/MuiBadge-invisible/);

  // An administrator sends this learner a message; the header's 20-second poll shows it.
  const admin = await apiToken(request, ADMIN.username, ADMIN.password);
  const found = await api<{ records: Array<{ id: string }> }>(request, '/api/sys/user/paging', { current: 1, size: 10, params: { userName } }, admin);
  await api(request, '/api/sys/msg/send', { title: '考试安排通知', content: '请于周五前完成安全培训考试。', targetType: 1, userIds: [found.records[0].id] }, admin);
  await expect(badge(page)).toHaveText('1', { timeout: 30_000 });
  await expect(badge(page)).not.toHaveClass(/MuiBadge-invisible/);

  // The avatar opens the message tab; reading the message clears the badge.
  await page.getByRole('button', { name: '我的消息' }).click();
  await expect(page).toHaveURL(/\/web\/uc\?tab=msg$/);
  await page.getByRole('table', { name: '消息列表' }).getByText('考试安排通知').click();
  const dialog = page.getByRole('dialog', { name: '考试安排通知' });
  await expect(dialog.getByText('请于周五前完成安全培训考试。')).toBeVisible();
  await dialog.getByRole('button', { name: '关闭' }).click();
  await expect(badge(page)).toHaveClass(/MuiBadge-invisible/);

  await page.getByRole('button', { name: '退出登录' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '确定' }).click();
  await expect(page).toHaveURL(/\/login$/);
  // The session is gone on the server too: the old pages send us back to sign in.
  await page.goto('/web/uc');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fweb%2Fuc$/);
});

test('a learner reads the notices meant for everyone', async ({ page, request }) => {
  const userName = uniqueName('reader');
  const admin = await apiToken(request, ADMIN.username, ADMIN.password);
  await api(request, '/api/sys/user/save', { userName, realName: '读公告', password: PASSWORD, roleIds: ['role_student'] }, admin);
  await signIn(page, userName, PASSWORD);
  await expect(page).toHaveURL(/\/web\/index$/);
  await page.getByRole('navigation', { name: '主导航' }).getByRole('link', { name: '系统公告' }).click();
  await page.getByText('欢迎使用 Examhall 在线考试平台').click();
  await expect(page).toHaveURL(/\/web\/notice\/detail\//);
  await expect(page.getByText('平台提供')).toBeVisible();
  // Route title, then the site name (which another test may have changed on this server).
  const site = await api<{ siteName: string }>(request, '/api/sys/config/detail', { id: 1 });
  await expect(page).toHaveTitle(`公告详情 - ${site.siteName}`);
});
