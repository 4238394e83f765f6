import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import type { I18nProvider, TranslationMessages } from 'react-admin';
import raChinese from '../i18n/raChinese';
import { appEn, appZh } from '../i18n/app';
import type { Messages } from '../i18n/types';

export const LOCALES = [
  { locale: 'zh-CN', name: '中文' },
  { locale: 'en', name: 'English' },
] as const;
export type AdminLocale = (typeof LOCALES)[number]['locale'];
export const DEFAULT_LOCALE: AdminLocale = 'zh-CN';
/** The chosen language outlives sign-out (react-admin's store is cleared then), so it has its own key. */
export const LOCALE_KEY = 'admin.locale';

type Tree = Record<string, unknown>;

const isTree = (v: unknown): v is Tree => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Deep merge of message trees; later trees win on leaves. */
export function mergeMessages(...trees: Tree[]): Tree {
  const out: Tree = {};
  for (const tree of trees) {
    for (const [key, value] of Object.entries(tree)) {
      out[key] = isTree(value) && isTree(out[key]) ? mergeMessages(out[key] as Tree, value) : value;
    }
  }
  return out;
}

export function savedLocale(): AdminLocale {
  const saved = typeof localStorage === 'undefined' ? null : localStorage.getItem(LOCALE_KEY);
  return LOCALES.some((l) => l.locale === saved) ? (saved as AdminLocale) : DEFAULT_LOCALE;
}

export function saveLocale(locale: string): void {
  localStorage.setItem(LOCALE_KEY, locale);
}

/** zh-CN by default, complete English; each resource folder's messages merged into both. */
export function createI18nProvider(extra: ReadonlyArray<Messages<unknown>> = [], initialLocale: AdminLocale = savedLocale()): I18nProvider {
  const trees = (pick: (m: Messages<unknown>) => unknown) => extra.map(pick).filter(isTree);
  const catalogues: Record<AdminLocale, TranslationMessages> = {
    'zh-CN': mergeMessages(raChinese, appZh, ...trees((m) => m.zh)) as TranslationMessages,
    en: mergeMessages(englishMessages, appEn, ...trees((m) => m.en)) as TranslationMessages,
  };
  return polyglotI18nProvider((locale) => catalogues[locale as AdminLocale] ?? catalogues[DEFAULT_LOCALE], initialLocale, [...LOCALES], {
    allowMissing: true,
  });
}
