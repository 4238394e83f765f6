/**
 * Scenario "userImport": one Excel import of BENCH_USERS users (default 5,000) through the real
 * server, end to end: upload and preview, then commit (departments created on the way, half the
 * rows with a shared initial password, half with generated ones). The target is under 10 s.
 */
import ExcelJS from 'exceljs';
import { authApi, userApi, type UserImportPreview, type UserImportResult } from '../../common/api';
import { ADMIN_PASSWORD, api, benchLine, envNumber, startServer } from '../lib';

async function workbook(n: number): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('用户导入');
  ws.addRow(['用户名', '姓名', '手机号', '部门', '角色', '初始密码']);
  for (let i = 0; i < n; i++) ws.addRow([`bench${i}`, `压测${i}`, `139${String(i).padStart(8, '0')}`, `总部/压测部/组${i % 50}`, '学员', i % 2 ? 'Shared123' : '']);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function upload<T>(base: string, path: string, token: string, file: Buffer): Promise<T> {
  const form = new FormData();
  form.append('createDepts', '1');
  form.append('file', new Blob([new Uint8Array(file)]), 'users.xlsx');
  const res = await fetch(`${base}${path}`, { method: 'POST', body: form, headers: { token } });
  const env = (await res.json()) as { code: number; msg: string; data: T };
  if (env.code !== 0) throw new Error(`${path}: ${env.msg}`);
  return env.data;
}

export async function run(): Promise<void> {
  const n = envNumber('BENCH_USERS', 5000);
  const server = await startServer();
  try {
    const { base } = server;
    const admin = (await api(base, authApi.login, { username: 'admin', password: ADMIN_PASSWORD })).token;
    const file = await workbook(n);
    const t0 = performance.now();
    const preview = await upload<UserImportPreview>(base, userApi.importParse.path, admin, file);
    const previewMs = performance.now() - t0;
    const t1 = performance.now();
    const result = await upload<UserImportResult>(base, userApi.importCommit.path, admin, file);
    const commitMs = performance.now() - t1;
    console.log(`Examhall user import, ${server.dialect}: ${n} rows (${file.length} bytes)`);
    console.log(`preview ${previewMs.toFixed(0)} ms (${preview.ready} ready, ${preview.invalid} invalid), commit ${commitMs.toFixed(0)} ms (${result.created} created, ${result.generated} passwords generated, ${result.departsCreated} departments)`);
    benchLine({ scenario: 'userImport', database: server.dialect, rows: n, previewMs: Math.round(previewMs), commitMs: Math.round(commitMs), totalMs: Math.round(previewMs + commitMs), created: result.created });
  } finally {
    await server.stop();
  }
}
