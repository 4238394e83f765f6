import { expect, test, type APIRequestContext } from '@playwright/test';
import { ADMIN, LEARNER_ROLE_ID, api, apiToken, publishExam, screenshots, signIn, uniqueName } from './support';

/**
 * Issue 29's result screens as people use them: the administrator's 成绩分析 of an exam with
 * handed-in papers (figures, histogram, departments' box plots, item analysis sorted by a figure, a
 * question's option distribution and learners' answers), on a desktop and a phone; a learner's
 * 知识点掌握 in the user centre once the exam releases its answers.
 */

const PASSWORD = 'Stat1234';
const shoot = screenshots('stats');

interface Option {
  id: string;
  isRight: boolean;
}
type Qu = { id: string; answerList: Option[] };

const TAGS = [['安全'], ['安全', '消防'], ['消防'], ['急救']];

/** Four single-choice questions (25 points each, tagged) in one published exam that shows answers after hand-in. */
async function examOfFour(request: APIRequestContext, title: string) {
  const admin = await apiToken(request, ADMIN.username, ADMIN.password);
  const bank = await api<{ id: string }>(request, '/api/repo/save', { title: `${title}题库`, practiceOpen: false, practiceAudience: 1 }, admin);
  const qus: Qu[] = [];
  for (const [n, tags] of TAGS.entries())
    qus.push(
      await api<Qu>(
        request,
        '/api/qu/qu/save',
        {
          repoId: bank.id,
          quType: 1,
          content: `<p>安全知识第${n + 1}题：下列做法哪一项正确？</p>`,
          tags,
          answerList: [
            { content: '按规程操作并上报', isRight: true },
            { content: '先干再说', isRight: false },
            { content: '交给别人处理', isRight: false },
          ],
        },
        admin,
      ),
    );
  const exam = await api<{ id: string }>(
    request,
    '/api/exam/exam/save',
    {
      title,
      content: '<p>四道单选题。</p>',
      openType: 1,
      departIds: [],
      userIds: [],
      password: '',
      startTime: Date.now() - 3_600_000,
      endTime: Date.now() + 2 * 86_400_000,
      totalTime: 30,
      qualifyScore: 60,
      excellentScore: 80,
      chance: 0,
      handMin: 0,
      lateMax: 0,
      resultShow: 3,
      reviewAfterEnd: false,
      practiceDuringExam: true,
      thanks: '',
      displayMode: 1,
      shuffleQuestions: false,
      shuffleOptions: false,
      leaveLimit: 0,
      fullscreen: false,
      blockPaste: false,
      watermark: false,
      idleLimit: 0,
      groups: [{ title: '单选题', quType: 1, perScore: 25, draws: [], quIds: qus.map((q) => q.id) }],
    },
    admin,
  );
  await publishExam(request, admin, exam.id);
  return { id: exam.id, title, qus };
}

/** A new learner of department `deptId` sits the exam once: per question 1 = right, 0 = the first wrong option. */
async function sit(request: APIRequestContext, exam: { id: string; qus: Qu[] }, realName: string, deptId: string, pattern: number[]) {
  const userName = uniqueName('stat');
  const admin = await apiToken(request, ADMIN.username, ADMIN.password);
  await api(request, '/api/sys/user/save', { userName, realName, password: PASSWORD, roleIds: [LEARNER_ROLE_ID], deptId }, admin);
  const token = await apiToken(request, userName, PASSWORD);
  const { id: paperId } = await api<{ id: string }>(request, '/api/paper/paper/create-paper', { examId: exam.id }, token);
  for (const [i, q] of exam.qus.entries()) {
    const pick = q.answerList.find((o) => o.isRight === (pattern[i] === 1))!;
    await api(request, '/api/paper/paper/fill-answer', { paperId, quId: q.id, seq: 1, answers: [pick.id] }, token);
  }
  await api(request, '/api/paper/paper/hand-exam', { id: paperId, type: 0 }, token);
  return { userName };
}

test('the administrator reads an exam’s statistics, sorts its questions and opens one’s option distribution, on a desktop and a phone', async ({ page, request }) => {
  test.setTimeout(180_000);
  const exam = await examOfFour(request, uniqueName('统计考试'));
  // Totals 100, 75, 50, 25, 0: question 1 easiest, question 4 hardest.
  const patterns = [
    [1, 1, 1, 1],
    [1, 1, 1, 0],
    [1, 1, 0, 0],
    [1, 0, 0, 0],
    [0, 0, 0, 0],
  ];
  const admin = await apiToken(request, ADMIN.username, ADMIN.password);
  const depart = async (deptName: string) => (await api<{ id: string }>(request, '/api/sys/depart/save', { parentId: '', deptName }, admin)).id;
  const training = await depart(uniqueName('培训部'));
  const sales = await depart(uniqueName('销售部'));
  const learners = [];
  for (const [n, p] of patterns.entries()) learners.push(await sit(request, exam, `统计学员${n + 1}`, n < 3 ? training : sales, p));

  await signIn(page, ADMIN.username, ADMIN.password);
  await page.waitForURL(/\/admin\/dashboard$/);
  // From the exam list: 分析 beside 排名.
  await page.goto(`/admin/exam/list?filter=${encodeURIComponent(JSON.stringify({ title: exam.title }))}`);
  const row = page.getByRole('row').filter({ hasText: exam.title });
  await row.getByRole('link', { name: '分析' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/exam/list/${exam.id}/stats$`));
  await expect(page.getByRole('heading', { name: `《${exam.title}》成绩分析` })).toBeVisible();
  await expect(page.getByTestId('stats-attempts')).toHaveText('5');
  await expect(page.getByTestId('stats-mean')).toHaveText('50');
  await expect(page.getByTestId('stats-passRate')).toHaveText('40%');
  await expect(page.getByTestId('stats-excellentRate')).toHaveText('20%');
  // The histogram, drawn once its chunk has loaded.
  await expect(page.getByRole('img', { name: /^分数分布：5 份试卷/ }).locator('svg')).toBeVisible();
  await expect(page.getByRole('img', { name: /^知识点得分率：/ }).locator('svg')).toBeVisible();
  // Departments: the first three learners in one (75 on average), the last two in another (12.5).
  const departs = page.getByRole('table', { name: '部门对比' });
  await expect(departs.getByRole('row').filter({ hasText: /^培训部/ })).toHaveText(/^培训部\w+3757566\.7%$/);
  await expect(departs.getByRole('row').filter({ hasText: /^销售部/ })).toHaveText(/^销售部\w+212\.512\.50%$/);
  // Beside the table, a box per department: 100, 75, 50 and 25, 0.
  const boxes = page.getByRole('img', { name: /^各部门成绩箱线图：/ });
  await expect(boxes.locator('svg')).toBeVisible();
  await expect(boxes).toHaveAttribute('aria-label', /培训部\w+ 最低 50、中位数 75、最高 100；销售部\w+ 最低 0、中位数 12\.5、最高 25/);

  // Sorted by facility: the hardest question first, then the other way.
  const table = page.getByRole('table', { name: '试题分析' });
  const firstCells = table.locator('tbody tr td:first-child');
  await expect(firstCells).toHaveText(['1', '2', '3', '4']);
  await table.getByRole('button', { name: '难度系数' }).click();
  await expect(firstCells).toHaveText(['4', '3', '2', '1']);
  await table.getByRole('button', { name: '难度系数' }).click();
  await expect(firstCells).toHaveText(['1', '2', '3', '4']);
  await shoot(page, 'admin-stats');

  // Question 4: only the top learner got it right.
  await table.getByRole('button', { name: /^安全知识第4题/ }).click();
  const dialog = page.getByRole('dialog', { name: '第 4 题 选项分布' });
  await expect(dialog.getByRole('group', { name: /^A\. 按规程操作并上报：全部 20%，高分组 [1-9]\d*%，低分组 0%$/ })).toBeVisible();
  await expect(dialog.getByRole('group', { name: /^B\. 先干再说：全部 80%/ })).toBeVisible();
  await shoot(page, 'admin-stats-question', { fullPage: false });
  // Below the options, who answered what, latest hand-in first: only the first learner got it right.
  const answers = dialog.getByRole('list', { name: '考生作答' });
  await expect(answers.getByRole('listitem')).toHaveCount(5);
  const best = answers.getByRole('listitem', { name: '统计学员1 的作答' });
  await expect(best).toContainText('A. 按规程操作并上报');
  await expect(best).toContainText('答对 25 分');
  await expect(best).toContainText(/\w*培训部\w* · 交卷 /);
  const worst = answers.getByRole('listitem', { name: '统计学员5 的作答' });
  await expect(worst).toContainText('B. 先干再说');
  await expect(worst).toContainText('答错 0 分');
  await answers.scrollIntoViewIfNeeded();
  await shoot(page, 'admin-stats-answers', { fullPage: false });

  // A phone: the page fits its width (the question table scrolls inside its card), the dialog fills the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(dialog.getByRole('group', { name: /^A\. 按规程操作并上报/ })).toBeInViewport();
  await dialog.getByRole('button', { name: '关闭' }).click();
  await expect(dialog).toBeHidden();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await table.getByRole('button', { name: '难度系数' }).click();
  await expect(firstCells).toHaveText(['4', '3', '2', '1']);
  await shoot(page, 'admin-stats-sorted');

  // The learner who missed questions 3 and 4 sees their knowledge points, weakest first: 急救 0 %, 消防 50 %, 安全 100 %.
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.context().clearCookies();
  await signIn(page, learners[2].userName, PASSWORD);
  await page.waitForURL(/\/web\/index$/);
  await page.goto('/web/uc?tab=mastery');
  const list = page.getByRole('list', { name: '知识点掌握' });
  await expect(list.getByRole('listitem')).toHaveCount(3);
  await expect(list.getByRole('listitem').nth(0)).toHaveAttribute('aria-label', '急救：得分率 0%，1 题');
  await expect(list.getByRole('listitem').nth(1)).toHaveAttribute('aria-label', '消防：得分率 50%，2 题');
  await expect(list.getByRole('listitem').nth(2)).toHaveAttribute('aria-label', '安全：得分率 100%，2 题');
  await expect(page.getByRole('link', { name: '去练习' })).toHaveAttribute('href', '/web/repo');
  await shoot(page, 'learner-mastery');

  // 急救's wrong questions, across exams: question 4; then the banks that practise it (the exam's own bank is not open for practice).
  await list.getByRole('listitem').nth(0).getByRole('link', { name: '急救的错题' }).click();
  await expect(page).toHaveURL(/\/web\/book\/point\?tag=/);
  await expect(page.getByText('知识点：急救')).toBeVisible();
  const wrong = page.getByRole('list', { name: '错题列表' });
  await expect(wrong.getByRole('listitem')).toHaveCount(1);
  await expect(wrong).toContainText('安全知识第4题');
  await shoot(page, 'learner-wrong-by-tag');
  await page.getByRole('link', { name: '练习此知识点' }).click();
  await expect(page).toHaveURL(/\/web\/repo\?tag=/);
  await expect(page.getByText('包含知识点“急救”的题库：“练此知识点”只练这个知识点的题')).toBeVisible();
  await expect(page.getByText('没有开放练习的题库包含这个知识点')).toBeVisible();
  await shoot(page, 'learner-banks-by-tag');
});
