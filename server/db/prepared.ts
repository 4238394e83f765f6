import { CompiledQuery, PostgresAdapter, sql, type Compilable, type Insertable, type OnConflictBuilder, type QueryResult } from 'kysely';
import { NAMED_MARKER } from './pgNamed';
import type { Db } from './database';
import type { DB } from './schema';

/**
 * Queries on the hot paths (the session check, answer saves, starting a paper) built once and
 * then only run. A Kysely builder costs more to build and compile than SQLite takes to run a short
 * statement; here the builder runs once per dialect with named slots in place of the values, and
 * each call fills the slots of the compiled SQL.
 *
 *   const findX = prepared((db, v: Slots<{ id: string }>) => db.selectFrom('x').selectAll().where('id', '=', v.id));
 *   const rows = await findX.rows(db, { id });
 *
 * Slots stand for single values only (not lists), and the query's shape must not depend on them.
 */

const SLOT = '\u0000slot:';

export const isPostgres = (db: Db) => db.getExecutor().adapter instanceof PostgresAdapter;

/** Stand-ins for a prepared query's values, typed as the values they stand for. */
export type Slots<V> = { readonly [K in keyof V]: V[K] };

type Param = { slot: string } | { value: unknown };

interface Plan {
  compiled: CompiledQuery;
  params: Param[];
}

export interface Prepared<V, R> {
  /** Runs the query with these values; the raw result (rows, numAffectedRows). */
  run(db: Db, values: V): Promise<QueryResult<R>>;
  rows(db: Db, values: V): Promise<R[]>;
  first(db: Db, values: V): Promise<R | undefined>;
  /** Rows changed (updates, deletes, inserts). */
  changed(db: Db, values: V): Promise<number>;
}

const slots = new Proxy({}, { get: (_t, name) => (typeof name === 'string' ? SLOT + name : undefined) });

export function prepared<V extends Record<string, unknown>, R>(build: (db: Db, v: Slots<V>) => Compilable<R>): Prepared<V, R> {
  // One plan per dialect: the adapter object is shared by a database handle and its transactions.
  const plans = new WeakMap<object, Plan>();
  const planFor = (db: Db): Plan => {
    const adapter = db.getExecutor().adapter;
    let plan = plans.get(adapter);
    if (!plan) {
      const built = build(db, slots as Slots<V>).compile();
      // On PostgreSQL, sent as a named statement: planned once per connection (see pgNamed.ts).
      const compiled = adapter instanceof PostgresAdapter ? { ...built, sql: NAMED_MARKER + built.sql } : built;
      const params = compiled.parameters.map((p): Param => (typeof p === 'string' && p.startsWith(SLOT) ? { slot: p.slice(SLOT.length) } : { value: p }));
      plan = { compiled, params };
      plans.set(adapter, plan);
    }
    return plan;
  };
  const run = (db: Db, values: V): Promise<QueryResult<R>> => {
    const { compiled, params } = planFor(db);
    const parameters = params.map((p) => {
      if (!('slot' in p)) return p.value;
      const v = values[p.slot];
      if (v === undefined) throw new Error(`prepared query: no value for ${p.slot}`);
      return v;
    });
    return db.executeQuery<R>({ ...compiled, parameters } as CompiledQuery<R>);
  };
  return {
    run,
    rows: async (db, values) => (await run(db, values)).rows,
    first: async (db, values) => (await run(db, values)).rows[0],
    changed: async (db, values) => Number((await run(db, values)).numAffectedRows ?? 0),
  };
}

/** The SQL of a many-row insert, per dialect, table, column list and row count. */
const insertSql = new WeakMap<object, Map<string, string>>();

/**
 * On a row whose key exists already: take these columns from the new row instead (`update`), or add
 * the new row's value to the stored one (`add`); with neither, keep the stored row as it is.
 */
export interface OnConflictUpdate<C> {
  key: readonly C[];
  update: readonly C[];
  add?: readonly C[];
}

/** The ON CONFLICT clause of an insert into `table` (Kysely's onConflict callback). */
export function onConflictUpdate<T extends keyof DB & string>(table: T, conflict: OnConflictUpdate<keyof DB[T] & string>) {
  if (conflict.update.length === 0 && !conflict.add?.length) return (oc: OnConflictBuilder<DB, T>) => oc.columns(conflict.key as never).doNothing();
  return (oc: OnConflictBuilder<DB, T>) =>
    oc.columns(conflict.key as never).doUpdateSet(
      (eb) =>
        Object.fromEntries([
          ...conflict.update.map((c) => [c, eb.ref(`excluded.${c}` as never)]),
          ...(conflict.add ?? []).map((c) => [c, eb(eb.ref(`${table}.${c}` as never), '+', eb.ref(`excluded.${c}` as never))]),
        ]) as never,
    );
}

/** Bound parameters per statement: under SQLite's limit (32,766) and PostgreSQL's (65,535). */
const PARAMS_PER_STATEMENT = 16_000;

/**
 * Inserts rows that all have the same columns in as few statements as it can, without Kysely
 * building per call (a paper's questions, a hand-in's wrong book: one statement, not one per row).
 * SQLite: one statement per chunk under the parameter limit, its SQL built once per row count.
 * PostgreSQL: one statement whose rows go as one JSON parameter, read back as rows of the table
 * (json_populate_recordset), sent named: the same text for any number of rows, so each connection
 * parses and plans it once, where hundreds of bound values cost more to parse and bind than the
 * insert itself.
 */
export async function insertRows<T extends keyof DB & string>(
  db: Db,
  table: T,
  rows: ReadonlyArray<Insertable<DB[T]>>,
  conflict?: OnConflictUpdate<keyof DB[T] & string>,
): Promise<void> {
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0]) as Array<keyof (typeof rows)[number]>;
  for (const row of rows) {
    for (const c of columns) if (row[c] === undefined) throw new Error(`insertRows: ${table}.${String(c)} is undefined`);
  }
  if (isPostgres(db)) {
    await db.executeQuery(CompiledQuery.raw(insertSqlOf(db, table, columns, 'json', conflict), [JSON.stringify(rows)]));
    return;
  }
  const per = Math.max(1, Math.floor(PARAMS_PER_STATEMENT / columns.length));
  for (let i = 0; i < rows.length; i += per) {
    const chunk = rows.slice(i, i + per);
    const parameters: unknown[] = [];
    for (const row of chunk) for (const c of columns) parameters.push(row[c]);
    await db.executeQuery(CompiledQuery.raw(insertSqlOf(db, table, columns, chunk, conflict), parameters));
  }
}

/**
 * PostgreSQL: the rows of `table` sent as one JSON array in the statement's parameter `$n`, read back
 * as rows of that table (`r`), for an insert whose text is the same however many rows it brings.
 */
export const jsonRowsOf = (table: keyof DB & string, n: number) => sql`json_populate_recordset(null::${sql.table(table)}, ${sql.raw(`$${n}`)}::json)`.as('r');

/** The SQL of insertRows: for these rows' count (bound values row by row, in `columns` order), or for rows sent as JSON. */
function insertSqlOf<T extends keyof DB & string>(
  db: Db,
  table: T,
  columns: ReadonlyArray<keyof Insertable<DB[T]>>,
  rows: ReadonlyArray<Insertable<DB[T]>> | 'json',
  conflict?: OnConflictUpdate<keyof DB[T] & string>,
): string {
  const adapter = db.getExecutor().adapter;
  let known = insertSql.get(adapter);
  if (!known) insertSql.set(adapter, (known = new Map()));
  const onConflict = conflict ? ` on (${conflict.key.join(',')}) set ${conflict.update.join(',')} add ${(conflict.add ?? []).join(',')}` : '';
  const key = `${table}(${columns.join(',')})×${rows === 'json' ? 'json' : rows.length}${onConflict}`;
  let text = known.get(key);
  if (text) return text;
  const into = db.insertInto(table);
  let insert;
  if (rows === 'json') {
    const cols = columns.map(String) as never[];
    insert = into.columns(cols).expression((eb) => eb.selectFrom(jsonRowsOf(table, 1)).select(cols));
  } else {
    // Kysely lays the values out row by row in the first row's column order: as insertRows binds them.
    insert = into.values(rows as never);
  }
  const compiled = (conflict ? insert.onConflict(onConflictUpdate(table, conflict)) : insert).compile();
  const expected = rows === 'json' ? 0 : rows.length * columns.length;
  if (compiled.parameters.length !== expected) throw new Error(`insertRows: unexpected layout for ${table}`);
  text = rows === 'json' ? NAMED_MARKER + compiled.sql : compiled.sql;
  known.set(key, text);
  return text;
}

/** A statement's columns of values: name and type. */
export type Columns = ReadonlyArray<readonly [name: string, type: string]>;

/** PostgreSQL: rowsStatement's source `v`, its rows sent as one JSON array (of arrays, in `columns` order) in parameter `$n`. */
export const jsonbRows = (columns: Columns, n: number) =>
  `(select ${columns.map(([name, type], i) => `(e->>${i})::${type} as ${name}`).join(', ')} from jsonb_array_elements($${n}::jsonb) as e) as v`;

/** Rows' values one row after another, as SQLite's union of selects binds them (Array.prototype.flat costs a hand-in's 650 values some 20 times as much). */
function rowByRow(rows: ReadonlyArray<readonly unknown[]>): unknown[] {
  const values: unknown[] = [];
  for (const row of rows) for (const v of row) values.push(v);
  return values;
}

/** Rows per statement on SQLite: it allows 500 terms in one compound select. */
const SQLITE_ROWS_PER_STATEMENT = 200;

/**
 * A statement over many rows of values, named `v` in its SQL. Kysely has no rows-of-values source for
 * both dialects, so the SQL is written out: PostgreSQL takes every row as one JSON parameter (one
 * named statement, planned once per connection; one JSON text costs the process far less to send
 * than an array per column), SQLite a union of selects per count, 200 rows at most.
 */
export function rowsStatement(columns: Columns, sqlOf: (source: string) => string) {
  const pg = `${NAMED_MARKER}${sqlOf(jsonbRows(columns, 1))}`;
  const sqlite = new Map<number, string>();
  const row = `select ${columns.map(([name, type]) => `cast(? as ${type}) as ${name}`).join(', ')}`;
  return async <R>(db: Db, rows: ReadonlyArray<readonly unknown[]>): Promise<R[]> => {
    if (rows.length === 0) return [];
    if (isPostgres(db)) return (await db.executeQuery<R>(CompiledQuery.raw(pg, [JSON.stringify(rows)]))).rows;
    const out: R[] = [];
    for (let i = 0; i < rows.length; i += SQLITE_ROWS_PER_STATEMENT) {
      const chunk = rows.slice(i, i + SQLITE_ROWS_PER_STATEMENT);
      let text = sqlite.get(chunk.length);
      if (!text) sqlite.set(chunk.length, (text = sqlOf(`(${Array.from({ length: chunk.length }, () => row).join(' union all ')}) as v`)));
      out.push(...(await db.executeQuery<R>(CompiledQuery.raw(text, rowByRow(chunk)))).rows);
    }
    return out;
  };
}
