import { expect, test } from '@playwright/test';
import { ADMIN, LEARNER_ROLE_ID, api, apiToken, createUser, screenshots, signIn, uniqueName } from './support';

const shoot = screenshots('admin');

test.describe.configure({ mode: 'serial' });

test('an administrator signs in, creates a user, gives it a role, and renames the site', async ({ page, request }) => {
  await signIn(page, ADMIN.username, ADMIN.password);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByText('欢迎回来，系统管理员')).toBeVisible();
  await expect(page).toHaveTitle(/^控制台 - /);

  // Create a user from the users screen.
  const userName = uniqueName('staff');
  const sidebar = page.getByRole('navigation', { name: '主菜单' });
  await sidebar.getByRole('button', { name: '系统管理' }).click();
  await sidebar.getByRole('link', { name: '用户管理' }).click();
  await expect(page).toHaveURL(/\/admin\/sys\/user/);
  await page.getByRole('link', { name: '新增' }).or(page.getByRole('button', { name: '新增' })).first().click();
  // The list (whose filter is also labelled 用户名) stays on screen until the create form is
  // ready, so wait for the form that has a password field.
  const form = page.locator('form').filter({ has: page.getByRole('textbox', { name: '密码', exact: true }) });
  await expect(form).toBeVisible();
  await form.getByLabel('用户名').fill(userName);
  await form.getByLabel('姓名').fill('新同事');
  await form.getByRole('textbox', { name: '密码', exact: true }).fill('Staff1234');
  await form.getByRole('combobox', { name: '角色' }).click();
  await page.getByRole('option', { name: '学员' }).click();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('listbox')).toBeHidden();
  await form.getByRole('button', { name: '保存' }).click();
  await expect(page).toHaveURL(/\/admin\/sys\/user$/);
  const row = page.getByRole('row').filter({ hasText: userName, visible: true });
  await expect(row).toBeVisible();

  // Give it a second role with the bulk action.
  await row.getByRole('checkbox').check();
  await page.getByRole('button', { name: '批量设置角色' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('combobox', { name: '角色' }).click();
  await page.getByRole('option', { name: '超级管理员' }).click();
  // Close the picker by clicking elsewhere in the dialog (Escape would close the dialog itself).
  await dialog.getByRole('heading').click();
  await expect(page.getByRole('listbox')).toBeHidden();
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(dialog).toBeHidden();
  const token = await apiToken(request, ADMIN.username, ADMIN.password);
  const found = await api<{ records: Array<{ roleNames: string[] }> }>(request, '/api/sys/user/paging', { current: 1, size: 5, params: { userName } }, token);
  expect(found.records[0].roleNames).toEqual(['超级管理员']);

  // Rename the site: the title and the sidebar show it at once, and the learner area too.
  const siteName = `培训考试中心${Date.now().toString(36)}`;
  await page.goto('/admin/sys/config');
  const nameInput = page.getByLabel('站点名称').filter({ visible: true });
  await expect(nameInput).not.toHaveValue('');
  await nameInput.fill(siteName);
  // The first card's 保存 (the SMS service card below has its own).
  await page.getByRole('button', { name: '保存' }).filter({ visible: true }).first().click();
  await expect(page.getByText('保存成功')).toBeVisible();
  await expect(page).toHaveTitle(`站点设置 - ${siteName}`);
  await expect(page.getByText(siteName).first()).toBeVisible();
  await page.goto('/web/notice');
  await expect(page).toHaveTitle(new RegExp(`- ${siteName}$`));
  await expect(page.getByRole('banner').getByText(siteName)).toBeVisible();
});

test('an administrator finds a screen with route search and tidies the tab bar', async ({ page }) => {
  await signIn(page, ADMIN.username, ADMIN.password);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);

  await page.getByRole('button', { name: '搜索菜单' }).click();
  await page.getByRole('combobox', { name: '菜单搜索' }).fill('角色');
  await page.getByRole('option', { name: /角色管理/ }).click();
  await expect(page).toHaveURL(/\/admin\/sys\/role/);

  // The group of the current page (角色管理) is open in the sidebar.
  await page.getByRole('navigation', { name: '主菜单' }).getByRole('link', { name: '部门管理' }).click();
  await expect(page).toHaveURL(/\/admin\/sys\/depart/);
  const tabs = page.getByRole('navigation', { name: '已访问页面' });
  await expect(tabs.getByRole('link', { name: '控制台' })).toBeVisible();
  await expect(tabs.getByRole('link', { name: '角色管理' })).toBeVisible();
  await expect(tabs.getByRole('link', { name: '部门管理' })).toBeVisible();

  await tabs.getByRole('link', { name: '部门管理' }).click({ button: 'right' });
  await page.getByRole('menuitem', { name: '关闭其他' }).click();
  await expect(tabs.getByRole('link', { name: '角色管理' })).toHaveCount(0);
  await expect(tabs.getByRole('link', { name: '部门管理' })).toBeVisible();
  // The dashboard is pinned (meta affix): closing the others keeps it.
  await expect(tabs.getByRole('link', { name: '控制台' })).toBeVisible();

  await tabs.getByRole('link', { name: '部门管理' }).click({ button: 'right' });
  await page.getByRole('menuitem', { name: '关闭所有' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(tabs.getByRole('link', { name: '部门管理' })).toHaveCount(0);
});

test('a visited view keeps its list filters and its scroll position', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 480 });
  await signIn(page, ADMIN.username, ADMIN.password);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  const sidebar = page.getByRole('navigation', { name: '主菜单' });
  const tabs = page.getByRole('navigation', { name: '已访问页面' });

  // A filtered user list…
  await sidebar.getByRole('button', { name: '系统管理' }).click();
  await sidebar.getByRole('link', { name: '用户管理' }).click();
  const filter = page.getByRole('textbox', { name: '用户名' });
  await filter.fill('student');
  // Nothing applies while typing; Enter searches (as 搜索 does).
  await filter.press('Enter');
  await expect(page).toHaveURL(/filter=.*student/);
  await expect(page.getByRole('row').filter({ hasText: 'admin' })).toHaveCount(0);

  // …and a scrolled menu tree.
  await sidebar.getByRole('link', { name: '菜单管理' }).click();
  await expect(page.getByRole('row').filter({ hasText: '站内消息' }).first()).toBeVisible();
  await page.mouse.move(800, 300);
  await page.mouse.wheel(0, 400);
  await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBeGreaterThan(100);
  const scrolled = await page.evaluate(() => Math.round(window.scrollY));

  // Back to the users view (through the sidebar, which stays in view; the tab bar scrolls away
  // with the page unless the header is fixed): the filter is still there.
  await sidebar.getByRole('link', { name: '用户管理' }).click();
  await expect(tabs.getByRole('link', { name: '用户管理' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('textbox', { name: '用户名' })).toHaveValue('student');
  await expect(page.getByRole('row').filter({ hasText: 'admin' })).toHaveCount(0);

  // Back to the menus view: where we left it.
  await sidebar.getByRole('link', { name: '菜单管理' }).click();
  await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(scrolled);
});

test('a half-typed form survives a switch to another tab and back', async ({ page }) => {
  await signIn(page, ADMIN.username, ADMIN.password);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.goto('/admin/sys/user/create');
  const form = page.locator('form').filter({ has: page.getByRole('textbox', { name: '密码', exact: true }) });
  await form.getByLabel('用户名').fill('halfway');
  await form.getByLabel('姓名').fill('写了一半');

  const tabs = page.getByRole('navigation', { name: '已访问页面' });
  await tabs.getByRole('link', { name: '控制台' }).click();
  await expect(page.getByText('欢迎回来，系统管理员')).toBeVisible();
  await tabs.getByRole('link', { name: '用户管理 - 新增' }).click();
  await expect(form.getByLabel('用户名')).toHaveValue('halfway');
  await expect(form.getByLabel('姓名')).toHaveValue('写了一半');

  // Closing the tab would lose it: it asks first.
  await tabs.getByRole('button', { name: '关闭 用户管理 - 新增' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('“用户管理 - 新增”有修改尚未保存，关闭后将丢失。确定关闭吗？')).toBeVisible();
  await dialog.getByRole('button', { name: '放弃修改' }).click();
  await expect(tabs.getByRole('link', { name: '用户管理 - 新增' })).toHaveCount(0);
});

test('disabling a user asks for confirmation first', async ({ page, request }) => {
  const userName = uniqueName('quiet');
  const id = await createUser(request, { userName, realName: '安静同学', password: 'Learn1234', roleIds: [LEARNER_ROLE_ID] });
  const token = await apiToken(request, ADMIN.username, ADMIN.password);
  const stateOf = async () => (await api<{ state: number }>(request, '/api/sys/user/detail', { id }, token)).state;

  await signIn(page, ADMIN.username, ADMIN.password);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.goto('/admin/sys/user');
  await page.getByRole('textbox', { name: '用户名' }).fill(userName);
  await page.getByRole('button', { name: '搜索', exact: true }).click();
  const row = page.getByRole('row').filter({ hasText: userName });
  await row.getByRole('checkbox').check();

  await page.getByRole('button', { name: '禁用' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('确定禁用选中的 1 个用户吗？禁用后他们将立即退出登录。')).toBeVisible();
  await dialog.getByRole('button', { name: '取消' }).click();
  await expect(dialog).toBeHidden();
  expect(await stateOf()).toBe(0);

  await page.getByRole('button', { name: '禁用' }).click();
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(dialog).toBeHidden();
  await expect.poll(stateOf).toBe(1);
  await expect(row.getByText('禁用', { exact: true })).toBeVisible();
});

test('with the server unreachable a list shows the error and 重试, never its empty state', async ({ page }) => {
  await signIn(page, ADMIN.username, ADMIN.password);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.route('**/api/sys/depart/tree', (route) => route.abort('connectionrefused'));
  await page.goto('/admin/sys/depart');
  const alert = page.getByRole('alert').filter({ hasText: '加载失败' });
  await expect(alert).toBeVisible();
  await expect(alert.getByText('啊哦，与服务器失去连接了~')).toBeVisible();
  await expect(page.getByText(/还没有部门/)).toHaveCount(0);

  await page.route('**/api/sys/user/paging', (route) => route.fulfill({ status: 503, body: 'Service Unavailable' }));
  await page.goto('/admin/sys/user');
  await expect(page.getByRole('alert').filter({ hasText: '请求出现错误！' })).toBeVisible();
  await expect(page.getByText('还没有用户')).toHaveCount(0);
  await expect(page.getByText(/Request failed/)).toHaveCount(0);

  // The server is back: 重试 loads the rows.
  await page.unroute('**/api/sys/user/paging');
  await page.getByRole('button', { name: '重试' }).click();
  await expect(page.getByRole('row').filter({ hasText: 'admin' })).toBeVisible();
});

test('route search finds a screen by its pinyin initials', async ({ page }) => {
  await signIn(page, ADMIN.username, ADMIN.password);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.getByRole('button', { name: '搜索菜单' }).click();
  await page.getByRole('combobox', { name: '菜单搜索' }).fill('yhgl');
  await expect(page.getByRole('option').first()).toContainText('系统管理 > 用户管理');
  await shoot(page, 'route-search-pinyin', { fullPage: false });
  await page.getByRole('combobox', { name: '菜单搜索' }).fill('yhgl');
  await page.getByRole('option').first().click();
  await expect(page).toHaveURL(/\/admin\/sys\/user$/);
});

test('the user menu switches the back-office to English and back, and remembers it', async ({ page }) => {
  await signIn(page, ADMIN.username, ADMIN.password);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.getByRole('button', { name: '用户菜单' }).click();
  await expect(page.getByRole('menuitemradio', { name: '中文' })).toHaveAttribute('aria-checked', 'true');
  await shoot(page, 'user-menu', { fullPage: false });
  await page.getByRole('menuitemradio', { name: 'English' }).click();
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
  await expect(page).toHaveTitle(/^Dashboard - /);

  await page.reload();
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitemradio', { name: '中文' }).click();
  await expect(page.getByRole('navigation', { name: '主菜单' })).toBeVisible();
  await expect(page).toHaveTitle(/^控制台 - /);
});

test('a corrected bank form closes 表单填写有误, which names the missing 题库名称', async ({ page }) => {
  await signIn(page, ADMIN.username, ADMIN.password);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.goto('/admin/repo/list/create');
  const form = page.locator('form').filter({ has: page.getByRole('textbox', { name: '题库名称' }) });
  await form.getByRole('button', { name: '保存' }).click();
  await expect(form.getByText('请输入题库名称')).toBeVisible();
  const invalid = page.getByRole('alert').filter({ hasText: '表单填写有误，请检查' });
  await expect(invalid).toBeVisible();
  await form.getByRole('textbox', { name: '题库名称' }).fill(uniqueName('题库'));
  await expect(invalid).toHaveCount(0);
  await form.getByRole('button', { name: '保存' }).click();
  await expect(page).toHaveURL(/\/admin\/repo\/list$/);
  await expect(page.getByRole('alert').filter({ hasText: '表单填写有误，请检查' })).toHaveCount(0);
});

test('on a phone 考试记录 shows each paper with its score, and the pagers speak Chinese', async ({ page, request }) => {
  const userName = uniqueName('phone');
  await createUser(request, { userName, realName: '手机同学', password: 'Learn1234', roleIds: [LEARNER_ROLE_ID] });
  const token = await apiToken(request, userName, 'Learn1234');
  const exams = await api<{ records: Array<{ id: string; title: string }> }>(request, '/api/exam/exam/online-paging', { current: 1, size: 10, params: {} }, token);
  const { id } = await api<{ id: string }>(request, '/api/paper/paper/create-paper', { examId: exams.records[0].id }, token);
  await api(request, '/api/paper/paper/hand-exam', { id, type: 0 }, token);

  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, ADMIN.username, ADMIN.password);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.goto('/admin/exam/paper');
  const paper = page.getByRole('list', { name: '考试记录' }).getByRole('link').filter({ hasText: '手机同学' });
  await expect(paper).toBeVisible();
  await expect(paper.getByText('得分')).toBeInViewport({ ratio: 1 });
  await expect(paper.getByText(/^(—|\d+(\.\d+)?) \/ \d+$/)).toBeInViewport({ ratio: 1 });
  await expect(page.getByRole('button', { name: '下一页' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Go to/ })).toHaveCount(0);
  await shoot(page, 'papers');
  await page.setViewportSize({ width: 390, height: 844 });
  await paper.click();
  await expect(page).toHaveURL(new RegExp(`/admin/exam/paper/${id}/show$`));

  // react-admin's own pager on a phone too.
  await page.goto('/admin/sys/user');
  await expect(page.getByRole('button', { name: '上一页' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Go to/ })).toHaveCount(0);
});
