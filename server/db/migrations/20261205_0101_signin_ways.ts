import type { Kysely } from 'kysely';

// Frozen: never edit after it has shipped; add a new migration instead.
// Ways in besides the password (issue 28): which are switched on (the password alone by default),
// the SMS gateway's settings, the one-time codes sent by SMS or e-mail, the picture captchas asked
// of repeat senders, and a record of every sign-in.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('sys_config')
    .addColumn('login_password', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  for (const column of ['login_sms', 'reset_sms', 'reset_email']) {
    await db.schema.alterTable('sys_config').addColumn(column, 'integer', (c) => c.notNull().defaultTo(0)).execute();
  }
  // 'aliyun' | 'tencent' | '' (none); its settings as JSON, the secret among them (never sent back).
  await db.schema.alterTable('sys_config').addColumn('sms_provider', 'varchar(16)', (c) => c.notNull().defaultTo('')).execute();
  await db.schema.alterTable('sys_config').addColumn('sms_settings', 'text', (c) => c.notNull().defaultTo('{}')).execute();

  // One row per code asked for, whether or not the target belongs to anyone: the rows are also the
  // send budgets (per target and per address), counted by the service clock.
  await db.schema
    .createTable('sys_verify_code')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    // 'sms' | 'email'
    .addColumn('channel', 'varchar(8)', (c) => c.notNull())
    // The mobile number or e-mail address, as normalised by the service.
    .addColumn('target', 'varchar(128)', (c) => c.notNull())
    // 'login' | 'reset' | 'bind'
    .addColumn('scene', 'varchar(8)', (c) => c.notNull())
    .addColumn('ip', 'varchar(64)', (c) => c.notNull())
    // Whom the code is for; null when nobody owns the target (then nothing was sent and no code exists).
    .addColumn('user_id', 'varchar(32)', (c) => c.references('sys_user.id').onDelete('cascade'))
    .addColumn('code_hash', 'varchar(64)')
    .addColumn('checks', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('used', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expire_time', 'bigint', (c) => c.notNull())
    .addColumn('create_time', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('idx_verify_code_target').on('sys_verify_code').columns(['target', 'create_time']).execute();
  await db.schema.createIndex('idx_verify_code_ip').on('sys_verify_code').columns(['ip', 'create_time']).execute();

  // Sign-in and reset find the user by mobile number or e-mail address.
  await db.schema.createIndex('idx_user_mobile').on('sys_user').column('mobile').execute();
  await db.schema.createIndex('idx_user_email').on('sys_user').column('email').execute();

  await db.schema
    .createTable('sys_captcha')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('answer_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('expire_time', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('sys_signin_audit')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(32)', (c) => c.references('sys_user.id').onDelete('cascade'))
    // 'password' | 'sms' | … (the provider's name)
    .addColumn('provider', 'varchar(16)', (c) => c.notNull())
    // 0 signed in, else the error code that refused it.
    .addColumn('result', 'integer', (c) => c.notNull())
    .addColumn('ip', 'varchar(64)', (c) => c.notNull())
    .addColumn('user_agent', 'varchar(255)', (c) => c.notNull())
    .addColumn('create_time', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('idx_signin_audit_user').on('sys_signin_audit').columns(['user_id', 'create_time']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sys_signin_audit').execute();
  await db.schema.dropTable('sys_captcha').execute();
  await db.schema.dropIndex('idx_user_email').execute();
  await db.schema.dropIndex('idx_user_mobile').execute();
  await db.schema.dropTable('sys_verify_code').execute();
  for (const column of ['sms_settings', 'sms_provider', 'reset_email', 'reset_sms', 'login_sms', 'login_password']) {
    await db.schema.alterTable('sys_config').dropColumn(column).execute();
  }
}
