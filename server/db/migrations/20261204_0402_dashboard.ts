import type { Kysely } from 'kysely';

// Frozen: never edit after it has shipped; add a new migration instead.
// The administrator's dashboard reads what happened on a day through indexes on when it happened:
// papers by hand-in time, course completions by finish time, practice answers by answer time. A
// past day's figures are kept once computed (dash_day), so a month's chart never reads a month of
// practice answers again; a day is computed again only while some paper handed in that day still
// waits for its score (pending > 0).
export async function up(db: Kysely<any>): Promise<void> {
  // With what a day's figures read of a paper, so counting a day reads the index alone.
  await db.schema.createIndex('idx_paper_hand_time').on('paper').columns(['hand_time', 'state', 'user_score', 'total_score']).execute();
  await db.schema.createIndex('idx_course_learner_finish').on('course_learner').column('finish_time').execute();
  await db.schema.createIndex('idx_practice_answer_time').on('practice_answer').column('create_time').execute();
  await db.schema
    .createTable('dash_day')
    // Days since 1970-01-01 in the business time zone (UTC+8).
    .addColumn('day', 'integer', (c) => c.primaryKey())
    // Papers handed in that day; those finished (scored) and the sum of their score rates (percent).
    .addColumn('papers', 'integer', (c) => c.notNull())
    .addColumn('scored', 'integer', (c) => c.notNull())
    .addColumn('rate_sum', 'double precision', (c) => c.notNull())
    // Papers handed in that day still awaiting marking when it was computed.
    .addColumn('pending', 'integer', (c) => c.notNull())
    .addColumn('completions', 'integer', (c) => c.notNull())
    .addColumn('practice_answers', 'integer', (c) => c.notNull())
    .addColumn('computed_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('dash_day').execute();
  await db.schema.dropIndex('idx_practice_answer_time').execute();
  await db.schema.dropIndex('idx_course_learner_finish').execute();
  await db.schema.dropIndex('idx_paper_hand_time').execute();
}
