import { expect, test, type APIRequestContext } from '@playwright/test';
import { ADMIN, LEARNER_ROLE_ID, api, apiToken, createUser, publishExam, screenshots, signIn, uniqueName } from './support';

/**
 * After an exam (issue 7, "Before and after"), as a learner clicks through it: a learner takes an
 * exam through the API (one question wrong, one right), then sees the record on /web/paper, the
 * attempt on the attempts page, the wrong question in the wrong book, walks it (wrong first: the
 * answer and analysis; then right), opens the question's answer, and is refused the answer of a
 * question never got wrong; a combined question in the wrong book is walked part by part. The
 * device check shows its checks with a fake camera.
 */

// The config's browser, plus a fake camera and microphone that need no permission prompt (the device check).
test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-quic',
      '--no-first-run',
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
    ],
  },
});

const PASSWORD = 'Record1234';

const shoot = screenshots('records');

interface Option {
  id: string;
  content: string;
  isRight: boolean;
}

/** An exam open to everyone, 30 minutes, its review released, of the given sections, published. */
async function saveExam(request: APIRequestContext, admin: string, title: string, content: string, groups: object[]) {
  const exam = await api<{ id: string }>(
    request,
    '/api/exam/exam/save',
    {
      title,
      content,
      openType: 1,
      departIds: [],
      userIds: [],
      password: '',
      startTime: null,
      endTime: null,
      totalTime: 30,
      qualifyScore: 10,
      chance: 0,
      handMin: 0,
      lateMax: 0,
      // The review is released: the wrong book of an exam shows only what its review releases.
      resultShow: 3,
      reviewAfterEnd: false,
      // Drawn from the demo bank, which other tests practise while this exam stays open.
      practiceDuringExam: true,
      thanks: '谢谢参与',
      displayMode: 1,
      shuffleQuestions: false,
      shuffleOptions: false,
      leaveLimit: 0,
      fullscreen: false,
      blockPaste: false,
      watermark: false,
      idleLimit: 0,
      groups,
    },
    admin,
  );
  await publishExam(request, admin, exam.id);
  return exam;
}

/** An administrator's bank of three single-choice questions and an exam of the first two (scores shown, no review). */
async function examOfTwo(request: APIRequestContext) {
  const admin = await apiToken(request, ADMIN.username, ADMIN.password);
  const tag = Math.random().toString(36).slice(2, 7);
  const repo = await api<{ id: string }>(request, '/api/repo/save', { title: `成绩题库${tag}`, practiceOpen: false, practiceAudience: 1 }, admin);
  const question = (content: string, analysis: string, right: string, wrong: string) =>
    api<{ id: string; answerList: Option[] }>(
      request,
      '/api/qu/qu/save',
      {
        repoId: repo.id,
        quType: 1,
        content: `<p>${content}</p>`,
        analysis: `<p>${analysis}</p>`,
        answerList: [
          { content: wrong, isRight: false },
          { content: right, isRight: true },
        ],
      },
      admin,
    );
  const q1 = await question('收到自称领导要求转账的邮件，应当怎么做？', '先通过电话等其他渠道核实，再决定是否处理。', '电话核实', '立即转账');
  const q2 = await question('离开座位时电脑应当怎样？', '离开时锁屏，防止他人使用。', '锁屏', '保持登录');
  const q3 = await question('公司内网密码可以写在便签上吗？', '不可以，密码不应写在可见的地方。', '不可以', '可以');
  const title = `成绩记录测验${tag}`;
  const exam = await saveExam(request, admin, title, '<p>两道单选题。</p>', [{ title: '单选题', quType: 1, perScore: 5, draws: [], quIds: [q1.id, q2.id] }]);
  return { exam: { id: exam.id, title }, q1, q2, q3 };
}

const rightOf = (q: { answerList: Option[] }) => q.answerList.find((o) => o.isRight)!.id;
const wrongOf = (q: { answerList: Option[] }) => q.answerList.find((o) => !o.isRight)!.id;

test('after an exam: my results, the attempts, the wrong book and its walk, a question earned and one refused', async ({ page, request }) => {
  test.setTimeout(120_000);
  const { exam, q1, q2, q3 } = await examOfTwo(request);
  const userName = uniqueName('records');
  const userId = await createUser(request, { userName, realName: '成绩学员', password: PASSWORD, roleIds: [LEARNER_ROLE_ID] });
  const token = await apiToken(request, userName, PASSWORD);

  // The exam, through the API: q1 wrong, q2 right, handed in.
  expect((await api(request, '/api/paper/paper/pre-check', { examId: exam.id }, token)).validated).toBe(true);
  const { id: paperId } = await api<{ id: string }>(request, '/api/paper/paper/create-paper', { examId: exam.id }, token);
  await api(request, '/api/paper/paper/fill-answer', { paperId, quId: q1.id, seq: 1, answers: [wrongOf(q1)] }, token);
  await api(request, '/api/paper/paper/fill-answer', { paperId, quId: q2.id, seq: 1, answers: [rightOf(q2)] }, token);
  await api(request, '/api/paper/paper/hand-exam', { id: paperId, type: 0 }, token);

  await signIn(page, userName, PASSWORD);
  await expect(page).toHaveURL(/\/web\/index$/);
  await page.setViewportSize({ width: 1440, height: 900 });

  // The user centre's 我的成绩 tab shows the record and leads to all of them.
  await page.goto('/web/uc');
  await page.getByRole('tab', { name: '我的成绩' }).click();
  await expect(page).toHaveURL('/web/uc?tab=exam');
  await expect(page.getByRole('link', { name: `${exam.title} 的考试记录` })).toBeVisible();
  await expect(page.getByText('共 1 场考试')).toBeVisible();
  await shoot(page, 'uc-exam');
  await page.getByRole('link', { name: '全部成绩' }).click();

  // My results: the exam with one attempt, 5 of 10, not passed.
  await expect(page).toHaveURL('/web/paper');
  const record = page.getByRole('link', { name: `${exam.title} 的考试记录` });
  await expect(record).toBeVisible();
  await expect(record.getByText('1 次')).toBeVisible();
  await expect(record.getByText('5 / 10')).toBeVisible();
  await expect(record.getByText('未通过')).toBeVisible();
  await shoot(page, 'paper');

  // The attempts of that exam.
  await record.click();
  await expect(page).toHaveURL(`/web/paper/list/${exam.id}/${userId}`);
  await expect(page.getByRole('heading', { name: exam.title })).toBeVisible();
  const attempt = page.getByTestId('attempt');
  await expect(attempt).toHaveCount(1);
  await expect(attempt.getByText('第 1 次')).toBeVisible();
  await expect(attempt.getByText('已完成')).toBeVisible();
  await expect(attempt.getByText('5 / 10 分')).toBeVisible();
  await expect(attempt.getByText('考生交卷')).toBeVisible();
  await shoot(page, 'paper-list');
  await expect(attempt.getByRole('link', { name: '查看第 1 次的结果' })).toHaveAttribute('href', `/web/exam/result/${paperId}`);

  // The wrong book: q1 only, wrong once.
  await page.getByRole('link', { name: '错题本' }).click();
  await expect(page).toHaveURL(`/web/book/list/${exam.id}`);
  const items = page.getByTestId('wrong-item');
  await expect(items).toHaveCount(1);
  await expect(items.getByText('收到自称领导要求转账的邮件，应当怎么做？')).toBeVisible();
  await expect(items.getByText('答错 1 次')).toBeVisible();
  await shoot(page, 'wrongbook');

  // The walk: wrong first (the right answer and analysis show), then once more, right.
  await page.getByRole('button', { name: '开始练习' }).click();
  const step = page.getByRole('region', { name: '当前错题' });
  await expect(step.getByText('第 1 题')).toBeVisible();
  await expect(page.getByText('先通过电话等其他渠道核实')).toHaveCount(0);
  await shoot(page, 'walk');
  await step.getByRole('radio', { name: 'A. 立即转账' }).check();
  await step.getByRole('button', { name: '提交答案' }).click();
  await expect(step.getByText('回答错误，正确答案和解析如下')).toBeVisible();
  await expect(step.getByText('先通过电话等其他渠道核实，再决定是否处理。')).toBeVisible();
  await shoot(page, 'walk-wrong');
  await step.getByRole('button', { name: '完成练习' }).click();
  const done = page.getByRole('region', { name: '练习完成' });
  await expect(done.getByText('本轮答对 0 题，答错 1 题')).toBeVisible();
  await done.getByRole('button', { name: '再练一遍' }).click();
  await step.getByRole('radio', { name: 'B. 电话核实' }).check();
  await step.getByRole('button', { name: '提交答案' }).click();
  await expect(done.getByText('本轮答对 1 题，答错 0 题')).toBeVisible();
  await shoot(page, 'walk-done');
  await done.getByRole('button', { name: '返回错题本' }).click();

  // The question's answer: earned through the wrong book.
  await items.getByRole('link', { name: '查看第 1 题的答案解析' }).click();
  await expect(page).toHaveURL(`/web/qu/view/${q1.id}`);
  const article = page.getByRole('article', { name: '试题' });
  await expect(article.getByText('收到自称领导要求转账的邮件，应当怎么做？')).toBeVisible();
  await expect(article.getByText('先通过电话等其他渠道核实，再决定是否处理。')).toBeVisible();
  await shoot(page, 'qu-view');

  // Answered right on a paper whose review is released: its answer shows too.
  await page.goto(`/web/qu/view/${q2.id}`);
  await expect(page.getByRole('article', { name: '试题' })).toBeVisible();

  // Never seen: refused, with no answer data on the page.
  await page.goto(`/web/qu/view/${q3.id}`);
  await expect(page.getByRole('alert')).toContainText('您还不能查看这道题的答案和解析');
  await expect(page.getByText(/密码不应写在/)).toHaveCount(0);
  await expect(page.getByRole('article')).toHaveCount(0);
  await shoot(page, 'qu-refused');

  // Removing the question empties the book.
  await page.goto(`/web/book/list/${exam.id}`);
  await items.getByRole('button', { name: '将第 1 题移出错题本' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '移出' }).click();
  await expect(page.getByText('错题本里没有题目，继续保持！')).toBeVisible();
  await expect(page.getByRole('button', { name: '开始练习' })).toBeDisabled();
});

test('the wrong-book walk judges a combined question part by part', async ({ page, request }) => {
  test.setTimeout(90_000);
  const admin = await apiToken(request, ADMIN.username, ADMIN.password);
  const tag = Math.random().toString(36).slice(2, 7);
  const repo = await api<{ id: string }>(request, '/api/repo/save', { title: `材料题库${tag}`, practiceOpen: false, practiceAudience: 1 }, admin);
  const combined = await api<{ id: string; subList: Array<{ id: string; answerList: Option[] }> }>(
    request,
    '/api/qu/qu/save',
    {
      repoId: repo.id,
      quType: 99,
      content: '<p>阅读材料：公司规定，员工离职当天由 IT 部门停用其全部账户；共享文件夹按部门授权，每季度复核一次。</p>',
      analysis: '<p>账户及时停用与定期复核，都是最小权限原则的落实。</p>',
      subList: [
        { quType: 1, share: 1, content: '<p>这项规定主要体现了哪条原则？</p>', analysis: '<p>只给完成工作所需的最少权限。</p>', answerList: [{ content: '方便优先', isRight: false }, { content: '最小权限', isRight: true }] },
        { quType: 3, share: 1, content: '<p>离职员工的账户可以保留一个月再停用。</p>', analysis: '<p>规定要求离职当天停用。</p>', answerList: [{ content: '正确', isRight: false }, { content: '错误', isRight: true }] },
        { quType: 5, share: 1, content: '<p>共享文件夹的权限每<span data-blank="1"></span>复核一次。</p>', analysis: '<p>材料写明每季度复核。</p>', blanks: [{ answers: ['季度', '三个月'] }] },
      ],
    },
    admin,
  );
  const title = `材料题测验${tag}`;
  const exam = await saveExam(request, admin, title, '<p>一道材料题。</p>', [{ title: '材料题', quType: 99, perScore: 12, draws: [], quIds: [combined.id] }]);
  const userName = uniqueName('combined');
  await createUser(request, { userName, realName: '材料学员', password: PASSWORD, roleIds: [LEARNER_ROLE_ID] });
  const token = await apiToken(request, userName, PASSWORD);

  // The exam, through the API: the first part wrong, the others right, so the question is filed in the wrong book.
  const [choice, judge, fill] = combined.subList;
  const { id: paperId } = await api<{ id: string }>(request, '/api/paper/paper/create-paper', { examId: exam.id }, token);
  await api(request, '/api/paper/paper/fill-answer', { paperId, quId: choice.id, seq: 1, answers: [wrongOf(choice)] }, token);
  await api(request, '/api/paper/paper/fill-answer', { paperId, quId: judge.id, seq: 1, answers: [rightOf(judge)] }, token);
  await api(request, '/api/paper/paper/fill-answer', { paperId, quId: fill.id, seq: 1, blanks: ['季度'] }, token);
  await api(request, '/api/paper/paper/hand-exam', { id: paperId, type: 0 }, token);

  await signIn(page, userName, PASSWORD);
  await expect(page).toHaveURL(/\/web\/index$/);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/web/book/list/${exam.id}`);
  await expect(page.getByTestId('wrong-item').getByText('组合题')).toBeVisible();
  await page.getByRole('button', { name: '开始练习' }).click();

  // Wrong again on the first part: each part's mark, right answer and analysis.
  const step = page.getByRole('region', { name: '当前错题' });
  await expect(step.getByText('阅读材料：公司规定')).toBeVisible();
  await expect(page.getByText('只给完成工作所需的最少权限')).toHaveCount(0);
  await step.getByRole('radio', { name: 'A. 方便优先' }).check();
  await step.getByRole('radio', { name: 'B. 错误' }).check();
  await step.getByRole('textbox', { name: '第1空' }).fill('三个月');
  await step.getByRole('button', { name: '提交答案' }).click();
  await expect(step.getByRole('status')).toHaveText('答对 2/3 个小题，请看下方各小题的正确答案和解析');
  const part = (n: number) => step.getByRole('region', { name: `第${n}小题` });
  await expect(part(1)).toContainText('答错');
  await expect(part(1).getByText(/正确答案：/)).toHaveText('正确答案：B\u3000你的答案：A');
  await expect(part(1)).toContainText('只给完成工作所需的最少权限。');
  await expect(part(2)).toContainText('答对');
  await expect(part(3)).toContainText('答对');
  await expect(part(3)).toContainText('三个月');
  await expect(step).toContainText('账户及时停用与定期复核，都是最小权限原则的落实。');
  await shoot(page, 'walk-combined', { desktopWidth: 1280 });
  await step.getByRole('button', { name: '完成练习' }).click();
  const done = page.getByRole('region', { name: '练习完成' });
  await expect(done.getByText('本轮答对 0 题，答错 1 题')).toBeVisible();

  // Every part right: straight to the end.
  await done.getByRole('button', { name: '再练一遍' }).click();
  await step.getByRole('radio', { name: 'B. 最小权限' }).check();
  await step.getByRole('radio', { name: 'B. 错误' }).check();
  await step.getByRole('textbox', { name: '第1空' }).fill('季度');
  await step.getByRole('button', { name: '提交答案' }).click();
  await expect(done.getByText('本轮答对 1 题，答错 0 题')).toBeVisible();
});

test('marking as the learner sees it: 待阅卷 until marked, the batch confirmed with its count, 最近考试 the hand-in, 8/10 a partial score', async ({ page, browser, request }) => {
  test.setTimeout(120_000);
  const admin = await apiToken(request, ADMIN.username, ADMIN.password);
  const tag = Math.random().toString(36).slice(2, 7);
  const repo = await api<{ id: string }>(request, '/api/repo/save', { title: `阅卷题库${tag}`, practiceOpen: false, practiceAudience: 1 }, admin);
  const short = (content: string) => api<{ id: string }>(request, '/api/qu/qu/save', { repoId: repo.id, quType: 4, content: `<p>${content}</p>`, refAnswer: '<p>要点齐全</p>' }, admin);
  const s1 = await short('谈谈密码管理的要点。');
  const s2 = await short('如何识别钓鱼邮件？');
  const title = `简答测验${tag}`;
  const exam = await saveExam(request, admin, title, '<p>两道简答题。</p>', [{ title: '简答题', quType: 4, perScore: 10, draws: [], quIds: [s1.id, s2.id] }]);
  const userName = uniqueName('marked');
  await createUser(request, { userName, realName: '阅卷学员', password: PASSWORD, roleIds: [LEARNER_ROLE_ID] });
  const token = await apiToken(request, userName, PASSWORD);
  const { id: paperId } = await api<{ id: string }>(request, '/api/paper/paper/create-paper', { examId: exam.id }, token);
  await api(request, '/api/paper/paper/fill-answer', { paperId, quId: s1.id, seq: 1, answer: '长度、复杂度，定期更换' }, token);
  await api(request, '/api/paper/paper/fill-answer', { paperId, quId: s2.id, seq: 1, answer: '核对发件人' }, token);
  await api(request, '/api/paper/paper/hand-exam', { id: paperId, type: 0 }, token);
  const handTime = (await api<{ records: Array<{ handTime: number }> }>(request, '/api/paper/paper/paging', { current: 1, size: 1, params: { examId: exam.id } }, token)).records[0].handTime;

  // Awaiting marking: no score of 0, but 待阅卷.
  await signIn(page, userName, PASSWORD);
  await expect(page).toHaveURL(/\/web\/index$/);
  await page.goto('/web/paper');
  const record = page.getByRole('link', { name: `${title} 的考试记录` });
  await expect(record.getByText('最高分').locator('+ *')).toHaveText('待阅卷');
  await expect(record.getByText('最近得分').locator('+ *')).toHaveText('待阅卷');
  await expect(record.getByText('1 份试卷待阅卷', { exact: false })).toBeVisible();
  await shoot(page, 'awaiting-mark');

  // The administrator scores both answers (8 and 10), then finishes the batch: asked first, with the count.
  await api(request, '/api/paper/mark/score', { paperId, quId: s1.id, score: 8 }, admin);
  await api(request, '/api/paper/mark/score', { paperId, quId: s2.id, score: 10 }, admin);
  const context = await browser.newContext();
  const marker = await context.newPage();
  await signIn(marker, ADMIN.username, ADMIN.password);
  await expect(marker).toHaveURL(/\/admin\//);
  await marker.goto(`/admin/exam/mark?examId=${exam.id}`);
  await marker.getByRole('button', { name: '完成已评完的试卷' }).click();
  const dialog = marker.getByRole('dialog');
  await expect(dialog.getByText('确定完成 1 份已评完的试卷？', { exact: false })).toBeVisible();
  await shoot(marker, 'finish-marked-confirm', { fullPage: false });
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(marker.getByText('已完成 1 份试卷的阅卷')).toBeVisible();
  await context.close();

  // Marked: the score, and the latest exam still the hand-in.
  await page.reload();
  await expect(record.getByText('最高分').locator('+ *')).toHaveText('18 / 20');
  await expect(record.getByText('最近得分').locator('+ *')).toHaveText('18');
  const at = new Date(handTime);
  const pad = (n: number) => String(n).padStart(2, '0');
  await expect(record.getByText(`最近考试 ${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())} ${pad(at.getHours())}:${pad(at.getMinutes())}`)).toBeVisible();
  await shoot(page, 'marked');

  // 8/10 is a partial score in the wrong book, not 答错.
  await page.goto(`/web/book/list/${exam.id}`);
  const items = page.getByTestId('wrong-item');
  await expect(items).toHaveCount(1);
  await expect(items.getByText('部分得分')).toBeVisible();
  await expect(items.getByText(/答错/)).toHaveCount(0);
  await shoot(page, 'wrongbook-partial');
});

test.describe('device check', () => {
  test('shows the browser, screen, latency, clock, fullscreen and storage, and a live camera preview on request', async ({ page, request }) => {
    const userName = uniqueName('device');
    await createUser(request, { userName, realName: '设备学员', password: PASSWORD, roleIds: [LEARNER_ROLE_ID] });
    await signIn(page, userName, PASSWORD);
    await expect(page).toHaveURL(/\/web\/index$/);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/web/exam/debug');

    const checks = page.getByRole('list', { name: '检测项目' });
    const row = (name: string) => checks.getByRole('listitem', { name });
    await expect(row('浏览器')).toContainText('Chrome');
    await expect(row('屏幕')).toContainText('×');
    await expect(row('网络延迟')).toContainText(/\d+ 毫秒/);
    await expect(row('网络延迟')).toHaveAttribute('data-level', 'ok');
    await expect(row('时间校准')).toContainText('与服务器时间一致');
    await expect(row('全屏')).toContainText('支持');
    await expect(row('本地存储')).toContainText('可用');
    await expect(page.getByRole('status').first()).toContainText('检测完成');

    // Nothing is asked of the camera until the learner presses the test.
    await expect(page.getByRole('button', { name: '开始检测' })).toBeVisible();
    await page.getByRole('button', { name: '开始检测' }).click();
    const video = page.getByLabel('摄像头画面');
    await expect(video).toBeVisible();
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.videoWidth)).toBeGreaterThan(0);
    await expect(page.getByText(/^摄像头：/)).toBeVisible();
    await expect(page.getByRole('progressbar', { name: '麦克风音量' })).toBeVisible();
    await shoot(page, 'debug');
    await page.getByRole('button', { name: '停止检测' }).click();
    await expect(page.getByRole('button', { name: '开始检测' })).toBeVisible();
  });

  test('explains a refused camera', async ({ page, request, context }) => {
    const userName = uniqueName('device');
    await createUser(request, { userName, realName: '设备学员', password: PASSWORD, roleIds: [LEARNER_ROLE_ID] });
    await signIn(page, userName, PASSWORD);
    await expect(page).toHaveURL(/\/web\/index$/);
    await page.goto('/web/exam/debug');
    await context.clearPermissions();
    // The browser refuses as if the learner had pressed "block".
    await page.evaluate(() => {
      navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));
    });
    await page.getByRole('button', { name: '开始检测' }).click();
    await expect(page.getByRole('alert')).toContainText('您拒绝了摄像头和麦克风的使用权限');
    await expect(page.getByRole('button', { name: '重新检测', exact: true })).toBeVisible();
    await shoot(page, 'debug-refused');
  });
});
