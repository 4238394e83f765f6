import { runHeavyJob, type HeavyJobLimits } from './pool';
import type { XlsxBook } from './xlsx.worker';

export type { XlsxBook, XlsxCell, XlsxSheet } from './xlsx.worker';

/**
 * Limits of one export's build: a workbook that outgrows them is refused with a message, the server
 * untouched. ExcelJS holds the whole workbook until it zips it: the largest export allowed (50,000
 * rows of 12 columns) builds in about 10 s within 512 MB and fails at 384, so the ceiling leaves it
 * some room.
 */
export const EXPORT_JOB_LIMITS: HeavyJobLimits = {
  memoryMb: 640,
  timeoutMs: 120_000,
  tooBig: '导出数据过多，请缩小范围后重试',
  tooSlow: '导出耗时过长，请缩小范围后重试',
};

const XLSX_WORKER = new URL('./xlsx.worker.ts', import.meta.url);

/** An .xlsx of these sheets, built in a worker thread (see xlsx.worker.ts). */
export async function buildXlsx(book: XlsxBook, limits: HeavyJobLimits = EXPORT_JOB_LIMITS): Promise<Buffer> {
  return bytesOf(await runHeavyJob<Uint8Array>(XLSX_WORKER, book, limits));
}

/** A worker's bytes as a Buffer, without copying them. */
export const bytesOf = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** Rows read a page at a time, the event loop served between pages. */
export const EXPORT_PAGE_SIZE = 2_000;

/**
 * Up to `limit` rows from `page(offset, size)`, read in pages of EXPORT_PAGE_SIZE with a turn of the
 * event loop between them, so one big export never holds the thread for the whole read (a page query
 * must order by a unique key for the pages to join up).
 */
export async function readInPages<R>(limit: number, page: (offset: number, size: number) => Promise<R[]>): Promise<R[]> {
  const rows: R[] = [];
  while (rows.length < limit) {
    const size = Math.min(EXPORT_PAGE_SIZE, limit - rows.length);
    const got = await page(rows.length, size);
    rows.push(...got);
    if (got.length < size) break;
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  return rows;
}
