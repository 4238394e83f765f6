import { describe, expect, it } from 'vitest';
import { examWindow, timeOfDay } from './format';

// Built from local fields, as the page shows local time.
const at = (y: number, mo: number, d: number, h: number, mi: number, s = 0) => new Date(y, mo - 1, d, h, mi, s).getTime();

describe('exam formats without dayjs', () => {
  it('prints a window in local minutes, open-ended sides in words', () => {
    expect(examWindow({ startTime: at(2026, 11, 3, 9, 5), endTime: at(2026, 11, 23, 11, 0) })).toBe('2026-11-03 09:05 至 2026-11-23 11:00');
    expect(examWindow({ startTime: at(2026, 1, 2, 0, 0), endTime: null })).toBe('2026-01-02 00:00 起');
    expect(examWindow({ startTime: null, endTime: at(2026, 12, 31, 23, 59) })).toBe('截至 2026-12-31 23:59');
    expect(examWindow({ startTime: null, endTime: null })).toBe('不限时间');
  });

  it('prints the time of day with seconds', () => {
    expect(timeOfDay(at(2026, 11, 23, 7, 2, 3))).toBe('07:02:03');
    expect(timeOfDay(at(2026, 11, 23, 23, 59, 59))).toBe('23:59:59');
  });
});
