import type { Kysely } from 'kysely';

// Frozen: never edit after it has shipped; add a new migration instead.
// A hand-in files up to a paper's every question into its learner's wrong book, so each index on
// wrong_book is written that many times per hand-in: a cohort handing in wrote (user_id, qu_id)
// half a million times for a lookup that is rare (one question across a learner's exams) and that
// uq_wrong_book (user_id, exam_id, qu_id) answers by its leading user_id, over one learner's rows.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('idx_wrong_book_user_qu').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('idx_wrong_book_user_qu').on('wrong_book').columns(['user_id', 'qu_id']).execute();
}
