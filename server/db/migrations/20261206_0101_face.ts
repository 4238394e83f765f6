import type { Kysely } from 'kysely';

// Frozen: never edit after it has shipped; add a new migration instead.
// Face sign-in (issue 28): one enrolment per user — the face descriptor the browser computed
// (never a picture, unless the site keeps enrolment photos), which model made it — and the site
// settings that switch face sign-in on, keep photos, and set the match and liveness thresholds
// (percent: 60 means a similarity of 0.60).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sys_user_face')
    .addColumn('user_id', 'varchar(32)', (c) => c.primaryKey().references('sys_user.id').onDelete('cascade'))
    // Float32 values, little-endian, base64: never sent back to any client.
    .addColumn('descriptor', 'text', (c) => c.notNull())
    // The model that computed it ('faceres') and the library version: descriptors of other models do not compare.
    .addColumn('model', 'varchar(32)', (c) => c.notNull())
    .addColumn('version', 'varchar(16)', (c) => c.notNull())
    // The enrolment photo (sys_file id) when the site keeps them, else null.
    .addColumn('photo_file_id', 'varchar(32)')
    .addColumn('create_time', 'bigint', (c) => c.notNull())
    .execute();
  for (const column of ['login_face', 'face_keep_photo']) {
    await db.schema.alterTable('sys_config').addColumn(column, 'integer', (c) => c.notNull().defaultTo(0)).execute();
  }
  await db.schema.alterTable('sys_config').addColumn('face_threshold', 'integer', (c) => c.notNull().defaultTo(60)).execute();
  await db.schema.alterTable('sys_config').addColumn('face_liveness', 'integer', (c) => c.notNull().defaultTo(40)).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of ['face_liveness', 'face_threshold', 'face_keep_photo', 'login_face']) {
    await db.schema.alterTable('sys_config').dropColumn(column).execute();
  }
  await db.schema.dropTable('sys_user_face').execute();
}
