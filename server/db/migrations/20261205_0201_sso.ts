import type { Kysely } from 'kysely';

// Frozen: never edit after it has shipped; add a new migration instead.
// Single sign-on: the OIDC and LDAP settings (one record, JSON: secrets never leave the server),
// which local users came from which provider (and under which subject there), and the OIDC
// sign-ins under way (state, nonce and PKCE verifier between the redirect and the callback, kept
// in the database so any process may take the callback).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sso_config')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('settings', 'text', (c) => c.notNull())
    .addColumn('update_time', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('sso_user')
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull().references('sys_user.id').onDelete('cascade'))
    // 'oidc' or 'ldap'.
    .addColumn('provider', 'varchar(16)', (c) => c.notNull())
    // The IdP's subject (sub) or the directory entry's DN.
    .addColumn('subject', 'varchar(512)', (c) => c.notNull())
    .addColumn('create_time', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('pk_sso_user', ['provider', 'subject'])
    .execute();
  await db.schema.createIndex('idx_sso_user_user').on('sso_user').columns(['user_id', 'provider']).unique().execute();
  await db.schema
    .createTable('sso_flow')
    .addColumn('state', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('nonce', 'varchar(64)', (c) => c.notNull())
    .addColumn('verifier', 'varchar(128)', (c) => c.notNull())
    .addColumn('redirect', 'varchar(512)', (c) => c.notNull())
    .addColumn('create_time', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('idx_sso_flow_time').on('sso_flow').column('create_time').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sso_flow').execute();
  await db.schema.dropTable('sso_user').execute();
  await db.schema.dropTable('sso_config').execute();
}
