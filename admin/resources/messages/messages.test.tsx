import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../testing/renderScreen';
import { answer, answerNothing, setupMswServer } from '../../testing/server';
import { MsgList } from './MsgList';
import { MsgSend } from './MsgSend';

setupMswServer();

const page = (records: unknown[]) => ({ records, total: records.length, current: 1, size: 20, pages: 1 });
const zhang = { id: 'u1', userName: 'zhangsan', realName: '张三', deptName: '研发部' };
const li = { id: 'u2', userName: 'lisi', realName: '李四', deptName: '' };

describe('send message', { timeout: 30_000 }, () => {
  it('searches users by user name or real name and sends to the picked ones', async () => {
    const searches = answer('/api/sys/user/paging', (body: { params: { userName?: string; realName?: string } }) => {
      const { userName = '', realName } = body.params;
      // The unfiltered first page holds only 张三: 李四 shows up only when searched for.
      if (!userName && realName === undefined) return page([zhang]);
      if (realName !== undefined) return page([zhang, li].filter((u) => u.realName.includes(realName)));
      return page([zhang, li].filter((u) => u.userName.includes(userName)));
    });
    answer('/api/sys/depart/tree', []);
    const sends = answer('/api/sys/msg/send', (body: object) => ({ id: 'm1', senderName: '管理员', receiverCount: 1, readCount: 0, createTime: 1, ...body }));
    renderScreen(<MsgSend />, { resource: 'sys/msg' });
    const ue = userEvent.setup({ delay: null });
    await ue.type(await screen.findByLabelText(/标题/), '考试提醒');
    await ue.type(screen.getByLabelText(/内容/), '明天上午九点考试');
    await ue.click(screen.getByRole('button', { name: /发送/ }));
    expect(await screen.findByText('请至少选择一个用户')).toBeTruthy();

    const picker = screen.getByRole('combobox', { name: /接收用户/ });
    await ue.type(picker, '李');
    await ue.click(await screen.findByRole('option', { name: /李四（lisi）/ }));
    expect(searches).toContainEqual(expect.objectContaining({ params: { realName: '李' } }));
    expect(searches).toContainEqual(expect.objectContaining({ params: { userName: '李' } }));
    await ue.click(screen.getByRole('button', { name: /发送/ }));
    await waitFor(() => expect(sends).toEqual([{ title: '考试提醒', content: '明天上午九点考试', targetType: 1, userIds: ['u2'] }]));
    // Sending says so in its own words (not 已新增).
    expect(await screen.findByText('发送成功')).toBeTruthy();
  });

  it('sends to everyone without recipients', async () => {
    answer('/api/sys/user/paging', page([]));
    answer('/api/sys/depart/tree', []);
    const sends = answer('/api/sys/msg/send', (body: object) => ({ id: 'm1', senderName: '管理员', receiverCount: 1, readCount: 0, createTime: 1, ...body }));
    renderScreen(<MsgSend />, { resource: 'sys/msg' });
    const ue = userEvent.setup({ delay: null });
    await ue.type(await screen.findByLabelText(/标题/), '系统维护');
    await ue.type(screen.getByLabelText(/内容/), '今晚维护');
    await ue.click(screen.getByLabelText('全部人员'));
    await ue.click(screen.getByRole('button', { name: /发送/ }));
    await waitFor(() => expect(sends).toEqual([{ title: '系统维护', content: '今晚维护', targetType: 3 }]));
  });
});

describe('sent messages', { timeout: 30_000 }, () => {
  it('lists sent messages with counts', async () => {
    answer('/api/sys/msg/paging', page([{ id: 'm1', title: '考试提醒', content: 'x', targetType: 1, senderName: '管理员', receiverCount: 12, readCount: 5, createTime: 1_700_000_000_000 }]));
    renderScreen(<MsgList />, { resource: 'sys/msg' });
    const row = (await screen.findByText('考试提醒')).closest('tr')!;
    expect(within(row).getByText('12')).toBeTruthy();
    expect(within(row).getByText('5')).toBeTruthy();
    expect(within(row).getByText('管理员')).toBeTruthy();
  });

  it('no connection shows the error and 重试, not 还没有发送过消息', async () => {
    answerNothing('/api/sys/msg/paging');
    renderScreen(<MsgList />, { resource: 'sys/msg' });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('button', { name: '重试' })).toBeTruthy();
    expect(screen.queryByText('还没有发送过消息')).toBeNull();
  });
});
