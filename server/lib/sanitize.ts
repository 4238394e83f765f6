import sanitizeHtml from 'sanitize-html';

/** Links may go to the web or to a mail client; nothing else (no javascript:, data:, relative tricks). */
const SAFE_HREF = /^(https?:\/\/|mailto:)/i;
/** Images come from the web or from our own file store. */
const SAFE_IMG_SRC = /^(https?:\/\/|\/api\/sys\/file\/get\/[A-Za-z0-9_-]+$)/i;
/** The number of a fill-in blank marker, `<span data-blank="n"></span>`. */
const BLANK_NUMBER = /^\d{1,3}$/;

/** An image source the sanitizer keeps: http(s) or our own file store. */
export function isSafeImageSrc(src: string): boolean {
  return SAFE_IMG_SRC.test(src.trim());
}

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p', 'br', 'hr', 'div', 'span', 'strong', 'b', 'em', 'i', 'u', 's', 'strike', 'del', 'ins', 'mark', 'sub', 'sup',
    'small', 'blockquote', 'pre', 'code', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'li',
    'table', 'caption', 'colgroup', 'col', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td',
    'a', 'img', 'figure', 'figcaption',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan'],
    col: ['span'],
    ol: ['start'],
    // A fill-in blank marker in a question stem (transformTags keeps only numeric values).
    span: ['data-blank'],
    '*': ['style'],
  },
  allowedStyles: {
    '*': {
      'text-align': [/^(left|right|center|justify)$/],
      color: [/^#[0-9a-f]{3,8}$/i, /^rgba?\([\d\s.,%]+\)$/i],
      'background-color': [/^#[0-9a-f]{3,8}$/i, /^rgba?\([\d\s.,%]+\)$/i],
    },
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    span: (tagName, attribs) => {
      const { 'data-blank': blank, ...rest } = attribs;
      return { tagName, attribs: blank !== undefined && BLANK_NUMBER.test(blank) ? { ...rest, 'data-blank': blank } : rest };
    },
    a: (tagName, attribs) => {
      const { href, title } = attribs;
      const out: sanitizeHtml.Attributes = { rel: 'noopener noreferrer', target: '_blank' };
      if (href && SAFE_HREF.test(href.trim())) out.href = href.trim();
      if (title) out.title = title;
      return { tagName, attribs: out };
    },
    img: (tagName, attribs) => {
      const { src, ...rest } = attribs;
      const clean = src?.trim() ?? '';
      return { tagName, attribs: SAFE_IMG_SRC.test(clean) ? { ...rest, src: clean } : rest };
    },
  },
  // An image whose source was refused is dropped whole rather than left as an empty box.
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

/**
 * Rich text (notice bodies, questions) made safe to render as HTML: common formatting, lists, tables,
 * headings, links opening in a new tab, images from http(s) or our file store, and the fill-in
 * blank markers of question stems (`<span data-blank="n"></span>`). Scripts, styles,
 * frames, event handlers and javascript: URLs are removed.
 */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

/** True when sanitized HTML shows nothing: no text and no image or table. */
export function isBlankRichText(html: string): boolean {
  if (/<(img|table|hr)\b/i.test(html)) return false;
  const text = sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} });
  return text.replace(/&nbsp;|&#160;|\u00a0/g, '').trim() === '';
}
