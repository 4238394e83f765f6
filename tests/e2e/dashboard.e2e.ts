import { expect, test, type APIRequestContext } from '@playwright/test';
import { ADMIN, LEARNER_ROLE_ID, api, apiToken, createUser, publishExam, screenshots, signIn, uniqueName } from './support';

/**
 * Issue 29 as people see it: the administrator's dashboard shows an exam open now and a learner in
 * it (each figure opening its list), and a learner's result shows their rank among those ranked
 * where the exam allows it, with the ranking a click away; the administrator's ranking of the exam.
 */

const PASSWORD = 'Dash1234';
const shoot = screenshots('dashboard');

interface Option {
  id: string;
  isRight: boolean;
}

/** A bank of two single-choice questions (5 points each) and a published exam of both, open until `endTime`. */
async function twoQuestionExam(request: APIRequestContext, title: string, over: Record<string, unknown> = {}) {
  const admin = await apiToken(request, ADMIN.username, ADMIN.password);
  const bank = await api<{ id: string }>(request, '/api/repo/save', { title: `${title}题库`, practiceOpen: false, practiceAudience: 1 }, admin);
  const question = (content: string) =>
    api<{ id: string; answerList: Option[] }>(
      request,
      '/api/qu/qu/save',
      { repoId: bank.id, quType: 1, content: `<p>${content}</p>`, answerList: [{ content: '错', isRight: false }, { content: '对', isRight: true }] },
      admin,
    );
  const qus = [await question('离开座位时电脑应当锁屏吗？'), await question('可以把密码告诉同事吗？')];
  const exam = await api<{ id: string }>(
    request,
    '/api/exam/exam/save',
    {
      title,
      content: '<p>两道单选题。</p>',
      openType: 1,
      departIds: [],
      userIds: [],
      password: '',
      startTime: Date.now() - 3_600_000,
      endTime: Date.now() + 2 * 86_400_000,
      totalTime: 30,
      qualifyScore: 5,
      chance: 0,
      handMin: 0,
      lateMax: 0,
      resultShow: 2,
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
      groups: [{ title: '单选题', quType: 1, perScore: 5, draws: [], quIds: qus.map((q) => q.id) }],
      ...over,
    },
    admin,
  );
  await publishExam(request, admin, exam.id);
  return { id: exam.id, title, qus };
}

/** A new learner, signed in through the API. */
async function learner(request: APIRequestContext, realName: string) {
  const userName = uniqueName('dash');
  const id = await createUser(request, { userName, realName, password: PASSWORD, roleIds: [LEARNER_ROLE_ID] });
  return { id, userName, realName, token: await apiToken(request, userName, PASSWORD) };
}

/** One attempt through the API: the first `right` questions answered right, the rest wrong; handed in unless `stay`. */
async function sit(request: APIRequestContext, token: string, exam: { id: string; qus: Array<{ id: string; answerList: Option[] }> }, right: number, stay = false) {
  const { id: paperId } = await api<{ id: string }>(request, '/api/paper/paper/create-paper', { examId: exam.id }, token);
  for (const [i, q] of exam.qus.entries()) {
    const pick = q.answerList.find((o) => o.isRight === i < right)!;
    await api(request, '/api/paper/paper/fill-answer', { paperId, quId: q.id, seq: 1, answers: [pick.id] }, token);
  }
  if (!stay) await api(request, '/api/paper/paper/hand-exam', { id: paperId, type: 0 }, token);
  return paperId;
}

test('the dashboard shows an exam open now and a learner in it, each figure opening its list', async ({ page, request }) => {
  test.setTimeout(120_000);
  const exam = await twoQuestionExam(request, uniqueName('看板考试'));
  const sitting = await learner(request, '在考学员');
  await sit(request, sitting.token, exam, 0, true);
  const done = await learner(request, '交卷学员');
  await sit(request, done.token, exam, 2);

  await signIn(page, ADMIN.username, ADMIN.password);
  await page.waitForURL(/\/admin\/dashboard$/);
  await expect(page.getByTestId('live-examsOpen')).toHaveText(/^[1-9]\d*$/);
  await expect(page.getByTestId('live-learnersInExam')).toHaveText(/^[1-9]\d*$/);
  await expect(page.getByTestId('live-handedInToday')).toHaveText(/^[1-9]\d*$/);

  // Ending within the week: our exam, with the learner in it and the paper handed in.
  const ending = page.getByRole('region', { name: '即将结束的考试' }).getByRole('listitem').filter({ hasText: exam.title });
  await expect(ending).toBeVisible();
  await expect(ending.getByText('1 人在考')).toBeVisible();
  await expect(ending.getByText('1 份已交')).toBeVisible();
  // The charts, drawn (SVG) once their chunk has loaded.
  await expect(page.getByRole('region', { name: '考试人次' }).locator('svg').first()).toBeVisible();
  await expect(page.getByRole('img', { name: /^考试人次：近 30 天合计 [1-9]/ })).toBeVisible();
  await shoot(page, 'dashboard');
  // In English too.
  await page.evaluate(() => localStorage.setItem('admin.locale', 'en'));
  await page.reload();
  await expect(page.getByRole('region', { name: 'Exams ending soon' }).getByText(exam.title)).toBeVisible();
  await expect(page.getByRole('img', { name: /^Exams taken: [1-9]\d* in the last 30 days/ })).toBeVisible();
  await shoot(page, 'dashboard-en');
  await page.evaluate(() => localStorage.setItem('admin.locale', 'zh-CN'));
  await page.reload();
  await expect(page.getByRole('region', { name: '即将结束的考试' })).toBeVisible();

  // 正在考试的人数 opens the papers in exam: the learner answering now is there.
  await page.getByRole('region', { name: '正在考试的人数' }).getByRole('link').click();
  await expect(page).toHaveURL(/\/admin\/exam\/paper\?state=0$/);
  await expect(page.getByRole('table').getByText('在考学员')).toBeVisible();

  // 进行中的考试 opens the exam list filtered to open exams: ours is in it.
  await page.goto('/admin/dashboard');
  await page.getByRole('region', { name: '进行中的考试' }).getByRole('link').click();
  await expect(page).toHaveURL(/\/admin\/exam\/list\?filter=/);
  await expect(page.getByRole('cell', { name: exam.title })).toBeVisible();
  // Open exams only: no draft in the filtered list.
  await expect(page.getByRole('table').getByText('草稿', { exact: true })).toHaveCount(0);
});

test("the ranking shows on a learner's result when the exam allows it, and to the administrator", async ({ page, request }) => {
  test.setTimeout(120_000);
  const exam = await twoQuestionExam(request, uniqueName('排名考试'), { rankingVisible: true, rankingShowNames: true });
  const first = await learner(request, '排名第一');
  await sit(request, first.token, exam, 2);
  const second = await learner(request, '排名第二');
  const paperId = await sit(request, second.token, exam, 1);

  await signIn(page, second.userName, PASSWORD);
  await page.waitForURL(/\/web\/index$/);
  await page.goto(`/web/exam/result/${paperId}`);
  const mine = page.getByTestId('my-rank');
  await expect(mine).toHaveText(/本场排名 第 2 名 \/ 共 2 人/);
  await shoot(page, 'result-rank');
  await mine.getByRole('button', { name: '查看排名' }).click();
  const dialog = page.getByRole('dialog', { name: /成绩排名/ });
  const rows = dialog.getByRole('listitem');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText('排名第一');
  await expect(rows.nth(0)).toContainText('10 分');
  await expect(rows.nth(1)).toContainText('排名第二（我）');
  await expect(rows.nth(1)).toHaveAttribute('aria-current', 'true');
  await shoot(page, 'ranking-dialog', { fullPage: false });

  // The administrator's ranking of the exam, names and all.
  await page.context().clearCookies();
  await signIn(page, ADMIN.username, ADMIN.password);
  await page.waitForURL(/\/admin\/dashboard$/);
  await page.goto(`/admin/exam/list/${exam.id}/ranking`);
  await expect(page.getByRole('heading', { name: `《${exam.title}》成绩排名` })).toBeVisible();
  const table = page.getByRole('table', { name: '成绩排名' });
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(table.getByRole('row').nth(1)).toContainText('排名第一');
  await expect(page.getByText('考生可查看排名', { exact: true })).toBeVisible();
  await shoot(page, 'admin-ranking');
});
