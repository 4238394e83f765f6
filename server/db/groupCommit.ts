import type { Db } from './database';
import { perRound, type Pending } from './rounds';

/**
 * Group commit for a short write that arrives many times at once (a cohort saving answers). A
 * commit costs more than such a write: on SQLite each statement outside a transaction appends to the
 * log on its own, on PostgreSQL each waits for its own flush to disk. Here the writes that arrive
 * while the event loop handles one round of requests run in one transaction, and each caller is
 * answered once it has committed. Inside a caller's transaction the write runs at once, as before.
 *
 * One batch per database handle is in flight at a time: writes that arrive meanwhile wait for it and
 * go together in the next, so a slower database gets larger batches rather than more transactions.
 * With `many.write`, a batch of several is written by it in a few statements (rows of many papers in
 * one insert) instead of by `write` once per caller; it answers in the order it was given. Where
 * `many.standalone(db)` says so, `many.write` runs with no transaction around it (no BEGIN and COMMIT
 * round trips), however many the batch holds: each of its statements must then be whole by itself,
 * and a batch written in part must be safe to write again (the fallback below runs it again).
 *
 * The writes of a batch run in the order of `lockKey` (PostgreSQL takes row locks as it goes, and
 * two batches must not wait for each other in a circle). A batch that fails is rolled back and its
 * writes are run again one by one, each in its own transaction, so one bad write never costs the
 * others theirs. `gatherMs` lets a batch wait for company (see perRound).
 */
export function groupCommit<A, R>(
  write: (db: Db, arg: A) => Promise<R>,
  lockKey: (arg: A) => string,
  many?: { write: (db: Db, args: readonly A[]) => Promise<R[]>; standalone?: (db: Db) => boolean },
  gatherMs = 0,
): (db: Db, arg: A) => Promise<R> {
  const runBatch = async (db: Db, batch: Array<Pending<Write<A>, R>>) => {
    const ordered = batch.length > 1 ? [...batch].sort((a, b) => (a.item.key < b.item.key ? -1 : a.item.key > b.item.key ? 1 : 0)) : batch;
    let results: R[];
    try {
      const args = ordered.map((p) => p.item.arg);
      if (many?.standalone?.(db)) {
        results = await many.write(db, args);
      } else {
        results = await db.transaction().execute(async (tx) => {
          if (many && args.length > 1) return many.write(tx, args);
          const out: R[] = [];
          for (const a of args) out.push(await write(tx, a));
          return out;
        });
      }
    } catch {
      await Promise.all(batch.map((p) => db.transaction().execute((tx) => write(tx, p.item.arg)).then(p.resolve, p.reject)));
      return;
    }
    ordered.forEach((p, i) => p.resolve(results[i]));
  };
  const gathered = perRound<Write<A>, R>(runBatch, gatherMs);

  return (db, arg) => (db.isTransaction ? write(db, arg) : gathered(db, { arg, key: lockKey(arg) }));
}

/** A write waiting for its batch, with its place in the batch's lock order. */
interface Write<A> {
  arg: A;
  key: string;
}
