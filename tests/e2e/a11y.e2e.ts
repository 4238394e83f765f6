import fs from 'node:fs';
import { createRequire } from 'node:module';
import { expect, test, type Page } from '@playwright/test';
import type { AxeResults } from 'axe-core';
import { ADMIN, api, apiToken, signIn } from './support';

/**
 * axe-core (WCAG 2 A and AA rules) on the main pages of both apps, signed in as the demo learner
 * and as the administrator, on a desktop and a phone: no violation is allowed.
 */
/** axe's source, run by evaluate: the apps' CSP (script-src 'self') refuses an added script tag. */
const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const LEARNER_PASSWORD = 'Demo12345';
const VIEWPORTS = [
  { label: 'desktop', width: 1440, height: 900 },
  { label: 'phone', width: 390, height: 844 },
] as const;

/** Each violation as one readable line per element: rule, what it found and where. */
function describe(violations: AxeResults['violations']) {
  return violations
    .flatMap((v) => v.nodes.map((n) => `${v.id} (${v.impact}) ${n.target.join(' ')}: ${n.failureSummary?.replace(/\s+/g, ' ') ?? v.help}`))
    .join('\n');
}

async function expectNoViolations(page: Page, where: string) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const results = await window.axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa'] } });
    return results.violations;
  });
  expect.soft(violations, `${where}:\n${describe(violations)}`).toEqual([]);
}

/** Opens a page and checks it at each width, once `ready` (a landmark of its content) shows. */
async function check(page: Page, url: string, ready: (page: Page) => Promise<void>) {
  await page.goto(url);
  for (const { label, width, height } of VIEWPORTS) {
    await page.setViewportSize({ width, height });
    await ready(page);
    await expectNoViolations(page, `${url} (${label})`);
  }
}

declare global {
  interface Window {
    axe: typeof import('axe-core');
  }
}

test('the sign-in page and the five learner sections pass axe (WCAG 2 A, AA)', async ({ page, request }) => {
  test.setTimeout(120_000);
  // The demo learner (张同学, with the demo notices and messages), on a password the test knows.
  const admin = await apiToken(request, ADMIN.username, ADMIN.password);
  const users = await api<{ records: Array<{ id: string }> }>(request, '/api/sys/user/paging', { current: 1, size: 1, params: { userName: 'student' } }, admin);
  await api(request, '/api/sys/user/reset-pass', { ids: [users.records[0].id], password: LEARNER_PASSWORD }, admin);

  await check(page, '/login', (p) => expect(p.getByRole('button', { name: '登录' })).toBeVisible());
  await signIn(page, 'student', LEARNER_PASSWORD);
  await expect(page).toHaveURL(/\/web\/index$/);

  await check(page, '/web/index', (p) => expect(p.getByRole('listitem', { name: '信息安全知识测验（演示）' })).toBeVisible());
  await check(page, '/web/repo', (p) => expect(p.getByRole('link', { name: /信息安全/ }).first()).toBeVisible());
  await check(page, '/web/course', (p) => expect(p.getByRole('link', { name: /平台学习入门/ })).toBeVisible());
  // The demo course's page: its outline (chapter headings and lists) beside the file.
  await page.getByRole('link', { name: /平台学习入门/ }).click();
  await expect(page).toHaveURL(/\/web\/course\/view\//);
  await check(page, new URL(page.url()).pathname, (p) => expect(p.getByRole('list', { name: '第一章 认识课程学习' })).toBeVisible());
  await check(page, '/web/notice', (p) => expect(p.getByText('欢迎使用 Examhall 在线考试平台')).toBeVisible());
  await check(page, '/web/uc', (p) => expect(p.getByRole('tab', { name: '我的资料', selected: true })).toBeVisible());
  await check(page, '/web/uc?tab=msg', (p) => expect(p.getByText('请修改初始密码')).toBeVisible());
});

test('the main admin screens pass axe (WCAG 2 A, AA)', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, ADMIN.username, ADMIN.password);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);

  const table = (p: Page) => expect(p.getByRole('row').nth(1)).toBeVisible();
  // The dashboard once its charts have drawn.
  await check(page, '/admin/dashboard', (p) => expect(p.getByRole('img', { name: /^考试人次：/ })).toBeVisible());
  await check(page, '/admin/sys/user', table);
  await check(page, '/admin/sys/user/create', (p) => expect(p.getByRole('textbox', { name: '用户名' })).toBeVisible());
  await check(page, '/admin/repo/qu', table);
  await check(page, '/admin/repo/list', table);
  await check(page, '/admin/exam/list', table);
});
