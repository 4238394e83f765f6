import type { Kysely } from 'kysely';

// Frozen: never edit after it has shipped; add a new migration instead.
// The page session of a learner's last beat on a file: a random id the learner page makes when it
// opens a file and sends with every beat. Time is credited only between two beats of the same page
// session, so a tab closed and opened again never has the time it was closed credited.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('course_learn').addColumn('beat_page', 'varchar(64)', (c) => c.notNull().defaultTo('')).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('course_learn').dropColumn('beat_page').execute();
}
