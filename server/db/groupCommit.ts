import type { Db } from './database';

/**
 * Group commit for a short write that arrives many times at once (a cohort saving answers). A
 * commit costs more than such a write: on SQLite each statement outside a transaction appends to the
 * log on its own, on PostgreSQL each waits for its own flush to disk. Here the writes that arrive
 * while the event loop handles one round of requests run in one transaction, and each caller is
 * answered once it has committed. Inside a caller's transaction the write runs at once, as before.
 *
 * The writes of a batch run in the order of `lockKey` (PostgreSQL takes row locks as it goes, and
 * two batches on two connections must not wait for each other in a circle). A batch that fails is
 * rolled back and its writes are run again one by one, each in its own transaction, so one bad write
 * never costs the others theirs.
 */
export function groupCommit<A, R>(write: (db: Db, arg: A) => Promise<R>, lockKey: (arg: A) => string): (db: Db, arg: A) => Promise<R> {
  const queues = new WeakMap<Db, Array<Pending<A, R>>>();

  const flush = async (db: Db, batch: Array<Pending<A, R>>) => {
    queues.delete(db);
    const ordered = batch.length > 1 ? [...batch].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)) : batch;
    let results: R[];
    try {
      results = await db.transaction().execute(async (tx) => {
        const out: R[] = [];
        for (const p of ordered) out.push(await write(tx, p.arg));
        return out;
      });
    } catch {
      for (const p of batch) db.transaction().execute((tx) => write(tx, p.arg)).then(p.resolve, p.reject);
      return;
    }
    ordered.forEach((p, i) => p.resolve(results[i]));
  };

  return (db, arg) => {
    if (db.isTransaction) return write(db, arg);
    return new Promise<R>((resolve, reject) => {
      let batch = queues.get(db);
      if (!batch) {
        batch = [];
        queues.set(db, batch);
        const mine = batch;
        setImmediate(() => void flush(db, mine));
      }
      batch.push({ arg, key: lockKey(arg), resolve, reject });
    });
  };
}

interface Pending<A, R> {
  arg: A;
  key: string;
  resolve: (r: R) => void;
  reject: (e: unknown) => void;
}
