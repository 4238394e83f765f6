import { alpha, createTheme } from '@mui/material/styles';
import { zhCN } from '@mui/material/locale';
import { THEME_COLOR } from '../../../common/constants';
import { readableColor } from '../../../common/contrast';

/** System fonts only (strict CSP, no remote fonts): Chinese faces first on each platform. */
const FONT_STACK =
  '-apple-system, BlinkMacSystemFont, "Segoe UI", "PingFang SC", "Hiragino Sans GB", "Microsoft YaHei", "Noto Sans CJK SC", "Source Han Sans SC", "WenQuanYi Micro Hei", "Helvetica Neue", Helvetica, Arial, sans-serif';

const BACKGROUND = { default: '#f5f7fa', paper: '#ffffff' };
/**
 * Brand and status colours in the nearest shade that reads as text (WCAG AA, 4.5:1) on the page and
 * on cards, and on its own 8 % tint (the header's current section); white text reads on each.
 */
const readable = (color: string) => readableColor(color, [BACKGROUND.paper, BACKGROUND.default], [0.08]);

export const theme = createTheme(
  {
    palette: {
      // Chooses white or dark text on a coloured background by the same 4.5:1.
      contrastThreshold: 4.5,
      primary: { main: readable(THEME_COLOR) },
      // MUI's own light status colours, each in its readable shade.
      error: { main: readable('#d32f2f') },
      warning: { main: readable('#ed6c02') },
      info: { main: readable('#0288d1') },
      success: { main: readable('#2e7d32') },
      background: BACKGROUND,
      text: { primary: 'rgba(0, 0, 0, 0.88)', secondary: 'rgba(0, 0, 0, 0.55)' },
      divider: 'rgba(5, 5, 5, 0.08)',
    },
    shape: { borderRadius: 8 },
    typography: {
      fontFamily: FONT_STACK,
      fontSize: 14,
      h4: { fontWeight: 600, fontSize: '1.75rem' },
      h5: { fontWeight: 600, fontSize: '1.375rem' },
      h6: { fontWeight: 600, fontSize: '1.125rem' },
      subtitle1: { fontWeight: 500 },
      button: { textTransform: 'none', fontWeight: 500 },
      body1: { lineHeight: 1.7 },
    },
    components: {
      MuiCssBaseline: {
        styleOverrides: {
          body: { WebkitFontSmoothing: 'antialiased', MozOsxFontSmoothing: 'grayscale' },
        },
      },
      MuiButton: {
        defaultProps: { disableElevation: true },
        styleOverrides: { root: { borderRadius: 6 } },
      },
      MuiCard: {
        defaultProps: { variant: 'outlined' },
        styleOverrides: {
          root: { borderColor: 'rgba(5, 5, 5, 0.06)', boxShadow: '0 1px 2px rgba(0, 0, 0, 0.03), 0 2px 8px rgba(0, 0, 0, 0.04)' },
        },
      },
      MuiPaper: { styleOverrides: { rounded: { borderRadius: 8 } } },
      MuiTextField: { defaultProps: { fullWidth: true } },
      MuiTab: { styleOverrides: { root: { textTransform: 'none', fontSize: '0.9375rem', minHeight: 48 } } },
      MuiTableCell: {
        styleOverrides: { head: ({ theme: t }) => ({ fontWeight: 600, backgroundColor: alpha(t.palette.primary.main, 0.04) }) },
      },
      MuiChip: { styleOverrides: { root: { fontWeight: 500 } } },
      MuiDialogTitle: { styleOverrides: { root: { fontWeight: 600 } } },
      // MUI's zh-CN locale leaves Pagination in English.
      MuiPagination: {
        defaultProps: {
          getItemAriaLabel: (type, page, selected) => {
            if (type === 'page') return selected ? `第 ${page} 页，当前页` : `第 ${page} 页`;
            if (type === 'first') return '第一页';
            if (type === 'last') return '最后一页';
            if (type === 'next') return '下一页';
            return '上一页';
          },
        },
      },
    },
  },
  zhCN,
);
