import { SqliteAdapter } from 'kysely';
import type { Db } from './database';

/**
 * Group commit for a short write that arrives many times at once (a cohort saving answers). On
 * SQLite every statement outside a transaction is a commit of its own, and the commit (appending to
 * the log) costs more than the statement; here the writes that arrive while the event loop handles
 * one round of requests are run in one transaction, and each caller is answered once it has
 * committed. Inside a caller's transaction, and on PostgreSQL (whose pool runs writes side by side),
 * the write runs at once as before.
 *
 * A batch that fails is rolled back and its writes are run again one by one, so one bad write never
 * costs the others theirs.
 */
export function groupCommit<A, R>(write: (db: Db, arg: A) => Promise<R>): (db: Db, arg: A) => Promise<R> {
  const queues = new WeakMap<Db, Array<Pending<A, R>>>();

  const flush = async (db: Db, batch: Array<Pending<A, R>>) => {
    queues.delete(db);
    let results: R[];
    try {
      results = await db.transaction().execute(async (tx) => {
        const out: R[] = [];
        for (const p of batch) out.push(await write(tx, p.arg));
        return out;
      });
    } catch {
      for (const p of batch) write(db, p.arg).then(p.resolve, p.reject);
      return;
    }
    batch.forEach((p, i) => p.resolve(results[i]));
  };

  return (db, arg) => {
    if (db.isTransaction || !(db.getExecutor().adapter instanceof SqliteAdapter)) return write(db, arg);
    return new Promise<R>((resolve, reject) => {
      let batch = queues.get(db);
      if (!batch) {
        batch = [];
        queues.set(db, batch);
        const mine = batch;
        setImmediate(() => void flush(db, mine));
      }
      batch.push({ arg, resolve, reject });
    });
  };
}

interface Pending<A, R> {
  arg: A;
  resolve: (r: R) => void;
  reject: (e: unknown) => void;
}
