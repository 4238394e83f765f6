import { parentPort, workerData } from 'node:worker_threads';
import type { WorkerReply } from './pool';

/**
 * Lets a job module exporting `handle(input)` also run the one-shot way: loaded as a job's own entry
 * (workerData names it), it answers its single message on parentPort, its bytes transferred, not
 * copied. A pool keeping workers warm calls `handle` itself, and a module merely imported by another
 * job (its entry differs) stays silent.
 */
export function answerOnParentPort<I, T>(moduleUrl: string, job: (input: I) => Promise<WorkerReply<T>>): void {
  if (!parentPort || (workerData as { entry?: string } | null)?.entry !== moduleUrl) return;
  const port = parentPort;
  port.once('message', (input: I) => {
    void job(input).then((reply) => port.postMessage(reply, reply.ok && reply.value instanceof Uint8Array ? [reply.value.buffer as ArrayBuffer] : []));
  });
}
