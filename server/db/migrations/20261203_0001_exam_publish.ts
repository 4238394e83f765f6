import type { Kysely } from 'kysely';

// Frozen: never edit after it has shipped; add a new migration instead.
// An exam is a draft until an administrator publishes it: learners neither see nor start a draft.
// NULL is a draft; a time is when it was published. Exams that existed before this column were
// already open to their learners, so they count as published when they were created.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('exam').addColumn('publish_time', 'bigint').execute();
  await db.updateTable('exam').set((eb) => ({ publish_time: eb.ref('create_time') })).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('exam').dropColumn('publish_time').execute();
}
