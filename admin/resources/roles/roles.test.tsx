import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { toggleMenu } from '../shared/MenuTreeCheck';
import { menuTree as tree } from '../../testing/fixtures';
import { renderScreen } from '../../testing/renderScreen';
import { answer, answerServerError, setupMswServer } from '../../testing/server';
import { RoleCreate } from './RoleForm';
import { RoleList } from './RoleList';

setupMswServer();

describe('toggleMenu', () => {
  it('checks a subtree with its ancestors and unchecks them again', () => {
    const sub = toggleMenu(tree, new Set(), tree[0].children[0]);
    expect([...sub].sort()).toEqual(['m1', 'm2', 'm3', 'm4']);
    const leafOff = toggleMenu(tree, sub, tree[0].children[0].children[0]);
    expect([...leafOff].sort()).toEqual(['m1', 'm2', 'm4']);
    const allOff = toggleMenu(tree, leafOff, tree[0].children[0].children[1]);
    expect([...allOff]).toEqual([]);
  });
});

describe('role form', { timeout: 30_000 }, () => {
  it('collects the checked menu ids including a whole subtree', async () => {
    answer('/api/sys/menu/tree', tree);
    const saves = answer('/api/sys/role/save', (body: object) => ({ id: 'r9', userCount: 0, createTime: 0, ...body }));
    renderScreen(<RoleCreate />, { resource: 'sys/role' });
    const ue = userEvent.setup({ delay: null });
    await ue.type(await screen.findByLabelText(/角色编码/), 'teacher');
    await ue.type(screen.getByLabelText(/角色名称/), '讲师');
    await ue.click(screen.getByLabelText('管理员'));
    const menuTree = await screen.findByRole('tree');
    // Function entries show their permission tag.
    expect(within(menuTree).getByText('sys:user:save')).toBeTruthy();
    await ue.click(within(menuTree).getByRole('checkbox', { name: '用户管理' }));
    await ue.click(within(menuTree).getByRole('checkbox', { name: '控制台' }));
    expect((within(menuTree).getByRole('checkbox', { name: '删除用户' }) as HTMLInputElement).checked).toBe(true);
    await ue.click(screen.getByRole('button', { name: /保存/ }));
    await waitFor(() => expect(saves).toHaveLength(1));
    const data = saves[0];
    expect(data).toMatchObject({ roleCode: 'teacher', roleName: '讲师', roleType: 2, remark: '' });
    expect([...data.menuIds].sort()).toEqual(['m1', 'm2', 'm3', 'm4', 'm6']);
  });

  it('refuses a bad role code', async () => {
    answer('/api/sys/menu/tree', tree);
    const saves = answer('/api/sys/role/save', {});
    renderScreen(<RoleCreate />, { resource: 'sys/role' });
    const ue = userEvent.setup({ delay: null });
    await ue.type(await screen.findByLabelText(/角色编码/), '1bad code');
    await ue.click(screen.getByRole('button', { name: /保存/ }));
    expect(await screen.findByText('角色编码须以字母开头，只能包含字母、数字和下划线')).toBeTruthy();
    expect(screen.getByText('请输入角色名称')).toBeTruthy();
    expect(saves).toEqual([]);
  });

  it('lists roles with their type label', async () => {
    answer('/api/sys/role/paging', {
      records: [{ id: 'r1', roleCode: 'sa', roleName: '超级管理员', roleType: 2, remark: '全部权限', menuIds: [], userCount: 1, createTime: 0 }],
      total: 1,
      current: 1,
      size: 10,
      pages: 1,
    });
    renderScreen(<RoleList />, { resource: 'sys/role' });
    expect(await screen.findByText('超级管理员')).toBeTruthy();
    expect(screen.getByText('管理员')).toBeTruthy();
    expect(screen.getByText('全部权限')).toBeTruthy();
  });

  it('a role form whose menu tree cannot load says so, with 重试', async () => {
    answerServerError('/api/sys/menu/tree');
    renderScreen(<RoleCreate />, { resource: 'sys/role' });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('button', { name: '重试' })).toBeTruthy();
    expect(screen.queryByText('暂无数据')).toBeNull();
  });
});
