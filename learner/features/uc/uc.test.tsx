import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ExamRecordOfUser, UserInfo, UserMsg } from '../../../common/api';
import { HttpResponse } from 'msw';
import { ErrorCode } from '../../../common/errorCodes';
import { HttpMessage } from '../../../common/http';
import { Msg } from '../../../common/validators';
import { learner, message, pageOf } from '../../testing/fixtures';
import { renderApp } from '../../testing/render';
import { api, fail, startMockServer } from '../../testing/server';

startMockServer();

/** A mailbox that behaves like the server: reading, marking and deleting change what later calls answer. */
function mailbox(initial: UserMsg[]) {
  let msgs = [...initial];
  const unread = () => msgs.filter((m) => m.readState === 0).length;
  const markIds = (ids: string[]) => {
    msgs = msgs.map((m) => (ids.includes(m.id) ? { ...m, readState: 1, readTime: Date.now() } : m));
  };
  return {
    unread,
    handlers: [
      api('sys/user/msg/paging', (b: any) => {
        const rs = b.params?.readState;
        return pageOf(
          msgs.filter((m) => rs === '' || rs === undefined || m.readState === rs),
          b.current,
          b.size,
        );
      }),
      api('sys/user/msg/count-unread', () => unread()),
      api('sys/user/msg/mark-read', (b: { ids: string[] }) => {
        markIds(b.ids);
        return null;
      }),
      api('sys/user/msg/detail-for-read', (b: { id: string }) => {
        markIds([b.id]);
        return msgs.find((m) => m.id === b.id)!;
      }),
      api('sys/user/msg/user-delete', (b: { ids: string[] }) => {
        msgs = msgs.filter((m) => !b.ids.includes(m.id));
        return null;
      }),
    ],
  };
}

const inbox = () => [
  message({ id: 'm1', title: '考试提醒', content: '明天 9:00 考试。\n<b>请准时</b>' }),
  message({ id: 'm2', title: '课程更新' }),
  message({ id: 'm3', title: '欢迎加入', readState: 1 }),
];

const badgeText = async () => {
  // hidden: the header is aria-hidden while a dialog is open, and still on screen.
  const badge = (await screen.findByRole('button', { name: '我的消息', hidden: true })).querySelector('.MuiBadge-badge')!;
  return badge.classList.contains('MuiBadge-invisible') ? '' : badge.textContent;
};

const rowOf = async (title: string) => (await screen.findByText(title)).closest('tr') as HTMLElement;

describe('user centre: my messages', () => {
  it('lists messages with their read state and filters them', async () => {
    const box = mailbox(inbox());
    const { user } = renderApp({ path: '/web/uc?tab=msg', user: learner({ unreadMsg: 2 }), handlers: box.handlers });
    expect(within(await rowOf('考试提醒')).getByText('未读')).toBeTruthy();
    expect(within(await rowOf('欢迎加入')).getByText('已读')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: '已读' }));
    await waitFor(() => expect(screen.queryByText('考试提醒')).toBeNull());
    expect(screen.getByText('欢迎加入')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: '未读' }));
    expect(await screen.findByText('考试提醒')).toBeTruthy();
    expect(screen.queryByText('欢迎加入')).toBeNull();
  });

  it('marks the selected messages read and the header badge follows at once', async () => {
    const box = mailbox(inbox());
    const { user } = renderApp({ path: '/web/uc?tab=msg', user: learner({ unreadMsg: 2 }), handlers: box.handlers });
    await rowOf('考试提醒');
    expect(await badgeText()).toBe('2');
    const markButton = screen.getByRole('button', { name: '标记已读' });
    expect(markButton.hasAttribute('disabled')).toBe(true);

    await user.click(screen.getByRole('checkbox', { name: '选择 考试提醒' }));
    await user.click(screen.getByRole('checkbox', { name: '选择 课程更新' }));
    await user.click(markButton);

    await waitFor(async () => expect(await badgeText()).toBe(''));
    expect(box.unread()).toBe(0);
    await waitFor(() => expect(within(screen.getByRole('table', { name: '消息列表' })).queryByText('未读')).toBeNull());
  });

  it('opens a message as plain text, which marks it read', async () => {
    const box = mailbox(inbox());
    const { user } = renderApp({ path: '/web/uc?tab=msg', user: learner({ unreadMsg: 2 }), handlers: box.handlers });
    await user.click(await screen.findByText('考试提醒'));
    const dialog = await screen.findByRole('dialog', { name: '考试提醒' });
    expect(within(dialog).getByText(/<b>请准时<\/b>/)).toBeTruthy();
    await waitFor(async () => expect(await badgeText()).toBe('1'));
    await user.click(within(dialog).getByRole('button', { name: '关闭' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(within(screen.getByRole('table', { name: '消息列表' })).getAllByText('未读')).toHaveLength(1));
  });

  it('deletes the selected messages after confirmation', async () => {
    const box = mailbox(inbox());
    const { user } = renderApp({ path: '/web/uc?tab=msg', user: learner({ unreadMsg: 2 }), handlers: box.handlers });
    await user.click(await screen.findByRole('checkbox', { name: '选择 课程更新' }));
    await user.click(screen.getByRole('button', { name: '删除' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('确定要删除选中的 1 条消息吗？')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: '删除' }));
    await waitFor(() => expect(screen.queryByText('课程更新')).toBeNull());
    await waitFor(async () => expect(await badgeText()).toBe('1'));
  });

  it('steps back to the last page when a delete empties the page shown', async () => {
    const many = Array.from({ length: 11 }, (_, i) => message({ id: `p${i}`, title: `通知${i + 1}`, readState: 1 }));
    const box = mailbox(many);
    const { user } = renderApp({ path: '/web/uc?tab=msg', user: learner(), handlers: box.handlers });
    await screen.findByText('通知1');
    await user.click(screen.getByRole('button', { name: '下一页' }));
    await user.click(await screen.findByRole('checkbox', { name: '选择 通知11' }));
    await user.click(screen.getByRole('button', { name: '删除' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '删除' }));
    // Page 2 is now empty: the list goes back to page 1 instead of saying there is nothing.
    expect(await screen.findByText('通知10')).toBeTruthy();
    expect(screen.queryByText('通知11')).toBeNull();
    expect(screen.queryByText('暂无消息')).toBeNull();
  });

  it('shows a failed load with 重试, never "no messages"', async () => {
    const box = mailbox(inbox());
    let up = false;
    const { user } = renderApp({
      path: '/web/uc?tab=msg',
      user: learner(),
      handlers: [
        api('sys/user/msg/paging', (b: any) => (up ? pageOf(inbox(), b.current, b.size) : new HttpResponse(null, { status: 500 }))),
        ...box.handlers,
      ],
    });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(HttpMessage.serverError)).toBeTruthy();
    expect(screen.queryByText('暂无消息')).toBeNull();
    up = true;
    await user.click(within(alert).getByRole('button', { name: '重试' }));
    expect(await screen.findByText('考试提醒')).toBeTruthy();
  });

  it('jumps to a typed page and changes the page size', async () => {
    const many = Array.from({ length: 45 }, (_, i) => message({ id: `p${i}`, title: `通知${i + 1}`, readState: 1 }));
    const box = mailbox(many);
    const { user } = renderApp({ path: '/web/uc?tab=msg', user: learner(), handlers: box.handlers });
    await screen.findByText('通知1');
    expect(screen.getByText('共 45 条')).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: '跳转到页码' }), '3{Enter}');
    expect(await screen.findByText('通知21')).toBeTruthy();
    expect(screen.getByRole('button', { name: '第 3 页，当前页' })).toBeTruthy();

    await user.click(screen.getByRole('combobox', { name: '每页条数' }));
    await user.click(await screen.findByRole('option', { name: '20 条/页' }));
    // A new size starts again at the first page.
    expect(await screen.findByText('通知20')).toBeTruthy();
    expect(screen.getByRole('button', { name: '第 1 页，当前页' })).toBeTruthy();
  });

  it('says so when there is no message', async () => {
    const box = mailbox([]);
    renderApp({ path: '/web/uc?tab=msg', user: learner(), handlers: box.handlers });
    expect(await screen.findByText('暂无消息')).toBeTruthy();
  });
});

describe('user centre: profile and password', () => {
  it('opens on the profile tab and saves changes, then shows the refreshed user', async () => {
    let me: UserInfo = learner();
    let saved: unknown;
    const { user, fill } = renderApp({
      path: '/web/uc',
      user: me,
      handlers: [
        api('sys/user/info', () => me),
        api('sys/user/update', (b: any) => {
          saved = b;
          me = { ...me, ...b };
          return me;
        }),
      ],
    });
    expect(await screen.findByRole('tab', { name: '我的资料', selected: true })).toBeTruthy();
    expect((screen.getByLabelText('用户名') as HTMLInputElement).value).toBe('student');
    expect((screen.getByLabelText('所属部门') as HTMLInputElement).value).toBe('培训部');

    await fill('手机号', '123');
    await user.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText(Msg.mobile)).toBeTruthy();

    await fill('手机号', '13912345678');
    await fill('真实姓名', '张小三');
    await user.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('资料已保存')).toBeTruthy();
    expect(saved).toEqual({ realName: '张小三', mobile: '13912345678', email: 'zhangsan@example.com' });
    // The header shows the new name once the session user is refreshed.
    expect(await screen.findByText('张小三', { selector: 'a' })).toBeTruthy();
  });

  it("checks the e-mail with our own Chinese message, not the browser's", async () => {
    let saved = false;
    const { user, fill } = renderApp({
      path: '/web/uc',
      user: learner(),
      handlers: [
        api('sys/user/update', () => {
          saved = true;
          return learner();
        }),
      ],
    });
    await fill('邮箱', 'not-an-address');
    const save = screen.getByRole('button', { name: '保存' });
    expect((save.closest('form') as HTMLFormElement).noValidate).toBe(true);
    await user.click(save);
    expect(await screen.findByText('邮箱格式不正确')).toBeTruthy();
    expect(saved).toBe(false);
  });

  it('changes the password with the spec rules and stays signed in', async () => {
    let sent: unknown;
    const { user, fill, location } = renderApp({
      path: '/web/uc?tab=password',
      user: learner(),
      handlers: [
        api('sys/user/update-pass', (b) => {
          sent = b;
          return null;
        }),
      ],
    });
    await fill('旧密码', 'old123');
    await fill('新密码', 'abcdef');
    await fill('确认新密码', 'abcdeg');
    await user.click(screen.getByRole('button', { name: '确认修改' }));
    expect(await screen.findByText(Msg.password)).toBeTruthy();
    expect(screen.getByText('两次输入的密码不一致')).toBeTruthy();

    await fill('新密码', 'abc123');
    await fill('确认新密码', 'abc123');
    await user.click(screen.getByRole('button', { name: '确认修改' }));
    expect(await screen.findByText('密码修改成功')).toBeTruthy();
    expect(sent).toEqual({ oldPassword: 'old123', password: 'abc123' });
    expect(location()).toBe('/web/uc?tab=password');
  });

  it('shows the server refusal of a wrong old password', async () => {
    const { user, fill } = renderApp({
      path: '/web/uc?tab=password',
      user: learner(),
      handlers: [api('sys/user/update-pass', () => fail(ErrorCode.FAIL, '旧密码不正确'))],
    });
    await fill('旧密码', 'nope12');
    await fill('新密码', 'abc123');
    await fill('确认新密码', 'abc123');
    await user.click(screen.getByRole('button', { name: '确认修改' }));
    expect(await screen.findByText('旧密码不正确')).toBeTruthy();
  });
});

describe('我的成绩 in the user centre', () => {
  const record = (id: string, title: string, passed: boolean): ExamRecordOfUser => ({
    id, examId: `e-${id}`, title, userId: 'u1', userName: 'student', realName: '张三', deptName: '培训部', tryCount: 2, maxScore: 88.5, lastScore: 72,
    totalScore: 100, qualifyScore: 60, passed, bestPaperId: 'p1', awaitingMark: 0, lastAwaitingMark: false, lastHandTime: Date.parse('2026-03-01T10:00:00'), updateTime: Date.parse('2026-03-01T10:00:00'),
  });

  it('shows my latest exam records, each opening its attempts, and leads to all of them', async () => {
    const asked: any[] = [];
    const { user } = renderApp({
      path: '/web/uc',
      user: learner(),
      handlers: [
        api('user/exam/my-paging', (b: any) => {
          asked.push(b);
          return { ...pageOf([record('r1', '安全生产考试', true), record('r2', '消防知识考试', false)], b.current, b.size), total: 7 };
        }),
      ],
    });
    await user.click(await screen.findByRole('tab', { name: '我的成绩' }));
    const list = await screen.findByRole('list', { name: '成绩列表' });
    expect(within(list).getByRole('link', { name: '安全生产考试 的考试记录' }).getAttribute('href')).toBe('/web/paper/list/e-r1/u1');
    expect(within(list).getByText('已通过')).toBeTruthy();
    expect(within(list).getByText('未通过')).toBeTruthy();
    expect(screen.getByText('共 7 场考试')).toBeTruthy();
    expect(screen.getByRole('link', { name: '全部成绩' }).getAttribute('href')).toBe('/web/paper');
    expect(asked[0]).toMatchObject({ current: 1, size: 5 });
    expect(screen.getByRole('tab', { name: '我的成绩' }).getAttribute('aria-selected')).toBe('true');
  });

  it('says so when there is none yet and offers the exams', async () => {
    renderApp({ path: '/web/uc?tab=exam', user: learner(), handlers: [api('user/exam/my-paging', pageOf([]))] });
    expect(await screen.findByText('还没有考试记录')).toBeTruthy();
    expect(screen.getByRole('link', { name: '去参加考试' }).getAttribute('href')).toBe('/web/index');
  });
});
