import type { Kysely } from 'kysely';

// Frozen: never edit after it has shipped; add a new migration instead.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sys_user')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('user_name', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('real_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('password_hash', 'varchar(255)', (c) => c.notNull())
    .addColumn('avatar', 'varchar(512)', (c) => c.notNull().defaultTo(''))
    .addColumn('mobile', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('email', 'varchar(128)', (c) => c.notNull().defaultTo(''))
    .addColumn('dept_id', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('state', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('create_time', 'bigint', (c) => c.notNull())
    .addColumn('update_time', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('idx_sys_user_dept').on('sys_user').column('dept_id').execute();

  await db.schema
    .createTable('sys_role')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('role_code', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('role_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('role_type', 'integer', (c) => c.notNull())
    .addColumn('remark', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('create_time', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('sys_user_role')
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('role_id', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('pk_sys_user_role', ['user_id', 'role_id'])
    .execute();
  await db.schema.createIndex('idx_sys_user_role_role').on('sys_user_role').column('role_id').execute();

  await db.schema
    .createTable('sys_menu')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('parent_id', 'varchar(32)', (c) => c.notNull().defaultTo('0'))
    .addColumn('menu_type', 'integer', (c) => c.notNull())
    .addColumn('title', 'varchar(64)', (c) => c.notNull())
    .addColumn('path', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('name', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('component', 'varchar(128)', (c) => c.notNull().defaultTo(''))
    .addColumn('redirect', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('permission_tag', 'varchar(128)', (c) => c.notNull().defaultTo(''))
    .addColumn('icon', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('always_show', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('no_cache', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('affix', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('create_time', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('idx_sys_menu_parent').on('sys_menu').column('parent_id').execute();

  await db.schema
    .createTable('sys_role_menu')
    .addColumn('role_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('menu_id', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('pk_sys_role_menu', ['role_id', 'menu_id'])
    .execute();
  await db.schema.createIndex('idx_sys_role_menu_menu').on('sys_role_menu').column('menu_id').execute();

  await db.schema
    .createTable('sys_depart')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('parent_id', 'varchar(32)', (c) => c.notNull().defaultTo('0'))
    .addColumn('dept_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('dept_code', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('create_time', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('idx_sys_depart_parent').on('sys_depart').column('parent_id').execute();

  await db.schema
    .createTable('sys_session')
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('create_time', 'bigint', (c) => c.notNull())
    .addColumn('last_seen_time', 'bigint', (c) => c.notNull())
    .addColumn('expire_time', 'bigint', (c) => c.notNull())
    .addColumn('ip', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('user_agent', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('idx_sys_session_user').on('sys_session').column('user_id').execute();

  await db.schema
    .createTable('sys_config')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('site_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('front_logo', 'varchar(512)', (c) => c.notNull().defaultTo(''))
    .addColumn('back_logo', 'varchar(512)', (c) => c.notNull().defaultTo(''))
    .addColumn('copy_right', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('allow_register', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('register_review', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('update_time', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('sys_msg')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('title', 'varchar(128)', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('target_type', 'integer', (c) => c.notNull())
    .addColumn('sender_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('receiver_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('create_time', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('sys_user_msg')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('msg_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('read_state', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('read_time', 'bigint')
    .addColumn('create_time', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('idx_sys_user_msg_user').on('sys_user_msg').columns(['user_id', 'read_state']).execute();
  await db.schema.createIndex('idx_sys_user_msg_msg').on('sys_user_msg').column('msg_id').execute();

  await db.schema
    .createTable('sys_notice')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('title', 'varchar(128)', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('state', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('target_type', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('create_by', 'varchar(32)', (c) => c.notNull())
    .addColumn('publish_time', 'bigint')
    .addColumn('create_time', 'bigint', (c) => c.notNull())
    .addColumn('update_time', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('idx_sys_notice_state').on('sys_notice').columns(['state', 'publish_time']).execute();

  await db.schema
    .createTable('sys_notice_depart')
    .addColumn('notice_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('dept_id', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('pk_sys_notice_depart', ['notice_id', 'dept_id'])
    .execute();

  await db.schema
    .createTable('sys_file')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('storage_key', 'varchar(255)', (c) => c.notNull())
    .addColumn('file_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('mime', 'varchar(128)', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('create_by', 'varchar(32)', (c) => c.notNull())
    .addColumn('create_time', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of [
    'sys_file', 'sys_notice_depart', 'sys_notice', 'sys_user_msg', 'sys_msg', 'sys_config', 'sys_session',
    'sys_depart', 'sys_role_menu', 'sys_menu', 'sys_user_role', 'sys_role', 'sys_user',
  ]) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
