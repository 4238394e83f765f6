import { AppError } from '../../lib/errors';
import type { WorkerReply } from '../../workers/pool';
import { readUserSheet, type RawUserRow } from './user.import';

/** A user import's spreadsheet read in a (warm, reused) worker thread (server/workers/pool.ts): the rows as text, nothing checked. */
export async function handle(input: { buffer: Uint8Array }): Promise<WorkerReply<RawUserRow[]>> {
  try {
    return { ok: true, value: await readUserSheet(Buffer.from(input.buffer.buffer, input.buffer.byteOffset, input.buffer.byteLength)) };
  } catch (e) {
    return {
      ok: false,
      code: e instanceof AppError ? e.code : undefined,
      message: e instanceof AppError ? e.message : '文件无法读取，请确认是有效的 Excel 文件（.xlsx）',
    };
  }
}
