import type { ImportFormat, ImportIssue } from '../../../../common/api/qu';
import { fail } from '../../../lib/errors';
import { zipOverBudget, type ZipBudget } from '../../../lib/zipBudget';
import { normalizeQuestion, validateQuestion } from '../qu.rules';
import type { Draft, ImportDeps, ImportInput, ParsedItem } from './types';
import { parseDocx } from './docx';
import { parseGift } from './gift';
import { parseMoodleXml } from './moodleXml';
import { parseText } from './text';
import { parseXlsx } from './xlsx';

export type { Draft, ImportDeps, ImportInput, ParsedItem } from './types';
export { IMPORT_TEXT_GUIDE, IMPORT_XLSX_GUIDE } from './guide';

const EXTENSIONS: Record<string, ImportFormat> = { txt: 'text', docx: 'docx', xlsx: 'xlsx', gift: 'gift', xml: 'xml' };

/** The format of an uploaded file by its name (.txt, .docx, .xlsx, .gift, .xml); undefined for anything else. */
export function detectFormat(fileName: string): ImportFormat | undefined {
  const ext = /\.([a-z0-9]+)$/i.exec(fileName.trim())?.[1]?.toLowerCase();
  return ext ? EXTENSIONS[ext] : undefined;
}

/** Moodle XML: an XML declaration and comments at most, then the <quiz> element. */
const MOODLE_XML = /^\s*(?:<\?xml[^>]*\?>\s*)?(?:<!--[\s\S]*?-->\s*)*<quiz[\s>/]/;
/** A GIFT answer: {= {~ {# {T} {F} {TRUE} {FALSE} (with feedback) — braces a plain text hardly ever holds. */
const GIFT_ANSWER = /(?<!\\)\{\s*(?:[=~#]|(?:T|F|TRUE|FALSE)\s*[}#])/gi;
/** A GIFT question name (::名称::) or category line at the start of a line. */
const GIFT_LINE = /^\s*(?:::[^:\n]+::|\$CATEGORY:)/gm;
/** A numbered line of a plain-text bank (1. 1、 (1) …). */
const NUMBERED = /^\s*(?:\d+\s*[.、．)）]|[(（]\d+[)）])/gm;

/**
 * What a text import holds when it clearly is a structured format: Moodle XML (a <quiz>), or GIFT
 * (answers in braces in at least half of its blocks, and not fewer than half its numbered lines);
 * undefined for anything else.
 */
export function sniffFormat(text: string): 'xml' | 'gift' | undefined {
  const head = text.replace(/^\ufeff/, '').slice(0, 64 * 1024);
  if (MOODLE_XML.test(head)) return 'xml';
  const blocks = text
    .split(/\r?\n\s*\r?\n|\r?\n\s*\$CATEGORY:[^\n]*/i)
    .filter((b) => b.trim() && !b.split(/\r?\n/).every((l) => !l.trim() || l.trim().startsWith('//'))).length;
  const marks = (text.match(GIFT_ANSWER)?.length ?? 0) + (text.match(GIFT_LINE)?.length ?? 0);
  const numbered = text.match(NUMBERED)?.length ?? 0;
  return marks > 0 && marks * 2 >= blocks && marks * 2 >= numbered ? 'gift' : undefined;
}

/**
 * The format to read an import as: the one its name or the administrator named, unless its content
 * clearly is another (a Moodle GIFT export saved as .txt is GIFT, a <quiz> is Moodle XML, a paste
 * chosen as GIFT without a single GIFT answer is plain text). Word and Excel files keep their format.
 */
export function resolveFormat(input: ImportInput): ImportFormat {
  if (!isTextFormat(input.format)) return input.format;
  const text = textOfInput(input);
  const sniffed = sniffFormat(text);
  if (sniffed) return sniffed;
  // XML that is no quiz stays XML: its reader says what is wrong with it.
  return input.format === 'xml' && /^\s*</.test(text.replace(/^\ufeff/, '')) ? 'xml' : 'text';
}

/** Formats read as text (pasted, or a .txt / .gift / .xml file); the others are files. */
export const isTextFormat = (format: ImportFormat): format is 'text' | 'gift' | 'xml' => format === 'text' || format === 'gift' || format === 'xml';

/** The import with its text decoded once (for text formats uploaded as a file). */
export function withText(input: ImportInput): ImportInput {
  return isTextFormat(input.format) && input.text === undefined && input.buffer ? { ...input, text: decodeText(input.buffer) } : input;
}

/** Text of a text-format upload: UTF-8 (with or without BOM), else GB18030 as Windows Notepad in China saves it. */
export function decodeText(buffer: Buffer): string {
  const utf8 = new TextDecoder('utf-8', { fatal: false }).decode(buffer);
  if (!utf8.includes('\ufffd')) return utf8.replace(/^\ufeff/, '');
  try {
    return new TextDecoder('gb18030').decode(buffer);
  } catch {
    return utf8;
  }
}

function textOfInput(input: ImportInput): string {
  if (input.text !== undefined) return input.text;
  if (input.buffer) return decodeText(input.buffer);
  return '';
}

function bufferOf(input: ImportInput, what: string): Buffer {
  if (!input.buffer?.length) throw fail(`请上传${what}文件`);
  return input.buffer;
}

/** What a Word or Excel file may inflate to: each part, and all of them together. */
export const ARCHIVE_BUDGET: ZipBudget = { perEntryBytes: 64 * 1024 * 1024, totalBytes: 128 * 1024 * 1024 };

/** Refuses an archive that inflates past the budget, before any parser inflates it whole. */
function withinBudget(buffer: Buffer): Buffer {
  const over = zipOverBudget(buffer, ARCHIVE_BUDGET);
  if (over === 'entry' || over === 'total') throw fail(`文件解压后过大（超过 ${(over === 'entry' ? ARCHIVE_BUDGET.perEntryBytes : ARCHIVE_BUDGET.totalBytes) / 1024 / 1024} MB），无法导入，请检查文件或拆分后再导入`);
  return buffer;
}

/** The drafts of one format, before normalizing and validating. */
async function drafts(input: ImportInput, deps: ImportDeps): Promise<Draft[]> {
  switch (input.format) {
    case 'text':
      return parseText(textOfInput(input));
    case 'docx':
      return parseDocx(withinBudget(bufferOf(input, ' Word ')), deps);
    case 'xlsx':
      return parseXlsx(withinBudget(bufferOf(input, ' Excel ')), deps);
    case 'gift':
      return parseGift(textOfInput(input));
    case 'xml':
      return parseMoodleXml(textOfInput(input), deps);
    default:
      throw fail('不支持的导入格式');
  }
}

/**
 * Reads an import into questions for the preview, each normalized and with every problem listed
 * (reading problems first, then validateQuestion's). Bad content never throws: it is reported on
 * its item, and a question type we cannot represent becomes an item with an error. Only a file that
 * cannot be read at all throws (a business error with a Chinese message).
 */
export async function parseImport(input: ImportInput, deps: ImportDeps): Promise<ParsedItem[]> {
  return (await drafts(input, deps)).map((d) => {
    const question = normalizeQuestion(d.question);
    const errors = [...d.errors, ...validateQuestion(question)];
    const located = (issues: ImportIssue[]) => (d.rows ? issues.map((e) => ({ field: e.field, message: `第${rowOf(d.rows!, e.field)}行：${e.message}` })) : issues);
    return { source: d.source, question, errors: located(errors), warnings: located(d.warnings ?? []) };
  });
}

/** The spreadsheet row a field of a multi-row question came from. */
function rowOf(rows: NonNullable<Draft['rows']>, field: string): number {
  let best = rows.base;
  let length = -1;
  for (const [prefix, row] of Object.entries(rows.fields)) {
    if ((field === prefix || field.startsWith(`${prefix}.`)) && prefix.length > length) {
      best = row;
      length = prefix.length;
    }
  }
  return best;
}
