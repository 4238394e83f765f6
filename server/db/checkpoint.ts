import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/**
 * SQLite's write-ahead log is copied back into the database file by a checkpoint, which writes
 * many pages and syncs the file: tens to hundreds of milliseconds. Left to SQLite, the commit that
 * crosses the log's size limit runs it, on the server's only thread, and every request waits (a
 * cohort handing in at once made that the slowest part of a hand-in). Here a worker thread with its
 * own connection checkpoints on a timer instead; the server's connection never does (its own
 * automatic checkpoint stays as a backstop, at a size this worker keeps the log under).
 *
 * PASSIVE checkpoints take no lock a writer needs: commits go on while one runs.
 */

/** How often the worker copies the log back. */
const EVERY_MS = 500;
/** The server connection's own checkpoint, should the worker stop: pages (4 KiB each). */
export const BACKSTOP_PAGES = 16_384;

const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const SQLite = require(workerData.driver);
const db = new SQLite(workerData.file);
const checkpoint = () => { try { db.pragma('wal_checkpoint(PASSIVE)'); } catch { /* busy or closing: the next tick tries again */ } };
const timer = setInterval(checkpoint, workerData.everyMs);
parentPort.on('message', () => {
  clearInterval(timer);
  checkpoint();
  db.close();
  parentPort.close();
});
`;

export interface Checkpointer {
  stop(): Promise<void>;
}

/** Starts the checkpoint worker for a database file in WAL mode. */
export function startCheckpointer(file: string): Checkpointer {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(WORKER, { eval: true, workerData: { file, driver, everyMs: EVERY_MS } });
  // A checkpointer that cannot run leaves the server's own automatic checkpoint to do the work.
  worker.on('error', (e) => console.error('sqlite checkpoint worker stopped:', e));
  worker.unref();
  return {
    async stop() {
      const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
      worker.postMessage('stop');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5_000))]);
      await worker.terminate();
    },
  };
}
