import fs from 'node:fs';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { ADMIN, LEARNER_ROLE_ID, api, apiToken, createUser, screenshots, signIn, uniqueName } from './support';

/** The demo bank (server/seed/demoBank.ts DEMO_REPO_ID). */
const DEMO_REPO_ID = 'demo_repo_security';
const PASSWORD = 'Exam12345';
const SINGLE = 1;
const SHORT = 4;

test.describe.configure({ mode: 'serial' });

const shoot = screenshots('exam-admin');

const examTitle = uniqueName('安全考试');
let examId = '';

async function bankCount(request: APIRequestContext, token: string, quType: number) {
  const stats = await api<Array<{ quType: number; count: number }>>(request, '/api/repo/list-stat', { id: DEMO_REPO_ID }, token);
  return stats.filter((s) => s.quType === quType).reduce((n, s) => n + s.count, 0);
}

/** A learner takes the exam through the API: answers the first short answer (others stay empty) and hands in. */
async function takeExam(request: APIRequestContext, realName: string, answer: string) {
  const userName = uniqueName('mark');
  await createUser(request, { userName, realName, password: PASSWORD, roleIds: [LEARNER_ROLE_ID] });
  const token = await apiToken(request, userName, PASSWORD);
  const check = await api<{ validated: boolean; message: string }>(request, '/api/paper/paper/pre-check', { examId }, token);
  expect(check.validated, check.message).toBe(true);
  const { id } = await api<{ id: string }>(request, '/api/paper/paper/create-paper', { examId }, token);
  const detail = await api<{ groups: Array<{ quType: number; quList: Array<{ quId: string }> }> }>(request, '/api/paper/paper/paper-detail', { id }, token);
  const short = detail.groups.find((g) => g.quType === SHORT)!.quList[0];
  await api(request, '/api/paper/paper/fill-answer', { paperId: id, quId: short.quId, answer, seq: 1 }, token);
  const handed = await api<{ state: number }>(request, '/api/paper/paper/hand-exam', { id, type: 0 }, token);
  expect(handed.state).toBe(1);
  return { paperId: id, userName };
}

test('an administrator builds an exam from the demo bank in sections, is refused an over-drawn bank, previews, saves it as a draft and publishes it', async ({ page, request, browser }) => {
  test.setTimeout(120_000);
  const admin = await apiToken(request, ADMIN.username, ADMIN.password);
  const bank = await api<{ title: string }>(request, '/api/repo/detail', { id: DEMO_REPO_ID }, admin);
  const singles = await bankCount(request, admin, SINGLE);
  const shorts = await bankCount(request, admin, SHORT);
  expect(singles).toBeGreaterThan(2);
  expect(shorts).toBeGreaterThan(0);

  await signIn(page, ADMIN.username, ADMIN.password);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  const sidebar = page.getByRole('navigation', { name: '主菜单' });
  await sidebar.getByRole('button', { name: '考试管理' }).click();
  await sidebar.getByRole('link', { name: '考试列表' }).click();
  await expect(page).toHaveURL(/\/admin\/exam\/list/);
  await expect(page.getByRole('row').filter({ hasText: '信息安全知识测验（演示）' })).toBeVisible();
  await shoot(page, 'exam-list');

  await page.getByRole('link', { name: '新增' }).click();
  const form = page.locator('form').filter({ has: page.getByRole('region', { name: '试卷组成' }) });
  await expect(form).toBeVisible();

  // Submitting the empty form names what is missing.
  await form.getByRole('button', { name: '保存' }).click();
  await expect(form.getByText('请输入考试名称')).toBeVisible();
  await expect(form.getByText('请添加抽题规则或选择固定试题')).toBeVisible();

  await form.getByLabel('考试名称').fill(examTitle);
  await form.getByLabel('及格分').fill('10');

  // Section 1: two single-choice questions from the demo bank.
  const first = form.getByRole('region', { name: '第 1 大题' });
  await first.getByRole('button', { name: '添加抽题规则' }).click();
  await first.getByRole('combobox', { name: '题库' }).click();
  await page.getByRole('option', { name: bank.title }).click();
  await expect(first.getByText(`可用 ${singles} 题`)).toBeVisible();
  await first.getByLabel('抽题数量').fill('2');

  // Section 2: every short answer of the bank, 10 points each.
  await form.getByRole('button', { name: '添加大题' }).click();
  const second = form.getByRole('region', { name: '第 2 大题' });
  await second.getByRole('combobox', { name: '题型' }).click();
  await page.getByRole('option', { name: '简答题' }).click();
  await expect(second.getByLabel('大题名称')).toHaveValue('简答题');
  await second.getByLabel('每题分值').fill('10');
  await second.getByRole('button', { name: '添加抽题规则' }).click();
  await second.getByRole('combobox', { name: '题库' }).click();
  await page.getByRole('option', { name: bank.title }).click();
  await expect(second.getByText(`可用 ${shorts} 题`)).toBeVisible();
  // A count above what the bank has is capped at it.
  await second.getByLabel('抽题数量').fill(String(shorts + 5));
  await expect(second.getByLabel('抽题数量')).toHaveValue(String(shorts));

  // Section 3 draws every single choice again: with section 1 that is more than the bank has.
  await form.getByRole('button', { name: '添加大题' }).click();
  const third = form.getByRole('region', { name: '第 3 大题' });
  await third.getByRole('button', { name: '添加抽题规则' }).click();
  await third.getByRole('combobox', { name: '题库' }).click();
  await page.getByRole('option', { name: bank.title }).click();
  await expect(third.getByText(`可用 ${singles} 题`)).toBeVisible();
  await third.getByLabel('抽题数量').fill(String(singles));
  const errors = form.getByTestId('check-errors');
  await expect(errors).toContainText(bank.title);
  await expect(errors).toContainText('第3部分');
  await form.getByRole('button', { name: '保存' }).click();
  // Refused on save too, in the server's words (the alert above and the message).
  await expect(page.getByText(/还剩\d+道，需要\d+道/)).toHaveCount(2);
  await expect(page).toHaveURL(/\/admin\/exam\/list\/create/);

  await third.getByRole('button', { name: '删除大题' }).click();
  await expect(errors).toBeHidden();
  const total = 2 * 2 + shorts * 10;
  await expect(form.getByTestId('exam-total')).toHaveText(`总分 ${total} 分，共 ${2 + shorts} 题`);
  await shoot(page, 'exam-form');

  // The preview draws one paper of this composition, answers included.
  await form.getByRole('button', { name: '预览试卷' }).click();
  const preview = page.getByRole('dialog', { name: '试卷预览（随机抽取一份）' });
  await expect(preview.getByTestId('preview-qu')).toHaveCount(2 + shorts);
  await expect(preview.getByText('参考答案').first()).toBeVisible();
  await shoot(page, 'exam-preview');
  await preview.getByRole('button', { name: '关闭' }).click();

  // The demo bank is open for practice: the form says an open exam would close it, unless practice is allowed.
  const warning = form.getByTestId('practice-open-warning');
  await expect(warning).toContainText(bank.title);
  const before = await warning.textContent();
  await form.getByRole('switch', { name: '考试期间允许练习所用题库' }).or(form.getByRole('checkbox', { name: '考试期间允许练习所用题库' })).check();
  await expect(warning).not.toHaveText(before!);

  await form.getByRole('button', { name: '保存' }).click();
  await expect(page).toHaveURL(/\/admin\/exam\/list$/);
  const row = page.getByRole('row').filter({ hasText: examTitle });
  await expect(row).toBeVisible();
  // A new exam is a draft: offered for publishing, not for enabling or disabling.
  await expect(row).toContainText('草稿');
  await expect(row.getByRole('button', { name: '禁用' })).toHaveCount(0);
  await expect(row.getByRole('button', { name: '发布' })).toBeVisible();
  await shoot(page, 'exam-list-draft');
  const found = await api<{ records: Array<{ id: string; totalScore: number; groups: unknown[] }> }>(
    request,
    '/api/exam/exam/paging',
    { current: 1, size: 5, params: { title: examTitle } },
    admin,
  );
  expect(found.records).toHaveLength(1);
  expect(found.records[0].totalScore).toBe(total);
  expect(found.records[0].groups).toHaveLength(2);
  examId = found.records[0].id;

  // A learner does not see the draft on the home page, and cannot start it.
  const learnerName = uniqueName('draft');
  await createUser(request, { userName: learnerName, realName: '草稿旁观者', password: PASSWORD, roleIds: [LEARNER_ROLE_ID] });
  const learnerContext = await browser.newContext();
  const learnerPage = await learnerContext.newPage();
  await signIn(learnerPage, learnerName, PASSWORD);
  await expect(learnerPage).toHaveURL(/\/web\/index$/);
  await expect(learnerPage.getByRole('listitem', { name: '信息安全知识测验（演示）' })).toBeVisible();
  await expect(learnerPage.getByRole('listitem', { name: examTitle })).toHaveCount(0);
  const learnerToken = await apiToken(request, learnerName, PASSWORD);
  const refused = await request.post('/api/paper/paper/create-paper', { data: { examId }, headers: { token: learnerToken } });
  expect(await refused.json()).toEqual({ code: 1, msg: '考试尚未发布，暂时不能参加', data: null });

  // Publishing asks first, saying how many people the exam opens to.
  const { count } = await api<{ count: number }>(request, '/api/exam/exam/audience', { id: examId }, admin);
  expect(count).toBeGreaterThan(1);
  await row.getByRole('button', { name: '发布' }).click();
  const confirm = page.getByRole('dialog', { name: '发布考试' });
  await expect(confirm).toContainText(`发布后，考试“${examTitle}”将对考试范围内的 ${count} 人开放`);
  await shoot(page, 'exam-publish-confirm', { fullPage: false });
  await confirm.getByRole('button', { name: '发布' }).click();
  await expect(page.getByText(`考试“${examTitle}”已发布`)).toBeVisible();
  await expect(row).toContainText('进行中');
  await expect(row.getByRole('button', { name: '发布' })).toHaveCount(0);
  await shoot(page, 'exam-list-published');

  // Now the learner sees it, open.
  await learnerPage.reload();
  const card = learnerPage.getByRole('listitem', { name: examTitle });
  await expect(card).toContainText('进行中');
  await expect(card.getByRole('link', { name: '进入考试' })).toBeVisible();
  await learnerContext.close();

  // Disable after a confirmation, then enable again.
  await row.getByRole('button', { name: '禁用' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '确定' }).click();
  await expect(row).toContainText('已禁用');
  await row.getByRole('button', { name: '启用' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '确定' }).click();
  await expect(row).toContainText('进行中');
});

test('an administrator marks a paper by paper and another by question; the papers list filters, exports and shows the timeline', async ({ page, request }) => {
  test.setTimeout(150_000);
  expect(examId, 'the exam of the first test').not.toBe('');
  const first = await takeExam(request, '阅卷甲', '不点击可疑链接，通过官方渠道核实。');
  const second = await takeExam(request, '阅卷乙', '开启双因素认证。');

  await signIn(page, ADMIN.username, ADMIN.password);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);

  // The exam list offers 阅卷 while papers await marking.
  await page.goto('/admin/exam/list');
  const examRow = page.getByRole('row').filter({ hasText: examTitle });
  await expect(examRow).toContainText('2 份待阅');
  await examRow.getByRole('link', { name: '阅卷' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/exam/mark\\?examId=${examId}`));

  // By paper: the learner's answer beside the reference answer; a score above the question's is refused.
  await page.getByRole('row').filter({ hasText: '阅卷甲' }).getByRole('button', { name: '阅卷' }).click();
  const items = page.getByRole('article');
  await expect(items.first()).toContainText('不点击可疑链接');
  await expect(items.first()).toContainText('参考答案');
  const count = await items.count();
  await items.first().getByLabel('得分（0～10）').fill('12');
  await page.getByRole('button', { name: '完成阅卷' }).click();
  await expect(items.first().getByText('得分应在 0 到 10 之间')).toBeVisible();
  await items.first().getByLabel('得分（0～10）').fill('8');
  await items.first().getByLabel('评语').fill('要点齐全');
  // Empty answers are valid and start at 0.
  for (let i = 1; i < count; i += 1) {
    await expect(items.nth(i)).toContainText('未作答，按 0 分计');
    await expect(items.nth(i).getByLabel('得分（0～10）')).toHaveValue('0');
  }
  await shoot(page, 'mark-paper');
  await page.getByRole('button', { name: '完成阅卷' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '确定' }).click();
  await expect(page.getByText('阅卷完成').first()).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: '阅卷甲' })).toHaveCount(0);

  // By question: every learner's answer to the short answer in turn.
  const admin = await apiToken(request, ADMIN.username, ADMIN.password);
  const secondItems = await api<{ items: Array<{ quId: string; content: string; answer: string; markScore: number | null }> }>(
    request,
    '/api/paper/mark/paper',
    { id: second.paperId },
    admin,
  );
  const answered = secondItems.items.find((i) => i.answer.includes('双因素'))!;
  const stem = answered.content.replace(/<[^>]*>/g, '').trim().slice(0, 12);
  await page.getByRole('tab', { name: '按试题阅卷' }).click();
  await page.getByRole('list', { name: '简答题' }).getByRole('button', { name: stem }).click();
  const answer = page.getByRole('article').filter({ hasText: '开启双因素认证' });
  await expect(answer).toBeVisible();
  await answer.getByLabel('得分（0～10）').fill('6');
  await shoot(page, 'mark-question');
  await answer.getByRole('button', { name: '保存评分' }).click();
  await expect(page.getByText('已评分').first()).toBeVisible();
  // Only unmarked answers are listed: the scored one leaves the list.
  await expect(answer).toHaveCount(0);
  // The second learner's other short answers (empty) were scored 0 at hand-in: the paper is fully scored.
  expect(secondItems.items.filter((i) => i.quId !== answered.quId).map((i) => i.markScore)).toEqual(secondItems.items.filter((i) => i.quId !== answered.quId).map(() => 0));
  await page.getByRole('button', { name: '完成已评完的试卷' }).click();
  await page.getByRole('dialog').getByText('确定完成 1 份已评完的试卷？', { exact: false }).waitFor();
  await page.getByRole('dialog').getByRole('button', { name: '确定' }).click();
  await expect(page.getByText('已完成 1 份试卷的阅卷')).toBeVisible();

  // The papers of the exam: both finished with their scores.
  await page.goto(`/admin/exam/paper?examId=${examId}`);
  const rowA = page.getByRole('row').filter({ hasText: '阅卷甲' });
  await expect(rowA).toContainText('已完成');
  const paperA = await api<{ userScore: number }>(request, '/api/paper/paper/detail', { id: first.paperId }, admin);
  expect(paperA.userScore).toBeGreaterThanOrEqual(8);
  await expect(rowA).toContainText(String(paperA.userScore));
  await expect(page.getByRole('row').filter({ hasText: '阅卷乙' })).toContainText('已完成');
  await shoot(page, 'papers');

  // Filters: state, name.
  await page.getByRole('combobox', { name: '状态' }).click();
  await page.getByRole('option', { name: '待阅卷' }).click();
  await expect(page.getByText('没有找到符合条件的记录')).toBeVisible();
  await page.getByRole('combobox', { name: '状态' }).click();
  await page.getByRole('option', { name: '已完成' }).click();
  await page.getByLabel('姓名').fill('阅卷乙');
  await page.getByRole('button', { name: '搜索', exact: true }).click();
  await expect(page.getByRole('row').filter({ hasText: '阅卷乙' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: '阅卷甲' })).toHaveCount(0);

  // Export to Excel.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: '导出' }).click()]);
  expect(download.suggestedFilename()).toBe(`${examTitle}-试卷.xlsx`);
  const file = await download.path();
  expect(fs.statSync(file).size).toBeGreaterThan(1000);

  // A paper's detail: the answers with scores and comments, and the timeline in server time.
  await page.getByLabel('姓名').fill('阅卷甲');
  await page.getByRole('button', { name: '搜索', exact: true }).click();
  await page.getByRole('link', { name: '阅卷甲' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/exam/paper/${first.paperId}/show$`));
  await expect(page.getByTestId('paper-score')).toContainText(`${paperA.userScore} /`);
  await expect(page.getByText('要点齐全')).toBeVisible();
  const timeline = page.getByRole('list', { name: '考试过程' });
  await expect(timeline.getByTestId('timeline-event').first()).toBeVisible();
  await expect(timeline).toContainText('交卷');
  await shoot(page, 'paper-detail');

  // Deleting an exam with papers is refused in the server's words.
  await page.goto('/admin/exam/list');
  const examRow2 = page.getByRole('row').filter({ hasText: examTitle });
  await examRow2.getByRole('checkbox').check();
  await page.getByRole('button', { name: '删除' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '确认' }).click();
  await expect(page.getByText('已有考生的试卷，不能删除，可以将其禁用', { exact: false })).toBeVisible();
  await expect(examRow2).toBeVisible();
});
