import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { ADMIN, LEARNER_ROLE_ID, api, apiToken, createUser, screenshots, signIn, uniqueName } from './support';

const VIDEO = path.resolve(import.meta.dirname, '../../server/seed/assets/demo-intro.mp4');

const shoot = screenshots('course');

/** A published course for everyone: the 8-second demo video (5 s required), then a lesson; files unlock in order. */
async function makeCourse(request: APIRequestContext, title: string) {
  const admin = await apiToken(request, ADMIN.username, ADMIN.password);
  const course = await api<{ id: string }>(
    request,
    '/api/course/course/save',
    {
      title,
      cover: '',
      content: '<p>端到端测试课程：观看视频后解锁图文课。</p>',
      catId: '',
      teacher: '测试讲师',
      classHours: 1,
      audience: 1,
      departIds: [],
      userIds: [],
      required: true,
      state: 1,
      deadline: null,
      unlockInOrder: true,
      examId: '',
      checkMinutes: 0,
      noSkip: true,
    },
    admin,
  );
  const chapter = await api<{ id: string }>(request, '/api/course/chapter/save', { courseId: course.id, title: '第一章 开始' }, admin);
  const res = await request.post('/api/course/file/upload', {
    headers: { token: admin },
    multipart: {
      courseId: course.id,
      chapterId: chapter.id,
      title: '开篇视频',
      needSeconds: '5',
      file: { name: 'intro.mp4', mimeType: 'video/mp4', buffer: fs.readFileSync(VIDEO) },
    },
  });
  const uploaded = await res.json();
  expect(uploaded.code, uploaded.msg).toBe(0);
  await api(request, '/api/course/file/save', { courseId: course.id, chapterId: chapter.id, title: '课后小结', needSeconds: 0, content: '<p>恭喜看完视频！</p>' }, admin);
  return course.id;
}

test('a learner watches a video to completion and the next file unlocks', async ({ page, request }) => {
  test.setTimeout(120_000);
  const title = uniqueName('E2E课程');
  const courseId = await makeCourse(request, title);
  const userName = uniqueName('cl');
  await createUser(request, { userName, realName: '课程学员', password: 'Learner123', roleIds: [LEARNER_ROLE_ID] });
  await signIn(page, userName, 'Learner123');
  await page.waitForURL(/\/web\//);

  await page.goto('/web/course');
  const card = page.getByRole('link', { name: title });
  await expect(card).toBeVisible();
  await shoot(page, 'list');
  await card.click();
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expect(page.getByRole('button', { name: '课后小结，未解锁' }).or(page.getByLabel('课后小结，未解锁'))).toBeVisible();
  await shoot(page, 'intro');

  await page.getByRole('link', { name: '开始学习' }).click();
  await expect(page).toHaveURL(new RegExp(`/web/course/view/${courseId}/`));
  const video = page.locator('video');
  await expect(video).toBeVisible();
  // The learner's own browser plays the video (muted so autoplay rules allow it).
  await video.evaluate((v: HTMLVideoElement) => {
    v.muted = true;
    return v.play();
  });
  // While it plays the header and the outline say the same, and durations under a minute are in seconds on both sides.
  await expect(page.getByTestId('file-status')).toHaveText(/学习中|已完成/);
  const status = await page.getByTestId('file-status').textContent();
  await expect(page.getByRole('navigation', { name: '课程目录' }).getByLabel(`开篇视频，${status}`)).toBeVisible();
  await expect(page.getByTestId('file-learned')).toHaveText(/^已学 \d秒 \/ 要求 5秒$/);
  // A look at the page mid-lesson (paused for the picture, then played on).
  await video.evaluate((v: HTMLVideoElement) => v.pause());
  await shoot(page, 'playing');
  await video.evaluate((v: HTMLVideoElement) => v.play());
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.ended), { timeout: 30_000 }).toBe(true);
  // Completion is the server's: the ended beat credits the real time played.
  await expect(page.getByText('已完成', { exact: true }).first()).toBeVisible({ timeout: 15_000 });
  await expect(page.getByLabel('课后小结，学习中').or(page.getByLabel('课后小结，未开始'))).toBeVisible({ timeout: 15_000 });
  await shoot(page, 'player');

  // Every beat carries its page's session: one id for this opening of the file, a new one after a reload.
  const sessions: string[] = [];
  page.on('request', (req) => {
    if (req.url().endsWith('/api/course/learn/beat')) sessions.push(JSON.parse(req.postData() ?? '{}').pageSession);
  });
  await page.getByRole('link', { name: '下一个课件' }).click();
  await expect(page.getByText('恭喜看完视频！')).toBeVisible();
  await expect(page.getByText(/恭喜，您已完成本课程/)).toBeVisible({ timeout: 20_000 });
  await shoot(page, 'finished');
  await expect.poll(() => sessions.length).toBeGreaterThan(1);
  const lessonSession = sessions.at(-1)!;
  expect(lessonSession).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
  await page.reload();
  await expect(page.getByText('恭喜看完视频！')).toBeVisible();
  await expect.poll(() => sessions.at(-1)).not.toBe(lessonSession);
  expect(sessions.at(-1)).toMatch(/^[A-Za-z0-9_-]{16,64}$/);

  await page.goto('/web/uc?tab=course');
  await expect(page.getByRole('link', { name: title })).toBeVisible();
  await shoot(page, 'uc-records');
});

test('an administrator creates a course, adds a chapter and uploads a video with progress', async ({ page, request }) => {
  test.setTimeout(120_000);
  await signIn(page, ADMIN.username, ADMIN.password);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  const sidebar = page.getByRole('navigation', { name: '主菜单' });
  await sidebar.getByRole('button', { name: '课程管理' }).click();
  await sidebar.getByRole('link', { name: '课程列表' }).click();
  await expect(page).toHaveURL(/\/admin\/course\/list/);
  await expect(page.getByRole('row').filter({ hasText: '平台学习入门（演示课程）' })).toBeVisible();
  await shoot(page, 'admin-list');

  await page.getByRole('link', { name: '新增' }).first().click();
  const form = page.locator('form').filter({ has: page.getByLabel('讲师') });
  await expect(form).toBeVisible();
  const title = uniqueName('管理员课程');
  await form.getByLabel('课程名称').fill(title);
  await form.getByLabel('讲师').fill('王老师');
  await form.getByRole('radio', { name: '已发布' }).check();
  await shoot(page, 'admin-form');
  await form.getByRole('button', { name: '保存' }).click();
  await expect(page).toHaveURL(/\/admin\/course\/list\/[^/]+\/files$/);
  await expect(page.getByRole('heading', { name: `课件管理：${title}` })).toBeVisible();

  await page.getByRole('button', { name: '新增章节' }).click();
  const dialog = page.getByRole('dialog', { name: '新增章节' });
  await dialog.getByLabel('章节名称').fill('第一章 概述');
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(dialog).toBeHidden();
  const chapter = page.getByRole('row', { name: '第一章 概述' });
  await expect(chapter).toBeVisible();

  await chapter.locator('input[type=file]').setInputFiles(VIDEO);
  const fileRow = page.getByRole('row', { name: 'demo-intro' });
  await expect(fileRow).toBeVisible({ timeout: 20_000 });
  await expect(fileRow.getByText('视频')).toBeVisible();
  await shoot(page, 'admin-files');

  const admin = await apiToken(request, ADMIN.username, ADMIN.password);
  const courses = await api<{ records: Array<{ id: string; title: string; fileCount: number; state: number }> }>(
    request,
    '/api/course/course/paging',
    { current: 1, size: 10, params: { title } },
    admin,
  );
  expect(courses.records).toHaveLength(1);
  expect(courses.records[0].fileCount).toBe(1);
  expect(courses.records[0].state).toBe(1);

  await page.goto(`/admin/course/record?courseId=${courses.records[0].id}`);
  await expect(page.getByRole('table', { name: '学习记录' }).or(page.getByText('没有符合条件的学员'))).toBeVisible();
  await shoot(page, 'admin-records');
  await page.goto('/admin/course/catalog');
  await expect(page.getByRole('button', { name: '新增分类' })).toBeVisible();
  await shoot(page, 'admin-catalog');
});

test('a PDF is read page by page with pdf.js and the pages seen are recorded', async ({ page, request }) => {
  test.setTimeout(90_000);
  const admin = await apiToken(request, ADMIN.username, ADMIN.password);
  const title = uniqueName('PDF课程');
  const course = await api<{ id: string }>(
    request,
    '/api/course/course/save',
    { title, cover: '', content: '', catId: '', teacher: '', classHours: 0, audience: 1, departIds: [], userIds: [], required: false, state: 1, deadline: null, unlockInOrder: false, examId: '', checkMinutes: 0, noSkip: false },
    admin,
  );
  const res = await request.post('/api/course/file/upload', {
    headers: { token: admin },
    multipart: {
      courseId: course.id,
      title: '学习指南',
      needSeconds: '1',
      file: { name: 'guide.pdf', mimeType: 'application/pdf', buffer: fs.readFileSync(path.resolve(import.meta.dirname, '../../server/seed/assets/demo-guide.pdf')) },
    },
  });
  const file = (await res.json()).data as { id: string; pageCount: number };
  expect(file.pageCount).toBe(3);
  await api(request, '/api/course/file/save', { id: file.id, courseId: course.id, title: '学习指南', needSeconds: 1, needAllPages: true }, admin);

  const userName = uniqueName('cp');
  await createUser(request, { userName, realName: '读文档的学员', password: 'Learner123', roleIds: [LEARNER_ROLE_ID] });
  await signIn(page, userName, 'Learner123');
  await page.waitForURL(/\/web\//);
  await page.goto(`/web/course/view/${course.id}/${file.id}`);
  await expect(page.getByRole('img', { name: '第 1 页，共 3 页' }).or(page.getByLabel('第 1 页，共 3 页'))).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('已读 1 / 3 页')).toBeVisible({ timeout: 15_000 });
  await shoot(page, 'pdf');
  await page.getByRole('button', { name: '下一页' }).click();
  await expect(page.getByText('已读 2 / 3 页')).toBeVisible({ timeout: 15_000 });
  await page.getByRole('button', { name: '下一页' }).click();
  await expect(page.getByText('已读 3 / 3 页')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('已完成', { exact: true }).first()).toBeVisible({ timeout: 15_000 });
});
