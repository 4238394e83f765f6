import { expect, test } from '@playwright/test';
import { startIdp, type RunningIdp } from '../ssoServers';
import { ADMIN, api, apiToken, screenshots, signIn, uniqueName } from './support';

const shoot = screenshots('sso');
const port = Number(process.env.E2E_PORT ?? 8765);
const site = `http://127.0.0.1:${port}`;
const login = uniqueName('sso');
let idp: RunningIdp;

test.beforeAll(async ({ request }) => {
  idp = await startIdp([{ login, claims: { preferred_username: login, name: '单点登录学员' } }], [`${site}/api/sso/oidc/callback`], [`${site}/login`]);
  const admin = await apiToken(request, ADMIN.username, ADMIN.password);
  await api(
    request,
    '/api/sso/config/save',
    {
      oidc: { enabled: true, issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret, scopes: 'openid profile', nameClaim: 'preferred_username', realNameClaim: 'name', deptClaim: '', autoCreate: true, roleId: 'role_student', publicUrl: '' },
      ldap: { enabled: false, url: '', bindDn: '', bindPassword: '', baseDn: '', userFilter: '', nameAttr: 'uid', realNameAttr: 'cn', deptAttr: '', autoCreate: true, roleId: 'role_student' },
    },
    admin,
  );
});

test.afterAll(async ({ request }) => {
  const admin = await apiToken(request, ADMIN.username, ADMIN.password);
  const off = await api(request, '/api/sso/config/detail', {}, admin);
  await api(request, '/api/sso/config/save', { oidc: { ...off.oidc, enabled: false, hasClientSecret: undefined }, ldap: { ...off.ldap, hasBindPassword: undefined } }, admin);
  await idp?.stop();
});

test('signs in through the organisation\'s IdP and lands signed in; sign-out leaves the IdP too', async ({ page }) => {
  await page.goto('/login');
  const sso = page.getByRole('link', { name: '使用统一身份认证登录' });
  await expect(sso).toBeVisible();
  await shoot(page, 'login-with-sso');

  await sso.click();
  // oidc-provider's own sign-in form, on its own origin.
  await expect(page).toHaveURL(new RegExp(`^${idp.issuer}/interaction/`));
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('any-password');
  await page.getByRole('button', { name: 'Sign-in' }).click();

  // Back through /sync (the token leaves the address at once) to the learner home, signed in.
  await expect(page).toHaveURL(`${site}/web/index`);
  await expect(page.getByText('单点登录学员').first()).toBeVisible();
  expect(await page.evaluate(() => document.cookie)).toMatch(/token=/);
  await shoot(page, 'signed-in-by-sso');

  // Sign-out ends our session, then the IdP's (its own sign-out page).
  await page.getByRole('button', { name: '退出登录' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '确定' }).click();
  await expect(page).toHaveURL(new RegExp(`^${idp.issuer}/session/end`));
  expect(await page.context().cookies(site)).not.toContainEqual(expect.objectContaining({ name: 'token' }));
});

test('the administrator sets single sign-on up under the site settings', async ({ page }) => {
  await signIn(page, ADMIN.username, ADMIN.password);
  await page.waitForURL(/\/admin\//);
  await page.goto('/admin/sys/config');
  await expect(page.getByRole('heading', { name: '统一身份认证' })).toBeVisible();
  // The stored client secret is never shown, only that one is kept.
  await expect(page.getByLabel(/颁发者地址/)).toHaveValue(idp.issuer);
  await expect(page.getByLabel(/客户端密钥/)).toHaveValue('');
  await expect(page.getByText('已保存，留空则保持不变').first()).toBeVisible();
  await page.getByRole('heading', { name: '统一身份认证' }).scrollIntoViewIfNeeded();
  await shoot(page, 'admin-sso-settings');
});
