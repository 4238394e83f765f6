import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import type { CourseFileRecord, CourseRecord, MyCourseDetail } from '../../common/api';
import type { TestContext } from './helpers';

/** The demo assets the project makes (scripts/make-demo-assets.mjs): a real MP4 and a 3-page PDF. */
export const DEMO_MP4 = fs.readFileSync(path.resolve(import.meta.dirname, '../../server/seed/assets/demo-intro.mp4'));
export const DEMO_PDF = fs.readFileSync(path.resolve(import.meta.dirname, '../../server/seed/assets/demo-guide.pdf'));
/** A real 1×1 PNG. */
export const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

interface Part {
  name: string;
  value: string | Buffer;
  fileName?: string;
}

/** A multipart/form-data body built by hand, fields in the given order. */
export function multipart(parts: Part[]) {
  const boundary = `----examhall${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.fileName !== undefined ? `; filename="${p.fileName}"` : ''}`;
    const head = `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${p.fileName !== undefined ? 'Content-Type: application/octet-stream\r\n' : ''}\r\n`;
    chunks.push(Buffer.from(head), Buffer.isBuffer(p.value) ? p.value : Buffer.from(p.value), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** POSTs a course file upload; fields first, then the file part. */
export async function uploadRaw(t: TestContext, token: string, fields: Record<string, string>, fileName: string, data: Buffer) {
  const body = multipart([...Object.entries(fields).map(([name, value]) => ({ name, value })), { name: 'file', fileName, value: data }]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/course/file/upload',
    payload: body.payload,
    headers: { 'content-type': body.contentType, token },
  });
  return { status: res.statusCode, body: res.json() };
}

export async function uploadFile(t: TestContext, courseId: string, fileName: string, data: Buffer, fields: Record<string, string> = {}): Promise<CourseFileRecord> {
  const r = await uploadRaw(t, await t.adminToken(), { courseId, ...fields }, fileName, data);
  expect(r.body.code, r.body.msg).toBe(0);
  return r.body.data;
}

/** Saves a course (published, for everyone, by default) as the administrator. */
export async function saveCourse(t: TestContext, fields: Record<string, unknown> = {}): Promise<CourseRecord> {
  const r = await t.call<CourseRecord>(
    '/api/course/course/save',
    {
      title: '安全生产培训',
      cover: '',
      content: '<p>课程介绍</p>',
      catId: '',
      teacher: '王老师',
      classHours: 2,
      audience: 1,
      departIds: [],
      userIds: [],
      required: true,
      state: 1,
      deadline: null,
      unlockInOrder: false,
      examId: '',
      checkMinutes: 0,
      noSkip: false,
      ...fields,
    },
    await t.adminToken(),
  );
  expect(r.body.code, r.body.msg).toBe(0);
  return r.body.data;
}

/** Creates a rich-text lesson with a required time. */
export async function saveLesson(t: TestContext, courseId: string, title: string, needSeconds: number, chapterId = ''): Promise<CourseFileRecord> {
  const r = await t.call<CourseFileRecord>('/api/course/file/save', { courseId, chapterId, title, needSeconds, content: `<p>${title}</p>` }, await t.adminToken());
  expect(r.body.code, r.body.msg).toBe(0);
  return r.body.data;
}

export async function myDetail(t: TestContext, token: string, courseId: string): Promise<MyCourseDetail> {
  const r = await t.call<MyCourseDetail>('/api/course/learn/detail', { id: courseId }, token);
  expect(r.body.code, r.body.msg).toBe(0);
  return r.body.data;
}

/** GET a signed file URL (optionally with a Range header). */
export function getContent(t: TestContext, url: string, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'GET', url, headers });
}
