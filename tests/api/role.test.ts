import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../../common/errorCodes';
import type { RoleRecord } from '../../common/api';
import { DIALECTS, insertUser, TEST_PASSWORD, useTestApp, type TestContext } from './helpers';

const PASSWORD = TEST_PASSWORD;

const makeUser = (t: TestContext, userName: string, roleIds: string[]) => insertUser(t, userName, { roleIds });

describe.each(DIALECTS)('roles on %s', (dialect) => {
  const t = useTestApp(dialect);
  const save = async (body: Record<string, unknown>) => {
    const r = await t.call<RoleRecord>('/api/sys/role/save', body, await t.adminToken());
    expect(r.body.code, r.body.msg).toBe(0);
    return r.body.data;
  };

  it('lists the built-in roles with their menus and user counts', async () => {
    const admin = await t.adminToken();
    const list = await t.call<RoleRecord[]>('/api/sys/role/list', {}, admin);
    expect(list.body.data.map((r) => r.roleCode)).toEqual(expect.arrayContaining(['sa', 'student']));
    const sa = list.body.data.find((r) => r.roleCode === 'sa')!;
    expect(sa).toMatchObject({ id: 'role_sa', roleType: 2, userCount: 1 });
    expect(sa.menuIds).toEqual(expect.arrayContaining(['m_dashboard', 'm_sys', 'm_sys_user_list', 'm_sys_msg_send']));
    const detail = await t.call('/api/sys/role/detail', { id: 'role_student' }, admin);
    const learners = await t.database.db.selectFrom('sys_user_role').select('user_id').where('role_id', '=', 'role_student').execute();
    expect(detail.body.data).toMatchObject({ roleCode: 'student', roleType: 1, menuIds: [], userCount: learners.length });
  });

  it('creates and updates a role, adding the parents of granted menus', async () => {
    const created = await save({ roleCode: 'teacher', roleName: '教师', roleType: 2, remark: '出题与阅卷', menuIds: ['m_sys_notice_list'] });
    expect(created).toMatchObject({ roleCode: 'teacher', roleName: '教师', roleType: 2, remark: '出题与阅卷', userCount: 0 });
    expect([...created.menuIds].sort()).toEqual(['m_sys', 'm_sys_notice', 'm_sys_notice_list']);
    const updated = await save({ id: created.id, roleCode: 'teacher', roleName: '讲师', roleType: 2, menuIds: ['m_dashboard_view'] });
    expect(updated.roleName).toBe('讲师');
    expect([...updated.menuIds].sort()).toEqual(['m_dashboard', 'm_dashboard_view']);
    const detail = await t.call('/api/sys/role/detail', { id: created.id }, await t.adminToken());
    expect(detail.body.data).toEqual(updated);
  });

  it('refuses a taken code, unknown menus, and changing a built-in role', async () => {
    const admin = await t.adminToken();
    await save({ roleCode: 'taken_code', roleName: '占用', roleType: 2, menuIds: [] });
    const dup = await t.call('/api/sys/role/save', { roleCode: 'taken_code', roleName: '重复', roleType: 1, menuIds: [] }, admin);
    expect(dup.body.code).toBe(ErrorCode.DUPLICATE);
    const unknown = await t.call('/api/sys/role/save', { roleCode: 'ghost', roleName: '幽灵', roleType: 2, menuIds: ['m_nope'] }, admin);
    expect(unknown.body.code).toBe(ErrorCode.FAIL);
    const builtIn = await t.call('/api/sys/role/save', { id: 'role_student', roleCode: 'learner', roleName: '学员', roleType: 1, menuIds: [] }, admin);
    expect(builtIn.body.code).toBe(ErrorCode.FAIL);
    const badCode = await t.call('/api/sys/role/save', { roleCode: '1bad', roleName: 'x', roleType: 2, menuIds: [] }, admin);
    expect(badCode.status).toBe(400);
    expect(badCode.body.data).toMatchObject({ field: 'roleCode' });
    // The super administrator keeps every menu whatever the form sends.
    const sa = await t.call<RoleRecord>('/api/sys/role/save', { id: 'role_sa', roleCode: 'sa', roleName: '超级管理员', roleType: 2, menuIds: [] }, admin);
    expect(sa.body.data.menuIds).toContain('m_sys_role_save');
  });

  it('pages with filters', async () => {
    const admin = await t.adminToken();
    await save({ roleCode: 'auditor', roleName: '审计员', roleType: 2, menuIds: [] });
    await save({ roleCode: 'auditor_b', roleName: '审计员乙', roleType: 2, menuIds: [] });
    await save({ roleCode: 'auditor_c', roleName: '审计员丙', roleType: 2, menuIds: [] });
    const paged = await t.call('/api/sys/role/paging', { current: 2, size: 2, params: { roleName: '审计员' } }, admin);
    expect(paged.body.data).toMatchObject({ total: 3, size: 2, pages: 2, current: 2 });
    expect(paged.body.data.records.map((r: RoleRecord) => r.roleCode)).toEqual(['auditor_c']);
    const learners = await t.call('/api/sys/role/paging', { current: 1, size: 10, params: { roleType: 1, roleName: '' } }, admin);
    expect(learners.body.data.records.map((r: RoleRecord) => r.roleCode)).toEqual(['student']);
    const byName = await t.call('/api/sys/role/paging', { current: 1, size: 10, params: { roleName: '审计员乙', roleType: '' } }, admin);
    expect(byName.body.data.records.map((r: RoleRecord) => r.roleCode)).toEqual(['auditor_b']);
    const wildcard = await t.call('/api/sys/role/paging', { current: 1, size: 10, params: { roleName: '%' } }, admin);
    expect(wildcard.body.data.total).toBe(0);
  });

  it('refuses to delete built-in roles and roles in use', async () => {
    const admin = await t.adminToken();
    for (const id of ['role_sa', 'role_student']) {
      const r = await t.call('/api/sys/role/delete', { ids: [id] }, admin);
      expect(r.body.msg).toBe('内置角色不能删除');
    }
    const used = await save({ roleCode: 'used', roleName: '在用', roleType: 2, menuIds: ['m_dashboard'] });
    await makeUser(t, 'role_holder', [used.id]);
    const inUse = await t.call('/api/sys/role/delete', { ids: [used.id] }, admin);
    expect(inUse.body.msg).toBe('角色下还有用户，无法删除');
    const free = await save({ roleCode: 'spare', roleName: '备用', roleType: 2, menuIds: ['m_dashboard'] });
    const ok = await t.call('/api/sys/role/delete', { ids: [free.id] }, admin);
    expect(ok.body.code).toBe(0);
    expect((await t.call('/api/sys/role/detail', { id: free.id }, admin)).body.code).toBe(ErrorCode.NOT_FOUND);
    const grants = await t.database.db.selectFrom('sys_role_menu').select('menu_id').where('role_id', '=', free.id).execute();
    expect(grants).toEqual([]);
  });

  it('applies a granted or withdrawn permission on the very next request', async () => {
    const role = await save({ roleCode: 'perm_probe', roleName: '权限探针', roleType: 2, menuIds: ['m_sys_user_list'] });
    const auditor = await makeUser(t, 'perm_probe_u', [role.id]);
    const paging = () => t.call('/api/sys/user/paging', { current: 1, size: 5 }, auditor.token);
    expect((await paging()).body.code).toBe(0);
    await save({ id: role.id, roleCode: 'perm_probe', roleName: '权限探针', roleType: 2, menuIds: ['m_dashboard'] });
    expect((await paging()).body.code).toBe(ErrorCode.FORBIDDEN);
    await save({ id: role.id, roleCode: 'perm_probe', roleName: '权限探针', roleType: 2, menuIds: ['m_sys_user_list'] });
    expect((await paging()).body.code).toBe(0);
  });

  it('refuses learners and administrators without the permission', async () => {
    const reg = await t.call('/api/sys/user/reg', { userName: 'role_learner', password: PASSWORD, realName: '学员' });
    const learner = reg.body.data.token as string;
    const limited = await save({ roleCode: 'limited', roleName: '受限', roleType: 2, menuIds: ['m_dashboard_view'] });
    const staff = await makeUser(t, 'role_staff', [limited.id]);
    for (const url of ['/api/sys/role/paging', '/api/sys/role/detail', '/api/sys/role/save', '/api/sys/role/delete']) {
      const body = { current: 1, size: 10, id: 'role_sa', ids: [limited.id], roleCode: 'x', roleName: 'x', roleType: 2, menuIds: [] };
      expect((await t.call(url, body, learner)).body.code, url).toBe(ErrorCode.FORBIDDEN);
      expect((await t.call(url, body, staff.token)).body.code, url).toBe(ErrorCode.FORBIDDEN);
    }
    // The picker list serves any administrator, not learners.
    expect((await t.call('/api/sys/role/list', {}, staff.token)).body.code).toBe(0);
    expect((await t.call('/api/sys/role/list', {}, learner)).body.code).toBe(ErrorCode.FORBIDDEN);
  });
});
