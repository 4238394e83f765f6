import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import type { Dialect } from '../config';
import type { DB } from './schema';
import { BACKSTOP_PAGES, startCheckpointer } from './checkpoint';
import { namedStatementPool } from './pgNamed';
import { Sqlite3Dialect } from './sqlite';

// int8 (counts, epoch-millisecond times) arrive as strings from pg; every such value here fits a double.
pg.types.setTypeParser(20, (v) => Number(v));

/** A database handle or an open transaction (a Kysely Transaction is a Kysely): what repositories take. */
export type Db = Kysely<DB>;

export interface Database {
  db: Kysely<DB>;
  dialect: Dialect;
  destroy(): Promise<void>;
}

export interface DatabaseOptions {
  dialect: Dialect;
  /** postgres URL, or an SQLite file path / ':memory:' */
  url: string;
  poolSize?: number;
}

export function createDatabase({ dialect, url, poolSize = 10 }: DatabaseOptions): Database {
  if (dialect === 'postgres') {
    // Connections once opened are kept (pg closes one idle for 10 s by default): a new one costs a
    // cohort's first requests a backend's start, its caches and every named statement planned again.
    const pool = new pg.Pool({ connectionString: url, max: poolSize, min: poolSize });
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool: namedStatementPool(pool) }) });
    poolSizes.set(db, poolSize);
    return { db, dialect, destroy: () => db.destroy() };
  }
  if (url !== ':memory:') fs.mkdirSync(path.dirname(url), { recursive: true });
  const sqlite = new SQLite(url);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('foreign_keys = ON');
  const db = new Kysely<DB>({ dialect: new Sqlite3Dialect(sqlite) });
  if (url === ':memory:') return { db, dialect, destroy: () => db.destroy() };
  // A file: its log is copied back by a worker thread, not by the commits of requests.
  sqlite.pragma(`wal_autocheckpoint = ${BACKSTOP_PAGES}`);
  sqlite.pragma('journal_size_limit = 67108864');
  const checkpointer = startCheckpointer(url);
  return {
    db,
    dialect,
    async destroy() {
      await checkpointer.stop();
      await db.destroy();
    },
  };
}

/** PostgreSQL handles' pool sizes (onEveryConnection). */
const poolSizes = new WeakMap<Db, number>();

/** How long onEveryConnection goes on taking connections (others may hold the rest: a job's lock). */
const TAKE_CONNECTIONS_MS = 2_000;

/**
 * Runs `run` on every connection of the handle's pool, opening those not open yet: what a
 * connection prepares (PostgreSQL's named statements, its catalog caches) is then ready on whichever
 * one a cohort's first request gets. SQLite has the one connection.
 *
 * Each connection is asked for while the ones before are held (pg's pool hands a request an idle
 * connection rather than open another, so asking for all at once gets the same few). Where others
 * hold the rest, it stops after TAKE_CONNECTIONS_MS rather than wait on them (a job holding one
 * may be waiting for one of these).
 */
export async function onEveryConnection(db: Db, run: (conn: Db) => Promise<void>): Promise<void> {
  const size = poolSizes.get(db);
  if (!size) return run(db);
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<void>((resolve) => (timer = setTimeout(resolve, TAKE_CONNECTIONS_MS)));
  const holding = async (held: number): Promise<void> => {
    if (held === size || stopped) return;
    await db.connection().execute(async (conn) => {
      if (stopped) return;
      await run(conn);
      // Late, the ones held are let go: the next may be waiting on someone who waits on them.
      await Promise.race([holding(held + 1), late]);
    });
  };
  try {
    await Promise.race([holding(0), late]);
  } finally {
    stopped = true;
    clearTimeout(timer);
  }
}

/** Throws unless the database answers (the health probe). */
export async function pingDatabase(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}
