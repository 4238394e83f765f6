import { expect, test, type Page } from '@playwright/test';
import type { AnswerInput, QuBody, SubQu } from '../../common/api/qu';
import { ADMIN, LEARNER_ROLE_ID, api, apiToken, createUser, publishExam, screenshots, signIn, uniqueName } from './support';

const PASSWORD = 'Exam12345';
const shoot = screenshots('exam-answers');

/** The question on screen (one per screen). */
const shown = (page: Page) => page.locator('[id^="qu-"]');

/**
 * What the question on screen shows, control by control in page order: '1'/'0' for each option
 * (ticked or not), the text of each field and blank, the chosen item of each matching pair.
 */
const read = (page: Page) =>
  shown(page).evaluate((root) =>
    [...root.querySelectorAll('input, textarea:not([aria-hidden="true"]), select')].map((el) => {
      if (el instanceof HTMLInputElement && (el.type === 'radio' || el.type === 'checkbox')) return el.checked ? '1' : '0';
      return (el as HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement).value;
    }),
  );

/** The same reading of what the server holds, from the administrator's view of the paper. */
function held(question: QuBody | SubQu, answer: AnswerInput): string[] {
  switch (question.quType) {
    case 1:
    case 2:
    case 3:
      return (question.answerList ?? []).map((o) => (answer.answers?.includes(o.id!) ? '1' : '0'));
    case 4:
      return [answer.answer ?? ''];
    case 5:
      return (question.blanks ?? []).map((_, i) => answer.blanks?.[i] ?? '');
    case 6:
      return (question.leftList ?? []).map((l) => answer.pairs?.find((p) => p.leftId === l.id)?.rightId ?? '');
    default:
      return [];
  }
}

/** Answers the question on screen: the `variant`-th option of each choice, matching pair and the given text. */
async function answer(page: Page, text: string, variant = 0) {
  const q = shown(page);
  for (const group of await q.getByRole('radiogroup').all()) await group.getByRole('radio').nth(variant).check();
  const boxes = q.getByRole('checkbox');
  for (let i = variant; i < Math.min(variant + 2, await boxes.count()); i += 1) await boxes.nth(i).check();
  for (const select of await q.getByRole('combobox').all()) {
    const values = await select.locator('option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value).filter(Boolean));
    await select.selectOption(values[variant % values.length]);
  }
  for (const box of await q.getByRole('textbox').all()) await box.fill(text);
}

const heading = (page: Page, n: number) => shown(page).getByRole('heading', { name: `第 ${n} 题` });

test('every type answered, moved over every way (buttons, card, keys, reload, offline, phone): each shows its newest answer, and the server ends with them', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(180_000);
  const admin = await apiToken(request, ADMIN.username, ADMIN.password);
  const group = (title: string, quType: number) => ({ title, quType, perScore: 10, draws: [{ repoId: 'demo_repo_security', count: 1 }], quIds: [] });
  const exam = await api<{ id: string }>(
    request,
    '/api/exam/exam/save',
    {
      title: uniqueName('七种题型'),
      content: '<p>请作答</p>',
      openType: 1,
      departIds: [],
      userIds: [],
      password: '',
      startTime: null,
      endTime: null,
      totalTime: 30,
      qualifyScore: 1,
      chance: 0,
      handMin: 0,
      lateMax: 0,
      resultShow: 3,
      reviewAfterEnd: false,
      // Drawn from the demo bank, which other tests practise while this exam stays open.
      practiceDuringExam: true,
      thanks: '谢谢',
      displayMode: 1,
      shuffleQuestions: false,
      shuffleOptions: false,
      leaveLimit: 0,
      fullscreen: false,
      blockPaste: false,
      watermark: false,
      idleLimit: 0,
      groups: [group('单选题', 1), group('多选题', 2), group('判断题', 3), group('简答题', 4), group('填空题', 5), group('配对题', 6), group('材料题', 99)],
    },
    admin,
  );
  await publishExam(request, admin, exam.id);
  const userName = uniqueName('seven');
  await createUser(request, { userName, realName: '七题学员', password: PASSWORD, roleIds: [LEARNER_ROLE_ID] });
  await signIn(page, userName, PASSWORD);
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto(`/web/exam/check/${exam.id}`);
  await page.getByRole('button', { name: '开始考试' }).click();
  await expect(page).toHaveURL(/\/web\/exam\/start\//);
  const paperId = page.url().split('/').pop()!;

  const card = page.getByRole('navigation', { name: '答题卡' }).first();
  const pick = (n: number) => card.getByRole('button', { name: new RegExp(`^第${n}题，`) }).click();
  const key = async (k: string) => {
    // Arrow keys move between questions when focus is not in a field.
    await shown(page).getByRole('heading', { level: 2 }).click();
    await page.keyboard.press(k);
  };
  const seen: Record<number, string[]> = {};
  const expectShows = async (n: number) => {
    await expect(heading(page, n)).toBeVisible();
    await expect.poll(() => read(page), { message: `question ${n}` }).toEqual(seen[n]);
  };

  // Forward: answer each, moving by 下一题, the keyboard and the card in turn.
  for (let n = 1; n <= 7; n += 1) {
    await expect(heading(page, n)).toBeVisible();
    await answer(page, `答案${n}`);
    seen[n] = await read(page);
    expect(seen[n].some((v) => v !== '0' && v !== ''), `question ${n} answered`).toBe(true);
    if (n === 7) break;
    if (n % 3 === 1) await page.getByRole('button', { name: '下一题' }).click();
    else if (n % 3 === 2) await key('ArrowRight');
    else await pick(n + 1);
  }
  await expect(card.getByText('已答 7 / 7')).toBeVisible();

  // Back: 上一题, the keyboard and the card, each question as I left it.
  await page.getByRole('button', { name: '上一题' }).click();
  await expectShows(6);
  await key('ArrowLeft');
  await expectShows(5);
  await key('PageUp');
  await expectShows(4);
  for (const n of [1, 3, 2, 7]) {
    await pick(n);
    await expectShows(n);
  }

  // Change two answers, move away and back.
  await pick(1);
  await answer(page, '', 1);
  seen[1] = await read(page);
  await pick(6);
  await answer(page, '', 1);
  seen[6] = await read(page);
  await page.getByRole('button', { name: '上一题' }).click();
  await expectShows(5);
  await pick(1);
  await expectShows(1);
  await page.getByRole('button', { name: '下一题' }).click();
  await expectShows(2);
  await pick(6);
  await expectShows(6);
  await expect(page.getByTestId('save-state')).toHaveText(/^已保存 /);

  // A reload: every question from the server, as I left it.
  await page.reload();
  for (const n of [6, 1, 4, 7]) {
    await pick(n);
    await expectShows(n);
  }

  // Offline: a change stays on screen through moves, and reaches the server when back.
  await context.setOffline(true);
  await pick(4);
  await shown(page).getByRole('textbox').fill('断网时改的答案');
  seen[4] = await read(page);
  await page.getByRole('button', { name: '下一题' }).click();
  await expectShows(5);
  await page.getByRole('button', { name: '上一题' }).click();
  await expectShows(4);
  await expect(page.getByTestId('offline-banner')).toBeVisible();
  await context.setOffline(false);
  await expect(page.getByTestId('offline-banner')).toBeHidden({ timeout: 30_000 });
  await expect(page.getByTestId('save-state')).toHaveText(/^已保存 /);

  // A phone: the card in its drawer.
  await page.setViewportSize({ width: 390, height: 844 });
  for (const n of [2, 6]) {
    await page.getByRole('button', { name: '答题卡' }).click();
    await page.getByRole('presentation').getByRole('button', { name: new RegExp(`^第${n}题，`) }).click();
    await expectShows(n);
  }
  await shoot(page, 'step-phone', { fullPage: false });
  await page.setViewportSize({ width: 1440, height: 900 });

  // Hand in: the server holds exactly what the page last showed.
  await page.getByRole('button', { name: '交卷' }).first().click();
  await expect(page.getByText('所有题目都已作答。交卷后不能再修改，确定要交卷吗？')).toBeVisible();
  await page.getByRole('button', { name: '确定交卷' }).click();
  await expect(page).toHaveURL(new RegExp(`/web/exam/result/${paperId}$`));
  const detail = await api<{ groups: Array<{ quList: Array<{ question: QuBody; answer: AnswerInput; subList: Array<{ answer: AnswerInput }> }> }> }>(
    request,
    '/api/paper/paper/detail',
    { id: paperId },
    admin,
  );
  const server = detail.groups.flatMap((g) => g.quList).map((q) => (q.question.quType === 99 ? (q.question.subList ?? []).flatMap((s, i) => held(s, q.subList[i].answer)) : held(q.question, q.answer)));
  expect(server).toEqual([1, 2, 3, 4, 5, 6, 7].map((n) => seen[n]));
});
