import { afterEach, describe, expect, it, vi } from 'vitest';
import { setFlash, takeFlash } from './flash';

afterEach(() => {
  vi.useRealTimers();
  sessionStorage.clear();
});

describe('flash messages across a page change', () => {
  it('hands a message to the next reader once', () => {
    setFlash('您无权访问此系统，请联系管理员进行菜单授权！');
    expect(takeFlash()).toEqual({ message: '您无权访问此系统，请联系管理员进行菜单授权！', type: 'error' });
    expect(takeFlash()).toBeNull();
  });

  it('drops a stale message', () => {
    vi.useFakeTimers();
    setFlash('old', 'warning');
    vi.advanceTimersByTime(61_000);
    expect(takeFlash()).toBeNull();
  });

  it('ignores what it did not write', () => {
    sessionStorage.setItem('examhall:flash', '{not json');
    expect(takeFlash()).toBeNull();
  });
});
