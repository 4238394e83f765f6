import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CourseFileRecord, CourseLearnerRecord, MyCourseRecord } from '../../common/api';
import { CourseLearnerState } from '../../common/api/course';
import { ErrorCode } from '../../common/errorCodes';
import { EXPORT_JOB_LIMITS } from '../../server/workers/xlsx';
import { createDeptTree, DIALECTS, insertUser, useTestApp, type TestContext } from './helpers';
import { saveCourse, saveLesson } from './course.helpers';

const S = 1000;

async function learnFor(t: TestContext, token: string, courseId: string, fileId: string, seconds: number) {
  // One opening of the file: one page session for its beats.
  const pageSession = randomBytes(16).toString('hex');
  const beat = () => t.call('/api/course/learn/beat', { courseId, fileId, pageSession, position: 0, playing: true, visible: true }, token);
  expect((await beat()).body.code).toBe(0);
  for (let left = seconds; left > 0; left -= 15) {
    t.clock.advance(Math.min(15, left) * S);
    expect((await beat()).body.code).toBe(0);
  }
  // Paused: the learner leaves, so the next test's beats start a fresh chain.
  await t.call('/api/course/learn/beat', { courseId, fileId, pageSession, position: 0, playing: false, visible: true }, token);
}

describe.each(DIALECTS)('course records on %s', (dialect) => {
  const t = useTestApp(dialect);
  afterAll(() => fs.rmSync(t.config.dataDir, { recursive: true, force: true }));
  const u = {} as Record<'g1' | 'g2' | 't1' | 's1', { id: string; token: string }>;
  let dept: { train: string; group: string; sales: string };
  let courseId = '';
  let f1: CourseFileRecord;
  let f2: CourseFileRecord;

  const records = async (params: Record<string, unknown> = {}) => {
    const r = await t.call('/api/course/record/paging', { current: 1, size: 50, params: { courseId, ...params } }, await t.adminToken());
    expect(r.body.code, r.body.msg).toBe(0);
    return r.body.data as { total: number; records: CourseLearnerRecord[] };
  };
  const byName = (list: CourseLearnerRecord[]) => Object.fromEntries(list.map((r) => [r.userName, r]));

  beforeAll(async () => {
    dept = await createDeptTree(t);
    u.g1 = await insertUser(t, `g1_${dialect}`, { deptId: dept.group, realName: '甲' });
    u.g2 = await insertUser(t, `g2_${dialect}`, { deptId: dept.group, realName: '乙' });
    u.t1 = await insertUser(t, `t1_${dialect}`, { deptId: dept.train, realName: '丙' });
    u.s1 = await insertUser(t, `s1_${dialect}`, { deptId: dept.sales, realName: '丁' });
    courseId = (await saveCourse(t, { title: '培训部课程', audience: 2, departIds: [dept.train], deadline: t.clock.now() + 3600 * S })).id;
    f1 = await saveLesson(t, courseId, '第一节', 15);
    f2 = await saveLesson(t, courseId, '第二节', 30);
    await learnFor(t, u.g1.token, courseId, f1.id, 15);
    await learnFor(t, u.g1.token, courseId, f2.id, 30);
    await learnFor(t, u.g2.token, courseId, f1.id, 15);
  });

  it("lists the course's audience (sub-departments included) with progress, time and completion from the server's figures", async () => {
    const page = await records();
    expect(page.total).toBe(3);
    const r = byName(page.records);
    expect(Object.keys(r).sort()).toEqual([`g1_${dialect}`, `g2_${dialect}`, `t1_${dialect}`].sort());
    expect(r[`g1_${dialect}`]).toMatchObject({ realName: '甲', deptName: '讲师组', progress: 100, state: CourseLearnerState.FINISHED, learnedSeconds: 45, needSeconds: 45, doneCount: 2, fileCount: 2, overdue: false });
    expect(r[`g1_${dialect}`].finishTime).not.toBeNull();
    expect(r[`g1_${dialect}`].lastTime).not.toBeNull();
    expect(r[`g2_${dialect}`]).toMatchObject({ progress: 33, state: CourseLearnerState.LEARNING, learnedSeconds: 15, doneCount: 1, finishTime: null });
    expect(r[`t1_${dialect}`]).toMatchObject({ progress: 0, state: CourseLearnerState.NOT_STARTED, learnedSeconds: 0, startTime: null, lastTime: null });
  });

  it('filters by department (with sub-departments), state and name', async () => {
    expect((await records({ deptId: dept.group })).records.map((r) => r.realName).sort()).toEqual(['乙', '甲']);
    expect((await records({ deptId: dept.sales })).total).toBe(0);
    expect((await records({ state: CourseLearnerState.FINISHED })).records.map((r) => r.realName)).toEqual(['甲']);
    expect((await records({ state: CourseLearnerState.NOT_STARTED })).records.map((r) => r.realName)).toEqual(['丙']);
    expect((await records({ realName: '乙' })).records.map((r) => r.realName)).toEqual(['乙']);
    expect((await t.call('/api/course/record/paging', { current: 1, size: 10 }, await t.adminToken())).body.msg).toBe('请选择课程');
  });

  it('exports the records to Excel', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/course/record/export', payload: { params: { courseId, deptId: dept.group } }, headers: { token: await t.adminToken() } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('培训部课程-学习记录.xlsx')}`);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.getWorksheet('学习记录')!;
    const rows = sheet.getSheetValues().filter(Boolean).map((row) => (row as unknown[]).slice(1));
    expect(rows[0]).toEqual(['用户名', '姓名', '部门', '学习状态', '学习进度(%)', '已学时长', '应学时长', '完成课件', '开始学习', '完成时间', '最近学习', '是否逾期']);
    const g1 = rows.find((row) => row[0] === `g1_${dialect}`)!;
    expect(g1.slice(0, 8)).toEqual([`g1_${dialect}`, '甲', '讲师组', '已完成', 100, '45秒', '45秒', '2/2']);
    expect(rows).toHaveLength(3);
    // The workbook is built by the export worker: its time limit refuses it with a message.
    const limit = EXPORT_JOB_LIMITS.timeoutMs;
    EXPORT_JOB_LIMITS.timeoutMs = 1;
    try {
      expect((await t.call('/api/course/record/export', { params: { courseId, deptId: dept.group } }, await t.adminToken())).body.msg).toBe('导出耗时过长，请缩小范围后重试');
    } finally {
      EXPORT_JOB_LIMITS.timeoutMs = limit;
    }
    const refused = await t.call('/api/course/record/export', { params: { courseId: 'nope' } }, await t.adminToken());
    expect(refused.body).toMatchObject({ code: ErrorCode.NOT_FOUND });
  });

  it("per learner: an administrator sees a learner's courses; a learner sees their own records", async () => {
    const admin = await t.adminToken();
    const theirs = await t.call('/api/course/record/user-paging', { current: 1, size: 20, params: { userId: u.g2.id } }, admin);
    expect((theirs.body.data.records as MyCourseRecord[]).find((c) => c.id === courseId)).toMatchObject({ progress: 33, state: CourseLearnerState.LEARNING });
    expect((await t.call('/api/course/record/user-paging', { current: 1, size: 20, params: { userId: 'nobody' } }, admin)).body.msg).toBe('用户不存在或已被删除');
    const s1 = await t.call('/api/course/record/user-paging', { current: 1, size: 20, params: { userId: u.s1.id } }, admin);
    expect((s1.body.data.records as MyCourseRecord[]).map((c) => c.id)).not.toContain(courseId);

    const mine = async (token: string) => (await t.call('/api/course/record/my-paging', { current: 1, size: 20 }, token)).body.data.records as MyCourseRecord[];
    expect((await mine(u.g1.token)).map((c) => [c.title, c.progress, c.learnedSeconds])).toEqual([['培训部课程', 100, 45]]);
    expect(await mine(u.t1.token)).toEqual([]);
    const counts = await t.call('/api/course/course/detail', { id: courseId }, admin);
    expect(counts.body.data).toMatchObject({ learnerCount: 2, finishCount: 1, fileCount: 2, needSeconds: 45 });
  });

  it('completion follows the current files and rules: a raised requirement or a new file reopens, a lowered one finishes', async () => {
    const admin = await t.adminToken();
    const g1 = () => records({ realName: '甲' }).then((p) => p.records[0]);
    await t.call('/api/course/file/save', { id: f2.id, courseId, title: '第二节', needSeconds: 60 }, admin);
    expect(await g1()).toMatchObject({ state: CourseLearnerState.LEARNING, doneCount: 1, finishTime: null });
    await t.call('/api/course/file/save', { id: f2.id, courseId, title: '第二节', needSeconds: 30 }, admin);
    expect(await g1()).toMatchObject({ state: CourseLearnerState.FINISHED, doneCount: 2 });
    const extra = await saveLesson(t, courseId, '补充', 15);
    expect(await g1()).toMatchObject({ state: CourseLearnerState.LEARNING, doneCount: 2, fileCount: 3 });
    await t.call('/api/course/file/delete', { ids: [extra.id] }, admin);
    expect(await g1()).toMatchObject({ state: CourseLearnerState.FINISHED, fileCount: 2 });
  });

  it('a course for everyone lists learners, not administrators without a learner role', async () => {
    const all = await saveCourse(t, { title: '全员课程' });
    const r = await t.call('/api/course/record/paging', { current: 1, size: 100, params: { courseId: all.id } }, await t.adminToken());
    const names = (r.body.data.records as CourseLearnerRecord[]).map((x) => x.userName);
    expect(names).toEqual(expect.arrayContaining([`g1_${dialect}`, `s1_${dialect}`]));
    expect(names).not.toContain('admin');
  });
});
