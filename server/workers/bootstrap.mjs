// A worker's entry: registers tsx (the server's TypeScript loader) in this thread, then answers the
// jobs arriving on its own port, workerData.port: each names its module, loaded once, whose
// `handle(input)` answers the WorkerReply posted back (the buffers it names in `transfer` moved, not copied).
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

// A heavy job gives way to the thread serving requests when both want a core: on Linux a thread has
// a priority of its own (/proc/thread-self names its id), raised here to the niceness of background work.
try {
  setPriority(Number(readlinkSync('/proc/thread-self').split('/').pop()), 10);
} catch {
  /* not Linux, or not allowed: the job runs at the server's priority */
}

register();

/** @type {import('node:worker_threads').MessagePort} */
const port = workerData.port;
// Loaded while the worker waits for its first job, so that job finds the module compiled.
if (workerData.warm) await import(workerData.warm).catch(() => undefined);
port.on('message', async ({ entry, input }) => {
  let module;
  try {
    module = await import(entry);
  } catch (e) {
    port.postMessage({ reply: { ok: false, message: e instanceof Error ? e.message : String(e) } });
    return;
  }
  if (typeof module.handle !== 'function') {
    port.postMessage({ reply: { ok: false, message: `${entry} exports no handle(input)` } });
    return;
  }
  try {
    const { transfer = [], ...reply } = await module.handle(input);
    port.postMessage({ reply }, transfer);
  } catch (e) {
    port.postMessage({ reply: { ok: false, message: e instanceof Error ? e.message : String(e) } });
  }
});
