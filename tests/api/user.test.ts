import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { UserRecord } from '../../common/api';
import { ErrorCode } from '../../common/errorCodes';
import { Perm } from '../../common/permissions';
import { Msg } from '../../common/validators';
import { ROOT_DEPT_ID, SA_ROLE_ID, STUDENT_ROLE_ID } from '../../server/seed/constants';
import { DIALECTS, useTestApp, type TestContext } from './helpers';

const PASSWORD = 'Learn1234';

/** Creates a user through the API and returns its record. */
async function createUser(t: TestContext, fields: Record<string, unknown>): Promise<UserRecord> {
  const r = await t.call<UserRecord>(
    '/api/sys/user/save',
    { password: PASSWORD, realName: '学员', roleIds: [STUDENT_ROLE_ID], ...fields },
    await t.adminToken(),
  );
  if (r.body.code !== 0) throw new Error(`create user failed: ${r.body.msg}`);
  return r.body.data;
}

/** A department tree of one test's own: root > A > A1, root > B, inserted directly (the department API is another module's). */
async function deptTree(t: TestContext, tag: string): Promise<{ a: string; a1: string; b: string }> {
  const now = Date.now();
  const ids = { a: `${tag}_a`, a1: `${tag}_a1`, b: `${tag}_b` };
  await t.database.db
    .insertInto('sys_depart')
    .values([
      { id: ids.a, parent_id: ROOT_DEPT_ID, dept_name: `研发部${tag}`, dept_code: 'A', sort: 1, create_time: now },
      { id: ids.a1, parent_id: ids.a, dept_name: `前端组${tag}`, dept_code: 'A1', sort: 1, create_time: now },
      { id: ids.b, parent_id: ROOT_DEPT_ID, dept_name: `市场部${tag}`, dept_code: 'B', sort: 2, create_time: now },
    ])
    .execute();
  return ids;
}

describe.each(DIALECTS)('user administration on %s', (dialect) => {
  const t = useTestApp(dialect);

  it('creates a user, shows it in detail without any password, and the user can sign in', async () => {
    const d = await deptTree(t, 'cr');
    const created = await createUser(t, {
      userName: 'zhangsan',
      realName: '张三',
      deptId: d.a1,
      mobile: '13812345678',
      email: 'zs@example.com',
    });
    expect(created).toMatchObject({
      userName: 'zhangsan',
      realName: '张三',
      deptId: d.a1,
      deptName: '前端组cr',
      roleIds: [STUDENT_ROLE_ID],
      roleNames: ['学员'],
      roleType: 1,
      state: 0,
      mobile: '13812345678',
      email: 'zs@example.com',
    });
    const detail = await t.call('/api/sys/user/detail', { id: created.id }, await t.adminToken());
    expect(detail.body.data).toEqual(created);
    expect(JSON.stringify(detail.body)).not.toMatch(/password|argon2/i);
    await expect(t.login('zhangsan', PASSWORD)).resolves.toBeTruthy();
  });

  it('refuses bad input on create with the rule messages', async () => {
    const token = await t.adminToken();
    await createUser(t, { userName: 'taken_name' });
    const base = { userName: 'newbie', realName: '新人', roleIds: [STUDENT_ROLE_ID] };
    const save = (extra: Record<string, unknown>) => t.call('/api/sys/user/save', { ...base, ...extra }, token);
    expect((await save({})).body.msg).toBe(Msg.passwordEmpty);
    expect((await save({ password: 'abcdefgh' })).body.msg).toBe(Msg.password);
    expect((await save({ password: PASSWORD, mobile: '12345678901' })).body.msg).toBe(Msg.mobile);
    expect((await save({ password: PASSWORD, email: 'not-an-email' })).body.msg).toBe('邮箱格式不正确');
    expect((await save({ password: PASSWORD, roleIds: ['role_nope'] })).body.msg).toContain('角色不存在');
    expect((await save({ password: PASSWORD, deptId: 'dept_nope' })).body.msg).toContain('部门不存在');
    const dup = await save({ password: PASSWORD, userName: 'taken_name' });
    expect(dup.body).toMatchObject({ code: ErrorCode.DUPLICATE, msg: '用户名已存在' });
    // The same name in other letter case is the same name.
    const upper = await save({ password: PASSWORD, userName: 'TAKEN_Name' });
    expect(upper.body).toMatchObject({ code: ErrorCode.DUPLICATE, msg: '用户名已存在' });
    expect((await save({ password: PASSWORD, realName: ' \u200b\u3000 ' })).body.msg).toBe('姓名不能为空');
    const page = await t.call('/api/sys/user/paging', { current: 1, size: 10, params: { userName: 'newbie' } }, token);
    expect(page.body.data.total).toBe(0);
  });

  it('updates a user but leaves the password alone', async () => {
    const d = await deptTree(t, 'up');
    await createUser(t, { userName: 'wangwu', realName: '王五' });
    const u = await createUser(t, { userName: 'lisi', realName: '李四' });
    const r = await t.call(
      '/api/sys/user/save',
      { id: u.id, userName: 'lisi', realName: '李四四', password: 'Changed999', roleIds: [STUDENT_ROLE_ID], deptId: d.b },
      await t.adminToken(),
    );
    expect(r.body.code).toBe(0);
    expect(r.body.data).toMatchObject({ id: u.id, realName: '李四四', deptName: '市场部up' });
    await expect(t.login('lisi', PASSWORD)).resolves.toBeTruthy();
    const other = await t.call(
      '/api/sys/user/save',
      { id: u.id, userName: 'WangWu', realName: '李四', roleIds: [STUDENT_ROLE_ID] },
      await t.adminToken(),
    );
    expect(other.body.code).toBe(ErrorCode.DUPLICATE);
  });

  it('pages with filters: names (escaped LIKE), department with its descendants, role, state and ids', async () => {
    const token = await t.adminToken();
    const d = await deptTree(t, 'pg');
    const one = await createUser(t, { userName: 'pf_esc_one', realName: '欧阳一', deptId: d.a });
    await createUser(t, { userName: 'pf_escxone', realName: '欧阳二', deptId: d.b, state: 1 });
    const deep = await createUser(t, { userName: 'pf_deep', realName: '赵七', deptId: d.a1 });
    const page = async (params: Record<string, unknown>, extra: Record<string, unknown> = {}) => {
      const r = await t.call<{ records: UserRecord[]; total: number; pages: number }>(
        '/api/sys/user/paging',
        { current: 1, size: 50, params, ...extra },
        token,
      );
      expect(r.body.code).toBe(0);
      return r.body.data;
    };
    const names = (p: { records: UserRecord[] }) => p.records.map((r) => r.userName).sort();

    expect(names(await page({ userName: 'pf_esc_' }))).toEqual(['pf_esc_one']);
    expect(names(await page({ userName: 'PF_ESC' }))).toEqual(['pf_esc_one', 'pf_escxone']);
    expect(names(await page({ realName: '欧阳' }))).toEqual(['pf_esc_one', 'pf_escxone']);
    expect(names(await page({ deptId: d.a }))).toEqual(['pf_deep', 'pf_esc_one']);
    expect(names(await page({ deptId: d.a1 }))).toEqual(['pf_deep']);
    expect(names(await page({ roleId: SA_ROLE_ID }))).toContain('admin');
    expect(names(await page({ roleId: SA_ROLE_ID, userName: 'pf_' }))).toEqual([]);
    expect(names(await page({ roleId: STUDENT_ROLE_ID, userName: 'pf_' }))).toEqual(['pf_deep', 'pf_esc_one', 'pf_escxone']);
    expect(names(await page({ state: 1, userName: 'pf_' }))).toEqual(['pf_escxone']);
    expect(names(await page({ state: '', userName: 'pf_escx' }))).toEqual(['pf_escxone']);
    // react-admin's getMany: exactly the users asked for, in one request.
    expect(names(await page({ ids: [one.id, deep.id, 'nobody'] }))).toEqual(['pf_deep', 'pf_esc_one']);
    expect((await page({ ids: [] })).total).toBe(0);

    const mine = await page({ userName: 'pf_' });
    expect(mine.records.map((r) => r.userName)).toEqual(['pf_deep', 'pf_escxone', 'pf_esc_one']);
    const admin = (await page({ userName: 'admin' })).records.find((r) => r.userName === 'admin');
    expect(admin).toMatchObject({ roleNames: ['超级管理员'], roleType: 2, deptName: '总部' });
    const sorted = await page({ userName: 'pf_' }, { orders: [{ column: 'userName', asc: true }] });
    expect(sorted.records.map((r) => r.userName)).toEqual(['pf_deep', 'pf_esc_one', 'pf_escxone']);

    const second = await t.call('/api/sys/user/paging', { current: 2, size: 2, params: { userName: 'pf_' } }, token);
    expect(second.body.data).toMatchObject({ current: 2, size: 2, total: 3, pages: 2 });
    expect(second.body.data.records.map((r: UserRecord) => r.userName)).toEqual(['pf_esc_one']);

    const badOrder = await t.call('/api/sys/user/paging', { current: 1, size: 10, orders: [{ column: 'password_hash', asc: true }] }, token);
    expect(badOrder.body.code).toBe(ErrorCode.FAIL);
  });

  it('moves users to a department and replaces their roles in batch', async () => {
    const token = await t.adminToken();
    const d = await deptTree(t, 'bt');
    const a = await createUser(t, { userName: 'batch_a' });
    const b = await createUser(t, { userName: 'batch_b' });
    expect((await t.call('/api/sys/user/batch-dept', { ids: [a.id, b.id], deptId: d.b }, token)).body.code).toBe(0);
    expect((await t.call('/api/sys/user/batch-dept', { ids: [a.id], deptId: 'dept_nope' }, token)).body.msg).toContain('部门不存在');
    expect((await t.call('/api/sys/user/batch-role', { ids: [a.id, b.id], roleIds: [SA_ROLE_ID, STUDENT_ROLE_ID] }, token)).body.code).toBe(0);
    const detail = await t.call<UserRecord>('/api/sys/user/detail', { id: b.id }, token);
    expect(detail.body.data).toMatchObject({ deptId: d.b, roleType: 2 });
    expect([...detail.body.data.roleIds].sort()).toEqual([SA_ROLE_ID, STUDENT_ROLE_ID].sort());
    await t.call('/api/sys/user/batch-role', { ids: [a.id, b.id], roleIds: [STUDENT_ROLE_ID] }, token);
    expect((await t.call('/api/sys/user/detail', { id: b.id }, token)).body.data.roleType).toBe(1);
  });

  it('disabling signs the user out at once; enabling lets them back in', async () => {
    const token = await t.adminToken();
    const u = await createUser(t, { userName: 'state_u' });
    const theirs = await t.login('state_u', PASSWORD);
    expect((await t.call('/api/sys/user/state', { ids: [u.id], state: 1 }, token)).body.code).toBe(0);
    expect((await t.call('/api/sys/user/info', {}, theirs)).body.code).toBe(ErrorCode.SESSION_INVALID);
    const refused = await t.call('/api/sys/user/login', { username: 'state_u', password: PASSWORD });
    expect(refused.body.code).toBe(ErrorCode.USER_DISABLED);
    await t.call('/api/sys/user/state', { ids: [u.id], state: 0 }, token);
    await expect(t.login('state_u', PASSWORD)).resolves.toBeTruthy();
  });

  it('resets passwords with the rule, and signs those users out', async () => {
    const token = await t.adminToken();
    const u = await createUser(t, { userName: 'reset_u' });
    const theirs = await t.login('reset_u', PASSWORD);
    expect((await t.call('/api/sys/user/reset-pass', { ids: [u.id], password: '123456' }, token)).body.msg).toBe(Msg.password);
    expect((await t.call('/api/sys/user/reset-pass', { ids: [u.id], password: 'Fresh2024' }, token)).body.code).toBe(0);
    expect((await t.call('/api/sys/user/info', {}, theirs)).body.code).toBe(ErrorCode.SESSION_INVALID);
    await expect(t.login('reset_u', 'Fresh2024')).resolves.toBeTruthy();
    expect((await t.call('/api/sys/user/info', {}, token)).body.code).toBe(0);
  });

  it('deletes users with their roles, sessions and messages', async () => {
    const token = await t.adminToken();
    const u = await createUser(t, { userName: 'gone_u' });
    const theirs = await t.login('gone_u', PASSWORD);
    const db = t.database.db;
    const sent = await t.call('/api/sys/msg/send', { title: '通知', content: '内容', targetType: 1, userIds: [u.id] }, token);
    expect(sent.body.code).toBe(0);
    expect((await t.call('/api/sys/user/delete', { ids: [u.id] }, token)).body.code).toBe(0);
    expect((await t.call('/api/sys/user/detail', { id: u.id }, token)).body.code).toBe(ErrorCode.NOT_FOUND);
    expect((await t.call('/api/sys/user/info', {}, theirs)).body.code).toBe(ErrorCode.SESSION_INVALID);
    for (const table of ['sys_user_role', 'sys_session', 'sys_user_msg'] as const) {
      const left = await db.selectFrom(table).select('user_id').where('user_id', '=', u.id).execute();
      expect(left, table).toHaveLength(0);
    }
  });

  it('exports the filtered users as a real .xlsx', async () => {
    const token = await t.adminToken();
    const d = await deptTree(t, 'ex');
    await createUser(t, { userName: 'ex_zhao', realName: '赵一', deptId: d.a1, mobile: '13812345678', email: 'zhao@example.com' });
    await createUser(t, { userName: 'ex_qian', realName: '钱二', deptId: d.a });
    await createUser(t, { userName: 'ex_sun', realName: '孙三', deptId: d.b });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/sys/user/export',
      headers: { token },
      payload: { params: { deptId: d.a } },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('用户列表.xlsx')}`);
    expect(res.headers['cache-control']).toBe('no-store');
    const bytes = res.rawPayload;
    expect(bytes.subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(bytes as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(['用户名', '姓名', '部门', '角色', '手机号', '邮箱', '状态', '创建时间']);
    const rows = [];
    for (let i = 2; i <= sheet.rowCount; i += 1) rows.push((sheet.getRow(i).values as unknown[]).slice(1));
    expect(rows.map((r) => r[0]).sort()).toEqual(['ex_qian', 'ex_zhao']);
    const zs = rows.find((r) => r[0] === 'ex_zhao')!;
    // The department as its whole path, as the import reads it (an export imports again).
    expect(zs.slice(0, 7)).toEqual(['ex_zhao', '赵一', '总部/研发部ex/前端组ex', '学员', '13812345678', 'zhao@example.com', '正常']);
    expect(zs[7]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('refuses learners and staff without the tag, with no data', async () => {
    await createUser(t, { userName: 'plain_learner' });
    const learner = await t.login('plain_learner', PASSWORD);
    const paging = await t.call('/api/sys/user/paging', { current: 1, size: 10 }, learner);
    expect(paging.body.code).toBe(ErrorCode.FORBIDDEN);
    expect(paging.body.data).toBeNull();
    const exp = await t.app.inject({ method: 'POST', url: '/api/sys/user/export', headers: { token: learner }, payload: {} });
    expect(exp.headers['content-type']).toMatch(/^application\/json/);
    expect(exp.json().code).toBe(ErrorCode.FORBIDDEN);

    // A staff role holding only "user list": may read users, may not change them.
    const db = t.database.db;
    await db.insertInto('sys_role').values({ id: 'role_viewer', role_code: 'viewer', role_name: '只读管理员', role_type: 2, remark: '', create_time: Date.now() }).execute();
    const listMenu = await db.selectFrom('sys_menu').select('id').where('permission_tag', '=', Perm.userList).executeTakeFirstOrThrow();
    await db.insertInto('sys_role_menu').values({ role_id: 'role_viewer', menu_id: listMenu.id }).execute();
    const viewer = await createUser(t, { userName: 'viewer', roleIds: ['role_viewer'] });
    const vt = await t.login('viewer', PASSWORD);
    expect((await t.call('/api/sys/user/paging', { current: 1, size: 10 }, vt)).body.code).toBe(0);
    const denied = await t.call('/api/sys/user/save', { id: viewer.id, userName: 'viewer', realName: 'x', roleIds: [SA_ROLE_ID] }, vt);
    expect(denied.body.code).toBe(ErrorCode.FORBIDDEN);
    expect((await t.call('/api/sys/user/detail', { id: viewer.id }, vt)).body.data.roleIds).toEqual(['role_viewer']);
  });
});

describe.each(DIALECTS)('the last administrator on %s', (dialect) => {
  const t = useTestApp(dialect);

  it('never leaves the site without an active administrator, and never disables yourself', async () => {
    // A database of its own: here the administrator is the only one.
    const token = await t.adminToken();
    const me = (await t.call('/api/sys/user/info', {}, token)).body.data;
    const r = await t.call('/api/sys/user/batch-role', { ids: [me.id], roleIds: [STUDENT_ROLE_ID] }, token);
    expect(r.body).toMatchObject({ code: ErrorCode.FAIL, msg: '至少保留一名管理员' });
    const save = await t.call('/api/sys/user/save', { id: me.id, userName: 'admin', realName: '管理员', roleIds: [STUDENT_ROLE_ID] }, token);
    expect(save.body.msg).toBe('至少保留一名管理员');
    expect((await t.call('/api/sys/user/detail', { id: me.id }, token)).body.data.roleIds).toEqual([SA_ROLE_ID]);
    expect((await t.call('/api/sys/user/state', { ids: [me.id], state: 1 }, token)).body.msg).toBe('不能禁用自己');
    expect((await t.call('/api/sys/user/delete', { ids: [me.id] }, token)).body.msg).toBe('不能删除自己');
    expect((await t.call('/api/sys/user/info', {}, token)).body.code).toBe(0);
  });
});
