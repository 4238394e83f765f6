import { decodeEntities, escapeHtml } from '../qu.rules';

/**
 * Small HTML tools for the importers: a source line is kept both as rich HTML (what the question
 * stores: pictures, bold, sub/superscript) and as its text (what the conventions are matched
 * against). Prefixes such as `1.` or `A、` are found in the text and cut from the HTML by text
 * position, so formatting and pictures survive.
 */

/**
 * Full-width ASCII forms (ＡＢＣ１２３：（），．) and ideographic / no-break spaces folded to their
 * half-width forms, one character for one, so positions in the folded text are positions in the
 * original.
 */
export function foldWidth(s: string): string {
  let out = '';
  for (let i = 0; i < s.length; i += 1) {
    const c = s.charCodeAt(i);
    if (c >= 0xff01 && c <= 0xff5e) out += String.fromCharCode(c - 0xfee0);
    else if (c === 0x3000 || c === 0xa0) out += ' ';
    else out += s[i];
  }
  return out;
}

/** Plain text as HTML: escaped, line breaks as <br>. */
export function textToHtml(text: string): string {
  return escapeHtml(text.trim()).replace(/\r\n|\r|\n/g, '<br>');
}

/** Tags the sanitizer knows: a cell or answer holding one of them is HTML, anything else is plain text. */
const KNOWN_TAG = /<\/?(p|br|div|span|strong|b|em|i|u|s|strike|del|ins|mark|sub|sup|small|img|table|tr|td|th|tbody|thead|ul|ol|li|a|h[1-6]|blockquote|pre|code|hr|figure|figcaption)\b[^>]*>/i;
const looksLikeHtml = (s: string) => KNOWN_TAG.test(s);

/** The HTML of a text that may be plain or HTML (an Excel cell, a pasted answer). */
export const cellToHtml = (s: string) => (looksLikeHtml(s) ? s.trim() : textToHtml(s));

const VOID_TAGS = new Set(['img', 'br', 'hr', 'col', 'wbr', 'input', 'area', 'source']);
const PIECE = /<[^>]*>|&(?:#x[0-9a-f]+|#\d+|[a-z]+);|[^<&]+|[<&]/gi;
const TAG_NAME = /^<(\/?)([a-z][a-z0-9]*)/i;

/**
 * The part of an HTML fragment whose text lies in [start, end) (text positions as textOf counts
 * them: one per character, one per entity), with the pictures standing anywhere from `start` to
 * `end` inclusive. Formatting open at `start` is reopened and everything opened is closed.
 */
export function sliceHtml(html: string, start: number, end = Number.POSITIVE_INFINITY): string {
  if (!/[<&]/.test(html)) return html.slice(start, end);
  /** Tags open at this point: before `start` they are waiting to be reopened, after it they are written. */
  const open: { name: string; raw: string }[] = [];
  let out = '';
  let pos = 0;
  let started = false;
  const begin = () => {
    if (started) return;
    started = true;
    out += open.map((o) => o.raw).join('');
  };
  for (const m of html.matchAll(PIECE)) {
    const piece = m[0];
    if (piece.length > 1 && piece[0] === '<') {
      const t = TAG_NAME.exec(piece);
      if (!t) continue;
      if (pos > end) break;
      const name = t[2].toLowerCase();
      const isVoid = VOID_TAGS.has(name) || piece.endsWith('/>');
      if (pos === end && name !== 'img') continue;
      const inRange = pos >= start;
      if (inRange) begin();
      if (isVoid) {
        if (inRange) out += piece;
      } else if (t[1] === '/') {
        const at = open.map((o) => o.name).lastIndexOf(name);
        if (at >= 0) {
          open.splice(at, 1);
          if (inRange) out += piece;
        }
      } else {
        open.push({ name, raw: piece });
        if (inRange) out += piece;
      }
      continue;
    }
    const text = piece[0] === '&' && piece.length > 1 ? decodeEntities(piece) : piece;
    const from = pos;
    pos += text.length;
    if (pos <= start || from >= end) continue;
    begin();
    if (text !== piece) out += piece;
    else out += piece.slice(Math.max(0, start - from), Math.min(piece.length, end - from));
  }
  if (!started) return out;
  return out + open.reverse().map((o) => `</${o.name}>`).join('');
}

/** The text of an HTML fragment as sliceHtml counts it (tags dropped, entities decoded). */
export function textOf(html: string): string {
  if (!/[<&]/.test(html)) return html;
  return decodeEntities(html.replace(/<[^>]*>/g, ''));
}

/** Whitespace (spaces, &nbsp;, empty line breaks) cut from both ends of an HTML fragment. */
export function trimHtml(html: string): string {
  const space = '(?:\\s|&nbsp;|&#160;|<br\\s*/?>)';
  return html.replace(new RegExp(`^${space}+`), '').replace(new RegExp(`${space}+$`), '');
}

/** Applies `replace` to the text between tags only (never inside a tag's attributes). */
export function replaceInText(html: string, pattern: RegExp, replace: (match: string) => string): string {
  return html
    .split(/(<[^>]*>)/)
    .map((part) => (part.startsWith('<') ? part : part.replace(pattern, replace)))
    .join('');
}

/** Lines of HTML joined into one field. */
export const joinLines = (lines: string[]) => lines.filter((l) => l.trim() !== '').join('<br>');
