import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Msg } from '../../../common/validators';
import { departNode } from '../../testing/fixtures';
import { fakeDataProvider, renderScreen } from '../../testing/renderScreen';
import { UserCreate } from './UserForm';
import { UserList } from './UserList';

const roles = [
  { id: 'r1', roleCode: 'sa', roleName: '超级管理员', roleType: 2, remark: '', menuIds: [], userCount: 1, createTime: 0 },
  { id: 'r2', roleCode: 'student', roleName: '学员', roleType: 1, remark: '', menuIds: [], userCount: 5, createTime: 0 },
];
const tree = [departNode('d1', '0', '总部', [], { deptCode: 'HQ', sort: 1 })];
const user = (id: string, userName: string, realName: string) => ({
  id,
  userName,
  realName,
  avatar: '',
  mobile: '',
  email: '',
  deptId: 'd1',
  deptName: '总部',
  roleIds: ['r2'],
  roleNames: ['学员'],
  roleType: 1,
  state: 0,
  createTime: 1_700_000_000_000,
  updateTime: 1_700_000_000_000,
});

describe('user create form', { timeout: 30_000 }, () => {
  it('shows the password and mobile rule messages and does not save', async () => {
    const dataProvider = fakeDataProvider({}, { '/api/sys/role/list': roles, '/api/sys/depart/tree': tree });
    renderScreen(<UserCreate />, { dataProvider, resource: 'sys/user' });
    const ue = userEvent.setup({ delay: null });
    await ue.type(await screen.findByLabelText(/用户名/), 'zhangsan');
    await ue.type(screen.getByLabelText(/姓名/), '张三');
    await ue.type(screen.getByLabelText(/^密码/), 'abcdef');
    await ue.type(screen.getByLabelText(/手机号/), '12345');
    await ue.click(screen.getByRole('button', { name: /保存/ }));
    expect(await screen.findByText(Msg.password)).toBeTruthy();
    expect(screen.getByText(Msg.mobile)).toBeTruthy();
    expect(screen.getByText('请至少选择一个角色')).toBeTruthy();
    expect(dataProvider.create).not.toHaveBeenCalled();
  });

  it('asks for a password when it is left empty', async () => {
    const dataProvider = fakeDataProvider({}, { '/api/sys/role/list': roles, '/api/sys/depart/tree': tree });
    renderScreen(<UserCreate />, { dataProvider, resource: 'sys/user' });
    const ue = userEvent.setup({ delay: null });
    await ue.type(await screen.findByLabelText(/姓名/), '张三');
    await ue.click(screen.getByRole('button', { name: /保存/ }));
    expect(await screen.findByText(Msg.passwordEmpty)).toBeTruthy();
    expect(screen.getByText('请输入用户名')).toBeTruthy();
  });
});

describe('user list', { timeout: 30_000 }, () => {
  it('resets the password of the selected users through reset-pass', async () => {
    const resetPass = vi.fn(() => null);
    const dataProvider = fakeDataProvider(
      { getList: async () => ({ data: [user('u1', 'zhangsan', '张三'), user('u2', 'lisi', '李四')], total: 2 }) },
      { '/api/sys/role/list': roles, '/api/sys/depart/tree': tree, '/api/sys/user/reset-pass': resetPass },
    );
    renderScreen(<UserList />, { dataProvider, resource: 'sys/user' });
    const ue = userEvent.setup({ delay: null });
    expect(await screen.findByText('张三')).toBeTruthy();
    const rows = screen.getAllByRole('row');
    await ue.click(within(rows.find((r) => within(r).queryByText('张三'))!).getByRole('checkbox'));
    await ue.click(within(rows.find((r) => within(r).queryByText('李四'))!).getByRole('checkbox'));
    await ue.click(screen.getByRole('button', { name: '重置密码' }));
    const dialog = await screen.findByRole('dialog');
    await ue.type(within(dialog).getByLabelText(/新密码/), 'abc');
    await ue.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await within(dialog).findByText(Msg.password)).toBeTruthy();
    expect(resetPass).not.toHaveBeenCalled();
    await ue.type(within(dialog).getByLabelText(/新密码/), '12345');
    await ue.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(resetPass).toHaveBeenCalledWith('/api/sys/user/reset-pass', { ids: ['u1', 'u2'], password: 'abc12345' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows the empty state without crashing', async () => {
    const dataProvider = fakeDataProvider(
      { getList: async () => ({ data: [], total: 0 }) },
      { '/api/sys/role/list': roles, '/api/sys/depart/tree': tree },
    );
    renderScreen(<UserList />, { dataProvider, resource: 'sys/user' });
    expect(await screen.findByText('还没有用户')).toBeTruthy();
  });
});
