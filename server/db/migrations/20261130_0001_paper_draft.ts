import type { Kysely } from 'kysely';

// Frozen: never edit after it has shipped; add a new migration instead.
// A paper's questions as drawn, kept in one row until the learner first saves an answer (or the
// paper is handed in, marked or viewed by an administrator): then they become the paper's
// paper_qu rows and the draft goes. A cohort starting at once writes two rows per paper instead
// of one per question; the answer card and the questions are read from the draft meanwhile.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('paper_draft')
    .addColumn('paper_id', 'varchar(32)', (c) => c.primaryKey().references('paper.id').onDelete('cascade'))
    // JSON [[qu_id, parent_id, group_index, sort, qu_type, score], …] in paper order.
    .addColumn('card', 'text', (c) => c.notNull())
    // The questions as the paper keeps them (JSON QuBody), one per line in the order of card ('' for
    // a part): JSON text never holds a raw line break, so the rows are made without parsing it.
    .addColumn('questions', 'text', (c) => c.notNull())
    // When the paper was made (the rows' update_time).
    .addColumn('create_time', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('paper_draft').execute();
}
