import { describe, expect, it } from 'vitest';
import englishMessages from 'ra-language-english';
import raChinese from './raChinese';
import { appEn, appZh } from './app';
import { resourceCatalogues } from '../resources/catalogues';

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

  it('has English for every message of every resource folder, and no key defined twice', () => {
    const seen = new Set<string>();
    for (const { zh, en } of resourceCatalogues) {
      expect(leaves(en as object).sort()).toEqual(leaves(zh as object).sort());
      for (const key of leaves(zh as object)) {
        expect(seen.has(key), key).toBe(false);
        seen.add(key);
      }
    }
  });

  it('writes Chinese messages with full-width punctuation', () => {
    const chinese = [raChinese, appZh, ...resourceCatalogues.map((c) => c.zh as object)].flatMap((tree) => {
      const get = (path: string) => path.split('.').reduce<any>((node, key) => node[key], tree);
      return leaves(tree).map((path) => get(path) as string);
    });
    // ASCII punctuation right after a Chinese character (a file name's extension aside), or a straight double quote anywhere.
    const bad = chinese.filter((text) => /[\u4e00-\u9fff][,.!?;:](?![A-Za-z])|"/.test(text));
    expect(bad).toEqual([]);
  });
});
