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
