import { describe, expect, it } from 'vitest';
import { foldWidth, sliceHtml, textOf, trimHtml } from './html';

describe('sliceHtml', () => {
  it('cuts by text position, reopening and closing formatting', () => {
    const html = '<strong>A. 北京</strong> B. <em>上<sup>海</sup></em>';
    expect(textOf(html)).toBe('A. 北京 B. 上海');
    expect(sliceHtml(html, 3, 6)).toBe('<strong>北京</strong> ');
    expect(sliceHtml(html, 9)).toBe('<em>上<sup>海</sup></em>');
    expect(sliceHtml(html, 10)).toBe('<em><sup>海</sup></em>');
  });

  it('counts an entity as one character and keeps it whole', () => {
    expect(sliceHtml('1. a &lt; b &amp; c', 3)).toBe('a &lt; b &amp; c');
    expect(sliceHtml('a&amp;b', 1, 2)).toBe('&amp;');
  });

  it('keeps pictures standing anywhere in the range, ends included, and no others', () => {
    const html = 'A.<img src="/1"> B.<img src="/2">';
    expect(sliceHtml(html, 2, 3)).toBe('<img src="/1"> ');
    expect(sliceHtml(html, 5)).toBe('<img src="/2">');
    expect(sliceHtml('<img src="/0">1. 题', 2)).toBe(' 题');
  });

  it('plain text is sliced as a string', () => {
    expect(sliceHtml('1、题干', 2)).toBe('题干');
  });
});

describe('helpers', () => {
  it('folds full-width forms one for one', () => {
    const s = 'Ａ．（１）：，；　ａ\u00a0';
    expect(foldWidth(s)).toBe('A.(1):,; a ');
    expect(foldWidth(s)).toHaveLength(s.length);
  });

  it('trims whitespace, &nbsp; and line breaks from both ends', () => {
    expect(trimHtml(' &nbsp;<br />甲<br>乙 <br/> ')).toBe('甲<br>乙');
  });
});
