import ExcelJS from 'exceljs';
import { afterEach, describe, expect, it } from 'vitest';
import { HandType, PaperState } from '../../common/codes';
import { EXPORT_JOB_LIMITS } from '../../server/workers/xlsx';
import { bankWithEveryType, examBody, saveExam } from './exam.helpers';
import { DIALECTS, insertUser, useTestApp } from './helpers';

/**
 * Exports build their workbooks in a worker thread (server/workers/xlsx.ts, qu.export.worker.ts),
 * under EXPORT_JOB_LIMITS: the thread serving live exams only reads the rows. A limit lowered here
 * takes effect only because the workbook is built by the worker it bounds.
 */

const DEFAULT_LIMITS = { ...EXPORT_JOB_LIMITS };
afterEach(() => {
  Object.assign(EXPORT_JOB_LIMITS, DEFAULT_LIMITS);
});

const TOO_SLOW = '导出耗时过长，请缩小范围后重试';
const TOO_BIG = '导出数据过多，请缩小范围后重试';

describe.each(DIALECTS)('exports built in a worker thread on %s', (dialect) => {
  const t = useTestApp(dialect);
  let examId = '';
  let examTitle = '';
  let repoId = '';

  const post = async (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload, headers: { token: await t.adminToken() } });
  const sheetOf = async (bytes: Buffer, name: string) => {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(bytes as unknown as ArrayBuffer);
    const sheet = wb.getWorksheet(name);
    expect(sheet, `sheet ${name}`).toBeTruthy();
    return sheet!.getSheetValues().filter(Boolean).map((row) => (row as unknown[]).slice(1));
  };

  it('exports the papers of an exam as the 试卷 sheet, named after the exam', async () => {
    const { repo } = await bankWithEveryType(t);
    repoId = repo.id;
    const exam = await saveExam(t, examBody(repo.id, { title: `导出考试${dialect}` }));
    examId = exam.id;
    examTitle = exam.title;
    const learner = await insertUser(t, `exp_${dialect}`, { realName: '导出者' });
    const created = await t.call('/api/paper/paper/create-paper', { examId }, learner.token);
    expect(created.body.code, created.body.msg).toBe(0);
    const handed = await t.call('/api/paper/paper/hand-exam', { id: created.body.data.id, type: HandType.LEARNER }, learner.token);
    expect(handed.body.data.state).toBe(PaperState.FINISHED);

    const res = await post('/api/paper/paper/export', { params: { examId } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toContain(encodeURIComponent(`${examTitle}-试卷.xlsx`));
    const rows = await sheetOf(res.rawPayload, '试卷');
    expect(rows[0]).toEqual(['考试', '姓名', '用户名', '部门', '状态', '得分', '总分', '是否通过', '交卷方式', '开始时间', '交卷时间', '用时（分钟）']);
    expect(rows).toHaveLength(2);
    expect(rows[1].slice(0, 3)).toEqual([examTitle, '导出者', `exp_${dialect}`]);
    expect(rows[1][4]).toBe(PaperState.label(PaperState.FINISHED));
    expect(rows[1][8]).toBe(HandType.label(HandType.LEARNER));
    expect(rows[1][9]).toMatch(/^\d{4}\/\d{1,2}\/\d{1,2} \d{2}:\d{2}:\d{2}$/);
  });

  it('refuses every export that outlasts its time limit with a message, and exports again within it', async () => {
    EXPORT_JOB_LIMITS.timeoutMs = 1;
    const exports: Array<[string, object]> = [
      ['/api/sys/user/export', {}],
      ['/api/qu/qu/export', { params: { repoId } }],
      ['/api/qu/qu/import/template', {}],
      ['/api/paper/paper/export', { params: { examId } }],
    ];
    for (const [url, body] of exports) {
      const res = await post(url, body);
      expect(res.headers['content-type'], url).toMatch(/^application\/json/);
      expect(res.json().msg, url).toBe(TOO_SLOW);
    }
    Object.assign(EXPORT_JOB_LIMITS, DEFAULT_LIMITS);
    for (const [url, body] of exports) {
      const res = await post(url, body);
      expect(res.headers['content-type'], url).toContain('spreadsheetml');
    }
  });

  it('refuses an export that outgrows the worker memory with a message, the server answering meanwhile', async () => {
    EXPORT_JOB_LIMITS.memoryMb = 4;
    const exported = post('/api/sys/user/export', {});
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.json().code).toBe(0);
    const res = await exported;
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json().msg).toBe(TOO_BIG);
  });
});
