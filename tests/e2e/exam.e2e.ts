import { expect, test, type Locator } from '@playwright/test';
import { ADMIN, LEARNER_ROLE_ID, api, apiToken, createUser, publishExam, screenshots, signIn, uniqueName } from './support';

const PASSWORD = 'Exam12345';
const DEMO_EXAM_TITLE = '信息安全知识测验（演示）';

const shoot = screenshots('exam');

/** Answers whatever the question on screen is, with its natural controls (combined ones included). */
async function answerShown(question: Locator, text: string) {
  await expect(question.getByRole('heading', { level: 2 })).toBeVisible();
  for (const group of await question.getByRole('radiogroup').all()) await group.getByRole('radio').first().check();
  const boxes = question.getByRole('checkbox');
  for (let i = 0; i < Math.min(2, await boxes.count()); i += 1) await boxes.nth(i).check();
  for (const select of await question.getByRole('combobox').all()) {
    const values = await select.locator('option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value).filter(Boolean));
    await select.selectOption(values[0]);
  }
  for (const box of await question.getByRole('textbox').all()) await box.fill(text);
}

test('a learner takes the demo exam through a dropped connection and a reload, hands in, and sees the marked result', async ({ page, request }) => {
  test.setTimeout(180_000);
  const userName = uniqueName('exam');
  await createUser(request, { userName, realName: '考试学员', password: PASSWORD, roleIds: [LEARNER_ROLE_ID] });
  const token = await apiToken(request, userName, PASSWORD);

  await signIn(page, userName, PASSWORD);
  await expect(page).toHaveURL(/\/web\/index$/);
  const row = page.getByRole('listitem', { name: DEMO_EXAM_TITLE });
  await expect(row).toBeVisible();
  await shoot(page, 'list');
  await row.getByRole('link', { name: '进入考试' }).click();

  await expect(page.getByRole('heading', { name: DEMO_EXAM_TITLE })).toBeVisible();
  await expect(page.getByText('考试规则')).toBeVisible();
  await shoot(page, 'check');
  await page.getByRole('button', { name: '开始考试' }).click();
  await expect(page).toHaveURL(/\/web\/exam\/start\//);
  const paperId = page.url().split('/').pop()!;

  const card = page.getByRole('navigation', { name: '答题卡' });
  await expect(card.getByRole('button', { name: /^第1题/ })).toBeVisible();
  const total = await card.getByRole('button').count();
  expect(total).toBeGreaterThan(10);
  const question = page.locator('[id^="qu-"]').first();

  // The first half online: every save is acknowledged.
  const half = Math.floor(total / 2);
  for (let n = 1; n <= half; n += 1) {
    await answerShown(question, `在线答案${n}`);
    await page.getByRole('button', { name: '下一题' }).click();
  }
  await expect(page.getByTestId('save-state')).toContainText('已保存');
  await shoot(page, 'paper');

  // The connection drops: the learner keeps answering, the page says answers are kept locally.
  await page.context().setOffline(true);
  for (let n = half + 1; n <= total; n += 1) {
    await answerShown(question, `离线答案${n}`);
    if (n < total) await page.getByRole('button', { name: '下一题' }).click();
  }
  await expect(page.getByTestId('offline-banner')).toBeVisible();
  await expect(page.getByTestId('save-state')).toContainText('待保存');
  await expect(card.getByRole('button', { name: /未答/ })).toHaveCount(0);
  await shoot(page, 'offline');

  // The browser reloads while the paper calls still fail, then the connection comes back.
  await page.route('**/api/paper/**', (route) => route.abort('internetdisconnected'));
  await page.context().setOffline(false);
  const journal = await page.evaluate((id) => localStorage.getItem(`examhall:paper:${id}:journal`), paperId);
  expect(Object.keys(JSON.parse(journal ?? '{}')).length).toBeGreaterThan(0);
  await page.reload();
  await expect(page.getByRole('alert')).toContainText('加载失败');
  await page.unroute('**/api/paper/**');
  await page.getByRole('button', { name: '重试' }).click();
  await expect(page.getByRole('heading', { name: '第 1 题' })).toBeVisible();
  await expect(page.getByTestId('save-state')).toContainText('已保存', { timeout: 20_000 });

  // Every question is answered on the server.
  const detail = await api<{ groups: Array<{ quList: Array<{ quId: string; answered: boolean }> }> }>(request, '/api/paper/paper/paper-detail', { id: paperId }, token);
  const onServer = detail.groups.flatMap((g) => g.quList);
  expect(onServer).toHaveLength(total);
  for (const q of onServer) {
    const qu = await api<{ saved: { answered: boolean }; subSaved: Record<string, { answered: boolean }>; answerList: object[] }>(
      request,
      '/api/paper/paper/qu-detail',
      { paperId, quId: q.quId },
      token,
    );
    const subs = Object.values(qu.subSaved);
    expect(subs.length ? subs.every((s) => s.answered) : qu.saved.answered, `question ${q.quId} answered on the server`).toBe(true);
    // Never the answer while taking the exam.
    expect(JSON.stringify(qu)).not.toMatch(/isRight|analysis|refAnswer|"blanks":\[\{/);
  }

  // Hand in: the confirmation, then the result (short answers wait for a marker).
  await page.getByRole('button', { name: '交卷' }).first().click();
  await expect(page.getByText('所有题目都已作答')).toBeVisible();
  await page.getByRole('button', { name: '确定交卷' }).click();
  await expect(page).toHaveURL(new RegExp(`/web/exam/result/${paperId}$`));
  await expect(page.getByText('试卷已提交，等待阅卷')).toBeVisible();
  await shoot(page, 'awaiting');

  // An administrator marks the short answers; the learner's result and record update.
  const admin = await apiToken(request, ADMIN.username, ADMIN.password);
  const marking = await api<{ items: Array<{ quId: string; score: number }> }>(request, '/api/paper/mark/paper', { id: paperId }, admin);
  expect(marking.items.length).toBeGreaterThan(0);
  for (const item of marking.items) await api(request, '/api/paper/mark/score', { paperId, quId: item.quId, score: item.score, comment: '回答完整' }, admin);
  await api(request, '/api/paper/mark/finish', { id: paperId }, admin);

  await page.reload();
  await expect(page.getByTestId('user-score')).toBeVisible();
  await expect(page.getByText('阅卷评语：回答完整').first()).toBeVisible();
  await expect(page.getByText('答案解析').first()).toBeVisible();
  await shoot(page, 'result', { fullPage: false });

  await page.goto('/web/index');
  await expect(page.getByRole('listitem', { name: DEMO_EXAM_TITLE })).toContainText('最高得分');
});

test('the home page offers to continue an open exam, and a closed connection at hand-in keeps the paper open', async ({ page, request }) => {
  const userName = uniqueName('exam');
  await createUser(request, { userName, realName: '续考学员', password: PASSWORD, roleIds: [LEARNER_ROLE_ID] });
  await signIn(page, userName, PASSWORD);
  await page.getByRole('listitem', { name: DEMO_EXAM_TITLE }).getByRole('link', { name: '进入考试' }).click();
  await page.getByRole('button', { name: '开始考试' }).click();
  await expect(page).toHaveURL(/\/web\/exam\/start\//);
  const question = page.locator('[id^="qu-"]').first();
  await answerShown(question, '答案');

  await page.goto('/web/index');
  const banner = page.getByRole('alert').filter({ hasText: '你有一场考试正在进行' });
  await expect(banner).toBeVisible();
  await banner.getByRole('link', { name: '继续考试' }).click();
  await expect(page).toHaveURL(/\/web\/exam\/start\//);
  await expect(page.getByRole('navigation', { name: '答题卡' }).getByRole('button', { name: '第1题，已答' })).toBeVisible();

  // Hand-in while the server cannot be reached: refused with the reason, nothing lost, the paper stays open.
  await page.context().setOffline(true);
  await page.getByRole('button', { name: '下一题' }).click();
  await answerShown(question, '离线');
  await page.getByRole('button', { name: '交卷' }).first().click();
  await page.getByRole('button', { name: '确定交卷' }).click();
  await expect(page.getByText(/没有保存到服务器/)).toBeVisible({ timeout: 30_000 });
  await page.context().setOffline(false);
  await page.getByRole('button', { name: '确定交卷' }).click();
  await expect(page).toHaveURL(/\/web\/exam\/result\//, { timeout: 30_000 });
});

test('integrity: whole-paper display, paste blocked, leaving counted until the server hands the paper in, all on the timeline', async ({ page, request }) => {
  const admin = await apiToken(request, ADMIN.username, ADMIN.password);
  const title = uniqueName('切屏测试');
  const group = (name: string, quType: number, perScore: number) => ({ title: name, quType, perScore, draws: [{ repoId: 'demo_repo_security', count: 1 }], quIds: [] });
  const exam = await api<{ id: string }>(
    request,
    '/api/exam/exam/save',
    {
      title,
      content: '<p>请勿切屏</p>',
      openType: 1,
      departIds: [],
      userIds: [],
      password: '',
      startTime: null,
      endTime: null,
      totalTime: 20,
      qualifyScore: 1,
      chance: 0,
      handMin: 0,
      lateMax: 0,
      resultShow: 2,
      reviewAfterEnd: false,
      // Drawn from the demo bank, which other tests practise while this exam stays open.
      practiceDuringExam: true,
      thanks: '谢谢',
      displayMode: 2,
      shuffleQuestions: false,
      shuffleOptions: false,
      leaveLimit: 2,
      fullscreen: false,
      blockPaste: true,
      watermark: true,
      idleLimit: 0,
      groups: [group('单选题', 1, 5), group('填空题', 5, 5)],
    },
    admin,
  );
  await publishExam(request, admin, exam.id);
  const userName = uniqueName('leave');
  await createUser(request, { userName, realName: '切屏学员', password: PASSWORD, roleIds: [LEARNER_ROLE_ID] });
  await signIn(page, userName, PASSWORD);
  await expect(page).toHaveURL(/\/web\/index$/);
  await page.goto(`/web/exam/check/${exam.id}`);
  await expect(page.getByText('离开考试页面（切换窗口或标签页）达到 2 次将被强制交卷')).toBeVisible();
  await page.getByRole('button', { name: '开始考试' }).click();
  await expect(page).toHaveURL(/\/web\/exam\/start\//);
  const paperId = page.url().split('/').pop()!;

  // The whole paper on one page, with the learner's name as a watermark.
  await expect(page.getByRole('heading', { name: '第 1 题' })).toBeVisible();
  await expect(page.getByRole('heading', { name: '第 2 题' })).toBeVisible();
  await expect(page.getByTestId('watermark')).toBeAttached();

  // Paste is refused and recorded.
  const blank = page.getByRole('textbox', { name: '第1空' });
  await blank.focus();
  await page.evaluate(() => {
    const data = new DataTransfer();
    data.setData('text/plain', '抄来的答案');
    document.activeElement!.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  });
  await expect(page.getByText('本场考试禁止粘贴，请自己输入答案。')).toBeVisible();
  await page.getByRole('button', { name: '知道了' }).click();
  await expect(blank).toHaveValue('');

  // Leaving once: a warning with the count and the limit. Twice: the server hands the paper in.
  const leave = () => page.evaluate(() => window.dispatchEvent(new Event('blur')));
  const back = () => page.evaluate(() => window.dispatchEvent(new Event('focus')));
  await leave();
  await back();
  await expect(page.getByText('你已离开考试页面 1 次，达到 2 次将被强制交卷。')).toBeVisible();
  await shoot(page, 'leave-warning', { fullPage: false });
  await page.getByRole('button', { name: '我知道了' }).click();
  await leave();
  await expect(page).toHaveURL(new RegExp(`/web/exam/result/${paperId}$`));
  await expect(page.getByText('切屏超限强制交卷')).toBeVisible();

  const detail = await api<{ events: Array<{ type: number }> }>(request, '/api/paper/paper/detail', { id: paperId }, admin);
  const types = detail.events.map((e) => e.type);
  expect(types).toEqual(expect.arrayContaining([5, 2, 3]));
  expect(types.filter((t) => t === 2)).toHaveLength(2);
});
