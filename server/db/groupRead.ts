import type { Db } from './database';

/**
 * A read asked for many keys at once (a cohort's first requests, each checking its own session),
 * made as one query per round of requests where `grouped(db)` says so: on PostgreSQL each query is
 * a round trip to another process, while SQLite answers in this one and gains nothing. Keys asked
 * while a grouped read is out wait for it and go together in the next, so a busier moment makes
 * larger reads rather than more of them. Inside a transaction the read runs alone, at once.
 */
export function groupRead<R>(
  one: (db: Db, key: string) => Promise<R>,
  many: (db: Db, keys: readonly string[]) => Promise<Map<string, R>>,
  /** What a key the grouped read did not find answers. */
  missing: () => R,
  grouped: (db: Db) => boolean,
): (db: Db, key: string) => Promise<R> {
  const queues = new WeakMap<Db, Queue<R>>();

  const flush = async (db: Db, queue: Queue<R>) => {
    const batch = queue.waiting;
    queue.waiting = new Map();
    queue.busy = true;
    try {
      const found = await many(db, [...batch.keys()]);
      for (const [key, waiters] of batch) {
        const value = found.get(key) ?? missing();
        for (const w of waiters) w.resolve(value);
      }
    } catch (e) {
      for (const waiters of batch.values()) for (const w of waiters) w.reject(e);
    } finally {
      queue.busy = false;
      if (queue.waiting.size) setImmediate(() => void flush(db, queue));
    }
  };

  return (db, key) => {
    if (db.isTransaction || !grouped(db)) return one(db, key);
    return new Promise<R>((resolve, reject) => {
      let queue = queues.get(db);
      if (!queue) queues.set(db, (queue = { waiting: new Map(), busy: false }));
      const waiters = queue.waiting.get(key);
      if (waiters) waiters.push({ resolve, reject });
      else queue.waiting.set(key, [{ resolve, reject }]);
      if (!queue.busy && queue.waiting.size === 1 && !waiters) {
        const mine = queue;
        setImmediate(() => void flush(db, mine));
      }
    });
  };
}

interface Queue<R> {
  /** Keys for the next read, each with whoever asked for it. */
  waiting: Map<string, Array<{ resolve: (r: R) => void; reject: (e: unknown) => void }>>;
  /** A read is out (the next one goes when it is back). */
  busy: boolean;
}
