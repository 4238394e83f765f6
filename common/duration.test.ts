import { describe, expect, it } from 'vitest';
import { formatDuration } from './duration';

describe('formatDuration (course time)', () => {
  it('counts seconds under a minute, zero included', () => {
    expect(formatDuration(0)).toBe('0秒');
    expect(formatDuration(8)).toBe('8秒');
    expect(formatDuration(59)).toBe('59秒');
    expect(formatDuration(59.9)).toBe('59秒');
  });
  it('counts minutes from a minute on, to a tenth, never rounding up', () => {
    expect(formatDuration(60)).toBe('1分钟');
    expect(formatDuration(65)).toBe('1分钟');
    expect(formatDuration(66)).toBe('1.1分钟');
    expect(formatDuration(90)).toBe('1.5分钟');
    expect(formatDuration(119)).toBe('1.9分钟');
    expect(formatDuration(120)).toBe('2分钟');
    expect(formatDuration(3600)).toBe('60分钟');
    expect(formatDuration(5400)).toBe('90分钟');
    expect(formatDuration(36_000)).toBe('600分钟');
  });
  it('shows nonsense as nothing learned', () => {
    expect(formatDuration(-5)).toBe('0秒');
    expect(formatDuration(Number.NaN)).toBe('0秒');
  });
});
