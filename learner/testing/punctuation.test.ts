import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Chinese text in the learner app and common/ uses full-width punctuation (，。：！？“”), as the
 * product writes it. Only strings the spec quotes verbatim keep their ASCII marks.
 */
const SPEC_VERBATIM = new Set(['手机号码格式不正确!', '导出成功!']);

const root = path.resolve(import.meta.dirname, '../..');
const CJK = /[\u4e00-\u9fff]/;
/** ASCII punctuation touching Chinese text: 已失效. 成功! 提示: "用户中心" */
const MIXED = /[\u4e00-\u9fff，。！？：；、）》”][.,!?:;"]|[,!?:;"][\u4e00-\u9fff]|\.\s*[\u4e00-\u9fff]|"[\u4e00-\u9fff]/;

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The string literals and JSX texts of a source file that contain Chinese. */
function chineseTexts(source: string): string[] {
  const found: string[] = [];
  const literal = /(['"`])((?:\\.|(?!\1)[^\\\n])*)\1|>([^<>{}\n]+)</g;
  for (const m of source.matchAll(literal)) {
    const text = m[2] ?? m[3];
    if (text && CJK.test(text)) found.push(text);
  }
  return found;
}

/** HTML attribute quotes (alt="考场") are markup, not punctuation. */
const withoutAttributes = (text: string) => text.replace(/[\w-]+="[^"]*"/g, '');

describe('Chinese punctuation', () => {
  it('is full-width in every learner and common string', () => {
    const offenders = ['learner', 'common'].flatMap((dir) =>
      sources(path.join(root, dir)).flatMap((file) =>
        chineseTexts(fs.readFileSync(file, 'utf8'))
          .filter((text) => MIXED.test(withoutAttributes(text)) && !SPEC_VERBATIM.has(text))
          .map((text) => `${path.relative(root, file)}: ${text}`),
      ),
    );
    expect(offenders).toEqual([]);
  });

  it('notices ASCII marks in Chinese text', () => {
    expect(chineseTexts(`notify.error('链接已失效.');`).filter((t) => MIXED.test(t))).toEqual(['链接已失效.']);
    expect(chineseTexts(`<p>请在"用户中心"修改</p>`).filter((t) => MIXED.test(t))).toHaveLength(1);
    expect(chineseTexts(`notify.error('链接已失效。');`).filter((t) => MIXED.test(t))).toEqual([]);
  });
});
