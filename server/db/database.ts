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
    const pool = new pg.Pool({ connectionString: url, max: poolSize });
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool: namedStatementPool(pool) }) });
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

/** Throws unless the database answers (the health probe). */
export async function pingDatabase(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}
