import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { dismissNotify, notify } from '../http/notify';
import { Notifier } from './Notifier';

afterEach(() => {
  vi.useRealTimers();
});

describe('<Notifier />', () => {
  it('shows a raised message with its severity', () => {
    render(<Notifier />);
    act(() => notify.error('用户名或密码错误'));
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('用户名或密码错误');
    expect(alert.className).toMatch(/filledError/);
  });

  it('stacks several messages', () => {
    render(<Notifier />);
    act(() => {
      notify.success('保存成功');
      notify.warning('当前浏览器不支持全屏');
    });
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual(['保存成功', '当前浏览器不支持全屏']);
  });

  it('closes a message after its duration', () => {
    vi.useFakeTimers();
    render(<Notifier />);
    act(() => notify.error('服务器开小差了呢！', 5000));
    act(() => vi.advanceTimersByTime(4900));
    expect(screen.getByRole('alert').textContent).toContain('服务器开小差了呢！');
    act(() => vi.advanceTimersByTime(200));
    // then the exit transition runs
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('closes a message from its close button', async () => {
    render(<Notifier />);
    act(() => notify.info('已退出登录'));
    const alert = screen.getByRole('alert');
    await userEvent.click(within(alert).getByRole('button'));
    await vi.waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });

  it('closes a message that dismissNotify names, and leaves the others', async () => {
    render(<Notifier />);
    let id = 0;
    act(() => {
      id = notify.error('表单填写有误，请检查');
      notify.success('保存成功');
    });
    act(() => dismissNotify(id));
    await vi.waitFor(() => expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual(['保存成功']));
  });

  it('stops listening once unmounted', () => {
    const { unmount } = render(<Notifier />);
    unmount();
    act(() => notify.error('不会显示'));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('<Notifier top />', () => {
  it('stacks the messages at the given distance from the top (below a sticky header)', () => {
    render(<Notifier top={76} />);
    act(() => notify.info('已保存'));
    const stack = screen.getByRole('alert').closest('.MuiStack-root') as HTMLElement;
    expect(getComputedStyle(stack).top).toBe('76px');
  });
});
