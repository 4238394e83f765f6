import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { Msg } from '../../../common/validators';
import { departNode } from '../../testing/fixtures';
import { renderScreen } from '../../testing/renderScreen';
import { answer, answerNothing, answerServerError, ok, server, setupMswServer } from '../../testing/server';
import { UserCreate } from './UserForm';
import { UserList } from './UserList';

setupMswServer();

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
const page = (records: unknown[]) => ({ records, total: records.length, current: 1, size: 10, pages: 1 });

/** The pickers every user screen loads. */
function pickers() {
  answer('/api/sys/role/list', roles);
  answer('/api/sys/depart/tree', tree);
}

const rowOf = (name: string) => screen.getAllByRole('row').find((r) => within(r).queryByText(name))!;

describe('user create form', { timeout: 30_000 }, () => {
  it('an empty save shows every missing field (保存 is not greyed out) and sends nothing', async () => {
    pickers();
    const saves = answer('/api/sys/user/save', {});
    renderScreen(<UserCreate />, { resource: 'sys/user' });
    const ue = userEvent.setup({ delay: null });
    const save = await screen.findByRole('button', { name: /保存/ });
    expect((save as HTMLButtonElement).disabled).toBe(false);
    await ue.click(save);
    expect(await screen.findByText('请输入用户名')).toBeTruthy();
    expect(screen.getByText('请输入姓名')).toBeTruthy();
    expect(screen.getByText(Msg.passwordEmpty)).toBeTruthy();
    expect(screen.getByText('请至少选择一个角色')).toBeTruthy();
    expect(saves).toEqual([]);
  });

  it('shows the password, mobile and e-mail rule messages itself (no browser check)', async () => {
    pickers();
    const saves = answer('/api/sys/user/save', {});
    renderScreen(<UserCreate />, { resource: 'sys/user' });
    const ue = userEvent.setup({ delay: null });
    await ue.type(await screen.findByLabelText(/用户名/), 'zhangsan');
    await ue.type(screen.getByLabelText(/姓名/), '张三');
    await ue.type(screen.getByLabelText(/^密码/), 'abcdef');
    await ue.type(screen.getByLabelText(/手机号/), '12345');
    const email = screen.getByLabelText(/邮箱/) as HTMLInputElement;
    expect(email.type).toBe('text');
    expect(email.closest('form')!.noValidate).toBe(true);
    await ue.type(email, 'not-an-address');
    await ue.click(screen.getByRole('button', { name: /保存/ }));
    expect(await screen.findByText(Msg.password)).toBeTruthy();
    expect(screen.getByText(Msg.mobile)).toBeTruthy();
    expect(screen.getByText('邮箱格式不正确')).toBeTruthy();
    expect(saves).toEqual([]);
  });
});

describe('user list', { timeout: 30_000 }, () => {
  it('pages through /api/sys/user/paging and resets the password of the selected users', async () => {
    pickers();
    const pages = answer('/api/sys/user/paging', page([user('u1', 'zhangsan', '张三'), user('u2', 'lisi', '李四')]));
    const resets = answer('/api/sys/user/reset-pass', null);
    renderScreen(<UserList />, { resource: 'sys/user' });
    const ue = userEvent.setup({ delay: null });
    expect(await screen.findByText('张三')).toBeTruthy();
    expect(pages[0]).toMatchObject({ current: 1, orders: [{ column: 'createTime', asc: false }] });
    await ue.click(within(rowOf('张三')).getByRole('checkbox'));
    await ue.click(within(rowOf('李四')).getByRole('checkbox'));
    await ue.click(screen.getByRole('button', { name: '重置密码' }));
    const dialog = await screen.findByRole('dialog');
    await ue.type(within(dialog).getByLabelText(/新密码/), 'abc');
    await ue.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await within(dialog).findByText(Msg.password)).toBeTruthy();
    expect(resets).toEqual([]);
    await ue.type(within(dialog).getByLabelText(/新密码/), '12345');
    await ue.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(resets).toEqual([{ ids: ['u1', 'u2'], password: 'abc12345' }]));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('disables only after a confirmation', async () => {
    pickers();
    answer('/api/sys/user/paging', page([user('u1', 'zhangsan', '张三')]));
    const states = answer('/api/sys/user/state', null);
    renderScreen(<UserList />, { resource: 'sys/user' });
    const ue = userEvent.setup({ delay: null });
    await screen.findByText('张三');
    await ue.click(within(rowOf('张三')).getByRole('checkbox'));
    await ue.click(screen.getByRole('button', { name: '禁用' }));
    const confirm = await screen.findByRole('dialog');
    expect(within(confirm).getByText('确定禁用选中的 1 个用户吗？禁用后他们将立即退出登录。')).toBeTruthy();
    expect(states).toEqual([]);
    await ue.click(within(confirm).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(states).toEqual([]);

    await ue.click(screen.getByRole('button', { name: '启用' }));
    await ue.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(states).toEqual([{ ids: ['u1'], state: 0 }]));
  });

  it('offers 审核通过 and 拒绝注册 only while every selected user awaits review', async () => {
    pickers();
    answer('/api/sys/user/paging', page([{ ...user('u1', 'newbie', '新学员'), state: 2 }, { ...user('u2', 'newbie2', '新学员二'), state: 2 }, user('u3', 'zhangsan', '张三')]));
    const reviews = answer('/api/sys/user/review', null);
    renderScreen(<UserList />, { resource: 'sys/user' });
    const ue = userEvent.setup({ delay: null });
    await screen.findByText('新学员');
    await ue.click(within(rowOf('新学员')).getByRole('checkbox'));
    await ue.click(within(rowOf('新学员二')).getByRole('checkbox'));
    expect(screen.getByRole('button', { name: '审核通过' })).toBeTruthy();
    await ue.click(within(rowOf('张三')).getByRole('checkbox'));
    expect(screen.queryByRole('button', { name: '审核通过' })).toBeNull();
    await ue.click(within(rowOf('张三')).getByRole('checkbox'));
    await ue.click(screen.getByRole('button', { name: '拒绝注册' }));
    const confirm = await screen.findByRole('dialog');
    expect(within(confirm).getByText('确定拒绝选中的 2 个注册申请吗？这些账号将被删除，用户名可重新注册。')).toBeTruthy();
    await ue.click(within(confirm).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(reviews).toEqual([{ ids: ['u1', 'u2'], approve: false }]));
  });

  it('clears sign-in locks after a confirmation', async () => {
    pickers();
    answer('/api/sys/user/paging', page([user('u1', 'zhangsan', '张三')]));
    const unlocks = answer('/api/sys/user/unlock', null);
    renderScreen(<UserList />, { resource: 'sys/user' });
    const ue = userEvent.setup({ delay: null });
    await screen.findByText('张三');
    await ue.click(within(rowOf('张三')).getByRole('checkbox'));
    await ue.click(screen.getByRole('button', { name: '解除锁定' }));
    await ue.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(unlocks).toEqual([{ ids: ['u1'] }]));
  });

  it('marks who has enrolled a face (人脸 已录入) and clears the selected enrolments after a confirmation', async () => {
    pickers();
    answer('/api/sys/user/paging', page([{ ...user('u1', 'zhangsan', '张三'), faceEnrolled: true }, { ...user('u2', 'lisi', '李四'), faceEnrolled: false }]));
    const clears = answer('/api/sys/user/face/clear', null);
    renderScreen(<UserList />, { resource: 'sys/user' });
    const ue = userEvent.setup({ delay: null });
    await screen.findByText('张三');
    expect(screen.getByRole('columnheader', { name: '人脸' })).toBeTruthy();
    expect(within(rowOf('张三')).getByText('已录入')).toBeTruthy();
    expect(within(rowOf('李四')).queryByText('已录入')).toBeNull();
    await ue.click(within(rowOf('张三')).getByRole('checkbox'));
    await ue.click(screen.getByRole('button', { name: '清除人脸' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('确定清除选中的 1 个用户录入的人脸信息吗？');
    await ue.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(clears).toEqual([{ ids: ['u1'] }]));
  });

  it('requires a password change at the next sign-in of the selected users after a confirmation', async () => {
    pickers();
    answer('/api/sys/user/paging', page([user('u1', 'zhangsan', '张三'), user('u2', 'lisi', '李四')]));
    const requests = answer('/api/sys/user/pass-change', null);
    renderScreen(<UserList />, { resource: 'sys/user' });
    const ue = userEvent.setup({ delay: null });
    await screen.findByText('张三');
    await ue.click(within(rowOf('李四')).getByRole('checkbox'));
    await ue.click(screen.getByRole('button', { name: '要求修改密码' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('选中的 1 个用户下次登录后须先修改密码');
    await ue.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(requests).toEqual([{ ids: ['u2'], required: true }]));
  });

  it('offers 导入 beside 导出, opening the import dialog', async () => {
    pickers();
    answer('/api/sys/user/paging', page([user('u1', 'zhangsan', '张三')]));
    renderScreen(<UserList />, { resource: 'sys/user' });
    const ue = userEvent.setup({ delay: null });
    await ue.click(await screen.findByRole('button', { name: '导入' }));
    expect(await screen.findByRole('dialog', { name: '导入用户' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '下载模板' })).toBeTruthy();
  });

  it('says 还没有用户 when there are none, and 没有找到符合条件的记录 once the search finds none', async () => {
    pickers();
    // Every page asked for; a search is answered only once the test releases it.
    const pages: Array<{ params?: Record<string, unknown> }> = [];
    let release = () => undefined as void;
    const released = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.post('/api/sys/user/paging', async ({ request }) => {
        const body = (await request.json()) as { params?: Record<string, unknown> };
        pages.push(body);
        if (body.params?.userName) await released;
        return ok(page([]));
      }),
    );
    renderScreen(<UserList />, { resource: 'sys/user' });
    const ue = userEvent.setup({ delay: null });
    expect(await screen.findByText('还没有用户')).toBeTruthy();
    // Typing applies nothing: 搜索 does.
    await ue.type(screen.getByRole('textbox', { name: '用户名' }), 'nobody');
    expect(pages).toHaveLength(1);
    await ue.click(screen.getByRole('button', { name: '搜索' }));
    await waitFor(() => expect(pages).toHaveLength(2));
    expect(pages[1].params).toEqual({ userName: 'nobody' });
    // The search has gone out, not come back: the screen claims no match only once it has the answer.
    expect(screen.getByText('还没有用户')).toBeTruthy();
    expect(screen.queryByText('没有找到符合条件的记录')).toBeNull();
    release();
    expect(await screen.findByText('没有找到符合条件的记录')).toBeTruthy();
    await ue.click(screen.getByRole('button', { name: '重置' }));
    expect(await screen.findByText('还没有用户')).toBeTruthy();
    // The unfiltered page may show from the cache before its refetch goes out.
    await waitFor(() => expect(pages[pages.length - 1].params).toEqual({}));
    expect((screen.getByRole('textbox', { name: '用户名' }) as HTMLInputElement).value).toBe('');
  });

  it('a server error shows the error and 重试 instead of 还没有用户', async () => {
    pickers();
    answerServerError('/api/sys/user/paging');
    renderScreen(<UserList />, { resource: 'sys/user' });
    const ue = userEvent.setup({ delay: null });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('糟糕，服务器开小差了~')).toBeTruthy();
    expect(screen.queryByText('还没有用户')).toBeNull();
    answer('/api/sys/user/paging', page([user('u1', 'zhangsan', '张三')]));
    await ue.click(within(alert).getByRole('button', { name: '重试' }));
    expect(await screen.findByText('张三')).toBeTruthy();
  });

  it('no connection shows the connection message once, in place', async () => {
    pickers();
    answerNothing('/api/sys/user/paging');
    renderScreen(<UserList />, { resource: 'sys/user' });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('啊哦，与服务器失去连接了~')).toBeTruthy();
    // No passing message on top of it.
    expect(screen.getAllByText('啊哦，与服务器失去连接了~')).toHaveLength(1);
  });
});
