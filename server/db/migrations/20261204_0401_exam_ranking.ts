import { sql, type Kysely } from 'kysely';

// Frozen: never edit after it has shipped; add a new migration instead.
// Rankings (成绩排名): each exam says whether its learners see the ranking (off by default) and
// whether it shows names there (on by default, for when it is shown). A learner's record keeps the
// seconds their best paper took, so the ranking (best score, then time used) reads one index in
// order: the records of an exam not yet scored have no time and stay out of it.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('exam').addColumn('rank_open', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('exam').addColumn('rank_names', 'integer', (c) => c.notNull().defaultTo(1)).execute();
  await db.schema.alterTable('exam_record').addColumn('best_time', 'integer').execute();
  // Seconds, rounded as paper lists show them.
  await db
    .updateTable('exam_record')
    .set({
      best_time: sql`(select (p.hand_time - p.create_time + 500) / 1000 from paper p where p.id = exam_record.best_paper_id and p.hand_time is not null)`,
    })
    .where('best_paper_id', 'is not', null)
    .execute();
  await db.schema
    .createIndex('idx_exam_record_rank')
    .on('exam_record')
    .columns(['exam_id', 'max_score desc', 'best_time', 'user_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('idx_exam_record_rank').execute();
  await db.schema.alterTable('exam_record').dropColumn('best_time').execute();
  await db.schema.alterTable('exam').dropColumn('rank_names').execute();
  await db.schema.alterTable('exam').dropColumn('rank_open').execute();
}
