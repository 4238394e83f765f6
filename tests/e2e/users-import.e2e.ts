import ExcelJS from 'exceljs';
import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { ADMIN, ADMIN_ROLE_ID, api, apiToken, createUser, screenshots, signIn, uniqueName } from './support';

const shoot = screenshots('users-import');

async function workbook(rows: string[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('用户导入');
  ws.addRow(['用户名', '姓名', '手机号', '部门', '角色', '初始密码']);
  rows.forEach((r) => ws.addRow(r));
  return Buffer.from(await wb.xlsx.writeBuffer());
}

test('import a file with errors, fix it, import it, and the imported user must change the password at first sign-in', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const a = uniqueName('imp_a');
  const b = uniqueName('imp_b');
  const dept = uniqueName('导入部');
  const xlsx = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

  await signIn(page, ADMIN.username, ADMIN.password);
  await expect(page).toHaveURL(/\/admin\/dashboard/);
  await page.goto('/admin/sys/user');
  await page.getByRole('button', { name: '导入' }).click();
  const dialog = page.getByRole('dialog', { name: '导入用户' });
  await expect(dialog).toBeVisible();

  // First try: a bad phone, an unknown role, a department that does not exist yet.
  const bad = await workbook([
    [a, '导入甲', '12345', `总部/${dept}`, '学员', ''],
    [b, '导入乙', '13900001111', '总部', '火星人', 'Init1234'],
  ]);
  await dialog.getByLabel('选择 Excel 文件').setInputFiles({ name: 'users.xlsx', mimeType: xlsx, buffer: bad });
  const preview = dialog.getByRole('table', { name: '导入预览' });
  const rowA = preview.getByRole('row').filter({ hasText: a });
  await expect(rowA).toContainText('手机号码格式不正确!');
  await expect(rowA).toContainText(`部门不存在：总部/${dept}`);
  await expect(preview.getByRole('row').filter({ hasText: b })).toContainText('角色不存在：火星人');
  await expect(dialog.getByText('有 2 行存在问题')).toBeVisible();
  await expect(dialog.getByRole('button', { name: /确认导入/ })).toBeDisabled();
  await shoot(page, 'preview-errors', { fullPage: false });

  // Fixed, and with missing departments created: every row is ready.
  await dialog.getByLabel('自动创建不存在的部门').check();
  const fixed = await workbook([
    [a, '导入甲', '13900002222', `总部/${dept}`, '学员', ''],
    [b, '导入乙', '13900001111', '总部', '学员', 'Init1234'],
  ]);
  await dialog.getByLabel('选择 Excel 文件').setInputFiles({ name: 'users-fixed.xlsx', mimeType: xlsx, buffer: fixed });
  await expect(dialog.getByText('可导入 2')).toBeVisible();
  await expect(preview.getByRole('row').filter({ hasText: a })).toContainText('可导入（自动生成初始密码）');
  await expect(preview.getByRole('row').filter({ hasText: a })).toContainText('新部门');
  await shoot(page, 'preview-clean', { fullPage: false });

  const downloaded = page.waitForEvent('download');
  await dialog.getByRole('button', { name: '确认导入 2 个用户' }).click();
  const file = await downloaded;
  expect(file.suggestedFilename()).toBe('导入用户初始密码.xlsx');
  await expect(dialog.getByText(/已导入 2 个用户/)).toBeVisible();
  await expect(dialog.getByText(/已下载 1 个自动生成的初始密码/)).toBeVisible();
  await shoot(page, 'imported', { fullPage: false });
  const passwords = new ExcelJS.Workbook();
  await passwords.xlsx.load(fs.readFileSync(await file.path()) as unknown as ArrayBuffer);
  const sheet = passwords.worksheets[0];
  expect(String(sheet.getRow(2).getCell(1).value)).toBe(a);
  const generated = String(sheet.getRow(2).getCell(3).value);
  await dialog.getByRole('button', { name: '关闭' }).click();
  await expect(page.getByRole('row').filter({ hasText: a })).toContainText(dept);

  // The imported learner signs in with the generated password and is held on the change-password page.
  const learner = await (await browser.newContext({ baseURL: test.info().project.use.baseURL, locale: 'zh-CN' })).newPage();
  await learner.setViewportSize({ width: 1440, height: 900 });
  await signIn(learner, a, generated);
  await expect(learner).toHaveURL(/\/change-password/);
  await expect(learner.getByRole('heading', { name: '修改密码' })).toBeVisible();
  await expect(learner.getByText(/首次登录或管理员要求时需先修改密码/)).toBeVisible();
  await shoot(learner, 'change-password');
  // Nothing else opens until it is changed.
  await learner.goto('/web/uc');
  await expect(learner).toHaveURL(/\/change-password\?redirect=%2Fweb%2Fuc/);
  await learner.getByLabel('旧密码', { exact: true }).fill(generated);
  await learner.getByLabel('新密码', { exact: true }).fill('NewPass123');
  await learner.getByLabel('确认新密码').fill('NewPass123');
  await learner.getByRole('button', { name: '确认修改' }).click();
  await expect(learner).toHaveURL(/\/web\/uc/);
  await expect(learner.getByText('导入甲').first()).toBeVisible();
  await learner.context().close();
});

test('an administrator asked to change the password is held on /change-password, then reaches the admin area', async ({ page }) => {
  const userName = uniqueName('staff');
  const id = await createUser(page.request, { userName, realName: '要改密码的管理员', password: 'Staff1234', roleIds: [ADMIN_ROLE_ID] });
  const admin = await apiToken(page.request, ADMIN.username, ADMIN.password);
  await api(page.request, '/api/sys/user/pass-change', { ids: [id], required: true }, admin);

  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, userName, 'Staff1234');
  await expect(page).toHaveURL(/\/change-password/);
  // The admin area sends the session back to the same page, keeping it signed in.
  await page.goto('/admin/sys/user');
  await expect(page).toHaveURL(/\/change-password\?redirect=%2Fadmin%2Fsys%2Fuser/);
  await page.getByLabel('旧密码', { exact: true }).fill('Staff1234');
  await page.getByLabel('新密码', { exact: true }).fill('Staff5678');
  await page.getByLabel('确认新密码').fill('Staff5678');
  await page.getByRole('button', { name: '确认修改' }).click();
  await expect(page).toHaveURL(/\/admin\/sys\/user/);
  await expect(page.getByRole('button', { name: '导入' })).toBeVisible();
});
