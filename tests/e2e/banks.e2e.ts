import { expect, test, type Page } from '@playwright/test';
import { ADMIN, api, apiToken, screenshots, signIn, uniqueName } from './support';

const shoot = screenshots('banks');

/** Types into a rich-text field (the editor is a contenteditable). */
async function typeRich(page: Page, name: string, text: string) {
  const box = page.getByRole('textbox', { name, exact: true });
  await box.click();
  await page.keyboard.type(text);
}

/** Replaces what a rich-text field holds (select all inside the editor, then type). */
async function replaceRich(page: Page, name: string, text: string) {
  const box = page.getByRole('textbox', { name, exact: true });
  await box.click();
  await box.press('ControlOrMeta+a');
  await box.pressSequentially(text);
  await expect(box).toHaveText(text);
}

/** A new empty bank, made through the API (the first test makes one through the screens). */
async function createBank(page: Page, prefix: string) {
  const token = await apiToken(page.request, ADMIN.username, ADMIN.password);
  const title = uniqueName(prefix);
  const { id } = await api<{ id: string }>(page.request, '/api/repo/save', { title, practiceOpen: false, practiceAudience: 1 }, token);
  return { id, title, token };
}

/** 新增 on the question list, then wait for the editor (the list stays mounted, hidden, until it is drawn). */
async function newQuestion(page: Page) {
  await expect(page.getByRole('button', { name: '导出筛选结果' })).toBeVisible();
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
  // Two options are enough here: C and D go.
  await page.getByRole('button', { name: '删除选项' }).last().click();
  await page.getByRole('button', { name: '删除选项' }).last().click();
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

test('the demo bank: practice figures and an existing combined question open in the editor', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, ADMIN.username, ADMIN.password);
  await expect(page).toHaveURL(/\/admin\/dashboard/);
  // Filtered by title: the other tests add banks, which push the demo bank off the first page of a reused data folder.
  await page.goto(`/admin/repo/list?filter=${encodeURIComponent(JSON.stringify({ title: '信息安全与办公常识' }))}`);
  const demo = page.getByRole('row').filter({ hasText: '信息安全与办公常识' });
  await expect(demo).toBeVisible();
  await demo.getByRole('link', { name: '练习情况' }).click();
  await expect(page.getByRole('heading', { name: '练习情况：信息安全与办公常识' })).toBeVisible();
  const repoId = /\/repo\/list\/([^/]+)\/practice/.exec(page.url())?.[1] ?? '';
  await shoot(page, 'practice-users');
  await page.getByRole('tab', { name: '易错题' }).click();
  await shoot(page, 'practice-missed');

  await page.goto(`/admin/repo/qu?filter=${encodeURIComponent(JSON.stringify({ repoId, quType: 99 }))}`);
  const row = page.getByRole('row').filter({ hasText: '组合题' }).first();
  await expect(row).toBeVisible();
  await row.getByRole('link', { name: '编辑' }).click();
  await expect(page.getByRole('heading', { name: /编辑试题/ })).toBeVisible();
  await expect(page.getByRole('group', { name: '第 1 小题' })).toBeVisible();
  await shoot(page, 'editor-combined-demo');
});

/** A teacher's paste with two mistakes: a single choice given two answers, a fill-in whose second blank has none. */
const PASTED_WITH_MISTAKES = `一、单选题
1. 灭火器压力表指针指在哪个区域表示压力正常？
A. 红色区域
B. 绿色区域
C. 黄色区域
答案：B
解析：绿区为正常压力。

2. 发现火情应首先拨打哪个电话？
A. 110
B. 119
C. 120
答案：AB

二、填空题
3. 火警电话是____，急救电话是____。
答案：119

三、判断题
4. 电器着火时可以直接用水扑救。
答案：错`;

test('an administrator fixes the broken items of a pasted import in the preview, then commits them all', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const bank = await createBank(page, '导入修正题库');
  await signIn(page, ADMIN.username, ADMIN.password);
  await expect(page).toHaveURL(/\/admin\/dashboard/);

  await page.goto(`/admin/repo/qu/import?repoId=${bank.id}`);
  await expect(page.getByRole('heading', { name: '导入试题' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: '导入到题库' })).toHaveValue(bank.title);
  await page.getByRole('radio', { name: '粘贴文本' }).check();
  await page.getByRole('textbox', { name: '粘贴试题文本' }).fill(PASTED_WITH_MISTAKES);
  await page.getByRole('button', { name: '解析预览' }).click();

  // Every problem at once, each on its own item; nothing can be committed yet.
  await expect(page.getByText('共 4 道，2 道可导入，2 道有错误，0 道与题库中已有试题重复')).toBeVisible();
  const single = page.getByTestId('import-row-2');
  const fill = page.getByTestId('import-row-3');
  await expect(single.getByText('单选题必须有且只有一个正确答案')).toBeVisible();
  await expect(fill.getByText('第2个填空没有答案')).toBeVisible();
  for (const n of [1, 4]) await expect(page.getByTestId(`import-row-${n}`).getByText('无问题')).toBeVisible();
  await expect(page.getByRole('button', { name: '导入 2 道试题' })).toBeDisabled();
  await expect(page.getByText('还有 2 道试题有错误，请修改或移除后再导入')).toBeVisible();
  await shoot(page, 'import-fix-errors');

  // The single choice: opened from its row, the editor names the problem; B alone is right.
  await single.getByRole('button', { name: '修改 2' }).click();
  let dialog = page.getByRole('dialog', { name: '修改第 2 题 · 第2题（第9行）' });
  await expect(dialog.getByRole('alert').filter({ hasText: '单选题必须有且只有一个正确答案' }).first()).toBeVisible();
  await expect(dialog.getByRole('radio', { name: '选项A 正确答案' })).toBeChecked();
  await expect(dialog.getByRole('radio', { name: '选项B 正确答案' })).toBeChecked();
  await shoot(page, 'import-fix-dialog', { fullPage: false });
  await dialog.getByRole('radio', { name: '选项B 正确答案' }).click();
  await expect(dialog.getByRole('radio', { name: '选项A 正确答案' })).not.toBeChecked();
  await expect(dialog.getByRole('radio', { name: '选项B 正确答案' })).toBeChecked();
  await dialog.getByRole('button', { name: '应用修改' }).click();
  await expect(dialog).toBeHidden();
  await expect(single.getByText('单选题必须有且只有一个正确答案')).toHaveCount(0);
  await expect(single.getByText('无问题')).toBeVisible();
  await expect(page.getByText('还有 1 道试题有错误，请修改或移除后再导入')).toBeVisible();

  // The fill-in: 应用修改 is refused while the second blank is still empty, then taken.
  await fill.getByRole('button', { name: '修改 3' }).click();
  dialog = page.getByRole('dialog', { name: '修改第 3 题 · 第3题（第16行）' });
  await expect(dialog.getByRole('textbox', { name: '填空 1 答案 1' })).toHaveValue('119');
  await dialog.getByRole('button', { name: '应用修改' }).click();
  await expect(dialog.getByRole('alert').filter({ hasText: '第2个填空没有答案' }).first()).toBeVisible();
  await dialog.getByRole('textbox', { name: '填空 2 答案 1' }).fill('120');
  await expect(dialog.getByRole('alert').filter({ hasText: '第2个填空没有答案' })).toHaveCount(0);
  await dialog.getByRole('button', { name: '应用修改' }).click();
  await expect(dialog).toBeHidden();
  await expect(fill.getByText('第2个填空没有答案')).toHaveCount(0);
  await expect(fill.getByText('无问题')).toBeVisible();
  await expect(page.getByText('共 4 道，4 道可导入，0 道有错误，0 道与题库中已有试题重复')).toBeVisible();
  await expect(page.getByText(/还有 \d+ 道试题有错误/)).toHaveCount(0);
  await shoot(page, 'import-fix-fixed');

  await page.getByRole('button', { name: '导入 4 道试题' }).click();
  await expect(page.getByText('已导入 4 道试题')).toBeVisible();
  await page.getByRole('link', { name: '查看题库试题' }).click();
  for (const stem of ['灭火器压力表指针指在哪个区域表示压力正常？', '发现火情应首先拨打哪个电话？', '火警电话是＿＿，急救电话是＿＿。', '电器着火时可以直接用水扑救。']) {
    await expect(page.getByRole('cell', { name: stem, exact: true })).toBeVisible();
  }

  // The fixes are what was saved.
  await page.getByRole('row').filter({ hasText: '发现火情应首先拨打哪个电话？' }).getByRole('link', { name: '编辑' }).click();
  await expect(page.getByRole('heading', { name: `编辑试题 · ${bank.title}` })).toBeVisible();
  await expect(page.getByRole('radio', { name: '选项A 正确答案' })).not.toBeChecked();
  await expect(page.getByRole('radio', { name: '选项B 正确答案' })).toBeChecked();
  await page.getByRole('link', { name: '返回试题列表' }).click();
  await page.getByRole('row').filter({ hasText: '火警电话是＿＿，急救电话是＿＿。' }).getByRole('link', { name: '编辑' }).click();
  await expect(page.getByRole('heading', { name: `编辑试题 · ${bank.title}` })).toBeVisible();
  await expect(page.getByRole('textbox', { name: '填空 1 答案 1' })).toHaveValue('119');
  await expect(page.getByRole('textbox', { name: '填空 2 答案 1' })).toHaveValue('120');
});

const opts = (...items: Array<[string, boolean]>) => items.map(([content, isRight]) => ({ content: `<p>${content}</p>`, isRight }));

/**
 * One question of each type, as saved through the API, each with a mistake in its answer; the
 * administrator opens it from the list, corrects the answer, rewrites the stem and makes it 较难.
 */
const EDITS: Array<{
  type: string;
  body: object;
  stem: string;
  newStem: string;
  edit: (page: Page) => Promise<void>;
  check: (page: Page) => Promise<void>;
}> = [
  {
    type: '单选题',
    body: { quType: 1, content: '<p>使用灭火器时应站在火源的哪一侧？</p>', answerList: opts(['上风侧', false], ['下风侧', true], ['任意一侧', false]) },
    stem: '使用灭火器时应站在火源的哪一侧？',
    newStem: '室外使用灭火器时，应站在火源的哪一侧？',
    edit: (page) => page.getByRole('radio', { name: '选项A 正确答案' }).check(),
    check: async (page) => {
      await expect(page.getByRole('radio', { name: '选项A 正确答案' })).toBeChecked();
      await expect(page.getByRole('radio', { name: '选项B 正确答案' })).not.toBeChecked();
    },
  },
  {
    type: '多选题',
    body: { quType: 2, content: '<p>报火警时应说明哪些内容？</p>', answerList: opts(['起火地点', true], ['燃烧物质', true], ['报警人的年龄', true], ['火势大小', false]) },
    stem: '报火警时应说明哪些内容？',
    newStem: '拨打119报火警时，应说明哪些内容？',
    edit: async (page) => {
      await page.getByRole('checkbox', { name: '选项C 正确答案' }).uncheck();
      await page.getByRole('checkbox', { name: '选项D 正确答案' }).check();
    },
    check: async (page) => {
      for (const [letter, right] of [['A', true], ['B', true], ['C', false], ['D', true]] as const) {
        const box = page.getByRole('checkbox', { name: `选项${letter} 正确答案` });
        await (right ? expect(box).toBeChecked() : expect(box).not.toBeChecked());
      }
    },
  },
  {
    type: '判断题',
    body: { quType: 3, content: '<p>电器着火时可以用水扑救。</p>', answerList: opts(['正确', true], ['错误', false]) },
    stem: '电器着火时可以用水扑救。',
    newStem: '电器着火时，可以直接用水扑救。',
    edit: (page) => page.getByRole('radio', { name: '选项B 正确答案' }).check(),
    check: async (page) => {
      await expect(page.getByRole('radio', { name: '选项B 正确答案' })).toBeChecked();
      await expect(page.getByRole('radio', { name: '选项A 正确答案' })).not.toBeChecked();
    },
  },
  {
    type: '简答题',
    body: { quType: 4, content: '<p>简述灭火器的使用步骤。</p>', refAnswer: '<p>拔销、握管</p>' },
    stem: '简述灭火器的使用步骤。',
    newStem: '简述手提式灭火器的使用步骤。',
    edit: (page) => replaceRich(page, '参考答案', '拔掉保险销，握住喷管，对准火焰根部，压下压把。'),
    check: (page) => expect(page.getByRole('textbox', { name: '参考答案', exact: true })).toHaveText('拔掉保险销，握住喷管，对准火焰根部，压下压把。'),
  },
  {
    type: '填空题',
    body: { quType: 5, content: '<p>火警电话是<span data-blank="1"></span>，急救电话是<span data-blank="2"></span>。</p>', blanks: [{ answers: ['119'] }, { answers: ['112'] }] },
    stem: '火警电话是＿＿，急救电话是＿＿。',
    // The blanks stay where they are: the stem is added to, not replaced.
    newStem: '火警电话是＿＿，急救电话是＿＿。（填数字）',
    edit: async (page) => {
      await page.getByRole('textbox', { name: '填空 2 答案 1' }).fill('120');
      await page.getByRole('group', { name: '填空 2' }).getByRole('button', { name: '添加备选答案' }).click();
      await page.getByRole('textbox', { name: '填空 2 答案 2' }).fill('一二零');
    },
    check: async (page) => {
      await expect(page.getByRole('textbox', { name: '填空 1 答案 1' })).toHaveValue('119');
      await expect(page.getByRole('textbox', { name: '填空 2 答案 1' })).toHaveValue('120');
      await expect(page.getByRole('textbox', { name: '填空 2 答案 2' })).toHaveValue('一二零');
    },
  },
  {
    type: '配对题',
    body: {
      quType: 6,
      content: '<p>将灭火器与适用的火灾配对</p>',
      leftList: [
        { id: 'l1', content: '<p>干粉灭火器</p>', rightId: 'r1' },
        { id: 'l2', content: '<p>二氧化碳灭火器</p>', rightId: 'r3' },
      ],
      rightList: [
        { id: 'r1', content: '<p>固体物质火灾</p>' },
        { id: 'r2', content: '<p>精密仪器火灾</p>' },
        { id: 'r3', content: '<p>金属火灾</p>' },
      ],
    },
    stem: '将灭火器与适用的火灾配对',
    newStem: '将下列灭火器与最适用的火灾类型配对',
    // Each left item's select is named after it: 左侧第 n 项 配对.
    edit: async (page) => {
      await page.getByRole('combobox', { name: '左侧第 2 项 配对', exact: true }).click();
      await page.getByRole('option', { name: '右侧第 2 项：精密仪器火灾' }).click();
    },
    check: async (page) => {
      await expect(page.getByRole('combobox', { name: / 配对$/ })).toHaveCount(2);
      await expect(page.getByRole('combobox', { name: '左侧第 1 项 配对', exact: true })).toHaveText('右侧第 1 项：固体物质火灾');
      await expect(page.getByRole('combobox', { name: '左侧第 2 项 配对', exact: true })).toHaveText('右侧第 2 项：精密仪器火灾');
    },
  },
  {
    type: '组合题',
    body: {
      quType: 99,
      content: '<p>某仓库夜间起火，值班员发现后立即处置。</p>',
      subList: [
        { quType: 1, content: '<p>值班员首先应当做什么？</p>', share: 1, answerList: opts(['离开现场', true], ['拨打119报警', false]) },
        { quType: 3, content: '<p>值班员可以乘电梯逃生。</p>', share: 1, answerList: opts(['正确', false], ['错误', true]) },
      ],
    },
    stem: '某仓库夜间起火，值班员发现后立即处置。',
    newStem: '某仓库夜间起火，值班员小王发现后立即处置。',
    edit: (page) => page.getByRole('group', { name: '第 1 小题' }).getByRole('radio', { name: '选项B 正确答案' }).check(),
    check: async (page) => {
      const first = page.getByRole('group', { name: '第 1 小题' });
      await expect(first.getByRole('radio', { name: '选项B 正确答案' })).toBeChecked();
      await expect(first.getByRole('radio', { name: '选项A 正确答案' })).not.toBeChecked();
      await expect(page.getByRole('group', { name: '第 2 小题' }).getByRole('radio', { name: '选项B 正确答案' })).toBeChecked();
    },
  },
];

test('an administrator edits one question of each of the seven types', async ({ page }) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const bank = await createBank(page, '七种题型题库');
  for (const { body } of EDITS) await api(page.request, '/api/qu/qu/save', { repoId: bank.id, level: 1, ...body }, bank.token);
  await signIn(page, ADMIN.username, ADMIN.password);
  await expect(page).toHaveURL(/\/admin\/dashboard/);
  await page.goto(`/admin/repo/qu?filter=${encodeURIComponent(JSON.stringify({ repoId: bank.id }))}`);
  await expect(page.getByRole('button', { name: '导出筛选结果' })).toBeVisible();

  for (const { type, stem, newStem, edit, check } of EDITS) {
    await test.step(type, async () => {
      const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: stem, exact: true }) });
      await expect(row.getByText(type, { exact: true })).toBeVisible();
      await row.getByRole('link', { name: '编辑' }).click();
      await expect(page.getByRole('heading', { name: `编辑试题 · ${bank.title}` })).toBeVisible();
      await expect(page.getByRole('combobox', { name: `题型 ${type}`, exact: true })).toBeVisible();

      if (type === '填空题') {
        // Typed after the last blank, so both blanks keep their answers.
        const box = page.getByRole('textbox', { name: '题干', exact: true });
        await box.click();
        await box.press('ControlOrMeta+End');
        await box.pressSequentially('（填数字）');
      } else {
        await replaceRich(page, type === '组合题' ? '材料' : '题干', newStem);
      }
      await page.getByRole('radio', { name: '较难' }).check();
      await edit(page);
      await page.getByRole('button', { name: '保存', exact: true }).click();

      // Back on the list: the question has its new stem and level, and the old stem is gone.
      const edited = page.getByRole('row').filter({ has: page.getByRole('cell', { name: newStem, exact: true }) });
      await expect(edited.getByText('较难')).toBeVisible();
      await expect(edited.getByText(type, { exact: true })).toBeVisible();
      await expect(page.getByRole('cell', { name: stem, exact: true })).toHaveCount(0);

      // Opened again, the editor shows the corrected answer.
      await edited.getByRole('link', { name: '编辑' }).click();
      await expect(page.getByRole('heading', { name: `编辑试题 · ${bank.title}` })).toBeVisible();
      await expect(page.getByRole('radio', { name: '较难' })).toBeChecked();
      await check(page);
      await page.getByRole('link', { name: '返回试题列表' }).click();
      await expect(page.getByRole('button', { name: '导出筛选结果' })).toBeVisible();
    });
  }
  await expect(page.getByRole('row').filter({ hasText: '较难' })).toHaveCount(EDITS.length);
});
