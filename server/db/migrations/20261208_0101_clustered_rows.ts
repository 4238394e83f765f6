import { SqliteAdapter, sql, type Kysely } from 'kysely';

// Frozen: never edit after it has shipped; add a new migration instead.
// SQLite only: paper_qu and wrong_book become WITHOUT ROWID tables, kept in the order of their
// primary key. A rowid table keeps its rows in one B-tree and its primary key in another, so each
// of a paper's rows written at hand-in, and each answer saved, wrote (or looked up) both; and a
// hand-in files up to a paper's every question into the wrong book, whose rows were in three (rows,
// id, and uq_wrong_book). Both tables' rows are small: a question is kept as a short copy line
// (see paper.snapshot), not its whole text. PostgreSQL's tables are heaps either way.
const TABLES = ['paper_qu', 'wrong_book'] as const;

interface Master {
  type: string;
  name: string;
  sql: string | null;
}

/** Rebuilds a table from its own CREATE statement with `suffix` set (SQLite's documented way to change a table's form). */
async function rebuild(db: Kysely<any>, table: string, withoutRowid: boolean): Promise<void> {
  const { rows } = await sql<Master>`select type, name, sql from sqlite_master where tbl_name = ${table}`.execute(db);
  const create = rows.find((r) => r.type === 'table')?.sql;
  if (!create) throw new Error(`table ${table} not found`);
  const body = create.replace(/\s+without\s+rowid\s*$/i, '').slice(create.indexOf('('));
  const next = `${table}_rebuilt`;
  await sql.raw(`create table "${next}" ${body}${withoutRowid ? ' without rowid' : ''}`).execute(db);
  await sql.raw(`insert into "${next}" select * from "${table}"`).execute(db);
  await sql.raw(`drop table "${table}"`).execute(db);
  await sql.raw(`alter table "${next}" rename to "${table}"`).execute(db);
  // Its own indexes (the primary key's is the table's own or made with it again).
  for (const r of rows) if (r.type === 'index' && r.sql) await sql.raw(r.sql).execute(db);
}

export async function up(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) return;
  for (const t of TABLES) await rebuild(db, t, true);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) return;
  for (const t of TABLES) await rebuild(db, t, false);
}
