import type { Kysely } from 'kysely';

// Frozen: never edit after it has shipped; add a new migration instead.
// An exam may let its learners practise the banks it draws from while it is open to them
// (low-stakes quizzes); off by default, so a bank an exam draws from is closed for practice to
// that exam's learners until the exam is over for them (server/modules/access).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('exam').addColumn('practice_during', 'integer', (c) => c.notNull().defaultTo(0)).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('exam').dropColumn('practice_during').execute();
}
