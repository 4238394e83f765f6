import ExcelJS from 'exceljs';
import type { WorkerReply } from './pool';

/**
 * Builds an .xlsx from plain sheets of rows in a worker thread (server/workers/xlsx.ts runs it): the
 * workbook and its zip are the CPU- and memory-heavy part of an export, so the thread serving live
 * exams only reads the rows and gets the bytes back.
 */

export type XlsxCell = string | number | null;

export interface XlsxSheet {
  name: string;
  /** Keep the header row in view while scrolling. */
  frozenHeader?: boolean;
  /** The header row (bold) and each column's width. */
  columns: Array<{ header: string; width: number }>;
  /** One array of cells per row, in column order. */
  rows: XlsxCell[][];
}

export interface XlsxBook {
  /** Written into the file's properties when given. */
  creator?: string;
  /** The file's creation time (ms); ExcelJS's default (now) when absent. */
  created?: number;
  sheets: XlsxSheet[];
}

export function writeWorkbook(book: XlsxBook): Promise<ArrayBuffer> {
  const wb = new ExcelJS.Workbook();
  if (book.creator !== undefined) wb.creator = book.creator;
  if (book.created !== undefined) wb.created = new Date(book.created);
  for (const s of book.sheets) {
    const ws = wb.addWorksheet(s.name, s.frozenHeader ? { views: [{ state: 'frozen', ySplit: 1 }] } : undefined);
    ws.columns = s.columns.map((c) => ({ header: c.header, width: c.width }));
    ws.getRow(1).font = { bold: true };
    for (const row of s.rows) ws.addRow(row);
  }
  return wb.xlsx.writeBuffer() as Promise<ArrayBuffer>;
}

/** The bytes of an .xlsx built in this worker (the pool's warm, reused entry point). */
export async function handle(book: XlsxBook): Promise<WorkerReply<Uint8Array>> {
  try {
    // A buffer of its own (exceljs may answer a view of a shared pool), moved to the server whole.
    const bytes = new Uint8Array(await writeWorkbook(book));
    return { ok: true, value: bytes, transfer: [bytes.buffer] };
  } catch {
    return { ok: false, message: '导出文件生成失败，请稍后重试' };
  }
}
