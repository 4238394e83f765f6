// A worker's entry: registers tsx (the server's TypeScript loader) in this thread, then either
// - (warm, reused) answers jobs arriving on its own port, workerData.port: each names its module,
//   loaded once, whose `handle(input)` answers the WorkerReply posted back; or
// - (one-shot) loads the job's own module, named in workerData.entry, which answers on parentPort.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();

if (workerData.port) {
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
      port.postMessage({ oneShot: true });
      return;
    }
    try {
      port.postMessage({ reply: await module.handle(input) });
    } catch (e) {
      port.postMessage({ reply: { ok: false, message: e instanceof Error ? e.message : String(e) } });
    }
  });
} else {
  await import(workerData.entry);
}
