import type { Plugin } from 'vite';

/**
 * MUI's `createTheme` and `ThemeProvider` choose at run time between a plain theme and a
 * CSS-variables theme (color schemes, `cssVariables: true`), so every app bundles both, although
 * the learner's theme (learner/app/providers/theme.ts) is a plain one. In the learner build this
 * plugin serves those two modules with only the plain branch, which is the branch they take for a
 * theme without `cssVariables` and `colorSchemes` (the code below mirrors MUI 7's own), and leaves
 * out the CSS-variables provider and theme builder (about 9 kB gzip of the first load). A theme
 * that asks for CSS variables fails loudly at start instead of silently losing them.
 */
const STYLES = /\/node_modules\/@mui\/material\/esm\/styles\/(createTheme|ThemeProvider)\.js$/;

const NOT_BUNDLED =
  'The learner build bundles MUI without CSS-variable themes (cssVariables, colorSchemes): see learner/build/muiWithoutCssVars.ts';

const createTheme = `
import createThemeNoVars from './createThemeNoVars.js';
export default function createTheme(options = {}, ...args) {
  if (options.cssVariables || 'colorSchemes' in options) throw new Error(${JSON.stringify(NOT_BUNDLED)});
  return createThemeNoVars(options, ...args);
}
`;

const themeProvider = `
import * as React from 'react';
import ThemeProviderNoVars from './ThemeProviderNoVars.js';
import THEME_ID from './identifier.js';
import { jsx as _jsx } from 'react/jsx-runtime';
export default function ThemeProvider({ theme, ...props }) {
  const noVarsTheme = React.useMemo(() => {
    if (typeof theme === 'function') return theme;
    const muiTheme = THEME_ID in theme ? theme[THEME_ID] : theme;
    if ('colorSchemes' in muiTheme) throw new Error(${JSON.stringify(NOT_BUNDLED)});
    // As MUI does: a plain theme gets vars: null so that it does not inherit an outer theme's vars.
    return 'vars' in muiTheme ? theme : { ...theme, vars: null };
  }, [theme]);
  return _jsx(ThemeProviderNoVars, { theme: noVarsTheme, ...props });
}
`;

export function muiWithoutCssVars(): Plugin {
  return {
    name: 'examhall:mui-without-css-vars',
    enforce: 'pre',
    load(id) {
      const match = STYLES.exec(id.split('?')[0]);
      if (!match) return null;
      return match[1] === 'createTheme' ? createTheme : themeProvider;
    },
  };
}
