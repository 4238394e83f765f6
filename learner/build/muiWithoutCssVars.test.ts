import { describe, expect, it } from 'vitest';
import { theme } from '../app/providers/theme';
import { muiWithoutCssVars } from './muiWithoutCssVars';

const load = (id: string) => {
  const hook = muiWithoutCssVars().load as (id: string) => string | null;
  return hook(id);
};

describe('muiWithoutCssVars', () => {
  it('serves only the plain branch of createTheme and ThemeProvider', () => {
    const createTheme = load('/repo/node_modules/@mui/material/esm/styles/createTheme.js');
    expect(createTheme).toContain("from './createThemeNoVars.js'");
    expect(createTheme).not.toContain('WithVars');
    const provider = load('/repo/node_modules/@mui/material/esm/styles/ThemeProvider.js?v=1');
    expect(provider).toContain("from './ThemeProviderNoVars.js'");
    expect(provider).not.toContain('WithVars');
  });

  it('leaves every other module alone', () => {
    expect(load('/repo/node_modules/@mui/material/esm/styles/createPalette.js')).toBeNull();
    expect(load('/repo/node_modules/@mui/system/esm/createTheme/createTheme.js')).toBeNull();
    expect(load('/repo/learner/app/providers/theme.ts')).toBeNull();
  });

  it("is right for the learner's theme: a plain one, which MUI itself builds without CSS variables", () => {
    expect('colorSchemes' in theme).toBe(false);
    expect('vars' in theme).toBe(false);
    expect(theme.palette.primary.main).toMatch(/^#/);
  });
});
