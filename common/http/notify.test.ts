import { describe, expect, it } from 'vitest';
import { beginUploading, endUploading, isUploading, notify, subscribeNotify, subscribeUploading, type Notification } from './notify';

describe('notify', () => {
  it('delivers each message to every listener with a fresh id, type and duration', () => {
    const a: Notification[] = [];
    const b: Notification[] = [];
    const stopA = subscribeNotify((n) => a.push(n));
    const stopB = subscribeNotify((n) => b.push(n));
    notify.error('出错了');
    notify.success('保存成功');
    notify.warning('请注意', 1000);
    notify.info('提示');
    stopA();
    stopB();
    expect(a.map(({ type, message, duration }) => [type, message, duration])).toEqual([
      ['error', '出错了', 5000],
      ['success', '保存成功', 3000],
      ['warning', '请注意', 1000],
      ['info', '提示', 3000],
    ]);
    expect(b).toEqual(a);
    expect(new Set(a.map((n) => n.id)).size).toBe(4);
  });

  it('stops delivering after unsubscribe', () => {
    const seen: string[] = [];
    const stop = subscribeNotify((n) => seen.push(n.message));
    notify.error('一');
    stop();
    notify.error('二');
    expect(seen).toEqual(['一']);
  });
});

describe('uploading', () => {
  it('tells the current state at once, then each change, and counts nested uploads', () => {
    const states: boolean[] = [];
    const stop = subscribeUploading((active) => states.push(active));
    beginUploading();
    beginUploading();
    expect(isUploading()).toBe(true);
    endUploading();
    expect(isUploading()).toBe(true);
    endUploading();
    endUploading(); // an extra end never goes below zero
    expect(isUploading()).toBe(false);
    beginUploading();
    expect(isUploading()).toBe(true);
    endUploading();
    stop();
    expect(states).toEqual([false, true, false, true, false]);
  });
});
