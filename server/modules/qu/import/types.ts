import type { ImportFormat, ImportIssue, QuBody } from '../../../../common/api/qu';
import { fail } from '../../../lib/errors';

/** What one import reads: the shared shapes of the parsers, the worker and the question service. */

export interface ImportInput {
  format: ImportFormat;
  /** Pasted text, or the text of a .txt / .gift / .xml file. */
  text?: string;
  /** The uploaded file (text formats are read from it as UTF-8 when `text` is not given). */
  buffer?: Buffer;
  fileName?: string;
  /** Read the format from the content when it clearly is another than `format` (resolveFormat). */
  detect?: boolean;
}

export interface ImportDeps {
  /** Stores a picture found in the file; answers the URL the question shows it by. */
  uploadImage(data: Buffer, contentType: string, name: string): Promise<string>;
}

/** One question as a parser read it, before normalizing and validating. */
export interface Draft {
  source: string;
  question: QuBody;
  /** Problems met while reading it (validateQuestion's are added by parseImport). */
  errors: ImportIssue[];
  /** What reading changed or dropped, and why (权重已忽略, 反馈已并入解析 …): shown, never blocking. */
  warnings?: ImportIssue[];
  /**
   * Spreadsheet rows, when a question spans several: every message then names its row, the row of
   * the longest matching field prefix (answerList.1 → that option's row), else `base`.
   */
  rows?: { base: number; fields: Record<string, number> };
}

export interface ParsedItem {
  /** Where in the file: 第3题（第12行）, 第5行, 第2-4行 … */
  source: string;
  /** Normalized (sanitized, defaults filled, ids made). */
  question: QuBody;
  /** What reading it found wrong, then everything validateQuestion finds, at once. */
  errors: ImportIssue[];
  /** What reading changed or dropped without blocking the question. */
  warnings: ImportIssue[];
}

/**
 * What one import may hold: each reader counts while it reads and stops at the first question past
 * `max` (IMPORT_MAX_ITEMS unless a test names a smaller one), never reading the rest first.
 */
export function tooManyQuestions(max: number): Error {
  return fail(`一次最多导入${max}道试题，请拆分后再导入`);
}
