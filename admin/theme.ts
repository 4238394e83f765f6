import type { RaThemeOptions } from 'react-admin';
import type { CheckboxOwnerState } from '@mui/material/Checkbox';
import { alpha, type Theme } from '@mui/material/styles';
import { HEADER_HEIGHT, SIDEBAR_WIDTH, THEME_COLOR } from '../common/constants';
import { readableColor } from '../common/contrast';
import type { UiSize } from './layout/preferences';

/**
 * The one admin theme (light and dark): react-admin and MUI styled through overrides here, the
 * layout's own parts through the `sidebar` and `chrome` palette entries below.
 */
declare module '@mui/material/styles' {
  interface Palette {
    sidebar: { background: string; hover: string; text: string; activeText: string; groupBackground: string };
    chrome: { tagBackground: string; tagBorder: string; headerShadow: string };
  }
  interface PaletteOptions {
    sidebar?: Partial<Palette['sidebar']>;
    chrome?: Partial<Palette['chrome']>;
  }
}

export type ThemeMode = 'light' | 'dark';

/** Base font size, spacing unit and MUI control size for each layout size (medium is the default). */
const DENSITY: Record<UiSize, { fontSize: number; spacing: number; control: 'medium' | 'small' }> = {
  default: { fontSize: 15, spacing: 8, control: 'medium' },
  medium: { fontSize: 14, spacing: 8, control: 'small' },
  small: { fontSize: 13, spacing: 7, control: 'small' },
  mini: { fontSize: 12, spacing: 6, control: 'small' },
};

/** System fonts only (strict CSP), Chinese faces first on each platform: the learner app's stack. */
const FONT_FAMILY = [
  '-apple-system',
  'BlinkMacSystemFont',
  '"Segoe UI"',
  '"PingFang SC"',
  '"Hiragino Sans GB"',
  '"Microsoft YaHei"',
  '"Noto Sans CJK SC"',
  '"Source Han Sans SC"',
  '"WenQuanYi Micro Hei"',
  '"Helvetica Neue"',
  'Helvetica',
  'Arial',
  'sans-serif',
].join(',');

/** MUI's own status colours for each mode, before they are shaded to read on the admin's surfaces. */
const STATUS_COLORS: Record<ThemeMode, Record<'error' | 'warning' | 'info' | 'success', string>> = {
  light: { error: '#d32f2f', warning: '#ed6c02', info: '#0288d1', success: '#2e7d32' },
  dark: { error: '#f44336', warning: '#ffa726', info: '#29b6f6', success: '#66bb6a' },
};

export interface AdminThemeOptions {
  mode?: ThemeMode;
  primary?: string;
  size?: UiSize;
}

export function createAdminTheme({ mode = 'light', primary = THEME_COLOR, size = 'medium' }: AdminThemeOptions = {}): RaThemeOptions {
  const dark = mode === 'dark';
  const density = DENSITY[size];
  const divider = dark ? 'rgba(255,255,255,0.12)' : '#e8eaec';
  const headBackground = dark ? '#1f2530' : '#f7f8fa';
  const background = dark ? { default: '#0f141b', paper: '#171d26' } : { default: '#f0f2f5', paper: '#ffffff' };
  // Any chosen theme colour, and the status colours, in the nearest shade that reads as text (WCAG AA,
  // 4.5:1) on cards, the page and table heads, and on its own 8 % tint; the text on each of them is
  // white or dark by the same 4.5:1 (contrastThreshold).
  const readable = (color: string) => readableColor(color, [background.paper, background.default, headBackground], [0.08]);
  const main = readable(primary);
  const status = STATUS_COLORS[mode];
  return {
    palette: {
      mode,
      contrastThreshold: 4.5,
      primary: { main },
      secondary: { main: dark ? '#94a3b8' : '#475569' },
      error: { main: readable(status.error) },
      warning: { main: readable(status.warning) },
      info: { main: readable(status.info) },
      success: { main: readable(status.success) },
      background,
      divider,
      sidebar: dark
        ? { background: '#10151d', hover: '#1b2330', text: 'rgba(255,255,255,0.72)', activeText: '#ffffff', groupBackground: '#0b1016' }
        : { background: '#001529', hover: '#0c2135', text: 'rgba(255,255,255,0.72)', activeText: '#ffffff', groupBackground: '#000c17' },
      chrome: {
        tagBackground: dark ? '#171d26' : '#ffffff',
        tagBorder: dark ? 'rgba(255,255,255,0.16)' : '#d8dce5',
        headerShadow: dark ? '0 1px 0 rgba(255,255,255,0.08)' : '0 1px 4px rgba(0,21,41,0.08)',
      },
    },
    spacing: density.spacing,
    shape: { borderRadius: 4 },
    typography: {
      fontFamily: FONT_FAMILY,
      fontSize: density.fontSize,
      h5: { fontWeight: 600 },
      h6: { fontWeight: 600 },
      button: { textTransform: 'none', fontWeight: 500 },
    },
    sidebar: { width: SIDEBAR_WIDTH, closedWidth: 64 },
    components: {
      MuiAppBar: {
        defaultProps: { elevation: 0, color: 'inherit' },
      },
      MuiPaper: {
        styleOverrides: {
          elevation1: { boxShadow: dark ? 'none' : '0 1px 2px rgba(0,0,0,0.03), 0 1px 6px -1px rgba(0,0,0,0.02), 0 2px 4px rgba(0,0,0,0.02)' },
          outlined: { borderColor: divider },
        },
      },
      MuiCard: {
        defaultProps: { elevation: 1 },
        styleOverrides: { root: { borderRadius: 6, border: dark ? `1px solid ${divider}` : 'none' } },
      },
      MuiButton: {
        defaultProps: { disableElevation: true, size: density.control },
      },
      MuiIconButton: {
        defaultProps: { size: density.control },
      },
      // MUI 7 puts a Checkbox's aria-label on its outer span, where it names nothing (react-admin's
      // row checkboxes are labelled so): it names the checkbox itself instead.
      MuiCheckbox: {
        defaultProps: {
          slotProps: {
            root: (ownerState: CheckboxOwnerState) => (ownerState['aria-label'] ? { 'aria-label': undefined } : {}),
            // A default for the input slot replaces a checkbox's own inputProps: carry them along.
            input: (ownerState: CheckboxOwnerState) => (ownerState['aria-label'] ? { ...ownerState.inputProps, 'aria-label': ownerState['aria-label'] } : (ownerState.inputProps ?? {})),
          },
        },
      },
      MuiTextField: {
        defaultProps: { variant: 'outlined', margin: 'dense', size: 'small', fullWidth: true },
      },
      MuiFormControl: {
        defaultProps: { variant: 'outlined', margin: 'dense', size: 'small', fullWidth: true },
      },
      MuiAutocomplete: {
        defaultProps: { fullWidth: true, size: 'small' },
      },
      MuiTableCell: {
        styleOverrides: {
          root: ({ theme }: { theme: Theme }) => ({
            borderColor: divider,
            '&.MuiTableCell-paddingCheckbox': { padding: '0 8px' },
            // Long text (titles) gets room to read instead of four characters a line.
            '&.wide-text': { minWidth: 180, maxWidth: 420 },
            // The actions column stays in view when a wide table scrolls sideways (phones).
            '&.sticky-actions': {
              position: 'sticky',
              right: 0,
              zIndex: 1,
              backgroundColor: theme.palette.background.paper,
              boxShadow: `inset 1px 0 0 ${divider}`,
              whiteSpace: 'nowrap',
              // As narrow as its buttons: the other columns share the width.
              width: '1%',
            },
            '&.sticky-actions.MuiTableCell-head': { backgroundColor: headBackground, zIndex: 2 },
            // Narrow screens: rows stay one line high and the table scrolls instead.
            [theme.breakpoints.down('md')]: {
              whiteSpace: 'nowrap',
              '&.wide-text': { maxWidth: 200, overflow: 'hidden', textOverflow: 'ellipsis' },
            },
          }),
          head: { fontWeight: 600, backgroundColor: headBackground, whiteSpace: 'nowrap' },
        },
      },
      MuiTableRow: {
        styleOverrides: { hover: { '&:hover': { backgroundColor: `${alpha(main, 0.04)} !important` } } },
      },
      MuiTooltip: {
        defaultProps: { arrow: true },
      },
      MuiListItemIcon: {
        styleOverrides: { root: { minWidth: 36 } },
      },
      MuiDialogTitle: {
        styleOverrides: { root: { fontSize: '1rem', fontWeight: 600 } },
      },
      RaDatagrid: {
        styleOverrides: { root: { '& .RaDatagrid-headerCell': { backgroundColor: headBackground, fontWeight: 600 } } },
      },
      RaDataTable: {
        styleOverrides: { root: { '& .RaDataTable-headerCell': { backgroundColor: headBackground, fontWeight: 600 } } },
      },
      RaList: {
        // Wide tables scroll inside their own wrapper instead of widening the page (phones); the
        // card itself must not clip, or the bulk-actions toolbar that slides above it disappears.
        styleOverrides: {
          root: {
            minWidth: 0,
            '& .RaList-main': { marginTop: 0, minWidth: 0 },
            '& .RaList-content': { overflow: 'visible' },
            '& .RaDataTable-tableWrapper, & .RaDatagrid-tableWrapper': { overflowX: 'auto' },
          },
        },
      },
      // The list's search form, then its buttons, then the table: one column at every width (react-admin
      // turns it upside down on phones, buttons above filters, with a blank band).
      RaListToolbar: {
        styleOverrides: {
          root: ({ theme }: { theme: Theme }) => {
            const stacked = { flexDirection: 'column', alignItems: 'stretch', flexWrap: 'nowrap', backgroundColor: 'transparent' } as const;
            return { ...stacked, [theme.breakpoints.down('md')]: stacked, [theme.breakpoints.down('sm')]: stacked };
          },
        },
      },
      RaToolbar: {
        styleOverrides: { root: { backgroundColor: dark ? '#1b2230' : '#fafbfc', borderTop: `1px solid ${divider}` } },
      },
      RaTopToolbar: {
        styleOverrides: { root: { alignItems: 'center' } },
      },
      RaLayout: {
        styleOverrides: { root: { minHeight: '100vh' } },
      },
    },
  };
}

export const LAYOUT = { headerHeight: HEADER_HEIGHT, sidebarWidth: SIDEBAR_WIDTH, sidebarClosedWidth: 64, tagsHeight: 36 } as const;
