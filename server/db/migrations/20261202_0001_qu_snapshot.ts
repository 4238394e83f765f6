import type { Kysely } from 'kysely';

// Frozen: never edit after it has shipped; add a new migration instead.
// The bases of papers' question copies (see paper.snapshot.ts): each question as papers keep it,
// once, under a hash of its text. A paper's draft lists its copies as `<id>:<order>` instead of
// every copy's whole text; the copies are written out whole into paper_qu at hand-in. A base never
// changes (an edited question gets a new one), so drafts and processes may keep and share them.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('qu_snapshot')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    // JSON QuBody in the bank's order, without the fields its type leaves empty.
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('create_time', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('qu_snapshot').execute();
}
