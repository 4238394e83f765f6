import { MessageChannel, Worker, type MessagePort } from 'node:worker_threads';
import { ErrorCode, type ErrorCodeValue } from '../../common/errorCodes';
import { AppError } from '../lib/errors';

/**
 * Heavy work (parsing an upload, a big export) in a worker thread, never on the event loop that
 * serves live exams. Workers are kept warm and reused: booting one (tsx, then the job's module) costs
 * seconds on a busy machine, more than most jobs. Each worker has a memory ceiling and each job a
 * time limit: a file that inflates past the ceiling or parses too long kills its worker, never the
 * server, and a fresh worker takes its place. At most HEAVY_JOBS_AT_ONCE run together; the rest
 * wait their turn.
 *
 * A job module exports `handle(input)` answering a WorkerReply (see import.worker.ts); a module
 * without it is refused (the job fails, the worker stays). Bytes cross without a copy both ways:
 * the caller names what it transfers in, the reply names what it transfers out (`transfer`).
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

/**
 * What a worker posts back: its result, or the error it threw (a business error keeps its code and
 * message). `transfer`: buffers inside `value` handed over, not copied (the worker no longer uses them).
 */
export type WorkerReply<T> = { ok: true; value: T; transfer?: ArrayBuffer[] } | { ok: false; code?: number; message: string; status?: number };

/** A reusable job module's entry point: one input in, one reply out, as often as the pool asks. */
export type HeavyJobHandler<I, T> = (input: I) => Promise<WorkerReply<T>> | WorkerReply<T>;

let running = 0;
/** Jobs waiting for a slot, first come first served, each with the ticket its client named it by. */
const waiting: Array<{ go: () => void; ticket?: string }> = [];
/** Tickets of the jobs running now. */
const runningTickets = new Set<string>();

async function slot(ticket?: string): Promise<() => void> {
  if (running >= HEAVY_JOBS_AT_ONCE) await new Promise<void>((go) => waiting.push({ go, ticket }));
  running += 1;
  if (ticket) runningTickets.add(ticket);
  return () => {
    running -= 1;
    if (ticket) runningTickets.delete(ticket);
    waiting.shift()?.go();
  };
}

/** Where the job a client named by `ticket` stands in this process: queued behind how many, running, or unknown here. */
export function heavyJobProgress(ticket: string): { state: 'waiting' | 'running' | 'unknown'; ahead: number } {
  if (runningTickets.has(ticket)) return { state: 'running', ahead: 0 };
  const at = waiting.findIndex((w) => w.ticket === ticket);
  return at >= 0 ? { state: 'waiting', ahead: running + at } : { state: 'unknown', ahead: 0 };
}

// The server runs TypeScript through tsx: each worker registers it first (in tests too), then loads its job.
const BOOTSTRAP = new URL('./bootstrap.mjs', import.meta.url);
const YOUNG_GENERATION_MB = 32;

/** A warm worker: booted once, answering jobs on its own port one at a time. */
interface Warm {
  worker: Worker;
  port: MessagePort;
  memoryMb: number;
  /** Settles the job it runs when the worker dies under it. */
  onDeath?: (err: Error & { code?: string }, exitCode?: number) => void;
  dead: boolean;
}

const idle: Warm[] = [];
/** Every live warm worker (idle and busy). */
const live = new Set<Warm>();
/** Workers started and jobs run, for tests and the bench. */
const counts = { started: 0, jobs: 0, replaced: 0 };

/** How many heavy jobs run now and wait, and how many warm workers there are (for tests and health). */
export const heavyJobs = () => ({ running, waiting: waiting.length, workers: live.size, idle: idle.length, started: counts.started, replaced: counts.replaced });

function spawn(memoryMb: number, warmEntry?: string): Warm {
  const { port1, port2 } = new MessageChannel();
  const worker = new Worker(BOOTSTRAP, {
    workerData: { port: port2, warm: warmEntry },
    transferList: [port2],
    execArgv: [],
    resourceLimits: { maxOldGenerationSizeMb: memoryMb, maxYoungGenerationSizeMb: YOUNG_GENERATION_MB },
  });
  counts.started += 1;
  // Neither an idle worker nor its port keeps the process alive: a server (or a test) closes without waiting for them.
  worker.unref();
  port1.unref();
  const warm: Warm = { worker, port: port1, memoryMb, dead: false };
  live.add(warm);
  const die = (err: Error & { code?: string }, exitCode?: number) => {
    if (warm.dead) return;
    warm.dead = true;
    live.delete(warm);
    const at = idle.indexOf(warm);
    if (at >= 0) idle.splice(at, 1);
    port1.close();
    warm.onDeath?.(err, exitCode);
  };
  worker.on('error', (err) => die(err));
  worker.on('exit', (code) => die(new Error(`worker exited with ${code}`), code));
  return warm;
}

function kill(warm: Warm) {
  if (warm.dead) return;
  warm.dead = true;
  live.delete(warm);
  const at = idle.indexOf(warm);
  if (at >= 0) idle.splice(at, 1);
  warm.port.close();
  void warm.worker.terminate();
}

/**
 * A worker with this memory ceiling, idle, from the warm ones or newly started. The pool never holds
 * more than HEAVY_JOBS_AT_ONCE: an idle one of another ceiling makes room.
 */
function take(memoryMb: number, entry: string): Warm {
  const at = idle.findIndex((w) => w.memoryMb === memoryMb);
  if (at >= 0) return idle.splice(at, 1)[0];
  while (live.size >= HEAVY_JOBS_AT_ONCE && idle.length) kill(idle[0]);
  return spawn(memoryMb, entry);
}

/** Back to the idle ones, unless the pool is full of others (then it goes). */
function giveBack(warm: Warm) {
  warm.onDeath = undefined;
  if (warm.dead) return;
  if (live.size > HEAVY_JOBS_AT_ONCE) kill(warm);
  else idle.push(warm);
}

/** A worker killed by its job is replaced at once, its module loaded, so the next job finds it warm. */
function replace(memoryMb: number, entry: string) {
  counts.replaced += 1;
  if (live.size < HEAVY_JOBS_AT_ONCE) idle.push(spawn(memoryMb, entry));
}

/**
 * Starts a warm worker for jobs of `file` with these limits (its module loaded), unless one is
 * idle already: the first job then does not wait for tsx to boot. Never keeps the process alive.
 */
export function prewarmHeavyJob(file: URL, limits: Pick<HeavyJobLimits, 'memoryMb'>): void {
  if (idle.some((w) => w.memoryMb === limits.memoryMb) || live.size >= HEAVY_JOBS_AT_ONCE) return;
  idle.push(spawn(limits.memoryMb, file.href));
}

/** Ends every idle worker (at the server's close); a busy one ends with its job's timeout or answer, unreferenced meanwhile. */
export async function closeHeavyWorkers(): Promise<void> {
  const all = idle.splice(0);
  await Promise.all(
    all.map(async (w) => {
      w.dead = true;
      live.delete(w);
      w.port.close();
      await w.worker.terminate();
    }),
  );
}

/** Runs `file` (a worker module, see above) on `input`; `ticket`: the client's name for it (heavyJobProgress). */
export async function runHeavyJob<T>(file: URL, input: unknown, limits: HeavyJobLimits, transfer: ArrayBuffer[] = [], ticket?: string): Promise<T> {
  const release = await slot(ticket);
  try {
    counts.jobs += 1;
    const reply = await runWarm<T>(file, input, limits, transfer);
    if (reply.ok) return reply.value;
    throw new AppError((reply.code ?? ErrorCode.FAIL) as ErrorCodeValue, reply.message, reply.status);
  } finally {
    release();
  }
}

async function runWarm<T>(file: URL, input: unknown, limits: HeavyJobLimits, transfer: ArrayBuffer[]): Promise<WorkerReply<T>> {
  const warm = take(limits.memoryMb, file.href);
  return new Promise<WorkerReply<T>>((resolve, reject) => {
    let settled = false;
    const finish = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      warm.port.off('message', onMessage);
      fn();
    };
    const timer = setTimeout(
      () =>
        finish(() => {
          // A job past its time may be stuck in a loop: only ending its thread stops it.
          kill(warm);
          replace(limits.memoryMb, file.href);
          reject(new AppError(ErrorCode.FAIL, limits.tooSlow));
        }),
      limits.timeoutMs,
    );
    const onMessage = (message: { reply: WorkerReply<T> }) =>
      finish(() => {
        giveBack(warm);
        resolve(message.reply);
      });
    warm.port.on('message', onMessage);
    warm.onDeath = (err, exitCode) =>
      finish(() => {
        replace(limits.memoryMb, file.href);
        if (err.code === 'ERR_WORKER_OUT_OF_MEMORY') reject(new AppError(ErrorCode.FAIL, limits.tooBig));
        else if (exitCode !== undefined) reject(new AppError(ErrorCode.FAIL, exitCode === 0 ? limits.tooSlow : limits.tooBig));
        else reject(err);
      });
    warm.port.postMessage({ entry: file.href, input }, transfer);
  });
}
