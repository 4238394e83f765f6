import fs from 'node:fs';
import path from 'node:path';
import { chromium, expect, test, type Browser, type Page } from '@playwright/test';
import { ADMIN, api, apiToken, createUser, LEARNER_ROLE_ID, screenshots, signIn, uniqueName } from './support';

const shoot = screenshots('face');
const root = path.resolve(import.meta.dirname, '../..');
const human = path.join(root, 'node_modules/@vladmandic/human/assets');
const port = Number(process.env.E2E_PORT ?? 8765);
const baseURL = `http://127.0.0.1:${port}`;
const fakeDir = path.join(root, '.tmp/face-camera');

/**
 * Two people from @vladmandic/human's sample pictures, each a single frontal face: A, the man in
 * the face-ID demo's screenshot; B, the second woman of the face-detection demo's row of faces.
 * (source picture, crop x, y, size in that picture)
 */
const FACES = {
  a: ['screenshot-faceid.jpg', 14, 142, 140],
  b: ['screenshot-facedetect.jpg', 165, 345, 150],
} as const;

/**
 * A fake camera for Chromium: the face, cropped from its sample picture and centred on a 640×480
 * grey frame, as JPEG frames one after another (an .mjpeg file is nothing more).
 */
async function fakeCamera(page: Page, who: keyof typeof FACES): Promise<string> {
  const [file, x, y, size] = FACES[who];
  const picture = `data:image/jpeg;base64,${fs.readFileSync(path.join(human, file)).toString('base64')}`;
  const jpeg = await page.evaluate(
    async ({ picture, x, y, size }) => {
      const img = new Image();
      img.src = picture;
      await img.decode();
      const canvas = document.createElement('canvas');
      canvas.width = 640;
      canvas.height = 480;
      const g = canvas.getContext('2d')!;
      g.fillStyle = '#8a8a8a';
      g.fillRect(0, 0, 640, 480);
      g.drawImage(img, x, y, size, size, 170, 90, 300, 300);
      return canvas.toDataURL('image/jpeg', 0.92).split(',')[1];
    },
    { picture, x, y, size },
  );
  const frame = Buffer.from(jpeg, 'base64');
  fs.mkdirSync(fakeDir, { recursive: true });
  const out = path.join(fakeDir, `${who}.mjpeg`);
  fs.writeFileSync(out, Buffer.concat(Array.from({ length: 10 }, () => frame)));
  return out;
}

/** Chromium whose camera shows the file: permission granted, no dialog. */
const cameraBrowser = (file: string) =>
  chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${file}`],
  });

const browsers: Browser[] = [];
/** The page's face log (backend, what each rejected frame lacked) goes to the test's output. */
const echo = (page: Page, label: string) => page.on('console', (m) => {
  if (/face/i.test(m.text())) console.log(`[${label}] ${m.text()}`);
});
test.afterAll(async ({ request }) => {
  await Promise.all(browsers.map((b) => b.close()));
  const admin = await apiToken(request, ADMIN.username, ADMIN.password);
  const site = await api(request, '/api/sys/config/detail', { id: 1 });
  await api(request, '/api/sys/config/save', { ...site, loginFace: false }, admin);
});

test('enrols face A in the user centre, signs in with A, and refuses face B', async ({ page, request }) => {
  // Three browsers each start the models (WebGL on SwiftShader, in a worker): minutes on a busy two-core machine.
  test.setTimeout(900_000);
  const admin = await apiToken(request, ADMIN.username, ADMIN.password);
  const site = await api(request, '/api/sys/config/detail', { id: 1 });
  await api(request, '/api/sys/config/save', { ...site, loginFace: true }, admin);
  const userName = uniqueName('face');
  await createUser(request, { userName, realName: '刷脸学员', password: 'Start123', roleIds: [LEARNER_ROLE_ID] });

  const cameraA = await fakeCamera(page, 'a');
  const cameraB = await fakeCamera(page, 'b');
  const a = await cameraBrowser(cameraA);
  const b = await cameraBrowser(cameraB);
  browsers.push(a, b);

  // Enrolment: consent first, then the live capture.
  const enrolPage = await (await a.newContext({ baseURL, locale: 'zh-CN', viewport: { width: 1440, height: 900 } })).newPage();
  echo(enrolPage, 'enrol');
  const faceRequests: string[] = [];
  enrolPage.on('request', (r) => {
    if (/\/models\/|face\.worker/.test(r.url())) faceRequests.push(r.url());
  });
  await signIn(enrolPage, userName, 'Start123');
  await expect(enrolPage).toHaveURL(/\/web\/index$/);
  // Neither the sign-in page nor the home page loaded anything of the face code.
  expect(faceRequests).toEqual([]);
  await enrolPage.goto('/web/uc?tab=face');
  await expect(enrolPage.getByText('人脸信息属于敏感个人信息')).toBeVisible();
  await expect(enrolPage.getByRole('button', { name: '开始录入' })).toBeDisabled();
  await shoot(enrolPage, 'uc-consent');
  await enrolPage.getByLabel('我已阅读并同意以上人脸信息处理说明').check();
  const started = Date.now();
  await enrolPage.getByRole('button', { name: '开始录入' }).click();
  await expect(enrolPage.getByRole('status')).toBeVisible();
  await expect(enrolPage.getByText('已录入人脸')).toBeVisible({ timeout: 400_000 });
  console.log(`enrolment: ${Date.now() - started} ms from the click (worker start, models, capture)`);
  // Only our own origin served the models, and only the files the worker uses.
  expect(faceRequests.length).toBeGreaterThan(0);
  for (const url of faceRequests) expect(url.startsWith(baseURL)).toBe(true);
  await shoot(enrolPage, 'uc-enrolled');

  // Sign in with face A.
  const loginA = await (await a.newContext({ baseURL, locale: 'zh-CN', viewport: { width: 1440, height: 900 } })).newPage();
  echo(loginA, 'login A');
  await loginA.goto('/login');
  await loginA.getByRole('tab', { name: '刷脸登录' }).click();
  await loginA.getByLabel('用户名（选填）').fill(userName);
  await shoot(loginA, 'login-face');
  const signInStarted = Date.now();
  await loginA.getByRole('button', { name: '开始刷脸' }).click();
  await expect(loginA).toHaveURL(/\/web\/index$/, { timeout: 400_000 });
  console.log(`face sign-in: ${Date.now() - signInStarted} ms from the click`);

  // Face B under A's name is refused; without a name it finds nobody either.
  const loginB = await (await b.newContext({ baseURL, locale: 'zh-CN', viewport: { width: 390, height: 844 } })).newPage();
  echo(loginB, 'login B');
  await loginB.goto('/login');
  await loginB.getByRole('tab', { name: '刷脸登录' }).click();
  await loginB.getByLabel('用户名（选填）').fill(userName);
  await loginB.getByRole('button', { name: '开始刷脸' }).click();
  await expect(loginB.getByText('人脸识别未通过，请确认是本人并已录入人脸')).toBeVisible({ timeout: 400_000 });
  await expect(loginB).toHaveURL(/\/login/);
  await shoot(loginB, 'login-face-refused', { fullPage: false });

  // The user deletes the enrolment; the administrator's list no longer shows it.
  await enrolPage.getByLabel('我已阅读并同意以上人脸信息处理说明').uncheck();
  await enrolPage.getByRole('button', { name: '删除人脸信息' }).click();
  await enrolPage.getByRole('button', { name: '确认删除' }).click();
  await expect(enrolPage.getByText('尚未录入人脸')).toBeVisible();
});
