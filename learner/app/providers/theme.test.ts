import { describe, expect, it } from 'vitest';
import { getContrastRatio } from '@mui/material/styles';
import { AA_TEXT_CONTRAST, overlay } from '../../../common/contrast';
import { theme } from './theme';

describe('learner theme contrast (WCAG AA, 4.5:1)', () => {
  const { palette } = theme;
  for (const name of ['primary', 'error', 'warning', 'info', 'success'] as const) {
    it(`${name} reads as text on the page, on cards and on its tint, and white reads on it`, () => {
      const { main, contrastText } = palette[name];
      for (const surface of [palette.background.paper, palette.background.default, overlay(palette.background.paper, main, 0.08)]) {
        expect(getContrastRatio(main, surface), `${main} on ${surface}`).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
      }
      expect(contrastText).toBe('#fff');
      expect(getContrastRatio(contrastText, main)).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
    });
  }
});
