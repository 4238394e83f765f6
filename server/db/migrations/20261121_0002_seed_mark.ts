import type { Kysely } from 'kysely';

// Frozen. Records which seeded records (menus) have been added once, so a seeded menu that an
// administrator deleted is not added again at the next boot.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sys_seed_mark')
    .addColumn('mark_key', 'varchar(128)', (c) => c.primaryKey())
    .addColumn('create_time', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sys_seed_mark').ifExists().execute();
}
