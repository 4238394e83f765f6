import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import Checkbox from '@mui/material/Checkbox';
import { createTheme, decomposeColor, getContrastRatio, recomposeColor, ThemeProvider, type ThemeOptions } from '@mui/material/styles';
import { AA_TEXT_CONTRAST, overlay } from '../common/contrast';
import { THEME_SWATCHES } from './layout/SettingsDrawer';
import { createAdminTheme, type ThemeMode } from './theme';

const COLORS = ['primary', 'secondary', 'error', 'warning', 'info', 'success'] as const;
/** A possibly translucent text colour (MUI's dark text is) as it shows over `background`. */
function shownOver(background: string, color: string) {
  const { type, values } = decomposeColor(color);
  return type === 'rgba' ? overlay(background, recomposeColor({ type: 'rgb', values: [values[0], values[1], values[2]] }), values[3] ?? 1) : color;
}

const adminTheme = (mode: ThemeMode, primary?: string) => createTheme(createAdminTheme({ mode, primary }) as ThemeOptions);

describe('admin theme contrast (WCAG AA, 4.5:1)', () => {
  for (const mode of ['light', 'dark'] as const) {
    for (const swatch of THEME_SWATCHES) {
      it(`${mode}, theme colour ${swatch}: every palette colour reads as text and carries readable text`, () => {
        const { palette } = adminTheme(mode, swatch);
        for (const name of COLORS) {
          const { main, contrastText } = palette[name];
          for (const surface of [palette.background.paper, palette.background.default]) {
            expect(getContrastRatio(main, surface), `${name} ${main} on ${surface}`).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
          }
          expect(getContrastRatio(shownOver(main, contrastText), main), `text ${contrastText} on ${name} ${main}`).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
        }
      });
    }
  }

  it('keeps the configured theme colour where it already reads', () => {
    expect(adminTheme('light', '#722ed1').palette.primary.main).toBe('#722ed1');
  });
});

describe('admin theme checkboxes', () => {
  it('name the checkbox itself by its aria-label, not the span around it', () => {
    const { container } = render(
      <ThemeProvider theme={adminTheme('light')}>
        <Checkbox aria-label="选择此行" />
      </ThemeProvider>,
    );
    expect(screen.getByRole('checkbox', { name: '选择此行' })).toBeTruthy();
    expect(container.querySelectorAll('[aria-label]')).toHaveLength(1);
  });

  it('keep the name a checkbox gives its input through inputProps (the question editor names each option so)', () => {
    render(
      <ThemeProvider theme={adminTheme('light')}>
        <Checkbox inputProps={{ 'aria-label': '选项C 正确答案' }} />
      </ThemeProvider>,
    );
    expect(screen.getByRole('checkbox', { name: '选项C 正确答案' })).toBeTruthy();
  });
});
