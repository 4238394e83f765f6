import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Frozen: never edit after it has shipped; add a new migration instead.
// PostgreSQL only: an answer save rewrites its paper_qu row, many times per question in an exam.
// With room left on each page, the new version goes on the same page and no index entry is made
// for it (a heap-only update); on full pages every save also writes the primary-key index.
export async function up(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`alter table paper_qu set (fillfactor = 70)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`alter table paper_qu reset (fillfactor)`.execute(db);
}
