import { memoryStore } from 'react-admin';
import { resourceMessages } from '../resources/i18n';
import { createI18nProvider, type AdminLocale } from '../providers/i18nProvider';

/** What every admin component test renders with: the app's message catalogues (zh-CN unless asked) and a memory store. */
export function testProviders(locale: AdminLocale = 'zh-CN') {
  return { i18nProvider: createI18nProvider(resourceMessages, locale), store: memoryStore() };
}
