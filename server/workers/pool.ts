import { Worker } from 'node:worker_threads';
import { ErrorCode, type ErrorCodeValue } from '../../common/errorCodes';
import { AppError } from '../lib/errors';

/**
 * Heavy work (parsing an upload, a big export) in a worker thread, never on the event loop that
 * serves live exams. Each job gets a fresh worker with a memory ceiling and a time limit: a file
 * that inflates past the ceiling or parses too long kills its worker, never the server. At most
 * HEAVY_JOBS_AT_ONCE run together; the rest wait their turn.
 */

export const HEAVY_JOBS_AT_ONCE = 2;

export interface HeavyJobLimits {
  /** Old-generation heap of the worker, in MB. */
  memoryMb: number;
  timeoutMs: number;
  /** What the user is told when the job outgrows its memory. */
  tooBig: string;
  /** What the user is told when the job outlasts its time. */
  tooSlow: string;
}

/** What a worker posts back: its result, or the error it threw (a business error keeps its code and message). */
export type WorkerReply<T> = { ok: true; value: T } | { ok: false; code?: number; message: string };

let running = 0;
const waiting: Array<() => void> = [];

async function slot(): Promise<() => void> {
  if (running >= HEAVY_JOBS_AT_ONCE) await new Promise<void>((resolve) => waiting.push(resolve));
  running += 1;
  return () => {
    running -= 1;
    waiting.shift()?.();
  };
}

/** How many heavy jobs run now and wait (for tests and health). */
export const heavyJobs = () => ({ running, waiting: waiting.length });

// The server runs TypeScript through tsx: each worker registers it first (in tests too), then loads its job.
const BOOTSTRAP = new URL('./bootstrap.mjs', import.meta.url);

/** Runs `file` (a worker module answering one message with a WorkerReply) on `input`. */
export async function runHeavyJob<T>(file: URL, input: unknown, limits: HeavyJobLimits, transfer: ArrayBuffer[] = []): Promise<T> {
  const release = await slot();
  try {
    return await new Promise<T>((resolve, reject) => {
      const worker = new Worker(BOOTSTRAP, { workerData: { entry: file.href }, execArgv: [], resourceLimits: { maxOldGenerationSizeMb: limits.memoryMb, maxYoungGenerationSizeMb: 32 } });
      let settled = false;
      const finish = (fn: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        void worker.terminate();
        fn();
      };
      const timer = setTimeout(() => finish(() => reject(new AppError(ErrorCode.FAIL, limits.tooSlow))), limits.timeoutMs);
      worker.once('message', (reply: WorkerReply<T>) =>
        finish(() => (reply.ok ? resolve(reply.value) : reject(new AppError((reply.code ?? ErrorCode.FAIL) as ErrorCodeValue, reply.message)))),
      );
      worker.once('error', (err: Error & { code?: string }) =>
        finish(() => reject(err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new AppError(ErrorCode.FAIL, limits.tooBig) : err)),
      );
      worker.once('exit', (code) => finish(() => reject(new AppError(ErrorCode.FAIL, code === 0 ? limits.tooSlow : limits.tooBig))));
      worker.postMessage(input, transfer);
    });
  } finally {
    release();
  }
}
