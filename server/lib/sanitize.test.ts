import { describe, expect, it } from 'vitest';
import { isSafeImageSrc, sanitizeRichText } from './sanitize';

describe('fill-in blank markers in rich text', () => {
  it('keeps <span data-blank="n"> with a number', () => {
    expect(sanitizeRichText('<p>中国的首都是<span data-blank="1"></span>，最大的城市是<span data-blank="12"></span>。</p>')).toBe(
      '<p>中国的首都是<span data-blank="1"></span>，最大的城市是<span data-blank="12"></span>。</p>',
    );
  });

  it('lets nothing else new through: other data attributes, non-numeric markers, markers on other tags', () => {
    const out = sanitizeRichText(
      '<span data-blank="1" data-x="y" class="c" id="i" onclick="alert(1)">甲</span>' +
        '<span data-blank="x&quot; onclick=&quot;alert(1)">乙</span><span data-blank="1234">丙</span>' +
        '<strong data-blank="2">丁</strong><p data-blank="3">戊</p><img data-blank="4" src="/api/sys/file/get/abc">',
    );
    expect(out).toBe('<span data-blank="1">甲</span><span>乙</span><span>丙</span><strong>丁</strong><p>戊</p><img src="/api/sys/file/get/abc" />');
  });

  it('still allows style on spans, filtered as before', () => {
    expect(sanitizeRichText('<span style="color:#f00;position:fixed" data-blank="2"></span>')).toBe('<span style="color:#f00" data-blank="2"></span>');
  });

  it('tells safe image sources from the rest', () => {
    expect(isSafeImageSrc('/api/sys/file/get/abc_1')).toBe(true);
    expect(isSafeImageSrc(' https://cdn.example.com/a.png ')).toBe(true);
    expect(isSafeImageSrc('data:image/png;base64,AAAA')).toBe(false);
    expect(isSafeImageSrc('javascript:alert(1)')).toBe(false);
    expect(isSafeImageSrc('/api/sys/file/get/../../etc')).toBe(false);
  });
});
