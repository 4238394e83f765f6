import type { Db } from './database';
import { perRound } from './rounds';

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
  const gathered = perRound<string, R>(async (db, batch) => {
    const found = await many(db, [...new Set(batch.map((p) => p.item))]);
    for (const p of batch) p.resolve(found.get(p.item) ?? missing());
  });
  return (db, key) => (db.isTransaction || !grouped(db) ? one(db, key) : gathered(db, key));
}
