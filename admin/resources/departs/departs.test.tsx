import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Perm } from '../../../common/permissions';
import { adminUser, departTree } from '../../testing/fixtures';
import { renderScreen } from '../../testing/renderScreen';
import { answer, answerNothing, answerServerError, setupMswServer } from '../../testing/server';
import { DepartTree } from './DepartTree';

setupMswServer();

const row = (name: string) => screen.findByRole('row', { name });

describe('department tree', { timeout: 30_000 }, () => {
  it('draws nested departments and moves one up with sort -1, then reloads', async () => {
    const loads = answer('/api/sys/depart/tree', departTree);
    const sorts = answer('/api/sys/depart/sort', null);
    renderScreen(<DepartTree />, { resource: 'sys/depart' });
    const ue = userEvent.setup({ delay: null });
    expect((await row('总部')).getAttribute('aria-level')).toBe('1');
    expect(screen.getByRole('row', { name: '研发部' }).getAttribute('aria-level')).toBe('2');
    expect(screen.getByRole('row', { name: '前端组' }).getAttribute('aria-level')).toBe('3');
    // The first sibling cannot move up; the second can.
    expect((within(screen.getByRole('row', { name: '研发部' })).getByRole('button', { name: '上移' }) as HTMLButtonElement).disabled).toBe(true);
    await ue.click(within(screen.getByRole('row', { name: '市场部' })).getByRole('button', { name: '上移' }));
    await waitFor(() => expect(sorts).toEqual([{ id: 'd3', sort: -1 }]));
    await waitFor(() => expect(loads).toHaveLength(2));
  });

  it('folds a branch', async () => {
    answer('/api/sys/depart/tree', departTree);
    renderScreen(<DepartTree />, { resource: 'sys/depart' });
    const ue = userEvent.setup({ delay: null });
    await ue.click(within(await row('研发部')).getByRole('button', { name: '收起' }));
    expect(screen.queryByRole('row', { name: '前端组' })).toBeNull();
    expect(screen.getByRole('row', { name: '研发部' }).getAttribute('aria-expanded')).toBe('false');
  });

  it('deletes after confirmation and creates a child department, showing what is missing on an empty save', async () => {
    answer('/api/sys/depart/tree', departTree);
    const deletes = answer('/api/sys/depart/delete', null);
    const saves = answer('/api/sys/depart/save', (body: object) => ({ id: 'd9', parentId: 'd2', deptName: '后端组', deptCode: '', sort: 1, ...body }));
    renderScreen(<DepartTree />, { resource: 'sys/depart' });
    const ue = userEvent.setup({ delay: null });
    await ue.click(within(await row('市场部')).getByRole('button', { name: '删除' }));
    const confirm = await screen.findByRole('dialog');
    expect(within(confirm).getByText('确定删除部门“市场部”吗？')).toBeTruthy();
    await ue.click(within(confirm).getByRole('button', { name: /删除/ }));
    await waitFor(() => expect(deletes).toEqual([{ ids: ['d3'] }]));
    expect(await screen.findByText('删除成功')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await ue.click(within(screen.getByRole('row', { name: '研发部' })).getByRole('button', { name: '新增下级' }));
    const form = await screen.findByRole('dialog', { name: /新增下级部门/ });
    await ue.click(within(form).getByRole('button', { name: '保存' }));
    expect(await within(form).findByText('请输入部门名称')).toBeTruthy();
    expect(saves).toEqual([]);
    await ue.type(within(form).getByLabelText(/部门名称/), '后端组');
    await ue.click(within(form).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(saves).toEqual([{ parentId: 'd2', deptName: '后端组', deptCode: '' }]));
    expect(await screen.findByText('保存成功')).toBeTruthy();
  });

  it('shows only the actions the user may take', async () => {
    answer('/api/sys/depart/tree', departTree);
    renderScreen(<DepartTree />, { resource: 'sys/depart', user: { ...adminUser, permissions: [Perm.departSave] } });
    const hq = await row('总部');
    expect(within(hq).getByRole('button', { name: '编辑' })).toBeTruthy();
    expect(within(hq).queryByRole('button', { name: '删除' })).toBeNull();
  });

  it('a server error shows the error and 重试, not the invitation to create a first department', async () => {
    answerServerError('/api/sys/depart/tree');
    renderScreen(<DepartTree />, { resource: 'sys/depart' });
    const ue = userEvent.setup({ delay: null });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('加载失败')).toBeTruthy();
    expect(within(alert).getByText('糟糕，服务器开小差了~')).toBeTruthy();
    expect(screen.queryByText(/还没有部门/)).toBeNull();

    answer('/api/sys/depart/tree', departTree);
    await ue.click(within(alert).getByRole('button', { name: '重试' }));
    expect(await row('总部')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('no connection shows the connection message and 重试', async () => {
    answerNothing('/api/sys/depart/tree');
    renderScreen(<DepartTree />, { resource: 'sys/depart' });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('啊哦，与服务器失去连接了~')).toBeTruthy();
    expect(within(alert).getByRole('button', { name: '重试' })).toBeTruthy();
    expect(screen.queryByText(/还没有部门/)).toBeNull();
  });

  it('an empty tree invites to create the first department', async () => {
    answer('/api/sys/depart/tree', []);
    renderScreen(<DepartTree />, { resource: 'sys/depart' });
    expect(await screen.findByText('还没有部门，点击“新增部门”创建。')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
