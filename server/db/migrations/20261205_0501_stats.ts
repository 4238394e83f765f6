import type { Kysely } from 'kysely';

// Frozen: never edit after it has shipped; add a new migration instead.
// The statistics read model (issue 29). stats_attempt holds one row per scored paper, written after
// its hand-in or marking from what the paper already holds: its total, its learner's department,
// and per question the mark, the full mark, the chosen options and the knowledge points (JSON).
// Figures are computed from these rows alone, never from live answer rows. stats_exam keeps an
// exam's computed figures per attempts mode ('first' | 'best' | 'all'), with the version of the
// exam's attempts they were computed from; stats_exam_question keeps each question's figures and
// option shares. stats_version counts each exam's attempt changes: figures of an older version
// are recomputed.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('stats_attempt')
    .addColumn('paper_id', 'varchar(32)', (c) => c.primaryKey().references('paper.id').onDelete('cascade'))
    .addColumn('exam_id', 'varchar(32)', (c) => c.notNull().references('exam.id').onDelete('cascade'))
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull().references('sys_user.id').onDelete('cascade'))
    .addColumn('dept_id', 'varchar(32)')
    .addColumn('total', 'double precision', (c) => c.notNull())
    .addColumn('max_total', 'double precision', (c) => c.notNull())
    .addColumn('qualify_score', 'double precision', (c) => c.notNull())
    .addColumn('seconds', 'integer', (c) => c.notNull())
    .addColumn('start_time', 'bigint', (c) => c.notNull())
    .addColumn('items', 'text', (c) => c.notNull())
    .addColumn('update_time', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('idx_stats_attempt_exam').on('stats_attempt').columns(['exam_id', 'user_id', 'start_time']).execute();
  await db.schema.createIndex('idx_stats_attempt_user').on('stats_attempt').column('user_id').execute();

  await db.schema
    .createTable('stats_version')
    .addColumn('exam_id', 'varchar(32)', (c) => c.primaryKey().references('exam.id').onDelete('cascade'))
    .addColumn('version', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('stats_exam')
    .addColumn('exam_id', 'varchar(32)', (c) => c.notNull().references('exam.id').onDelete('cascade'))
    .addColumn('mode', 'varchar(8)', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('summary', 'text', (c) => c.notNull())
    .addColumn('computed_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('pk_stats_exam', ['exam_id', 'mode'])
    .execute();

  await db.schema
    .createTable('stats_exam_question')
    .addColumn('exam_id', 'varchar(32)', (c) => c.notNull().references('exam.id').onDelete('cascade'))
    .addColumn('mode', 'varchar(8)', (c) => c.notNull())
    .addColumn('slot', 'integer', (c) => c.notNull())
    .addColumn('qu_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('figures', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('pk_stats_exam_question', ['exam_id', 'mode', 'slot'])
    .execute();

  // The excellence line of an exam's statistics, in points; null: 90 % of the total.
  await db.schema.alterTable('exam').addColumn('excellent_score', 'double precision').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('exam').dropColumn('excellent_score').execute();
  for (const t of ['stats_exam_question', 'stats_exam', 'stats_version', 'stats_attempt']) await db.schema.dropTable(t).execute();
}
