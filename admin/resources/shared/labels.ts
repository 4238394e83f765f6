import { useMemo } from 'react';
import { useLocaleState } from 'react-admin';
import { labelOf, type CodeSet } from '../../../common/codes';

/** Labels of spec section 3's code sets (common/labels.ts) in the admin's current locale. */
export function useCodeLabel() {
  const [locale] = useLocaleState();
  const lang = locale === 'en' ? 'en' : 'zh';
  return (set: CodeSet, value: number | null | undefined) => labelOf(set, value, lang);
}

/** A code set as react-admin choices ({ id, name }). */
export function useCodeChoices(set: CodeSet) {
  const [locale] = useLocaleState();
  return useMemo(() => set.map((c) => ({ id: c.value, name: locale === 'en' ? c.en : c.label })), [set, locale]);
}
