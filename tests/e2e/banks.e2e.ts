import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { ADMIN, signIn, uniqueName } from './support';

const SHOTS = process.env.SHOTS_DIR ?? path.resolve(import.meta.dirname, '../../.tmp/screens/banks');

async function shoot(page: Page, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  for (const [label, width, height] of [['desktop', 1440, 900], ['phone', 390, 844]] as const) {
    await page.setViewportSize({ width, height });
    await page.waitForTimeout(400);
    await page.screenshot({ path: path.join(SHOTS, `${name}-${label}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

/** Types into a rich-text field (the editor is a contenteditable). */
async function typeRich(page: Page, name: string, text: string) {
  const box = page.getByRole('textbox', { name, exact: true });
  await box.click();
  await page.keyboard.type(text);
}

/** 新增 on the question list, then wait for the editor (the list stays mounted, hidden, until it is drawn). */
async function newQuestion(page: Page) {
  await page.getByRole('link', { name: '新增' }).click();
  await expect(page.getByRole('heading', { name: '新增试题' })).toBeVisible();
}

const PASTED = `1.【单选题】灭火器压力表指针指在哪个区域表示压力正常？
A. 红色区域
B. 绿色区域
C. 黄色区域
答案：B
解析：绿区为正常压力。

2.【单选题】发现火情应首先拨打哪个电话？
A. 110
B. 119
答案：AB`;

test('an administrator builds a bank: editor (one refused first), pasted import with a broken item dropped, export, delete', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, ADMIN.username, ADMIN.password);
  await expect(page).toHaveURL(/\/admin\/dashboard/);

  // A new bank.
  const title = uniqueName('消防安全题库');
  await page.goto('/admin/repo/list');
  await page.getByRole('link', { name: '新增' }).click();
  const titleBox = page.getByRole('textbox', { name: '题库名称' });
  await expect(page.getByRole('button', { name: '保存' })).toBeVisible();
  await titleBox.fill(title);
  await expect(titleBox).toHaveValue(title);
  await page.getByRole('button', { name: '保存' }).click();
  const bankRow = page.getByRole('row').filter({ hasText: title });
  await expect(bankRow).toBeVisible();
  await expect(bankRow.getByText('暂无试题')).toBeVisible();

  // Its questions: a single choice, refused while no option is right.
  await bankRow.getByRole('link', { name: '试题' }).click();
  await expect(page).toHaveURL(/\/repo\/qu\?filter=/);
  await newQuestion(page);
  await expect(page.getByRole('combobox', { name: '所属题库' })).toHaveValue(title);
  await typeRich(page, '题干', '使用灭火器时，应对准火焰的哪个部位喷射？');
  for (const [letter, text] of [['A', '火焰顶部'], ['B', '火焰根部'], ['C', '火焰中部'], ['D', '任意部位']]) await typeRich(page, `选项${letter}`, text);
  await page.getByRole('button', { name: '保存', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: '单选题必须有且只有一个正确答案' }).first()).toBeVisible();
  await shoot(page, 'editor-single-refused');
  await page.getByRole('radio', { name: '选项B 正确答案' }).check();
  await expect(page.getByRole('region', { name: '预览（学员看到的样子）' }).getByText('火焰根部')).toBeVisible();
  await page.getByRole('button', { name: '保存', exact: true }).click();
  await expect(page).toHaveURL(/\/repo\/qu\?filter=/);
  await expect(page.getByRole('cell', { name: '使用灭火器时，应对准火焰的哪个部位喷射？' })).toBeVisible();

  // A fill-in question with two blanks, the second with an alternative.
  await newQuestion(page);
  await page.getByRole('combobox', { name: /题型/ }).click();
  await page.getByRole('option', { name: '填空题' }).click();
  await typeRich(page, '题干', '火警电话是');
  await page.getByRole('button', { name: '插入填空' }).click();
  await page.keyboard.type('，急救电话是');
  await page.getByRole('button', { name: '插入填空' }).click();
  await page.getByRole('textbox', { name: '填空 1 答案 1' }).fill('119');
  await page.getByRole('textbox', { name: '填空 2 答案 1' }).fill('120');
  await page.getByRole('group', { name: '填空 2' }).getByRole('button', { name: '添加备选答案' }).click();
  await page.getByRole('textbox', { name: '填空 2 答案 2' }).fill('一二零');
  await expect(page.getByRole('region', { name: '预览（学员看到的样子）' }).getByRole('textbox')).toHaveCount(2);
  await shoot(page, 'editor-fill');
  await page.getByRole('button', { name: '保存', exact: true }).click();
  await expect(page.getByRole('cell', { name: '火警电话是＿＿，急救电话是＿＿' })).toBeVisible();

  // Matching and combined questions in the editor (screenshots of the other layouts).
  await newQuestion(page);
  await page.getByRole('combobox', { name: /题型/ }).click();
  await page.getByRole('option', { name: '配对题' }).click();
  await typeRich(page, '题干', '将灭火器与适用的火灾配对');
  await typeRich(page, '左侧第 1 项', '干粉灭火器');
  await typeRich(page, '左侧第 2 项', '二氧化碳灭火器');
  await typeRich(page, '右侧第 1 项', '电器火灾');
  await typeRich(page, '右侧第 2 项', '精密仪器火灾');
  await page.getByRole('button', { name: '添加干扰项' }).click();
  await typeRich(page, '右侧第 3 项', '金属火灾');
  await shoot(page, 'editor-match');
  await page.getByRole('button', { name: '保存', exact: true }).click();
  await expect(page.getByRole('cell', { name: '将灭火器与适用的火灾配对' })).toBeVisible();

  await newQuestion(page);
  await page.getByRole('combobox', { name: /题型/ }).click();
  await page.getByRole('option', { name: '组合题' }).click();
  await typeRich(page, '材料', '某仓库夜间起火，值班员发现后立即处置。');
  await typeRich(page, '第 1 小题 题干', '值班员首先应当做什么？');
  for (const [letter, text] of [['A', '报警'], ['B', '离开']]) await typeRich(page, `选项${letter}`, text);
  await page.getByRole('radio', { name: '选项A 正确答案' }).check();
  await shoot(page, 'editor-combined');
  await page.getByRole('button', { name: '保存', exact: true }).click();
  await expect(page.getByRole('cell', { name: '某仓库夜间起火，值班员发现后立即处置。' })).toBeVisible();
  await shoot(page, 'question-list');

  // Import pasted text: the broken item is shown with its error, dropped, the rest committed.
  await page.getByRole('link', { name: '导入' }).click();
  await expect(page.getByRole('heading', { name: '导入试题' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: '导入到题库' })).toHaveValue(title);
  await page.getByRole('radio', { name: '粘贴文本' }).check();
  await page.getByRole('textbox', { name: '粘贴试题文本' }).fill(PASTED);
  await page.getByRole('button', { name: '解析预览' }).click();
  const broken = page.getByTestId('import-row-2');
  await expect(broken.getByText('单选题必须有且只有一个正确答案')).toBeVisible();
  await expect(page.getByRole('button', { name: '导入 1 道试题' })).toBeDisabled();
  await expect(page.getByText('还有 1 道试题有错误，请修改或移除后再导入')).toBeVisible();
  await shoot(page, 'import-preview');
  await broken.getByRole('button', { name: '移除 2' }).click();
  await page.getByRole('button', { name: '导入 1 道试题' }).click();
  await expect(page.getByText('已导入 1 道试题')).toBeVisible();
  await page.getByRole('link', { name: '查看题库试题' }).click();
  await expect(page.getByRole('cell', { name: '灭火器压力表指针指在哪个区域表示压力正常？' })).toBeVisible();

  // Export the bank.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: '导出筛选结果' }).click();
  const file = await downloading;
  expect(file.suggestedFilename()).toMatch(/\.xlsx$/);

  // Delete a question.
  const row = page.getByRole('row').filter({ hasText: '灭火器压力表指针指在哪个区域表示压力正常？' });
  await row.getByRole('checkbox').check();
  await page.getByRole('button', { name: '删除' }).click();
  await page.getByRole('dialog').getByRole('button', { name: /确定|确认/ }).click();
  await expect(page.getByRole('cell', { name: '灭火器压力表指针指在哪个区域表示压力正常？' })).toHaveCount(0);

  // The bank list counts what is left; its practice figures open.
  await page.goto('/admin/repo/list');
  const counted = page.getByRole('row').filter({ hasText: title });
  await expect(counted.getByRole('cell', { name: '4', exact: true })).toBeVisible();
  await shoot(page, 'bank-list');
  await counted.getByRole('link', { name: '练习情况' }).click();
  await expect(page.getByRole('heading', { name: `练习情况：${title}` })).toBeVisible();
  await expect(page.getByText('还没有学员练习本题库')).toBeVisible();
  await shoot(page, 'practice-empty');
});

test('the demo bank: practice figures and an existing question of each type open in the editor', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, ADMIN.username, ADMIN.password);
  await expect(page).toHaveURL(/\/admin\/dashboard/);
  await page.goto('/admin/repo/list');
  const demo = page.getByRole('row').filter({ has: page.getByRole('link', { name: '练习情况' }) }).first();
  await expect(demo).toBeVisible();
  await demo.getByRole('link', { name: '练习情况' }).click();
  await expect(page.getByRole('heading', { name: /练习情况：/ })).toBeVisible();
  await page.getByRole('tab', { name: '易错题' }).click();
  await shoot(page, 'practice-missed');
  await page.goBack();
  await page.getByRole('row').filter({ has: page.getByRole('link', { name: '练习情况' }) }).first().getByRole('link', { name: '试题' }).click();
  // The question list (the bank list stays mounted, hidden, behind it).
  await expect(page.getByRole('button', { name: '导出筛选结果' })).toBeVisible();
  await page.getByRole('combobox', { name: '题型' }).click();
  await page.getByRole('option', { name: '组合题' }).click();
  await page.getByRole('button', { name: '搜索', exact: true }).click();
  await expect(page.getByRole('row').filter({ hasText: '单选题' })).toHaveCount(0);
  await page.getByRole('row').filter({ hasText: '组合题' }).first().getByRole('link', { name: '编辑' }).click();
  await expect(page.getByRole('heading', { name: /编辑试题/ })).toBeVisible();
  await expect(page.getByRole('group', { name: '第 1 小题' })).toBeVisible();
  await shoot(page, 'editor-combined-demo');
});
