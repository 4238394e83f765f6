import { describe, expect, it } from 'vitest';
import { getContrastRatio, getLuminance } from '@mui/material/styles';
import { AA_TEXT_CONTRAST, overlay, readableColor } from './contrast';

describe('readableColor', () => {
  it('keeps a colour that already reads on every surface', () => {
    expect(readableColor('#722ed1', ['#ffffff', '#f5f7fa'])).toBe('#722ed1');
  });

  it('darkens a light brand colour just enough to read on light surfaces', () => {
    const shade = readableColor('#1890ff', ['#ffffff', '#f5f7fa']);
    expect(getContrastRatio('#1890ff', '#f5f7fa')).toBeLessThan(AA_TEXT_CONTRAST);
    expect(getContrastRatio(shade, '#f5f7fa')).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
    expect(getContrastRatio(shade, '#ffffff')).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
    // The nearest shade, not any dark one: still a clear blue.
    expect(getContrastRatio(shade, '#f5f7fa')).toBeLessThan(5);
    expect(shade).toMatch(/^#[0-9a-f]{6}$/);
  });

  it('lightens a colour to read on dark surfaces', () => {
    const shade = readableColor('#304156', ['#171d26', '#0f141b']);
    expect(getContrastRatio(shade, '#171d26')).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
    expect(getLuminance(shade)).toBeGreaterThan(getLuminance('#304156'));
  });

  it('also reads on its own tint over the first surface', () => {
    const plain = readableColor('#1890ff', ['#ffffff']);
    const tinted = readableColor('#1890ff', ['#ffffff'], [0.08]);
    expect(getContrastRatio(plain, overlay('#ffffff', plain, 0.08))).toBeLessThan(AA_TEXT_CONTRAST);
    expect(getContrastRatio(tinted, overlay('#ffffff', tinted, 0.08))).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
  });
});

describe('overlay', () => {
  it('is what a translucent colour shows over an opaque one', () => {
    expect(overlay('#ffffff', '#000000', 0.5)).toBe('rgb(128, 128, 128)');
    expect(overlay('#ffffff', '#1890ff', 0.08)).toBe('rgb(237, 246, 255)');
  });
});
