import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { LEARNER_ROLE_ID, createUser, screenshots, screensDir, signIn, uniqueName } from './support';

/**
 * Bank practice (issue 8) as a learner clicks through it, on the demo bank that the seed opens to
 * everyone: a sequential training answered wrong then right with instant feedback, a star, leaving
 * and continuing, the result, practising the missed one again, the favourites list, and a bank
 * that is not open. A fresh learner (the demo learner's password is generated at first start), so
 * the run starts with no practice history.
 */
const DEMO_REPO_ID = 'demo_repo_security';
const DEMO_TITLE = '信息安全与办公常识（演示）';
const FIRST = '下列哪一个密码最安全？';
const FIRST_ANALYSIS = '足够长、混合大小写字母、数字和符号、且不含个人信息的密码最难被猜中。';
const PASSWORD = 'Learn1234';

const shoot = screenshots('practice');

const question = (page: Page) => page.getByRole('region', { name: '当前试题' });

test('a learner practises the demo bank: feedback, star, continue, result, retry, favourites', async ({ page, request }) => {
  const userName = uniqueName('practice');
  await createUser(request, { userName, realName: '练习学员', password: PASSWORD, roleIds: [LEARNER_ROLE_ID] });
  await signIn(page, userName, PASSWORD);
  await page.setViewportSize({ width: 1440, height: 900 });

  // The bank list: the demo bank, not practised yet.
  await page.goto('/web/repo');
  const bank = page.getByRole('listitem', { name: DEMO_TITLE });
  await expect(bank).toBeVisible();
  await expect(bank.getByText('还没有练习过')).toBeVisible();
  await shoot(page, 'list');

  await bank.getByRole('link', { name: DEMO_TITLE, exact: true }).click();
  await expect(page).toHaveURL(`/web/repo/view/${DEMO_REPO_ID}`);
  await expect(page.getByRole('heading', { name: DEMO_TITLE })).toBeVisible();
  await expect(page.getByRole('table', { name: '题型分布' })).toContainText('单选题');
  await expect(page.getByRole('button', { name: '错题练习' })).toBeDisabled();
  await shoot(page, 'detail');

  // Sequential training: the first question, no answer or analysis before answering.
  await page.getByRole('button', { name: '顺序练习' }).click();
  await expect(page).toHaveURL(new RegExp(`/web/repo/training/${DEMO_REPO_ID}/1\\?trainId=`));
  await expect(question(page)).toContainText(FIRST);
  await expect(question(page)).toContainText('第 1 题');
  await expect(page.getByText(FIRST_ANALYSIS)).toHaveCount(0);
  await expect(page.getByText('正确答案：')).toHaveCount(0);
  await shoot(page, 'training');

  // Wrong on purpose (A), with the keyboard: the verdict, the right answer (C) and the analysis at once.
  await page.keyboard.press('a');
  await page.keyboard.press('Enter');
  await expect(page.getByText('回答错误，请看下方的正确答案和解析')).toBeVisible();
  await expect(page.getByText(FIRST_ANALYSIS)).toBeVisible();
  await expect(page.getByText(/正确答案：/)).toContainText('C');
  await page.getByRole('button', { name: '收藏本题' }).click();
  await expect(page.getByRole('button', { name: '取消收藏' })).toBeVisible();
  // The clicked star may keep the focus (as it does when its request is quick): Enter below must
  // still go on to the next question, not take the star back.
  await page.getByRole('button', { name: '取消收藏' }).focus();
  await expect(page.getByRole('navigation', { name: '答题卡' }).first().getByRole('button', { name: '第1题，答错' })).toBeVisible();
  await shoot(page, 'feedback');

  // Two more, right: Enter goes on, a letter picks, Enter submits.
  await page.keyboard.press('Enter');
  await expect(question(page)).toContainText('第 2 题');
  // Keys pressed before the question has loaded pick nothing: wait for its options, as a person would.
  await expect(question(page).getByRole('radio').first()).toBeVisible();
  await page.keyboard.press('c');
  await page.keyboard.press('Enter');
  await expect(page.getByText('回答正确')).toBeVisible();
  await page.getByRole('button', { name: '下一题' }).click();
  await expect(question(page)).toContainText('第 3 题');
  await page.getByRole('radio', { name: /锁定屏幕/ }).check();
  await page.getByRole('button', { name: '提交答案' }).click();
  await expect(page.getByText('回答正确')).toBeVisible();

  // The answer card on a phone.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: '答题卡' }).click();
  const cardDialog = page.getByRole('dialog', { name: '答题卡' });
  await expect(cardDialog.getByRole('button', { name: '第3题，答对' })).toBeVisible();
  await page.screenshot({ path: path.join(screensDir('practice'), 'answer-card-phone.png') });
  await cardDialog.getByRole('button', { name: '关闭' }).click();
  await page.setViewportSize({ width: 1440, height: 900 });

  // Leave, come back: the bank offers to continue where I was.
  await page.goto('/web/repo');
  await expect(page.getByRole('listitem', { name: DEMO_TITLE }).getByRole('link', { name: `继续练习 ${DEMO_TITLE}` })).toBeVisible();
  await page.getByRole('listitem', { name: DEMO_TITLE }).getByRole('link', { name: '详情' }).click();
  await page.getByRole('button', { name: '顺序练习' }).click();
  const dialog = page.getByRole('dialog', { name: '继续上次的练习？' });
  await expect(dialog).toContainText('已答 3 /');
  await dialog.getByRole('button', { name: '继续练习' }).click();
  await expect(question(page)).toContainText('第 4 题');
  await expect(page.getByRole('button', { name: '提交答案' })).toBeVisible();

  // Finish: the result, with the missed question linked.
  await page.getByRole('button', { name: '结束练习' }).click();
  await page.getByRole('dialog', { name: '结束练习' }).getByRole('button', { name: '查看结果' }).click();
  await expect(page).toHaveURL(/\/web\/repo\/repo\//);
  await expect(page.getByRole('heading', { name: '练习结果' })).toBeVisible();
  await expect(page.getByText(/^3\/\d+$/)).toBeVisible();
  const missed = page.getByRole('list', { name: '答错的题' });
  await expect(missed.getByRole('link')).toHaveCount(1);
  await expect(missed.getByRole('link', { name: FIRST })).toHaveAttribute('href', /^\/web\/qu\/view\//);
  await shoot(page, 'result');

  // Practise the missed one again: a one-question training.
  await page.getByRole('link', { name: '再练一遍错题' }).click();
  await expect(page).toHaveURL(new RegExp(`/web/repo/training/${DEMO_REPO_ID}/8\\?trainId=`));
  await expect(question(page)).toContainText('共 1 题');
  await expect(question(page)).toContainText(FIRST);
  await page.keyboard.press('c');
  await page.keyboard.press('Enter');
  await expect(page.getByText('回答正确')).toBeVisible();
  await expect(page.getByText('本次练习的题目已全部答完')).toBeVisible();
  await page.getByRole('button', { name: '查看结果' }).click();
  await expect(page.getByRole('list', { name: '答错的题' })).toHaveCount(0);
  await expect(page.getByText('这次练习没有答错的题，继续保持！')).toBeVisible();

  // My favourites: the starred question.
  await page.goto('/web/repo?tab=fav');
  await expect(page.getByRole('list', { name: '收藏的试题' }).getByRole('link', { name: FIRST })).toBeVisible();
  await shoot(page, 'favourites');

  // Practise the favourites as a set (a second mode): the one starred question.
  await page.getByRole('link', { name: DEMO_TITLE }).click();
  await expect(page).toHaveURL(new RegExp(`/web/repo/training/${DEMO_REPO_ID}/7\\?trainId=`));
  await expect(question(page)).toContainText('共 1 题');
  await expect(question(page)).toContainText(FIRST);
  await expect(page.getByRole('button', { name: '取消收藏' })).toBeVisible();

  // A bank that does not exist (or is not open to me): the server's message, no crash.
  await page.goto('/web/repo/view/no_such_bank');
  await expect(page.getByText('题库不存在或未对您开放练习')).toBeVisible();
});

test('by type: a combined question is judged part by part and comes back answered; a fill-in is judged; recite shows answers at once', async ({ page, request }) => {
  const userName = uniqueName('practice');
  await createUser(request, { userName, realName: '题型学员', password: PASSWORD, roleIds: [LEARNER_ROLE_ID] });
  await signIn(page, userName, PASSWORD);
  await page.setViewportSize({ width: 1440, height: 900 });

  // By type: pick 组合题 in the picker.
  await page.goto(`/web/repo/view/${DEMO_REPO_ID}`);
  await page.getByRole('button', { name: '题型练习' }).click();
  await page.getByRole('dialog', { name: '选择题型' }).getByText('组合题').click();
  await expect(page).toHaveURL(new RegExp(`/web/repo/training/${DEMO_REPO_ID}/3\\?trainId=`));
  await expect(question(page)).toContainText('阅读材料');
  await expect(question(page)).toContainText('共 2 题');
  // Nothing answered: refused with a message, nothing sent.
  await page.getByRole('button', { name: '提交答案' }).click();
  await expect(page.getByText('请先作答再提交')).toBeVisible();
  // The first part right, the second wrong (a phishing site may well use https), the third a short answer.
  await page.getByRole('radio', { name: 'B. 钓鱼邮件' }).check();
  await page.getByRole('radio', { name: 'A. 正确' }).check();
  await page.getByRole('textbox', { name: '作答' }).fill('不点击链接；连接 VPN。');
  await shoot(page, 'combined');
  await page.getByRole('button', { name: '提交答案' }).click();
  await expect(page.getByText('答对 2/3 个小题，请看下方各小题的正确答案和解析')).toBeVisible();
  const part = (n: number) => question(page).getByRole('region', { name: `第${n}小题` });
  await expect(part(1)).toContainText('答对');
  await expect(part(1)).toContainText('制造紧迫感并要求点击链接验证，是钓鱼邮件的典型特征。');
  await expect(part(2)).toContainText('答错');
  await expect(part(2).getByText(/正确答案：/)).toHaveText('正确答案：B\u3000你的答案：A');
  await expect(part(2)).toContainText('钓鱼网站同样可以使用 HTTPS 证书。');
  await expect(part(3)).toContainText('已作答，请自查');
  await expect(part(3)).toContainText('不点击链接；连接 VPN。');
  await expect(part(3)).toContainText('在公共网络上先连接公司 VPN');
  await expect(page.getByRole('navigation', { name: '答题卡' }).first().getByRole('button', { name: '第1题，答错' })).toBeVisible();
  await shoot(page, 'combined-feedback');

  // Reload: the training resumes at the next question; going back shows my part answers and the verdicts.
  await page.reload();
  await expect(question(page)).toContainText('第 2 题');
  await page.getByRole('button', { name: '上一题' }).click();
  await expect(question(page)).toContainText('第 1 题');
  await expect(part(2)).toContainText('答错');
  await expect(part(2).getByText(/正确答案：/)).toHaveText('正确答案：B\u3000你的答案：A');
  await expect(part(3)).toContainText('不点击链接；连接 VPN。');
  await expect(page.getByRole('button', { name: '提交答案' })).toHaveCount(0);

  // By knowledge point would ask the same way; switch to fill-in: start over with another type.
  await page.goto(`/web/repo/view/${DEMO_REPO_ID}`);
  await page.getByRole('button', { name: '题型练习' }).click();
  await page.getByRole('dialog', { name: '选择题型' }).getByText('填空题').click();
  const again = page.getByRole('dialog', { name: '继续上次的练习？' });
  await expect(again).toContainText('重新开始将改为练习题型练习（填空题）');
  await again.getByRole('button', { name: '重新开始' }).click();
  await expect(question(page)).toContainText('3-2-1');
  await page.getByRole('textbox', { name: '第1空' }).fill('三');
  await page.getByRole('textbox', { name: '第2空' }).fill('两');
  await page.keyboard.press('Enter');
  await expect(page.getByText('回答正确')).toBeVisible();
  await shoot(page, 'fill-feedback');

  // Recite: answers and analyses at once, nothing to submit.
  await page.goto(`/web/repo/view/${DEMO_REPO_ID}`);
  await page.getByRole('button', { name: '背题模式' }).click();
  await expect(question(page)).toContainText(FIRST);
  await expect(page.getByText(FIRST_ANALYSIS)).toBeVisible();
  await expect(page.getByRole('button', { name: '提交答案' })).toHaveCount(0);
  await page.keyboard.press('ArrowRight');
  await expect(question(page)).toContainText('第 2 题');
  await shoot(page, 'recite');
});

test('short answers are self-assessed: the reference answer, 答对 / 答错, and figures that count them apart', async ({ page, request }) => {
  const userName = uniqueName('practice');
  await createUser(request, { userName, realName: '自评学员', password: PASSWORD, roleIds: [LEARNER_ROLE_ID] });
  await signIn(page, userName, PASSWORD);
  await page.setViewportSize({ width: 1440, height: 900 });
  const card = () => page.getByRole('navigation', { name: '答题卡' }).first();

  await page.goto(`/web/repo/view/${DEMO_REPO_ID}`);
  await page.getByRole('button', { name: '题型练习' }).click();
  await page.getByRole('dialog', { name: '选择题型' }).getByText('简答题').click();
  await expect(page).toHaveURL(new RegExp(`/web/repo/training/${DEMO_REPO_ID}/3\\?trainId=`));
  await expect(question(page)).toContainText('共 3 题');

  // Anything typed: no verdict, the reference answer, and the question to me.
  await page.getByRole('textbox', { name: '作答' }).fill('随便写点什么');
  await page.getByRole('button', { name: '提交答案' }).click();
  await expect(page.getByText(/简答题由你自评/)).toBeVisible();
  await expect(question(page)).toContainText('长度至少12位');
  await expect(page.getByText('回答正确')).toHaveCount(0);
  await expect(card().getByRole('button', { name: '第1题，待自评' })).toBeVisible();
  await expect(page.getByText(/待自评 1 题/).first()).toBeVisible();
  await shoot(page, 'self-assess');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('region', { name: '自评' })).toBeVisible();
  await page.screenshot({ path: path.join(screensDir('practice'), 'self-assess-phone.png'), fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });

  // 答对 on the first; the second 答错; the third left awaiting my verdict.
  await page.getByRole('region', { name: '自评' }).getByRole('button', { name: '答对' }).click();
  await expect(page.getByText(/自评：答对/)).toBeVisible();
  await expect(card().getByRole('button', { name: '第1题，自评答对' })).toBeVisible();
  await page.getByRole('button', { name: '下一题' }).click();
  await expect(question(page)).toContainText('第 2 题');
  await page.getByRole('textbox', { name: '作答' }).fill('不知道');
  await page.getByRole('button', { name: '提交答案' }).click();
  await page.getByRole('region', { name: '自评' }).getByRole('button', { name: '答错' }).click();
  await expect(page.getByText(/自评：答错/)).toBeVisible();
  await page.getByRole('button', { name: '下一题' }).click();
  await page.getByRole('textbox', { name: '作答' }).fill('限制影响范围');
  await page.getByRole('button', { name: '提交答案' }).click();
  await expect(page.getByRole('region', { name: '自评' })).toBeVisible();
  // No judged answer: no judged accuracy; my own verdicts apart.
  await expect(page.getByText('已答 3/3 · 答对 0 · 答错 0 · 正确率 — · 自评 2 题，答对 1 · 待自评 1 题').first()).toBeVisible();

  // A reload keeps it all: my verdicts, and the one still awaiting it.
  await page.reload();
  await expect(page.getByRole('region', { name: '自评' })).toBeVisible();
  await page.getByRole('button', { name: '上一题' }).click();
  await expect(page.getByText(/自评：答错/)).toBeVisible();
  await expect(page.getByRole('region', { name: '自评' })).toHaveCount(0);

  // The result: the self-assessed apart, the one awaiting my verdict listed, the self-assessed wrong one among the missed.
  await page.getByRole('link', { name: '查看结果' }).click();
  await expect(page.getByRole('heading', { name: '练习结果' })).toBeVisible();
  const own = page.getByRole('region', { name: '自评的题', exact: true });
  await expect(own).toContainText('2自评');
  await expect(own).toContainText('1自评答对');
  await expect(own).toContainText('1待自评');
  await expect(page.getByRole('list', { name: '待自评的题' })).toContainText('为什么说“最小权限原则”');
  await expect(page.getByRole('list', { name: '答错的题' }).getByRole('link')).toHaveCount(1);
  await shoot(page, 'self-assess-result');

  // The bank: my own verdicts apart, the self-assessed wrong one to practise again.
  await page.goto(`/web/repo/view/${DEMO_REPO_ID}`);
  await expect(page.getByText('正确率只算系统判定的题；自评 2 题，答对 1')).toBeVisible();
  await shoot(page, 'self-assess-bank');
  await page.getByRole('button', { name: '错题练习' }).click();
  await expect(question(page)).toContainText('共 1 题');
  await expect(question(page)).toContainText('发现自己的账户可能被盗用');
});
