import { describe, expect, it } from 'vitest';
import { formatTime, numberFormatter, percent, relativeTime, timeAgo } from './format';

const NOW = new Date(2025, 5, 15, 12, 0, 0).getTime();
const S = 1000;
const M = 60 * S;
const H = 60 * M;
const D = 24 * H;

describe('timeAgo (admin)', () => {
  it('counts minutes under an hour, at least one', () => {
    expect(timeAgo(NOW, NOW)).toBe('1分钟前');
    expect(timeAgo(NOW - 59 * S, NOW)).toBe('1分钟前');
    expect(timeAgo(NOW - 5 * M - 30 * S, NOW)).toBe('5分钟前');
    expect(timeAgo(NOW - 59 * M, NOW)).toBe('59分钟前');
  });
  it('counts hours under a day', () => {
    expect(timeAgo(NOW - H, NOW)).toBe('1小时前');
    expect(timeAgo(NOW - 23 * H - 59 * M, NOW)).toBe('23小时前');
  });
  it('counts days beyond', () => {
    expect(timeAgo(NOW - D, NOW)).toBe('1天前');
    expect(timeAgo(new Date(NOW - 40 * D), NOW)).toBe('40天前');
  });
  it('uses the current time by default', () => {
    expect(timeAgo(Date.now() - 3 * H)).toBe('3小时前');
  });
});

describe('relativeTime (learner)', () => {
  it('says 刚刚 under 30 seconds', () => {
    expect(relativeTime(NOW, NOW)).toBe('刚刚');
    expect(relativeTime(NOW - 29 * S, NOW)).toBe('刚刚');
  });
  it('then minutes, hours and 1天前', () => {
    expect(relativeTime(NOW - 30 * S, NOW)).toBe('1分钟前');
    expect(relativeTime(NOW - 12 * M, NOW)).toBe('12分钟前');
    expect(relativeTime(NOW - 2 * H, NOW)).toBe('2小时前');
    expect(relativeTime(NOW - D, NOW)).toBe('1天前');
    expect(relativeTime(NOW - 2 * D + S, NOW)).toBe('1天前');
  });
  it('then the date', () => {
    expect(relativeTime(NOW - 2 * D, NOW)).toBe('2025-06-13');
    expect(relativeTime(new Date(2024, 11, 31, 8, 0), NOW)).toBe('2024-12-31');
  });
});

describe('formatTime', () => {
  const t = new Date(2024, 0, 2, 3, 4, 5).getTime();
  it('formats with the default and a given pattern', () => {
    expect(formatTime(t)).toBe('2024-01-02 03:04:05');
    expect(formatTime(new Date(t), 'YYYY/MM/DD HH:mm')).toBe('2024/01/02 03:04');
  });
  it("gives '' for no time", () => {
    expect(formatTime(null)).toBe('');
    expect(formatTime(undefined)).toBe('');
    expect(formatTime(0)).toBe('');
    expect(formatTime('not a date')).toBe('');
  });
});

describe('numberFormatter', () => {
  it.each([
    [0, '0'],
    [999, '999'],
    [1000, '1k'],
    [1200, '1.2k'],
    [1250, '1.3k'],
    [2_500_000, '2.5M'],
    [3e9, '3G'],
    [4.5e12, '4.5T'],
    [6e15, '6P'],
    [7.1e18, '7.1E'],
    [-1200, '-1.2k'],
  ])('%d → %s', (n, text) => {
    expect(numberFormatter(n)).toBe(text);
  });
  it('honours the digits', () => {
    expect(numberFormatter(1234, 2)).toBe('1.23k');
    expect(numberFormatter(1500, 0)).toBe('2k');
    expect(numberFormatter(1200, 3)).toBe('1.2k');
  });
});

describe('percent', () => {
  it('multiplies by 100 and adds %', () => {
    expect(percent(0.256)).toBe('26%');
    expect(percent(0.256, 1)).toBe('25.6%');
    expect(percent(1)).toBe('100%');
    expect(percent(0)).toBe('0%');
  });
  it("gives '' for something that is not a number", () => {
    expect(percent(Number.NaN)).toBe('');
    expect(percent(Number.POSITIVE_INFINITY)).toBe('');
  });
});
