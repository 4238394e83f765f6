import type { Kysely } from 'kysely';

// Frozen: never edit after it has shipped; add a new migration instead.
// "Change your password at next sign-in": a flag on the user (set by an administrator, or by an
// import that gave the account an initial password), copied onto the session at sign-in. A session
// so marked answers PASSWORD_CHANGE_REQUIRED to everything but the password change and sign-out;
// changing the password clears both.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sys_user').addColumn('pass_change_required', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('sys_session').addColumn('pass_change_required', 'integer', (c) => c.notNull().defaultTo(0)).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sys_session').dropColumn('pass_change_required').execute();
  await db.schema.alterTable('sys_user').dropColumn('pass_change_required').execute();
}
