import type { ImportFormat } from '../../../../common/api/qu';
import { AppError } from '../../../lib/errors';
import type { WorkerReply } from '../../../workers/pool';
import { stemKey } from '../qu.rules';
import { parseImport, resolveFormat, withText, type ImportInput } from './index';

/**
 * One import parsed in a worker thread (server/workers/pool.ts), and its preview written there too:
 * the server only stores the pictures, looks the stems up in the bank and joins the pieces. Sending
 * 5,000 questions as objects would cost the server's event loop their copy and their serialization.
 */

export interface ImportJobResult {
  /** The format it was read as (resolveFormat's, when asked to detect it). */
  format: ImportFormat;
  /**
   * Each preview item (ImportItem) as JSON, all but its last field: `{"index":1,…,"warnings":[…]`,
   * to be closed with `,"duplicate":…}` once the bank has been looked at.
   */
  items: string[];
  /** Each item's stem key (stemKey), for the duplicate check. */
  keys: string[];
  /** How many items carry warnings. */
  warned: number;
  /** The pictures found, each named in the items by its placeholder until the server has stored it. */
  images: Array<{ placeholder: string; data: Uint8Array; contentType: string; name: string }>;
}

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
    const items = parsed.map((item, i) => {
      const json = JSON.stringify({ index: i + 1, source: item.source, question: item.question, errors: item.errors, warnings: item.warnings });
      return json.slice(0, -1);
    });
    const keys = parsed.map((item) => stemKey(item.question.content));
    const warned = parsed.filter((item) => item.warnings.length > 0).length;
    return { ok: true, value: { format, items, keys, warned, images } };
  } catch (e) {
    return { ok: false, code: e instanceof AppError ? e.code : undefined, message: e instanceof AppError ? e.message : '文件无法读取，请检查文件内容和格式' };
  }
}
