import fs from 'node:fs';
import path from 'node:path';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

export const ADMIN = { username: 'admin', password: 'Admin1234' } as const;
export const LEARNER_ROLE_ID = 'role_student';
export const ADMIN_ROLE_ID = 'role_sa';

/** Calls the API the way the apps do (POST JSON, `token` header) and returns `data`, failing on a non-zero code. */
export async function api<T = any>(request: APIRequestContext, url: string, body: unknown = {}, token?: string): Promise<T> {
  const res = await request.post(url, { data: body as object, headers: token ? { token } : {} });
  const json = await res.json();
  expect(json.code, `${url}: ${json.msg}`).toBe(0);
  return json.data as T;
}

export async function apiToken(request: APIRequestContext, username: string, password: string): Promise<string> {
  return (await api<{ token: string }>(request, '/api/sys/user/login', { username, password })).token;
}

/** Publishes an exam (a new exam is a draft that learners neither see nor start). */
export async function publishExam(request: APIRequestContext, admin: string, examId: string): Promise<void> {
  await api(request, '/api/exam/exam/state', { ids: [examId], state: 0 }, admin);
}

let seq = 0;
/** A unique user name per test run. */
export const uniqueName = (prefix: string) => `${prefix}${Date.now().toString(36)}${(seq++).toString(36)}`;

/** Creates a user through the admin API and returns its id. */
export async function createUser(
  request: APIRequestContext,
  user: { userName: string; realName: string; password: string; roleIds: string[] },
): Promise<string> {
  const admin = await apiToken(request, ADMIN.username, ADMIN.password);
  return (await api<{ id: string }>(request, '/api/sys/user/save', user, admin)).id;
}

/** Signs in through the real /login page. */
export async function signIn(page: Page, username: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('用户名').fill(username);
  await page.getByLabel('密码', { exact: true }).fill(password);
  await page.getByRole('button', { name: '登录' }).click();
}

/** Where a test file's screenshots go: `.tmp/screens/<area>` of the checkout, or `SHOTS_DIR/<area>`. */
export const screensDir = (area: string) => path.resolve(process.env.SHOTS_DIR ?? path.resolve(import.meta.dirname, '../../.tmp/screens'), area);

/**
 * A test file's screenshots, in screensDir(area): each shot is the page as a desktop (1440 × 900
 * unless `desktopWidth`) and a phone (390 × 844) show it, `<name>-desktop.png` and `<name>-phone.png`.
 * A full page is shot from its top; a dialog is shot as the screen shows it (`fullPage: false`: a full
 * page would show the page under it).
 */
export function screenshots(area: string) {
  const dir = screensDir(area);
  return async (page: Page, name: string, { fullPage = true, desktopWidth = 1440 } = {}) => {
    fs.mkdirSync(dir, { recursive: true });
    for (const [label, width, height] of [['desktop', desktopWidth, 900], ['phone', 390, 844]] as const) {
      await page.setViewportSize({ width, height });
      if (fullPage) await page.evaluate(() => window.scrollTo(0, 0));
      await page.waitForTimeout(400);
      await page.screenshot({ path: path.join(dir, `${name}-${label}.png`), fullPage });
    }
    await page.setViewportSize({ width: 1440, height: 900 });
  };
}
