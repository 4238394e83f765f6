import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CourseFileRecord, CourseOutline } from '../../common/api';
import { ConvertState, CourseFileKind } from '../../common/api/course';
import { ErrorCode } from '../../common/errorCodes';
import { createCourseConvertJob } from '../../server/jobs/courseConvert';
import type { DocumentConverter } from '../../server/modules/course/course.convert';
import { hashToken, sessionRef } from '../../server/modules/identity/session.service';
import { signedFileUrl, urlKey } from '../../server/modules/course/course.content';
import { receiveToDisk } from '../../server/modules/course/course.storage';
import { DIALECTS, TEST_PASSWORD, insertUser, useTestApp, type TestContext } from './helpers';
import { DEMO_MP4, DEMO_PDF, PNG, getContent, myDetail, saveCourse, uploadFile, uploadRaw } from './course.helpers';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** Who a URL is signed for, as the server knows a signed-in user. */
const viewer = (u: { id: string; token: string }) => ({ id: u.id, tokenHash: hashToken(u.token) });

async function xlsxBuffer(): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.addWorksheet('表').addRow(['课程', '课时']);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** Every file under the data folder's course/ directory (relative). */
function storedFiles(t: TestContext): string[] {
  const root = path.join(t.config.dataDir, 'course');
  if (!fs.existsSync(root)) return [];
  return (fs.readdirSync(root, { recursive: true }) as string[]).filter((f) => fs.statSync(path.join(root, f)).isFile());
}

/** A converter that writes the demo PDF, counting how many run at once. */
function fakeConverter(behaviour: 'ok' | 'fail' | 'hang' = 'ok') {
  const stats = { calls: 0, inFlight: 0, maxInFlight: 0 };
  const converter: DocumentConverter = {
    name: 'fake',
    async toPdf(input, outDir, signal) {
      stats.calls += 1;
      stats.inFlight += 1;
      stats.maxInFlight = Math.max(stats.maxInFlight, stats.inFlight);
      try {
        await new Promise((r) => setTimeout(r, 5));
        if (behaviour === 'fail') throw new Error('文档已损坏');
        if (behaviour === 'hang') await new Promise((_, reject) => signal.addEventListener('abort', () => reject(new Error('stopped'))));
        const out = path.join(outDir, `${path.basename(input, path.extname(input))}.pdf`);
        fs.writeFileSync(out, DEMO_PDF);
        return out;
      } finally {
        stats.inFlight -= 1;
      }
    },
  };
  return { converter, stats };
}

describe.each(DIALECTS)('course files on %s', (dialect) => {
  const t = useTestApp(dialect);
  afterAll(() => fs.rmSync(t.config.dataDir, { recursive: true, force: true }));
  const people = { in: { id: '', token: '' }, out: { id: '', token: '' } };
  let courseId = '';
  let video: CourseFileRecord;
  beforeAll(async () => {
    people.in = await insertUser(t, `fin_${dialect}`);
    people.out = await insertUser(t, `fout_${dialect}`);
    courseId = (await saveCourse(t, { title: '视频课程', audience: 3, userIds: [people.in.id] })).id;
    video = await uploadFile(t, courseId, '第一课 介绍.mp4', DEMO_MP4);
  });

  it('stores an upload under the data folder with a random name, its kind and length read from the content', async () => {
    expect(video).toMatchObject({
      kind: CourseFileKind.VIDEO,
      viewer: 'video',
      title: '第一课 介绍',
      fileName: '第一课 介绍.mp4',
      size: DEMO_MP4.length,
      durationSec: 8,
      needSeconds: 8,
      convState: ConvertState.NONE,
    });
    expect(video.url).toMatch(new RegExp(`^/api/course/file/content/${video.id}\\?u=\\w+&k=[0-9a-f]{32}&e=\\d+&s=[\\w-]+$`));
    expect(storedFiles(t)).toContainEqual(expect.stringMatching(/^\d{4}\/\d{2}\/[0-9a-f]{32}\.mp4$/));
    const image = await uploadFile(t, courseId, 'cover.png', PNG, { title: '示意图', needSeconds: '30' });
    expect(image).toMatchObject({ kind: CourseFileKind.IMAGE, viewer: 'image', title: '示意图', needSeconds: 30 });
    const pdf = await uploadFile(t, courseId, 'guide.pdf', DEMO_PDF);
    expect(pdf).toMatchObject({ kind: CourseFileKind.PDF, pageCount: 3 });
  });

  it('checks the content by its magic bytes against the name, and refuses what is not a course file', async () => {
    const admin = await t.adminToken();
    const before = storedFiles(t).length;
    const refuse = async (fields: Record<string, string>, name: string, data: Buffer) => (await uploadRaw(t, admin, fields, name, data)).body;
    expect((await refuse({ courseId }, 'tool.exe', Buffer.from('MZ'))).msg).toMatch(/^不支持的课件类型/);
    expect((await refuse({ courseId }, 'fake.mp4', Buffer.from('<html><script>alert(1)</script></html>'))).msg).toBe(
      '文件内容无法识别或不是支持的课件类型，请检查文件是否完整',
    );
    expect((await refuse({ courseId }, 'report.mp4', DEMO_PDF)).msg).toBe('文件内容与扩展名不符：内容是PDF 文档，扩展名却是 .mp4');
    expect((await refuse({ courseId }, 'empty.pdf', Buffer.alloc(0))).msg).toBe('上传的文件是空的');
    expect((await refuse({}, 'a.mp4', DEMO_MP4)).msg).toBe('上传参数不正确：请先选择课程');
    expect((await refuse({ courseId: 'nope' }, 'a.mp4', DEMO_MP4)).msg).toBe('课程不存在或已被删除');
    expect((await refuse({ courseId, chapterId: 'nope' }, 'a.mp4', DEMO_MP4)).msg).toBe('所选章节不存在或不属于本课程');
    expect((await uploadRaw(t, people.in.token, { courseId }, 'a.mp4', DEMO_MP4)).body.code).toBe(ErrorCode.FORBIDDEN);
    // Nothing refused was kept, not even a partial file.
    expect(storedFiles(t).length).toBe(before);
  });

  it('serves the bytes to a learner of the audience by the signed URL, with byte ranges', async () => {
    const url = (await myDetail(t, people.in.token, courseId)).files[0].url;
    const whole = await getContent(t, url);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers).toMatchObject({
      'content-type': 'video/mp4',
      'accept-ranges': 'bytes',
      'x-content-type-options': 'nosniff',
      'content-length': String(DEMO_MP4.length),
    });
    expect(whole.headers['cache-control']).toMatch(/^private/);
    expect(whole.headers['content-disposition']).toMatch(/^inline;/);
    expect(whole.rawPayload.equals(DEMO_MP4)).toBe(true);

    const size = DEMO_MP4.length;
    const first = await getContent(t, url, { range: 'bytes=0-99' });
    expect(first.statusCode).toBe(206);
    expect(first.headers['content-range']).toBe(`bytes 0-99/${size}`);
    expect(first.headers['content-length']).toBe('100');
    expect(first.rawPayload.equals(DEMO_MP4.subarray(0, 100))).toBe(true);
    const tail = await getContent(t, url, { range: `bytes=${size - 10}-` });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(DEMO_MP4.subarray(size - 10))).toBe(true);
    const suffix = await getContent(t, url, { range: 'bytes=-50' });
    expect(suffix.headers['content-range']).toBe(`bytes ${size - 50}-${size - 1}/${size}`);
    const past = await getContent(t, url, { range: `bytes=${size}-` });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${size}`);
    // A range for another version of the file gets the whole current file.
    const stale = await getContent(t, url, { range: 'bytes=0-9', 'if-range': '"other"' });
    expect(stale.statusCode).toBe(200);
    const revalidated = await getContent(t, url, { 'if-none-match': whole.headers.etag as string });
    expect(revalidated.statusCode).toBe(304);
  });

  it('refuses a bad or expired signature, a URL turned into another learner’s, and learners outside the audience', async () => {
    const mine = (await myDetail(t, people.in.token, courseId)).files[0].url;
    const refusal = async (url: string) => {
      const res = await getContent(t, url);
      return { status: res.statusCode, ...res.json() };
    };
    expect(await refusal(mine.replace(/s=[\w-]+/, 's=AAAA'))).toMatchObject({ status: 403, code: ErrorCode.FORBIDDEN, msg: '课件链接无效，请刷新页面后重试' });
    // Someone else's id with my signature does not verify.
    expect((await refusal(mine.replace(/u=\w+/, `u=${people.out.id}`))).status).toBe(403);
    // A learner outside the audience cannot get a URL, and one signed for them anyway is refused.
    expect((await t.call('/api/course/learn/detail', { id: courseId }, people.out.token)).body.code).toBe(ErrorCode.NOT_FOUND);
    const key = await urlKey(t.app.ctx);
    const forged = signedFileUrl(key, video.id, viewer(people.out), t.clock.now() + HOUR);
    expect(await refusal(forged)).toMatchObject({ status: 403, msg: '您不在本课程的学习范围内，无法查看课件' });
    expect((await getContent(t, `/api/course/file/content/${video.id}`)).statusCode).toBe(400);

    // Expired: a few hours later the URL stops working.
    t.clock.advance(5 * HOUR);
    expect(await refusal(mine)).toMatchObject({ status: 403, msg: '课件链接已过期，请刷新页面后重试' });
    const fresh = (await myDetail(t, people.in.token, courseId)).files[0].url;
    expect((await getContent(t, fresh)).statusCode).toBe(200);

    // The audience is checked again on every request: taken out of it, the same URL stops.
    const admin = await t.adminToken();
    const detail = (await t.call('/api/course/course/detail', { id: courseId }, admin)).body.data;
    await t.call('/api/course/course/save', { ...detail, userIds: [people.out.id] }, admin);
    expect(await refusal(fresh)).toMatchObject({ status: 403, msg: '您不在本课程的学习范围内，无法查看课件' });
    await t.call('/api/course/course/save', { ...detail, userIds: [people.in.id] }, admin);
    expect((await getContent(t, fresh)).statusCode).toBe(200);
    // Withdrawn: learners lose it, administrators holding course:course:list keep their previews.
    await t.call('/api/course/course/state', { ids: [courseId], state: 0 }, admin);
    expect((await getContent(t, fresh)).statusCode).toBe(403);
    const adminOutline = (await t.call<CourseOutline>('/api/course/chapter/list', { courseId }, admin)).body.data;
    const preview = adminOutline.files[0].url;
    expect((await getContent(t, preview)).statusCode).toBe(200);
    // The page renews its previews before they lapse: 25–30 minutes from now, never past the expiry.
    expect(adminOutline.urlRenewAfter).toBeGreaterThanOrEqual(25 * 60_000);
    expect(adminOutline.urlRenewAfter).toBeLessThanOrEqual(30 * 60_000);
    const role = await t.call('/api/sys/role/save', { roleCode: `nocf_${dialect}`, roleName: '无课程权限', roleType: 2, menuIds: [] }, admin);
    const staff = await insertUser(t, `fstaff_${dialect}`, { roleIds: [role.body.data.id] });
    expect((await getContent(t, signedFileUrl(key, video.id, viewer(staff), t.clock.now() + HOUR))).statusCode).toBe(403);
    await t.call('/api/course/course/state', { ids: [courseId], state: 1 }, admin);
    // A disabled learner's URL stops too.
    await t.database.db.updateTable('sys_user').set({ state: 1 }).where('id', '=', people.in.id).execute();
    expect(await refusal(fresh)).toMatchObject({ status: 403, msg: '账号不可用，无法查看课件' });
    await t.database.db.updateTable('sys_user').set({ state: 0 }).where('id', '=', people.in.id).execute();
  });

  it('binds a signed URL to the session that asked for it: sign-out, the session’s expiry and a disabled user stop it', async () => {
    const admin = await t.adminToken();
    const learner = await insertUser(t, `fsess_${dialect}`);
    const course = await saveCourse(t, { title: '会话课程', audience: 3, userIds: [learner.id] });
    await uploadFile(t, course.id, '会话.mp4', DEMO_MP4);
    const refusal = async (url: string) => {
      const res = await getContent(t, url);
      return { status: res.statusCode, ...res.json() };
    };
    const signedOut = { status: 401, code: ErrorCode.SESSION_INVALID, msg: '登录已失效，课件链接不可用，请重新登录后查看' };
    // Two sessions of one learner: each gets its own URL.
    const second = await t.login(`fsess_${dialect}`, TEST_PASSWORD);
    const url = (await myDetail(t, learner.token, course.id)).files[0].url;
    const other = (await myDetail(t, second, course.id)).files[0].url;
    expect(url).toContain(`k=${sessionRef(hashToken(learner.token))}`);
    expect(other).toContain(`k=${sessionRef(hashToken(second))}`);
    expect((await getContent(t, url, { range: 'bytes=0-99' })).statusCode).toBe(206);
    expect((await getContent(t, other, { range: 'bytes=0-99' })).statusCode).toBe(206);
    // A URL moved onto another session does not verify.
    expect((await refusal(url.replace(/k=\w+/, `k=${sessionRef(hashToken(second))}`))).status).toBe(403);

    // Signed out: that session's URL stops at once (a kept check included), the other session's keeps working.
    expect((await t.call('/api/sys/user/logout', {}, second)).body.code).toBe(0);
    expect(await refusal(other)).toMatchObject(signedOut);
    expect((await getContent(t, url, { range: 'bytes=100-199' })).statusCode).toBe(206);

    // The session expires (its last minutes): its URL stops with it, before the URL's own expiry.
    const third = await t.login(`fsess_${dialect}`, TEST_PASSWORD);
    const expiring = (await myDetail(t, third, course.id)).files[0].url;
    await t.database.db.updateTable('sys_session').set({ expire_time: t.clock.now() + 2 * MINUTE }).where('token_hash', '=', hashToken(third)).execute();
    expect((await getContent(t, expiring, { range: 'bytes=0-99' })).statusCode).toBe(206);
    t.clock.advance(2 * MINUTE);
    expect(await refusal(expiring)).toMatchObject(signedOut);
    expect((await getContent(t, url)).statusCode).toBe(200);

    // Disabled by an administrator: the URL stops at once.
    const byState = await t.call('/api/sys/user/state', { ids: [learner.id], state: 1 }, admin);
    expect(byState.body.code, byState.body.msg).toBe(0);
    expect(await refusal(url)).toMatchObject(signedOut);
    await t.call('/api/sys/user/state', { ids: [learner.id], state: 0 }, admin);
    // Enabled again, the old URL stays dead (its session was revoked); signing in gives a working one.
    expect((await refusal(url)).status).toBe(401);
    const again = await t.login(`fsess_${dialect}`, TEST_PASSWORD);
    expect((await getContent(t, (await myDetail(t, again, course.id)).files[0].url)).statusCode).toBe(200);
  });

  it('a URL lives about half an hour; the page is told to renew it five minutes before it lapses', async () => {
    const first = await myDetail(t, people.in.token, courseId);
    const lifetime = first.urlExpireTime - t.clock.now();
    expect(lifetime).toBeGreaterThanOrEqual(30 * MINUTE);
    expect(lifetime).toBeLessThanOrEqual(35 * MINUTE);
    expect(first.urlRenewAfter).toBe(lifetime - 5 * MINUTE);
    const url = first.files[0].url;
    expect(url).toContain(`e=${first.urlExpireTime}&`);
    t.clock.advance(lifetime - 1);
    expect((await getContent(t, url, { range: 'bytes=0-9' })).statusCode).toBe(206);
    t.clock.advance(1);
    const expired = await getContent(t, url, { range: 'bytes=0-9' });
    expect(expired.statusCode).toBe(403);
    expect(expired.json()).toMatchObject({ code: ErrorCode.FORBIDDEN, msg: '课件链接已过期，请刷新页面后重试' });
    const renewed = await myDetail(t, people.in.token, courseId);
    expect(renewed.files[0].url).not.toBe(url);
    expect((await getContent(t, renewed.files[0].url, { range: 'bytes=0-9' })).statusCode).toBe(206);
  });

  it('streams an upload to disk and stops keeping bytes past the limit', async () => {
    const target = path.join(t.config.dataDir, 'course', 'limit-test.part');
    const received = await receiveToDisk(Readable.from([Buffer.alloc(6, 1), Buffer.alloc(6, 2), Buffer.alloc(6, 3)]), target, 10);
    expect(received).toEqual({ size: 18, tooBig: true });
    expect(fs.statSync(target).size).toBe(6);
    fs.rmSync(target);
    const fits = await receiveToDisk(Readable.from([Buffer.alloc(6, 1)]), target, 10);
    expect(fits).toEqual({ size: 6, tooBig: false });
    fs.rmSync(target);
  });

  it('deleting a file or a course removes its bytes; the old URL answers 404', async () => {
    const admin = await t.adminToken();
    const course = await saveCourse(t, { title: '将删除' });
    const a = await uploadFile(t, course.id, 'a.mp4', DEMO_MP4);
    const b = await uploadFile(t, course.id, 'b.pdf', DEMO_PDF);
    const count = storedFiles(t).length;
    expect((await t.call('/api/course/file/delete', { ids: [a.id] }, admin)).body.code).toBe(0);
    expect(storedFiles(t).length).toBe(count - 1);
    const gone = await getContent(t, a.url);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({ code: ErrorCode.NOT_FOUND, msg: '课件不存在或已被删除' });
    expect((await t.call('/api/course/course/delete', { ids: [course.id] }, admin)).body.code).toBe(0);
    expect(storedFiles(t).length).toBe(count - 2);
    expect((await getContent(t, b.url)).statusCode).toBe(404);
  });

  describe('Office documents', () => {
    it('are converted to PDF by the job, one at a time, and then served as PDF', async () => {
      const course = await saveCourse(t, { title: '文档课程' });
      const docs = [
        await uploadFile(t, course.id, '制度.xlsx', await xlsxBuffer()),
        await uploadFile(t, course.id, '制度2.xlsx', await xlsxBuffer()),
        await uploadFile(t, course.id, '制度3.xlsx', await xlsxBuffer()),
      ];
      expect(docs[0]).toMatchObject({ kind: CourseFileKind.OFFICE, convState: ConvertState.WAITING, viewer: 'download' });
      const learner = await insertUser(t, `office_${dialect}`);
      const before = await getContent(t, (await myDetail(t, learner.token, course.id)).files[0].url);
      expect(before.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      expect(before.headers['content-disposition']).toMatch(/^attachment;/);

      const { converter, stats } = fakeConverter();
      await createCourseConvertJob(converter).run(t.app.ctx);
      expect(stats).toMatchObject({ calls: 3, maxInFlight: 1 });
      const files = (await myDetail(t, learner.token, course.id)).files;
      expect(files.map((f) => [f.convState, f.viewer, f.pageCount])).toEqual(Array(3).fill([ConvertState.DONE, 'pdf', 3]));
      const after = await getContent(t, files[0].url);
      expect(after.headers['content-type']).toBe('application/pdf');
      expect(after.headers['content-disposition']).toMatch(/^inline; filename="\?\?\.pdf"; filename\*=UTF-8''/);
      expect(after.rawPayload.equals(DEMO_PDF)).toBe(true);
      // Nothing left waiting: another run converts nothing.
      await createCourseConvertJob(converter).run(t.app.ctx);
      expect(stats.calls).toBe(3);
    });

    it('a failed or overlong conversion is marked failed (kept as a download) and can be queued again; without LibreOffice it is download-only', async () => {
      const admin = await t.adminToken();
      const course = await saveCourse(t, { title: '转换失败课程' });
      const doc = await uploadFile(t, course.id, '坏文档.xlsx', await xlsxBuffer());
      const outline = async () => (await t.call<CourseOutline>('/api/course/chapter/list', { courseId: course.id }, admin)).body.data.files[0];

      await createCourseConvertJob(fakeConverter('fail').converter).run(t.app.ctx);
      expect(await outline()).toMatchObject({ convState: ConvertState.FAILED, convError: '转换失败：文档已损坏', viewer: 'download' });

      expect((await t.call('/api/course/file/convert', { ids: [doc.id] }, admin)).body).toMatchObject({ code: 0, msg: '已加入转换队列' });
      expect((await outline()).convState).toBe(ConvertState.WAITING);
      const hang = fakeConverter('hang');
      await createCourseConvertJob(hang.converter, 50).run(t.app.ctx);
      expect(await outline()).toMatchObject({ convState: ConvertState.FAILED, convError: '转换失败：超过 0.05 秒未完成' });

      await t.call('/api/course/file/convert', { ids: [doc.id] }, admin);
      await createCourseConvertJob(null).run(t.app.ctx);
      expect(await outline()).toMatchObject({ convState: ConvertState.UNAVAILABLE, viewer: 'download' });
      expect((await t.call('/api/course/file/convert', { ids: [video.id] }, admin)).body.msg).toBe('所选课件无需重新转换');

      // A conversion left half-done by a process that died is picked up again.
      await t.call('/api/course/file/convert', { ids: [doc.id] }, admin);
      await t.database.db.updateTable('course_file').set({ conv_state: ConvertState.CONVERTING, conv_time: t.clock.now() - HOUR }).where('id', '=', doc.id).execute();
      await createCourseConvertJob(fakeConverter().converter).run(t.app.ctx);
      expect((await outline()).convState).toBe(ConvertState.DONE);
    });

    it('the registered job runs on the scheduler', async () => {
      expect(await t.app.ctx.jobs.runNow('course-convert')).toBe(true);
    });
  });
});
