import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ADMIN, api, apiToken, LEARNER_ROLE_ID, screenshots, uniqueName } from './support';

const shoot = screenshots('signin-ways');
const root = path.resolve(import.meta.dirname, '../..');
const serverLog = path.join(process.env.E2E_DATA_DIR ?? path.join(root, '.tmp/e2e-data'), 'server.log');

/** The code of the newest SMS to a number, as the server's log gateway wrote it (SMS_PROVIDER=log). */
async function smsCode(mobile: string, scene: string): Promise<string> {
  const masked = `to=${mobile.slice(0, 3)}****${mobile.slice(-4)} scene=${scene} code=`;
  let code: string | undefined;
  await expect
    .poll(() => {
      const lines = fs.readFileSync(serverLog, 'utf8').split('\n').filter((l) => l.includes(masked));
      code = lines.at(-1)?.match(/code=(\d{6})/)?.[1];
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code!;
}

// Other test files share this server: the ways in go back to their defaults afterwards.
test.afterAll(async ({ request }) => {
  const admin = await apiToken(request, ADMIN.username, ADMIN.password);
  const site = await api(request, '/api/sys/config/detail', { id: 1 });
  await api(request, '/api/sys/config/save', { ...site, loginSms: false, resetSms: false, registerReview: false }, admin);
});

let seq = 0;
/** A number nobody else in this run has. */
const newMobile = () => `139${String(Date.now() % 1e7).padStart(7, '0')}${seq++ % 10}`;

async function switchOn(request: APIRequestContext) {
  const admin = await apiToken(request, ADMIN.username, ADMIN.password);
  const site = await api(request, '/api/sys/config/detail', { id: 1 });
  await api(request, '/api/sys/config/save', { ...site, loginSms: true, resetSms: true }, admin);
  return admin;
}

async function learnerWithPhone(request: APIRequestContext) {
  const mobile = newMobile();
  const userName = uniqueName('sms');
  const admin = await apiToken(request, ADMIN.username, ADMIN.password);
  await api(request, '/api/sys/user/save', { userName, realName: '短信学员', password: 'Start123', roleIds: [LEARNER_ROLE_ID], mobile }, admin);
  return { userName, mobile };
}

/** Each test its own client address, so the first code it asks needs no captcha. */
const fromAddress = (page: Page, n: number) => page.setExtraHTTPHeaders({ 'X-Forwarded-For': `10.66.${n}.${Date.now() % 250}` });

for (const [label, width, height] of [['desktop', 1440, 900], ['phone', 390, 844]] as const) {
  test(`signs in with an SMS code and resets a forgotten password (${label})`, async ({ page, request }) => {
    await page.setViewportSize({ width, height });
    await switchOn(request);
    await fromAddress(page, width);
    const { mobile } = await learnerWithPhone(request);

    await page.goto('/login');
    await expect(page.getByRole('tab', { name: '账号登录' })).toHaveAttribute('aria-selected', 'true');
    if (label === 'desktop') await shoot(page, 'login-tabs');
    await page.getByRole('tab', { name: '短信登录' }).click();
    // The number is checked before anything is sent.
    await page.getByLabel('手机号').fill('12345');
    await page.getByRole('button', { name: '获取验证码' }).click();
    await expect(page.getByText('手机号码格式不正确!').first()).toBeVisible();
    await page.getByLabel('手机号').fill(mobile);
    await page.getByRole('button', { name: '获取验证码' }).click();
    // The page counts the minute down.
    await expect(page.getByRole('button', { name: /\d+秒后重发/ })).toBeDisabled();
    if (label === 'desktop') await shoot(page, 'login-sms-countdown');
    await page.getByLabel('短信验证码').fill(await smsCode(mobile, 'login'));
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await expect(page).toHaveURL(/\/web\/index$/);

    // Forgot password, from the sign-in page's link, by a code to another learner's phone.
    const forgetful = await learnerWithPhone(request);
    await page.context().clearCookies();
    await page.goto('/login');
    await page.getByRole('link', { name: '忘记密码？' }).click();
    await expect(page).toHaveURL(/\/forgot$/);
    await expect(page.getByRole('heading', { name: '找回密码' })).toBeVisible();
    if (label === 'desktop') await shoot(page, 'forgot');
    await page.getByLabel('绑定的手机号').fill(forgetful.mobile);
    // From another address: this one has been sent a code already, which asks a captcha.
    await fromAddress(page, width + 1);
    await page.getByRole('button', { name: '获取验证码' }).click();
    await expect(page.getByRole('button', { name: /\d+秒后重发/ })).toBeVisible();
    await page.getByLabel('验证码', { exact: true }).fill(await smsCode(forgetful.mobile, 'reset'));
    await page.getByLabel('新密码', { exact: true }).fill('abcdef');
    await page.getByLabel('确认新密码').fill('abcdef');
    await page.getByRole('button', { name: '重置密码' }).click();
    await expect(page.getByText('密码至少6位，且必须同时包含字母和数字！')).toBeVisible();
    await page.getByLabel('新密码', { exact: true }).fill('Reset2026');
    await page.getByLabel('确认新密码').fill('Reset2026');
    await page.getByRole('button', { name: '重置密码' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText('密码已重置，请使用新密码登录')).toBeVisible();

    // The new password signs in; the old one no longer does.
    await page.getByLabel('用户名').fill(forgetful.userName);
    await page.getByLabel('密码', { exact: true }).fill('Reset2026');
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await expect(page).toHaveURL(/\/web\/index$/);
  });
}

test('asks a captcha of an address that has been sent a code before', async ({ page, request }) => {
  await switchOn(request);
  await fromAddress(page, 7);
  const first = await learnerWithPhone(request);
  const second = await learnerWithPhone(request);
  await page.goto('/login');
  await page.getByRole('tab', { name: '短信登录' }).click();
  await page.getByLabel('手机号').fill(first.mobile);
  await page.getByRole('button', { name: '获取验证码' }).click();
  await expect(page.getByRole('button', { name: /\d+秒后重发/ })).toBeVisible();
  await page.reload();
  await page.getByRole('tab', { name: '短信登录' }).click();
  await page.getByLabel('手机号').fill(second.mobile);
  await page.getByRole('button', { name: '获取验证码' }).click();
  await expect(page.getByRole('img', { name: '图形验证码' })).toBeVisible();
  await expect(page.getByRole('button', { name: '验证并发送' })).toBeVisible();
  await shoot(page, 'login-captcha');
});

test('a registration awaits review; the administrator approves it from the user list', async ({ page, request }) => {
  const admin = await apiToken(request, ADMIN.username, ADMIN.password);
  const site = await api(request, '/api/sys/config/detail', { id: 1 });
  await api(request, '/api/sys/config/save', { ...site, allowRegister: true, registerReview: true }, admin);
  const userName = uniqueName('rev');

  await page.goto('/register');
  await page.getByLabel('用户名').fill(userName);
  await page.getByLabel('真实姓名').fill('待审学员');
  await page.getByLabel('密码', { exact: true }).fill('Wait1234');
  await page.getByLabel('确认密码').fill('Wait1234');
  await page.getByRole('button', { name: /注册/ }).click();
  await expect(page.getByText('注册成功，请等待管理员审核').first()).toBeVisible();

  await page.goto('/login');
  await page.getByLabel('用户名').fill(userName);
  await page.getByLabel('密码', { exact: true }).fill('Wait1234');
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page.getByText('账号正在等待管理员审核，审核通过后即可登录')).toBeVisible();

  await page.getByLabel('用户名').fill(ADMIN.username);
  await page.getByLabel('密码', { exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.goto('/admin/sys/config');
  await expect(page.getByRole('switch', { name: /短信验证码登录/ })).toBeVisible();
  await shoot(page, 'admin-config');
  await page.goto('/admin/sys/user');
  // Pending registrations come first.
  const first = page.getByRole('row').nth(1);
  await expect(first.getByText('待审核')).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: userName });
  await row.getByRole('checkbox').check();
  await expect(page.getByRole('button', { name: '审核通过' })).toBeVisible();
  await shoot(page, 'admin-review', { fullPage: false });
  await page.getByRole('button', { name: '审核通过' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '确定' }).click();
  await expect(row.getByText('正常', { exact: true })).toBeVisible();
  await api(request, '/api/sys/config/save', { ...site, registerReview: false }, admin);

  // The approved learner signs in and finds the message.
  const token = await apiToken(request, userName, 'Wait1234');
  expect((await api<{ unreadMsg: number }>(request, '/api/sys/user/info', {}, token)).unreadMsg).toBe(1);
});

test('the user centre binds a phone with a code', async ({ page, request }) => {
  await switchOn(request);
  await fromAddress(page, 9);
  const userName = uniqueName('bind');
  const admin = await apiToken(request, ADMIN.username, ADMIN.password);
  await api(request, '/api/sys/user/save', { userName, realName: '绑定学员', password: 'Start123', roleIds: [LEARNER_ROLE_ID] }, admin);
  await page.goto('/login');
  await page.getByLabel('用户名').fill(userName);
  await page.getByLabel('密码', { exact: true }).fill('Start123');
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page).toHaveURL(/\/web\/index$/);
  await page.goto('/web/uc');
  await page.getByRole('button', { name: '绑定', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: '绑定手机号' });
  const mobile = newMobile();
  await dialog.getByLabel('新手机号').fill(mobile);
  await dialog.getByRole('button', { name: '获取验证码' }).click();
  await dialog.getByLabel('短信验证码').fill(await smsCode(mobile, 'bind'));
  await shoot(page, 'uc-bind', { fullPage: false });
  await dialog.getByRole('button', { name: '确定' }).click();
  // Bound, the closing dialog is titled 更换手机号 while it fades: wait for no dialog at all.
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByLabel('手机号', { exact: true })).toHaveValue(mobile);
  await expect(page.getByRole('button', { name: '更换', exact: true })).toBeVisible();
});
