import { AppError } from '../../../lib/errors';
import type { WorkerReply } from '../../../workers/pool';
import type { ImportFormat } from '../../../../common/api/qu';
import { parseImport, resolveFormat, withText, type ImportInput, type ParsedItem } from './index';

/**
 * One import parsed in a worker thread (server/workers/pool.ts): the pictures a file holds come back
 * with the items, which name each by a placeholder address until the server has stored it.
 */

export interface ImportJobResult {
  /** The format it was read as (resolveFormat's, when asked to detect it). */
  format: ImportFormat;
  items: ParsedItem[];
  images: Array<{ placeholder: string; data: Uint8Array; contentType: string; name: string }>;
}

/** An address the sanitizer keeps (our own file route), unique to one picture of one import. */
export const imagePlaceholder = (n: number) => `/api/sys/file/get/eximportpendingimage${n}z`;

/** One import: read in this (warm, reused) worker, answered with its items and the pictures they hold. */
export async function handle(input: ImportInput): Promise<WorkerReply<ImportJobResult>> {
  const images: ImportJobResult['images'] = [];
  try {
    const read = withText({ ...input, buffer: input.buffer ? Buffer.from(input.buffer) : undefined });
    const format = input.detect ? resolveFormat(read) : read.format;
    const items = await parseImport(
      { ...read, format },
      {
        uploadImage: async (data, contentType, name) => {
          const placeholder = imagePlaceholder(images.length);
          images.push({ placeholder, data: new Uint8Array(data), contentType, name });
          return placeholder;
        },
      },
    );
    return { ok: true, value: { format, items, images } };
  } catch (e) {
    return { ok: false, code: e instanceof AppError ? e.code : undefined, message: e instanceof AppError ? e.message : '文件无法读取，请检查文件内容和格式' };
  }
}
