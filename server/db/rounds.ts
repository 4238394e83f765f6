import type { Db } from './database';

/** A call waiting for its round: what it asked, and how it is answered. */
export interface Pending<T, R> {
  item: T;
  resolve: (r: R) => void;
  reject: (e: unknown) => void;
}

/**
 * Calls that arrive while the event loop handles one round of requests, gathered per database
 * handle and handed to `run` together (which answers each). One gathering per handle is out at a
 * time: calls that arrive meanwhile wait for it and go together in the next, so a slower database
 * gets larger gatherings rather than more of them. Shared by groupCommit (writes) and groupRead
 * (reads).
 *
 * With `gatherMs`, a gathering that starts while none is out waits that long for company first:
 * for calls that come steadily rather than in bursts (a cohort handing in one after another), whose
 * own commit costs more than the wait, or that nobody waits for.
 */
export function perRound<T, R>(run: (db: Db, batch: Array<Pending<T, R>>) => Promise<void>, gatherMs = 0): (db: Db, item: T) => Promise<R> {
  const queues = new WeakMap<Db, Queue<T, R>>();
  const schedule = gatherMs > 0 ? (go: () => void) => void setTimeout(go, gatherMs) : (go: () => void) => void setImmediate(go);

  const flush = async (db: Db, queue: Queue<T, R>) => {
    const batch = queue.waiting;
    queue.waiting = [];
    queue.busy = true;
    try {
      await run(db, batch);
    } catch (e) {
      for (const p of batch) p.reject(e);
    } finally {
      queue.busy = false;
      if (queue.waiting.length) setImmediate(() => void flush(db, queue));
    }
  };

  return (db, item) =>
    new Promise<R>((resolve, reject) => {
      let queue = queues.get(db);
      if (!queue) queues.set(db, (queue = { waiting: [], busy: false }));
      queue.waiting.push({ item, resolve, reject });
      if (!queue.busy && queue.waiting.length === 1) {
        const mine = queue;
        schedule(() => void flush(db, mine));
      }
    });
}

interface Queue<T, R> {
  /** Calls for the next gathering. */
  waiting: Array<Pending<T, R>>;
  /** A gathering is out (the next one goes when it is back). */
  busy: boolean;
}
