import { describe, expect, it } from 'vitest';
import { documentTitle } from './title';

describe('documentTitle', () => {
  it('puts the route title before the site name', () => {
    expect(documentTitle('系统通知', '在线考试系统')).toBe('系统通知 - 在线考试系统');
  });
  it('uses whichever one is present', () => {
    expect(documentTitle('系统通知', undefined)).toBe('系统通知');
    expect(documentTitle(undefined, '在线考试系统')).toBe('在线考试系统');
    expect(documentTitle('  ', '在线考试系统')).toBe('在线考试系统');
  });
  it('falls back to Examhall', () => {
    expect(documentTitle(undefined, undefined)).toBe('Examhall');
    expect(documentTitle('', '')).toBe('Examhall');
  });
});
