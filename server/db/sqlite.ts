import type SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  SelectQueryNode,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
} from 'kysely';

/** Prepared statements kept per database: enough for every query shape the app builds. */
const STATEMENT_CACHE_SIZE = 1_000;

/**
 * A first-come-first-served lock: the one connection goes to waiters in order, waking only the
 * next one (Kysely's own wakes every waiter on each release, which costs quadratic time when a
 * cohort of requests queues behind a transaction).
 */
class FifoLock {
  private held = false;
  private readonly waiters: Array<() => void> = [];

  lock(): Promise<void> {
    if (!this.held) {
      this.held = true;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  unlock(): void {
    const next = this.waiters.shift();
    if (next) next();
    else this.held = false;
  }
}

/**
 * The one connection to the file. Statements are prepared once per SQL text and reused (preparing
 * costs more than running a short statement); better-sqlite3 runs them synchronously, and the lock
 * above keeps any two uses apart.
 */
class Connection implements DatabaseConnection {
  private readonly statements = new Map<string, SQLite.Statement>();

  constructor(private readonly db: SQLite.Database) {}

  private prepare(sql: string): SQLite.Statement {
    let stmt = this.statements.get(sql);
    if (stmt) {
      // Most recently used last: the oldest goes first when the cache is full.
      this.statements.delete(sql);
    } else {
      stmt = this.db.prepare(sql);
      if (this.statements.size >= STATEMENT_CACHE_SIZE) this.statements.delete(this.statements.keys().next().value as string);
    }
    this.statements.set(sql, stmt);
    return stmt;
  }

  executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const stmt = this.prepare(compiled.sql);
    const parameters = compiled.parameters as unknown[];
    if (stmt.reader) return Promise.resolve({ rows: stmt.all(parameters) as R[] });
    const { changes, lastInsertRowid } = stmt.run(parameters);
    return Promise.resolve({ numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] });
  }

  async *streamQuery<R>(compiled: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    if (!SelectQueryNode.is(compiled.query)) throw new Error('SQLite streams only select queries');
    // A statement being iterated cannot run again meanwhile: a stream gets its own.
    for (const row of this.db.prepare(compiled.sql).iterate(compiled.parameters as unknown[])) yield { rows: [row as R] };
  }
}

class Sqlite3Driver implements Driver {
  private readonly lockOf = new FifoLock();
  private readonly connection: Connection;

  constructor(private readonly db: SQLite.Database) {
    this.connection = new Connection(db);
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    await this.lockOf.lock();
    return this.connection;
  }

  async beginTransaction(c: DatabaseConnection): Promise<void> {
    await c.executeQuery(CompiledQuery.raw('begin'));
  }

  async commitTransaction(c: DatabaseConnection): Promise<void> {
    await c.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(c: DatabaseConnection): Promise<void> {
    await c.executeQuery(CompiledQuery.raw('rollback'));
  }

  async releaseConnection(): Promise<void> {
    this.lockOf.unlock();
  }

  async destroy(): Promise<void> {
    this.db.close();
  }
}

/** Kysely's SQLite dialect on better-sqlite3, with a statement cache and a fair lock (see above). */
export class Sqlite3Dialect implements Dialect {
  constructor(private readonly db: SQLite.Database) {}

  createDriver(): Driver {
    return new Sqlite3Driver(this.db);
  }

  createQueryCompiler(): QueryCompiler {
    return new SqliteQueryCompiler();
  }

  createAdapter(): DialectAdapter {
    return new SqliteAdapter();
  }

  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new SqliteIntrospector(db);
  }
}
