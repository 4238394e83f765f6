import { parentPort } from 'node:worker_threads';
import { AppError } from '../../lib/errors';
import type { WorkerReply } from '../../workers/pool';
import { readUserSheet, type RawUserRow } from './user.import';

/** A user import's spreadsheet read in a worker thread (server/workers/pool.ts): the rows as text, nothing checked. */
parentPort?.once('message', (input: { buffer: Uint8Array }) => {
  readUserSheet(Buffer.from(input.buffer.buffer, input.buffer.byteOffset, input.buffer.byteLength)).then(
    (rows) => parentPort!.postMessage({ ok: true, value: rows } satisfies WorkerReply<RawUserRow[]>),
    (e: unknown) =>
      parentPort!.postMessage({
        ok: false,
        code: e instanceof AppError ? e.code : undefined,
        message: e instanceof AppError ? e.message : '文件无法读取，请确认是有效的 Excel 文件（.xlsx）',
      } satisfies WorkerReply<RawUserRow[]>),
  );
});
