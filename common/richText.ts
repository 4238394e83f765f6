/**
 * Rich text (the sanitized HTML of stems, options and notices) as plain text, for lists and
 * summaries in both apps and the server. Shared so that every list draws a question the same way.
 */

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** Decodes the character references sanitized HTML holds (&amp;, &nbsp;, &#39;, &#x4e00;, …). */
export function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, ref: string) => {
    if (ref[0] === '#') {
      const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[ref.toLowerCase()] ?? whole;
  });
}

/** The text of an HTML fragment: scripts and styles dropped, line-level tags become a space, entities decoded. */
export function htmlToText(html: string): string {
  return decodeEntities(
    (html ?? '')
      .replace(/<(script|style)\b[\s\S]*?<\/\1>/gi, '')
      .replace(/<\/?(p|div|br|li|tr|td|th|h[1-6]|table|ul|ol|blockquote)\b[^>]*>/gi, ' ')
      .replace(/<[^>]*>/g, ''),
  );
}

/**
 * How a fill-in blank reads in a one-line stem: two full-width low lines, the width of two
 * characters of the stem around it (the admin's question list drew blanks so before).
 */
export const BLANK_TEXT = '＿＿';

/**
 * A fill-in stem's blank markers (`<span data-blank="n"></span>`, common/api/qu.ts), whatever is
 * inside them (an editor may leave a placeholder there).
 */
const BLANK_MARKER = /<span\b[^>]*\bdata-blank\b[^>]*>[\s\S]*?<\/span>/gi;

/**
 * A question's stem as one line of text for lists and summaries: blanks drawn as BLANK_TEXT
 * (保存＿＿份数据副本, never 保存份数据副本), tags dropped, white space folded. `maxLength` cuts it (in characters).
 */
export function stemText(html: string, maxLength?: number): string {
  const text = htmlToText((html ?? '').replace(BLANK_MARKER, BLANK_TEXT))
    .replace(/\s+/g, ' ')
    .trim();
  return maxLength === undefined ? text : Array.from(text).slice(0, maxLength).join('');
}
