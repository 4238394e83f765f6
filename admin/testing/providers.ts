import { memoryStore } from 'react-admin';
import { resourceCatalogues } from '../resources/catalogues';
import { createI18nProvider, type AdminLocale } from '../providers/i18nProvider';

/** What every admin component test renders with: the app's message catalogues (zh-CN unless asked) and a memory store. */
export function testProviders(locale: AdminLocale = 'zh-CN') {
  return { i18nProvider: createI18nProvider(resourceCatalogues, locale), store: memoryStore() };
}
