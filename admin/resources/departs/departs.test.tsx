import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { departTree } from '../../testing/fixtures';
import { fakeDataProvider, renderScreen } from '../../testing/renderScreen';
import { DepartTree } from './DepartTree';

describe('department tree', { timeout: 30_000 }, () => {
  it('renders nested departments and moves one up with sort -1', async () => {
    const sort = vi.fn(() => null);
    const dataProvider = fakeDataProvider({}, { '/api/sys/depart/tree': departTree, '/api/sys/depart/sort': sort });
    renderScreen(<DepartTree />, { dataProvider, resource: 'sys/depart' });
    const ue = userEvent.setup({ delay: null });
    const hq = await screen.findByRole('treeitem', { name: '总部' });
    const rd = within(hq).getByRole('treeitem', { name: '研发部' });
    expect(within(rd).getByRole('treeitem', { name: '前端组' })).toBeTruthy();
    const market = within(hq).getByRole('treeitem', { name: '市场部' });
    // The first sibling cannot move up; the second can.
    expect((within(rd).getAllByRole('button', { name: '上移' })[0] as HTMLButtonElement).disabled).toBe(true);
    await ue.click(within(market).getByRole('button', { name: '上移' }));
    await waitFor(() => expect(sort).toHaveBeenCalledWith('/api/sys/depart/sort', { id: 'd3', sort: -1 }));
    // The tree is reloaded after the move.
    await waitFor(() => expect(dataProvider.call.mock.calls.filter(([p]: unknown[]) => p === '/api/sys/depart/tree').length).toBe(2));
  });

  it('collapses a branch', async () => {
    const dataProvider = fakeDataProvider({}, { '/api/sys/depart/tree': departTree });
    renderScreen(<DepartTree />, { dataProvider, resource: 'sys/depart' });
    const ue = userEvent.setup({ delay: null });
    const rd = await screen.findByRole('treeitem', { name: '研发部' });
    await ue.click(within(rd).getByRole('button', { name: '收起' }));
    expect(screen.queryByRole('treeitem', { name: '前端组' })).toBeNull();
  });

  it('deletes after confirmation and creates a child department', async () => {
    const del = vi.fn(() => null);
    const save = vi.fn((_p: string, body: unknown) => ({ id: 'd9', ...(body as object) }));
    const dataProvider = fakeDataProvider({}, { '/api/sys/depart/tree': departTree, '/api/sys/depart/delete': del, '/api/sys/depart/save': save });
    renderScreen(<DepartTree />, { dataProvider, resource: 'sys/depart' });
    const ue = userEvent.setup({ delay: null });
    const market = await screen.findByRole('treeitem', { name: '市场部' });
    await ue.click(within(market).getByRole('button', { name: '删除' }));
    const confirm = await screen.findByRole('dialog');
    expect(within(confirm).getByText('确定删除部门「市场部」吗？')).toBeTruthy();
    await ue.click(within(confirm).getByRole('button', { name: /删除/ }));
    await waitFor(() => expect(del).toHaveBeenCalledWith('/api/sys/depart/delete', { ids: ['d3'] }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const rd = screen.getByRole('treeitem', { name: '研发部' });
    await ue.click(within(rd).getAllByRole('button', { name: '新增下级' })[0]);
    const form = await screen.findByRole('dialog', { name: /新增下级部门/ });
    await ue.click(within(form).getByRole('button', { name: '保存' }));
    expect(await within(form).findByText('请输入部门名称')).toBeTruthy();
    await ue.type(within(form).getByLabelText(/部门名称/), '后端组');
    await ue.click(within(form).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(save).toHaveBeenCalledWith('/api/sys/depart/save', { parentId: 'd2', deptName: '后端组', deptCode: '' }));
  });
});
