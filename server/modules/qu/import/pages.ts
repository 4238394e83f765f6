import { foldWidth } from './html';

/**
 * Page furniture in a document converted from print (PDF → Word, a copied web page): the running
 * header and footer and the page numbers, which land between the lines of questions once the
 * pages are joined. The text and Word readers remove them and say so on the question where each
 * stood (已去除页眉/页脚 …).
 *
 * A page number is recognised by its shape (第 3 页 共 20 页, - 3 -, Page 3 of 20, 3/20 when the
 * total repeats). A header or footer is a line repeated at least REPEATS times, spread out (never
 * on neighbouring lines), that is not part of the question syntax (a number, an option, an answer
 * line, a heading …: the caller tells) and does not stand as a stem (most of its occurrences are
 * not followed by the first option).
 */

/** The text of a line as the detector sees it, and whether it holds more than text (a picture, a table). */
export interface PageLine {
  text: string;
  rich?: boolean;
}

const REPEATS = 3;
/** Headers and footers are short; a repeated paragraph is content. */
const MAX_LENGTH = 60;
/** Occurrences closer than this are a list or a pattern of the content, not pages. */
const MIN_GAP = 3;

const PAGE_NUMBER = [
  /^第\s*\d{1,4}\s*页\s*(?:[,，/、|]?\s*共\s*\d{1,4}\s*页)?$/,
  /^共\s*\d{1,4}\s*页\s*[,，/、|]?\s*第\s*\d{1,4}\s*页$/,
  /^[-—–]\s*\d{1,4}\s*[-—–]$/,
  /^page\s*\d{1,4}(?:\s*(?:of|\/)\s*\d{1,4})?$/i,
];
/** 3/20: a page number only when the same total repeats. */
const PAGE_OF = /^(\d{1,4})\s*\/\s*(\d{1,4})$/;
const FIRST_OPTION = /^\s*(?:\(\s*A\s*\)|A\s*[.、:)])/i;

const keyOf = (f: string) => f.replace(/\s+/g, '').replace(/\d+/g, '#');
const letters = (f: string) => (f.match(/[\p{L}\p{N}]/gu) ?? []).length;

/**
 * The lines to remove, by index, with their text (to name in the warning).
 * `structural` answers whether a (width-folded) line is part of the question syntax.
 */
export function pageFurniture(lines: PageLine[], structural: (folded: string) => boolean): Map<number, string> {
  const removed = new Map<number, string>();
  const folded = lines.map((l) => (l.rich ? '' : foldWidth(l.text).trim()));
  const byKey = new Map<string, number[]>();
  const totals = new Map<string, number[]>();
  folded.forEach((f, i) => {
    if (!f) return;
    if (PAGE_NUMBER.some((re) => re.test(f))) {
      removed.set(i, lines[i].text.trim());
      return;
    }
    const of = PAGE_OF.exec(f);
    if (of) totals.set(of[2], [...(totals.get(of[2]) ?? []), i]);
    if (f.length > MAX_LENGTH) return;
    const key = keyOf(f);
    const at = byKey.get(key);
    if (at) at.push(i);
    else byKey.set(key, [i]);
  });
  for (const at of totals.values()) if (at.length >= REPEATS) for (const i of at) removed.set(i, lines[i].text.trim());
  const nextText = (i: number) => {
    for (let j = i + 1; j < folded.length; j += 1) if (folded[j]) return folded[j];
    return '';
  };
  for (const at of byKey.values()) {
    // Only lines that repeat are looked at closely: most lines of a document are unique.
    if (at.length < REPEATS || letters(folded[at[0]]) < 2 || at.some((i) => structural(folded[i]))) continue;
    if (at.some((i, k) => k > 0 && i - at[k - 1] < MIN_GAP)) continue;
    const asStem = at.filter((i) => FIRST_OPTION.test(nextText(i))).length;
    if (asStem * 2 >= at.length) continue;
    for (const i of at) removed.set(i, lines[i].text.trim());
  }
  return removed;
}
