import { describe, expect, it } from 'vitest';
import englishMessages from 'ra-language-english';
import raChinese from './raChinese';
import { appEn, appZh } from './app';

/** Dotted paths of every string leaf. */
function leaves(tree: object, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : leaves(value as object, `${prefix}${key}.`),
  );
}

describe('message catalogues', () => {
  it('translates every react-admin message into Chinese', () => {
    expect(leaves(raChinese).sort()).toEqual(leaves(englishMessages).sort());
    const untranslated = leaves(englishMessages).filter((path) => {
      const get = (tree: any) => path.split('.').reduce((node, key) => node[key], tree);
      const en = get(englishMessages) as string;
      return en.trim() !== '' && !/^%\{[^}]+\}( %\{[^}]+\})?$/.test(en) && get(raChinese) === en;
    });
    expect(untranslated).toEqual([]);
  });

  it('has English for every shell message', () => {
    expect(leaves(appEn).sort()).toEqual(leaves(appZh).sort());
  });
});
