import type { Kysely } from 'kysely';

// Frozen: never edit after it has shipped; add a new migration instead.
// A learner's papers of one exam (attempt count, best and last score: read at every start and
// hand-in). Without it SQLite reads them through the exam's index, i.e. every paper of the
// exam, which grows with the cohort.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('idx_paper_user_exam').on('paper').columns(['user_id', 'exam_id', 'state']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('idx_paper_user_exam').execute();
}
