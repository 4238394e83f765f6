import fs from 'node:fs';
import ExcelJS from 'exceljs';
import { afterAll, describe, expect, it } from 'vitest';
import type { RoleRecord, UserImportPreview, UserImportResult } from '../../common/api';
import { ErrorCode } from '../../common/errorCodes';
import { Perm, type PermTag } from '../../common/permissions';
import { DIALECTS, insertUser, multipart, useTestApp, type TestContext } from './helpers';

/** Users by the thousand: preview with every row's errors, all-or-nothing commit, generated passwords once, and the forced change. */

const HEADER = ['用户名', '姓名', '手机号', '部门', '角色', '初始密码'];

async function sheet(rows: string[][], header = HEADER): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('用户');
  ws.addRow(header);
  rows.forEach((r) => ws.addRow(r));
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function send<T>(t: TestContext, path: 'parse' | 'commit', token: string, file: Buffer, createDepts = false) {
  const body = multipart([{ name: 'createDepts', value: createDepts ? '1' : '0' }, { name: 'file', value: file, fileName: '用户.xlsx', type: 'application/octet-stream' }]);
  const res = await t.app.inject({ method: 'POST', url: `/api/sys/user/import/${path}`, payload: body.payload, headers: { 'content-type': body.contentType, token } });
  return res.json() as { code: number; msg: string; data: T };
}
const preview = (t: TestContext, token: string, file: Buffer, createDepts = false) => send<UserImportPreview>(t, 'parse', token, file, createDepts);
const commit = (t: TestContext, token: string, file: Buffer, createDepts = false) => send<UserImportResult>(t, 'commit', token, file, createDepts);

async function readPasswords(base64: string): Promise<Map<string, string>> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(Buffer.from(base64, 'base64') as unknown as ArrayBuffer);
  const out = new Map<string, string>();
  wb.worksheets[0].eachRow((row, n) => n > 1 && out.set(String(row.getCell(1).value), String(row.getCell(3).value)));
  return out;
}

describe.each(DIALECTS)('user import on %s', (dialect) => {
  const t = useTestApp(dialect);
  afterAll(() => fs.rmSync(t.config.dataDir, { recursive: true, force: true }));
  const countUsers = async () => Number((await t.database.db.selectFrom('sys_user').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  const countDeparts = async () => Number((await t.database.db.selectFrom('sys_depart').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  it('the template downloads and reads back: its example names a department that only createDepts makes', async () => {
    const admin = await t.adminToken();
    const res = await t.app.inject({ method: 'POST', url: '/api/sys/user/import/template', payload: {}, headers: { token: admin } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const without = await preview(t, admin, res.rawPayload);
    expect(without.code, without.msg).toBe(0);
    expect(without.data.rows).toHaveLength(1);
    expect(without.data.rows[0].errors).toEqual(['部门不存在：总部/研发部/前端组（可勾选“自动创建不存在的部门”）']);
    const withDepts = await preview(t, admin, res.rawPayload, true);
    expect(withDepts.data.rows[0]).toMatchObject({ userName: 'zhangsan', errors: [], newDept: true, roleNames: ['学员'], password: 'generated' });
    expect(withDepts.data.newDepts).toEqual(['总部/研发部/前端组']);
  });

  it('lists every problem of every row before anything is saved, and a commit with any problem saves nothing', async () => {
    const admin = await t.adminToken();
    await insertUser(t, 'taken_user');
    const file = await sheet([
      ['good1', '好人', '13800138000', '总部', '学员', ''],
      ['dup', '甲', '', '', '', ''],
      ['DUP', '乙', '', '', '', ''],
      ['Taken_User', '已存在', '', '', '', ''],
      ['badphone', '丙', '12345', '', '', ''],
      ['nodept', '丁', '', '总部/不存在的部', '', ''],
      ['norole', '戊', '', '', '学员、火星人', ''],
      ['weakpass', '己', '', '', '', 'abcdef'],
      ['x', '', '', '', '', ''],
    ]);
    const before = { users: await countUsers(), departs: await countDeparts() };
    const p = await preview(t, admin, file);
    expect(p.code, p.msg).toBe(0);
    const errorsOf = (userName: string) => p.data.rows.find((r) => r.userName === userName)?.errors;
    expect(errorsOf('good1')).toEqual([]);
    expect(errorsOf('dup')).toEqual([]);
    expect(errorsOf('DUP')).toEqual(['用户名与第3行重复']);
    expect(p.data.rows.find((r) => r.userName === 'Taken_User')).toMatchObject({ existing: true, errors: [] });
    expect(errorsOf('badphone')).toEqual(['手机号码格式不正确!']);
    expect(errorsOf('nodept')).toEqual(['部门不存在：总部/不存在的部（可勾选“自动创建不存在的部门”）']);
    expect(errorsOf('norole')).toEqual(['角色不存在：火星人']);
    expect(errorsOf('weakpass')?.[0]).toMatch(/^初始密码：/);
    expect(errorsOf('x')).toEqual(['用户名只能包含字母、数字、下划线、点、@ 或 -，长度2-32位', '姓名不能为空']);
    expect(p.data).toMatchObject({ ready: 2, invalid: 6, existing: 1 });

    const c = await commit(t, admin, file, true);
    expect(c.code).toBe(ErrorCode.FAIL);
    expect(c.msg).toBe('第4行：用户名与第3行重复（共5行有问题），请修正后重新导入');
    expect({ users: await countUsers(), departs: await countDeparts() }).toEqual(before);
  });

  it('refuses roles beyond what the importing administrator holds, and creating departments without that permission', async () => {
    const admin = await t.adminToken();
    const menus = await t.database.db.selectFrom('sys_menu').select('id').where('permission_tag', 'in', [Perm.userImport, Perm.userList] as PermTag[]).execute();
    const role = await t.call<RoleRecord>('/api/sys/role/save', { roleCode: 'importer', roleName: '导入员', roleType: 2, menuIds: menus.map((m) => m.id) }, admin);
    expect(role.body.code, role.body.msg).toBe(0);
    const staff = await insertUser(t, 'importer', { roleIds: [role.body.data.id] });
    const file = await sheet([['boss2', '想当老板', '', '', '超级管理员', ''], ['learner2', '学员甲', '', '', '学员', '']]);
    const p = await preview(t, staff.token, file);
    expect(p.data.rows[0].errors).toEqual(['您不能授予超出自身权限的角色：超级管理员']);
    expect(p.data.rows[1].errors).toEqual([]);
    const c = await commit(t, staff.token, file);
    expect(c.code).toBe(ErrorCode.FAIL);
    expect(await t.database.db.selectFrom('sys_user').select('id').where('user_name', 'in', ['boss2', 'learner2']).execute()).toEqual([]);
    const depts = await preview(t, staff.token, await sheet([['learner3', '学员乙', '', '总部/新部门', '学员', '']]), true);
    expect(depts.code).toBe(ErrorCode.FORBIDDEN);
  });

  it('creates all users in one go, hands out generated passwords once, and makes every new user change the password first', async () => {
    const admin = await t.adminToken();
    const file = await sheet([
      ['imp_a', '导入甲', '13900000001', '总部/研发部/前端组', '学员', ''],
      ['imp_b', '导入乙', '', '总部/研发部', '学员', 'Given123'],
    ]);
    const c = await commit(t, admin, file, true);
    expect(c.code, c.msg).toBe(0);
    expect(c.data).toMatchObject({ created: 2, skipped: 0, departsCreated: 2, generated: 1 });
    const passwords = await readPasswords(c.data.passwordFile);
    expect([...passwords.keys()]).toEqual(['imp_a']);
    const generated = passwords.get('imp_a')!;
    // Never kept in plain: the stored value is an argon2id hash.
    const stored = await t.database.db.selectFrom('sys_user').select(['password_hash', 'pass_change_required', 'dept_id']).where('user_name', '=', 'imp_a').executeTakeFirstOrThrow();
    expect(stored.password_hash).toMatch(/^\$argon2id\$/);
    expect(stored.password_hash).not.toContain(generated);
    expect(stored.pass_change_required).toBe(1);

    const login = await t.call('/api/sys/user/login', { username: 'imp_a', password: generated });
    expect(login.body.code, login.body.msg).toBe(0);
    expect(login.body.data.passChangeRequired).toBe(true);
    expect(login.body.data.user.deptName).toBe('前端组');
    const token = login.body.data.token as string;
    for (const path of ['/api/sys/user/info', '/api/user/exam/paging', '/api/sys/user/update']) {
      const r = await t.call(path, { current: 1, size: 10, realName: 'x' }, token);
      expect(r.body.code, path).toBe(ErrorCode.PASSWORD_CHANGE_REQUIRED);
    }
    const change = await t.call('/api/sys/user/update-pass', { oldPassword: generated, password: 'Changed123' }, token);
    expect(change.body.code, change.body.msg).toBe(0);
    const info = await t.call('/api/sys/user/info', {}, token);
    expect(info.body.code, info.body.msg).toBe(0);
    const again = await t.call('/api/sys/user/login', { username: 'imp_a', password: 'Changed123' });
    expect(again.body.data.passChangeRequired).toBe(false);

    // The given password works too, under the same rule; sign-out stays open.
    const b = await t.call('/api/sys/user/login', { username: 'imp_b', password: 'Given123' });
    expect(b.body.data.passChangeRequired).toBe(true);
    expect((await t.call('/api/sys/user/logout', {}, b.body.data.token)).body.code).toBe(0);
    expect((await t.call('/api/sys/user/info', {}, b.body.data.token)).body.code).toBe(ErrorCode.SESSION_INVALID);
  });

  it('an administrator requires a change at the next sign-in; sessions already open go on', async () => {
    const admin = await t.adminToken();
    const user = await insertUser(t, 'must_change');
    const r = await t.call('/api/sys/user/pass-change', { ids: [user.id], required: true }, admin);
    expect(r.body.code, r.body.msg).toBe(0);
    expect((await t.call('/api/sys/user/info', {}, user.token)).body.code).toBe(0);
    const login = await t.call('/api/sys/user/login', { username: 'must_change', password: 'Abc12345' });
    expect(login.body.data.passChangeRequired).toBe(true);
    expect((await t.call('/api/sys/user/info', {}, login.body.data.token)).body.code).toBe(ErrorCode.PASSWORD_CHANGE_REQUIRED);
    await t.call('/api/sys/user/pass-change', { ids: [user.id], required: false }, admin);
    const later = await t.call('/api/sys/user/login', { username: 'must_change', password: 'Abc12345' });
    expect(later.body.data.passChangeRequired).toBe(false);
  });

  it('round trip: an export imports again (existing users skipped), and after deleting them recreates them as they were', async () => {
    const admin = await t.adminToken();
    const made = await commit(t, admin, await sheet([
      ['trip_a', '往返甲', '13700000001', '总部/往返部/一组', '学员', ''],
      ['trip_b', '往返乙', '', '总部/往返部', '学员', ''],
    ]), true);
    expect(made.code, made.msg).toBe(0);
    const exp = await t.app.inject({ method: 'POST', url: '/api/sys/user/export', payload: { params: { userName: 'trip_' } }, headers: { token: admin } });
    expect(exp.statusCode).toBe(200);
    const exported = exp.rawPayload;

    const p = await preview(t, admin, exported);
    expect(p.code, p.msg).toBe(0);
    expect(p.data).toMatchObject({ ready: 0, invalid: 0, existing: 2 });
    expect(p.data.rows.map((r) => r.deptPath).sort()).toEqual(['总部/往返部', '总部/往返部/一组']);

    const ids = (await t.database.db.selectFrom('sys_user').select('id').where('user_name', 'in', ['trip_a', 'trip_b']).execute()).map((u) => u.id);
    expect((await t.call('/api/sys/user/delete', { ids }, admin)).body.code).toBe(0);
    const again = await commit(t, admin, exported);
    expect(again.code, again.msg).toBe(0);
    expect(again.data).toMatchObject({ created: 2, departsCreated: 0 });
    const rows = await t.database.db
      .selectFrom('sys_user as u')
      .innerJoin('sys_depart as d', 'd.id', 'u.dept_id')
      .select(['u.user_name', 'u.mobile', 'd.dept_name'])
      .where('u.user_name', 'in', ['trip_a', 'trip_b'])
      .orderBy('u.user_name')
      .execute();
    expect(rows).toEqual([
      { user_name: 'trip_a', mobile: '13700000001', dept_name: '一组' },
      { user_name: 'trip_b', mobile: '', dept_name: '往返部' },
    ]);
  });

  it('refuses a file it cannot read, and one without the template header, saying why', async () => {
    const admin = await t.adminToken();
    const garbage = await preview(t, admin, Buffer.from('not a spreadsheet at all'));
    expect(garbage).toMatchObject({ code: ErrorCode.FAIL, msg: '文件无法读取，请确认是有效的 Excel 文件（.xlsx）' });
    const headerless = await preview(t, admin, await sheet([['a', 'b']], ['姓名X', '其他']));
    expect(headerless.code).toBe(ErrorCode.FAIL);
    expect(headerless.msg).toContain('没有找到表头');
  });

  // Timed by `npm run bench -- userImport` against a real server process, never here; this only proves 5,000 rows go through.
  it('5,000 rows in one import', async () => {
    const admin = await t.adminToken();
    const rows = Array.from({ length: 5000 }, (_v, i) => [`bulk${i}`, `批量${i}`, `139${String(i).padStart(8, '0')}`, `总部/批量部/组${i % 20}`, '学员', i % 2 ? 'Shared123' : '']);
    const file = await sheet(rows);
    let start = performance.now();
    const p = await preview(t, admin, file, true);
    const previewMs = performance.now() - start;
    expect(p.code, p.msg).toBe(0);
    expect(p.data.ready).toBe(5000);
    start = performance.now();
    const c = await commit(t, admin, file, true);
    const commitMs = performance.now() - start;
    expect(c.code, c.msg).toBe(0);
    expect(c.data).toMatchObject({ created: 5000, generated: 2500 });
    console.log(`[user import ${dialect}] 5000 rows: preview ${Math.round(previewMs)} ms, commit ${Math.round(commitMs)} ms`);
    expect(await countUsers()).toBeGreaterThanOrEqual(5000);
  }, 60_000);
});
