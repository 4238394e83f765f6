import { useCallback, useEffect, type ReactNode } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { createTheme, ThemeProvider, type Theme } from '@mui/material/styles';

/**
 * MUI's own words (the dropdown's 打开 / 清空 tooltips, 没有可用选项, the alert's close button, the
 * pagers' 上一页 / 下一页 buttons, 每页条数 and 第 1-10 条，共 25 条) in the admin's language, and
 * the page's `lang` following it. react-admin's list pager names its buttons itself, but not on a
 * phone, and our own tables' pagers do not: both take these.
 */
type PageButton = 'first' | 'last' | 'next' | 'previous';

export function MuiLocale({ children }: { children: ReactNode }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);
  const theme = useCallback(
    (outer: Theme) =>
      createTheme(outer, {
        components: {
          MuiAutocomplete: {
            defaultProps: {
              openText: translate('layout.mui.open'),
              closeText: translate('layout.mui.close'),
              clearText: translate('layout.mui.clear'),
              noOptionsText: translate('layout.mui.noOptions'),
              loadingText: translate('layout.mui.loading'),
            },
          },
          MuiAlert: { defaultProps: { closeText: translate('layout.mui.close') } },
          MuiBreadcrumbs: { defaultProps: { expandText: translate('layout.mui.expand') } },
          MuiTablePagination: {
            defaultProps: {
              getItemAriaLabel: (type: PageButton) => translate(`ra.navigation.${type}`),
              labelRowsPerPage: translate('ra.navigation.page_rows_per_page'),
              labelDisplayedRows: ({ from, to, count }: { from: number; to: number; count: number }) =>
                count === -1
                  ? translate('ra.navigation.partial_page_range_info', { offsetBegin: from, offsetEnd: to })
                  : translate('ra.navigation.page_range_info', { offsetBegin: from, offsetEnd: to, total: count }),
            },
          },
          MuiPagination: {
            defaultProps: {
              getItemAriaLabel: (type: PageButton | 'page', page: number | null, selected: boolean) =>
                type === 'page' ? translate(selected ? 'ra.navigation.current_page' : 'ra.navigation.page', { page }) : translate(`ra.navigation.${type}`),
            },
          },
        },
      }),
    [translate],
  );
  return <ThemeProvider theme={theme}>{children}</ThemeProvider>;
}
