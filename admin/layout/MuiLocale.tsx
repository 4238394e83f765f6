import { useCallback, useEffect, type ReactNode } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { createTheme, ThemeProvider, type Theme } from '@mui/material/styles';

/**
 * MUI's own words (the dropdown's 打开 / 清空 tooltips, 没有可用选项, the alert's close button) in
 * the admin's language, and the page's `lang` following it.
 */
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
        },
      }),
    [translate],
  );
  return <ThemeProvider theme={theme}>{children}</ThemeProvider>;
}
