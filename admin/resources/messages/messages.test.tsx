import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeDataProvider, renderScreen } from '../../testing/renderScreen';
import { MsgList } from './MsgList';
import { MsgSend } from './MsgSend';

const page = (records: unknown[]) => ({ records, total: records.length, current: 1, size: 20, pages: 1 });
const zhang = { id: 'u1', userName: 'zhangsan', realName: '张三', deptName: '研发部' };
const li = { id: 'u2', userName: 'lisi', realName: '李四', deptName: '' };

describe('send message', { timeout: 30_000 }, () => {
  it('searches users by user name or real name and sends to the picked ones', async () => {
    const paging = vi.fn((_p: string, body: { params: { userName?: string; realName?: string } }) => {
      const { userName = '', realName } = body.params;
      // The unfiltered first page holds only 张三: 李四 shows up only when searched for.
      if (!userName && realName === undefined) return page([zhang]);
      if (realName !== undefined) return page([zhang, li].filter((u) => u.realName.includes(realName)));
      return page([zhang, li].filter((u) => u.userName.includes(userName)));
    });
    const dataProvider = fakeDataProvider(
      { create: async (_r: string, { data }: { data: Record<string, unknown> }) => ({ data: { id: 'm1', ...data } }) },
      { '/api/sys/user/paging': paging, '/api/sys/depart/tree': [] },
    );
    renderScreen(<MsgSend />, { dataProvider, resource: 'sys/msg' });
    const ue = userEvent.setup({ delay: null });
    await ue.type(await screen.findByLabelText(/标题/), '考试提醒');
    await ue.type(screen.getByLabelText(/内容/), '明天上午九点考试');
    await ue.click(screen.getByRole('button', { name: /发送/ }));
    expect(await screen.findByText('请至少选择一个用户')).toBeTruthy();

    const picker = screen.getByRole('combobox', { name: /接收用户/ });
    await ue.type(picker, '李');
    await ue.click(await screen.findByRole('option', { name: /李四（lisi）/ }));
    await waitFor(() => expect(paging).toHaveBeenCalledWith('/api/sys/user/paging', expect.objectContaining({ params: { realName: '李' } })));
    expect(paging).toHaveBeenCalledWith('/api/sys/user/paging', expect.objectContaining({ params: { userName: '李' } }));
    await ue.click(screen.getByRole('button', { name: /发送/ }));
    await waitFor(() => expect(dataProvider.create).toHaveBeenCalled());
    expect(dataProvider.create.mock.calls[0][1].data).toEqual({ title: '考试提醒', content: '明天上午九点考试', targetType: 1, userIds: ['u2'] });
  });

  it('sends to everyone without recipients', async () => {
    const dataProvider = fakeDataProvider(
      { create: async (_r: string, { data }: { data: Record<string, unknown> }) => ({ data: { id: 'm1', ...data } }) },
      { '/api/sys/user/paging': page([]), '/api/sys/depart/tree': [] },
    );
    renderScreen(<MsgSend />, { dataProvider, resource: 'sys/msg' });
    const ue = userEvent.setup({ delay: null });
    await ue.type(await screen.findByLabelText(/标题/), '系统维护');
    await ue.type(screen.getByLabelText(/内容/), '今晚维护');
    await ue.click(screen.getByLabelText('全体用户'));
    await ue.click(screen.getByRole('button', { name: /发送/ }));
    await waitFor(() => expect(dataProvider.create).toHaveBeenCalled());
    expect(dataProvider.create.mock.calls[0][1].data).toEqual({ title: '系统维护', content: '今晚维护', targetType: 3 });
  });
});

describe('sent messages', { timeout: 30_000 }, () => {
  it('lists sent messages with counts', async () => {
    const dataProvider = fakeDataProvider({
      getList: async () => ({
        data: [{ id: 'm1', title: '考试提醒', content: 'x', targetType: 1, senderName: '管理员', receiverCount: 12, readCount: 5, createTime: 1_700_000_000_000 }],
        total: 1,
      }),
    });
    renderScreen(<MsgList />, { dataProvider, resource: 'sys/msg' });
    const row = (await screen.findByText('考试提醒')).closest('tr')!;
    expect(within(row).getByText('12')).toBeTruthy();
    expect(within(row).getByText('5')).toBeTruthy();
    expect(within(row).getByText('管理员')).toBeTruthy();
  });
});
