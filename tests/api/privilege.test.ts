import { describe, expect, it } from 'vitest';
import type { RoleRecord } from '../../common/api';
import { ErrorCode } from '../../common/errorCodes';
import { Perm, type PermTag } from '../../common/permissions';
import { SA_ROLE_ID, STUDENT_ROLE_ID } from '../../server/seed/constants';
import { ADMIN_PASSWORD, DIALECTS, insertUser, TEST_PASSWORD, useTestApp } from './helpers';

/**
 * The rule: nobody grants a role, menu or permission they do not hold themselves, and nobody
 * edits, resets, disables or deletes a user who holds a permission they lack. Each case is an
 * administrator holding one permission, trying to go beyond it.
 */
describe.each(DIALECTS)('privilege escalation on %s', (dialect) => {
  const t = useTestApp(dialect);

  /** A staff member whose only role grants exactly `perms` (and the menus above them). */
  async function staffWith(tag: string, perms: PermTag[]): Promise<{ id: string; token: string; roleId: string }> {
    const menus = await t.database.db.selectFrom('sys_menu').select('id').where('permission_tag', 'in', perms).execute();
    const role = await t.call<RoleRecord>(
      '/api/sys/role/save',
      { roleCode: `only_${tag}`, roleName: `仅${tag}`, roleType: 2, menuIds: menus.map((m) => m.id) },
      await t.adminToken(),
    );
    expect(role.body.code, role.body.msg).toBe(0);
    const user = await insertUser(t, `staff_${tag}`, { roleIds: [role.body.data.id] });
    return { ...user, roleId: role.body.data.id };
  }
  const adminId = async () => (await t.call('/api/sys/user/info', {}, await t.adminToken())).body.data.id as string;
  const rolesOf = async (userId: string) =>
    (await t.database.db.selectFrom('sys_user_role').select('role_id').where('user_id', '=', userId).execute()).map((r) => r.role_id);
  const refused = (body: { code: number; msg: string }, msg: string) => {
    expect(body.code, body.msg).toBe(ErrorCode.FORBIDDEN);
    expect(body.msg).toContain(msg);
  };

  it('only sys:user:save: cannot give anyone, itself included, the super-administrator role, nor edit the administrator', async () => {
    const staff = await staffWith('save', [Perm.userSave]);
    const save = (body: Record<string, unknown>) => t.call('/api/sys/user/save', body, staff.token);
    refused((await save({ id: staff.id, userName: 'staff_save', realName: '自己', roleIds: [SA_ROLE_ID] })).body, '您不能授予超出自身权限的角色：超级管理员');
    refused((await save({ userName: 'new_boss', realName: '新老板', password: TEST_PASSWORD, roleIds: [SA_ROLE_ID] })).body, '超级管理员');
    refused((await save({ id: await adminId(), userName: 'admin', realName: '改名', roleIds: [STUDENT_ROLE_ID] })).body, '不能操作拥有您所没有权限的用户：admin');
    expect(await rolesOf(staff.id)).toEqual([staff.roleId]);
    expect(await rolesOf(await adminId())).toEqual([SA_ROLE_ID]);
    // What the permission is for still works: creating a learner.
    expect((await save({ userName: 'plain_learner', realName: '学员', password: TEST_PASSWORD, roleIds: [STUDENT_ROLE_ID] })).body.code).toBe(0);
  });

  it('only sys:user:batch: cannot give itself the super-administrator role, nor move the administrator', async () => {
    const staff = await staffWith('batch', [Perm.userBatch]);
    refused((await t.call('/api/sys/user/batch-role', { ids: [staff.id], roleIds: [SA_ROLE_ID] }, staff.token)).body, '超级管理员');
    refused((await t.call('/api/sys/user/batch-role', { ids: [await adminId()], roleIds: [STUDENT_ROLE_ID] }, staff.token)).body, 'admin');
    refused((await t.call('/api/sys/user/batch-dept', { ids: [await adminId()], deptId: 'dept_root' }, staff.token)).body, 'admin');
    expect(await rolesOf(staff.id)).toEqual([staff.roleId]);
    const learner = await insertUser(t, 'batch_learner');
    expect((await t.call('/api/sys/user/batch-role', { ids: [learner.id], roleIds: [STUDENT_ROLE_ID] }, staff.token)).body.code).toBe(0);
  });

  it('only sys:role:save: cannot grant its own role every menu, nor touch the super-administrator role', async () => {
    const staff = await staffWith('role', [Perm.roleSave]);
    const everything = (await t.database.db.selectFrom('sys_menu').select('id').execute()).map((m) => m.id);
    const own = await t.call('/api/sys/role/save', { id: staff.roleId, roleCode: 'only_role', roleName: '仅role', roleType: 2, menuIds: everything }, staff.token);
    refused(own.body, '您不能授予自己没有的菜单或权限');
    const sa = await t.call('/api/sys/role/save', { id: SA_ROLE_ID, roleCode: 'sa', roleName: '改名', roleType: 2, menuIds: [] }, staff.token);
    refused(sa.body, '不能修改拥有您所没有权限的角色：超级管理员');
    const fresh = await t.call('/api/sys/role/save', { roleCode: 'sneaky', roleName: '偷偷', roleType: 2, menuIds: ['m_sys_user_save'] }, staff.token);
    refused(fresh.body, '用户新增/修改');
    const permissions = (await t.call('/api/sys/user/info', {}, staff.token)).body.data.permissions;
    expect(permissions).toEqual([Perm.roleSave]);
    // Within what it holds, it may still build roles.
    const within = await t.call('/api/sys/role/save', { roleCode: 'helper', roleName: '助手', roleType: 2, menuIds: ['m_sys_role_save'] }, staff.token);
    expect(within.body.code, within.body.msg).toBe(0);
  });

  it('only sys:user:reset-pass: cannot reset the administrator\'s password', async () => {
    const staff = await staffWith('reset', [Perm.userResetPass]);
    const r = await t.call('/api/sys/user/reset-pass', { ids: [await adminId()], password: 'Taken0ver1' }, staff.token);
    refused(r.body, 'admin');
    await expect(t.login('admin', ADMIN_PASSWORD)).resolves.toBeTruthy();
    const learner = await insertUser(t, 'reset_learner');
    expect((await t.call('/api/sys/user/reset-pass', { ids: [learner.id], password: 'Fresh2024' }, staff.token)).body.code).toBe(0);
  });

  it('only sys:user:state: cannot disable the super administrator', async () => {
    const staff = await staffWith('state', [Perm.userState]);
    const r = await t.call('/api/sys/user/state', { ids: [await adminId()], state: 1 }, staff.token);
    refused(r.body, 'admin');
    expect((await t.call('/api/sys/user/info', {}, await t.adminToken())).body.code).toBe(0);
    const learner = await insertUser(t, 'state_learner');
    expect((await t.call('/api/sys/user/state', { ids: [learner.id], state: 1 }, staff.token)).body.code).toBe(0);
  });

  it('only sys:user:delete: cannot delete the administrator', async () => {
    const staff = await staffWith('delete', [Perm.userDelete]);
    refused((await t.call('/api/sys/user/delete', { ids: [await adminId()] }, staff.token)).body, 'admin');
    const learner = await insertUser(t, 'delete_learner');
    expect((await t.call('/api/sys/user/delete', { ids: [learner.id] }, staff.token)).body.code).toBe(0);
  });

  it('only sys:menu:save: cannot put a permission it lacks on a menu, nor edit a menu it does not hold', async () => {
    const staff = await staffWith('menu', [Perm.menuSave]);
    const held = await t.database.db.selectFrom('sys_menu').select(['id', 'title', 'parent_id']).where('permission_tag', '=', Perm.menuSave).executeTakeFirstOrThrow();
    const retag = await t.call(
      '/api/sys/menu/save',
      { id: held.id, parentId: held.parent_id, menuType: 2, title: held.title, permissionTag: Perm.roleSave },
      staff.token,
    );
    refused(retag.body, `您不能设置自己没有的权限标识：${Perm.roleSave}`);
    const other = await t.call('/api/sys/menu/save', { id: 'm_sys_user_save', parentId: 'm_sys_user', menuType: 2, title: 'x', permissionTag: Perm.menuSave }, staff.token);
    refused(other.body, '不能修改您没有的菜单');
    expect((await t.call('/api/sys/user/info', {}, staff.token)).body.data.permissions).toEqual([Perm.menuSave]);
  });

  it('lets the super administrator do all of it', async () => {
    const admin = await t.adminToken();
    const learner = await insertUser(t, 'promoted');
    expect((await t.call('/api/sys/user/batch-role', { ids: [learner.id], roleIds: [SA_ROLE_ID] }, admin)).body.code).toBe(0);
    const menu = await t.call('/api/sys/menu/save', { parentId: 'm_sys_user', menuType: 2, title: '导入用户', permissionTag: 'sys:user:import' }, admin);
    expect(menu.body.code, menu.body.msg).toBe(0);
  });
});
