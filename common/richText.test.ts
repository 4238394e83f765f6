import { describe, expect, it } from 'vitest';
import { BLANK_TEXT, htmlToText, stemText } from './richText';

describe('stem text', () => {
  it('draws each fill-in blank, never drops it', () => {
    expect(stemText('<p>至少保存<span data-blank="1"></span>份数据副本</p>')).toBe(`至少保存${BLANK_TEXT}份数据副本`);
    expect(stemText('<p>火警电话是<span data-blank="1"></span>，急救电话是<span data-blank="2">&nbsp;</span>。</p>')).toBe('火警电话是＿＿，急救电话是＿＿。');
    // Whatever attributes or placeholder the editor left in the marker.
    expect(stemText('<p>A<span class="blank" data-blank="3" contenteditable="false"><em>空</em></span>B</p>')).toBe('A＿＿B');
  });

  it('folds tags and white space into one line and decodes entities', () => {
    expect(stemText('<p>第一行</p>\n<p>第二行 &amp; &lt;b&gt; &#39;x&#39; &#x4e00;</p>')).toBe("第一行 第二行 & <b> 'x' 一");
    expect(stemText('<p><img src="a.png"></p>')).toBe('');
  });

  it('cuts at maxLength characters', () => {
    expect(stemText('<p>一二三四五</p>', 3)).toBe('一二三');
    expect(stemText('<p>一<span data-blank="1"></span>二</p>', 2)).toBe('一＿');
  });

  it('htmlToText drops scripts and styles', () => {
    expect(htmlToText('<style>p{}</style><p>x</p><script>alert(1)</script>').trim()).toBe('x');
  });
});
