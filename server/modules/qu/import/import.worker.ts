import type { ImportFormat } from '../../../../common/api/qu';
import { AppError } from '../../../lib/errors';
import type { WorkerReply } from '../../../workers/pool';
import { stemKey } from '../qu.rules';
import { parseImport, resolveFormat, withText, type ImportInput } from './index';

/**
 * One import parsed in a worker thread (server/workers/pool.ts), and its preview written there too,
 * as bytes: the server only stores the pictures, looks the stems up in the bank and marks the
 * duplicates in place. Sending 5,000 questions as objects, or even as strings, would cost the
 * server's event loop their copy, their serialization and their encoding.
 */

export interface ImportJobResult {
  /** The format it was read as (resolveFormat's, when asked to detect it). */
  format: ImportFormat;
  /**
   * The preview's items (ImportItem[]) as the JSON between `[` and `]`, UTF-8, each with
   * `"duplicate":false` last: at `flags[i]` the five bytes `false`, which become `true ` where the
   * bank holds the stem already.
   */
  items: Uint8Array;
  /** Where each item's `false` stands in `items`, in bytes. */
  flags: number[];
  /** Each item's stem key (stemKey), for the duplicate check. */
  keys: string[];
  /** How many items carry warnings. */
  warned: number;
  /** The pictures found, each named in the items by its placeholder until the server has stored it. */
  images: Array<{ placeholder: string; data: Uint8Array; contentType: string; name: string }>;
}

/** `false}` ends every item: its `false` starts this many bytes before the item's end. */
const FALSE_FROM_END = 'false}'.length;

/** An address the sanitizer keeps (our own file route), unique to one picture of one import. */
export const imagePlaceholder = (n: number) => `/api/sys/file/get/eximportpendingimage${n}z`;

/** One import: read in this (warm, reused) worker, answered with its preview's pieces and the pictures they hold. */
export async function handle(input: ImportInput): Promise<WorkerReply<ImportJobResult>> {
  const images: ImportJobResult['images'] = [];
  try {
    const read = withText({ ...input, buffer: input.buffer ? Buffer.from(input.buffer) : undefined });
    const format = input.detect ? resolveFormat(read) : read.format;
    const parsed = await parseImport(
      { ...read, format },
      {
        uploadImage: async (data, contentType, name) => {
          const placeholder = imagePlaceholder(images.length);
          images.push({ placeholder, data: new Uint8Array(data), contentType, name });
          return placeholder;
        },
      },
    );
    const pieces: Buffer[] = [];
    const flags: number[] = [];
    let at = 0;
    parsed.forEach((item, i) => {
      const json = JSON.stringify({ index: i + 1, source: item.source, question: item.question, errors: item.errors, warnings: item.warnings, duplicate: false });
      const bytes = Buffer.from(i === 0 ? json : `,${json}`);
      flags.push(at + bytes.length - FALSE_FROM_END);
      pieces.push(bytes);
      at += bytes.length;
    });
    const items = new Uint8Array(Buffer.concat(pieces));
    const keys = parsed.map((item) => stemKey(item.question.content));
    const warned = parsed.filter((item) => item.warnings.length > 0).length;
    return { ok: true, value: { format, items, flags, keys, warned, images }, transfer: [items.buffer] };
  } catch (e) {
    return { ok: false, code: e instanceof AppError ? e.code : undefined, message: e instanceof AppError ? e.message : '文件无法读取，请检查文件内容和格式' };
  }
}
