import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { menuTree } from '../../testing/fixtures';
import { renderScreen } from '../../testing/renderScreen';
import { answer, answerServerError, sessionHandlers, server, setupMswServer } from '../../testing/server';
import { MenuTree } from './MenuTree';

setupMswServer();

describe('menu tree table', { timeout: 30_000 }, () => {
  it('shows nested menus with their type and moves one up', async () => {
    answer('/api/sys/menu/tree', menuTree);
    const sorts = answer('/api/sys/menu/sort', null);
    server.use(...sessionHandlers());
    renderScreen(<MenuTree />, { resource: 'sys/menu' });
    const ue = userEvent.setup({ delay: null });
    const depart = await screen.findByRole('row', { name: '部门管理' });
    expect(within(depart).getByText('sys/depart/index')).toBeTruthy();
    const fn = screen.getByRole('row', { name: '新增用户' });
    expect(within(fn).getByText('功能')).toBeTruthy();
    expect(within(fn).getByText('sys:user:save')).toBeTruthy();
    await ue.click(within(depart).getByRole('button', { name: '上移' }));
    await waitFor(() => expect(sorts).toEqual([{ id: 'm5', sort: -1 }]));
  });

  it('warns that children go too and deletes', async () => {
    answer('/api/sys/menu/tree', menuTree);
    const deletes = answer('/api/sys/menu/delete', null);
    server.use(...sessionHandlers());
    renderScreen(<MenuTree />, { resource: 'sys/menu' });
    const ue = userEvent.setup({ delay: null });
    await ue.click(within(await screen.findByRole('row', { name: '用户管理' })).getByRole('button', { name: '删除' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('确定删除菜单“用户管理”吗？其全部下级菜单也会一并删除。')).toBeTruthy();
    await ue.click(within(dialog).getByRole('button', { name: /删除/ }));
    await waitFor(() => expect(deletes).toEqual([{ ids: ['m2'] }]));
  });

  it('asks a function entry for its permission tag', async () => {
    answer('/api/sys/menu/tree', menuTree);
    const saves = answer('/api/sys/menu/save', (body: object) => ({ ...menuTree[0], ...body, id: 'm9', children: [] }));
    server.use(...sessionHandlers());
    renderScreen(<MenuTree />, { resource: 'sys/menu' });
    const ue = userEvent.setup({ delay: null });
    await ue.click(within(await screen.findByRole('row', { name: '用户管理' })).getByRole('button', { name: '新增下级' }));
    const dialog = await screen.findByRole('dialog', { name: /新增下级：用户管理/ });
    // A child of a page is a function by default: no path or component, a permission tag instead.
    expect(within(dialog).queryByLabelText(/路径/)).toBeNull();
    await ue.type(within(dialog).getByLabelText(/标题/), '导出用户');
    await ue.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await within(dialog).findByText('请输入权限标识')).toBeTruthy();
    await ue.type(within(dialog).getByLabelText(/权限标识/), 'sys:user:export');
    await ue.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0]).toMatchObject({ parentId: 'm2', menuType: 2, title: '导出用户', permissionTag: 'sys:user:export' });
  });

  it('requires path and component for a top-level menu', async () => {
    answer('/api/sys/menu/tree', menuTree);
    renderScreen(<MenuTree />, { resource: 'sys/menu' });
    const ue = userEvent.setup({ delay: null });
    await ue.click(await screen.findByRole('button', { name: '新增菜单' }));
    const dialog = await screen.findByRole('dialog');
    await ue.type(within(dialog).getByLabelText(/标题/), '考试管理');
    await ue.type(within(dialog).getByLabelText(/路径/), 'exam');
    await ue.clear(within(dialog).getByLabelText(/组件/));
    await ue.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await within(dialog).findByText('请输入组件')).toBeTruthy();
    expect(within(dialog).getByText('顶级菜单以 / 开头，下级填写相对路径')).toBeTruthy();
  });

  it('a failed load shows the error and 重试 instead of the empty tree', async () => {
    answerServerError('/api/sys/menu/tree');
    renderScreen(<MenuTree />, { resource: 'sys/menu' });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('button', { name: '重试' })).toBeTruthy();
    expect(screen.queryByText(/还没有菜单/)).toBeNull();
  });
});
