import { expect, test } from '@playwright/test';
import { ADMIN, api, apiToken, screenshots, signIn, uniqueName } from './support';

const shoot = screenshots('imports');

/** A Moodle GIFT export, saved as .txt the way Moodle offers it: a teacher picks 粘贴文本 and this file. */
const GIFT = `// ===第一部分===

$CATEGORY: $course$/top/消防

::电话:: 火警电话是 {~%50%110 =119 ~120}

::断电:: 电器着火应先切断电源。{T#不对，带电扑救会触电#对，先断电}

::安全色:: 以下属于安全色的有 {~%50%红色 ~%50%黄色 ~%-100%紫色}
`;

test('a GIFT export saved as .txt is read as GIFT: the preview says so and shows the warnings, the report counts them', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const token = await apiToken(page.request, ADMIN.username, ADMIN.password);
  const title = uniqueName('GIFT导入题库');
  const bank = await api<{ id: string }>(page.request, '/api/repo/save', { title, practiceOpen: false, practiceAudience: 1 }, token);
  await signIn(page, ADMIN.username, ADMIN.password);
  await expect(page).toHaveURL(/\/admin\/dashboard/);

  await page.goto(`/admin/repo/qu/import?repoId=${bank.id}`);
  await expect(page.getByRole('heading', { name: '导入试题' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: '导入到题库' })).toHaveValue(title);
  await page.getByRole('radio', { name: '粘贴文本' }).check();
  await page.getByTestId('import-text-file').setInputFiles({ name: 'moodle-export.txt', mimeType: 'text/plain', buffer: Buffer.from(GIFT) });
  await expect(page.getByRole('textbox', { name: '粘贴试题文本' })).toHaveValue(/::电话::/);
  await page.getByRole('button', { name: '解析预览' }).click();

  // The format read from the content, and every warning on its item; nothing blocks the import.
  await expect(page.getByTestId('import-read-format')).toContainText('按 GIFT（Moodle） 格式读取：文件内容是 GIFT（Moodle），不是 粘贴文本');
  await expect(page.getByText('共 3 道，3 道可导入，0 道有错误，0 道与题库中已有试题重复，3 道有提醒')).toBeVisible();
  await expect(page.getByTestId('import-row-1').getByText('权重已忽略：选项A（50%）改按错误选项计分，正确答案只有选项B')).toBeVisible();
  await expect(page.getByTestId('import-row-1')).toContainText('第1题（第5行，电话）');
  await expect(page.getByTestId('import-row-2').getByText('判断题的反馈已并入解析')).toBeVisible();
  await expect(page.getByTestId('import-row-3').getByText(/漏选按试卷大题的“漏选得分”计分/)).toBeVisible();
  await expect(page.getByTestId('import-row-3')).toContainText('多选题');
  await shoot(page, 'gift-preview');

  // Read as plain text instead, then back as GIFT: the preview follows the chosen format.
  await page.getByRole('combobox', { name: '改用其他格式读取' }).click();
  await page.getByRole('option', { name: '粘贴文本' }).click();
  await expect(page.getByTestId('import-read-format')).toContainText('按 粘贴文本 格式读取');
  await expect(page.getByText(/0 道有提醒/)).toBeVisible();
  await page.getByRole('combobox', { name: '改用其他格式读取' }).click();
  await page.getByRole('option', { name: 'GIFT（Moodle）' }).click();
  await expect(page.getByTestId('import-read-format')).toContainText('按 GIFT（Moodle） 格式读取');
  await expect(page.getByTestId('import-read-format')).not.toContainText('不是');
  await expect(page.getByText(/3 道有提醒/)).toBeVisible();

  // Only the warned items, then commit and read the report.
  await page.getByRole('switch', { name: '只看有提醒的' }).check();
  await expect(page.getByTestId('import-row-3')).toBeVisible();
  await page.getByRole('button', { name: '导入 3 道试题' }).click();
  await expect(page.getByText('已导入 3 道试题，其中 3 道带有提醒，已按提醒所说的方式导入')).toBeVisible();
  const report = page.getByTestId('import-report-warnings');
  await expect(report.getByText('判断题的反馈已并入解析')).toBeVisible();
  await expect(report).toContainText('第3题（第9行，安全色）');
  await shoot(page, 'gift-report');

  await page.getByRole('link', { name: '查看题库试题' }).click();
  await expect(page.getByRole('cell', { name: '电器着火应先切断电源。', exact: true })).toBeVisible();
});
