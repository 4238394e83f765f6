import { sql, SqliteAdapter, type CreateTableBuilder, type Kysely } from 'kysely';

// Frozen: never edit after it has shipped; add a new migration instead.
//
// Foreign keys on every reference, so the database itself keeps links whole:
// - link rows go with either end (user_role, role_menu, session, user_msg, notice_depart: CASCADE);
// - a deleted user leaves what they wrote (sys_msg.sender_id, sys_notice.create_by,
//   sys_file.create_by: SET NULL);
// - a department is never deleted from under its users or sub-departments (sys_user.dept_id,
//   sys_depart.parent_id: NO ACTION, checked at the end of the statement);
// - a menu takes its sub-menus with it (sys_menu.parent_id: CASCADE).
// "No department" / "top level" become NULL instead of '' / '0' (a foreign key cannot point at a
// sentinel). Rows that already point at nothing are cleaned first (links deleted, references
// cleared), so the constraints hold from the start.
//
// PostgreSQL adds the constraints with ALTER TABLE. SQLite cannot add a constraint to an existing
// table, so each table is rebuilt there: create the new shape, copy, drop, rename, re-index, with
// foreign-key enforcement off for the rebuild and checked in full afterwards.

type Fk = { column: string; table: string; onDelete: 'cascade' | 'set null' | 'no action' };

interface TableDef {
  name: string;
  /** Columns without the foreign keys (the same as 20261121_0001, nullability as after this migration). */
  columns: (t: CreateTableBuilder<any, any>) => CreateTableBuilder<any, any>;
  fks: Fk[];
  /** SELECT list that copies the old rows into the new shape. */
  copy: string;
  /** Rows worth copying (links to nothing are dropped). */
  where?: string;
  indexes: Array<{ name: string; columns: string[] }>;
}

const exists = (column: string, table: string) => `${column} in (select id from ${table})`;
const orNull = (column: string, table: string) => `case when ${exists(column, table)} then ${column} end`;

const TABLES: TableDef[] = [
  {
    name: 'sys_user',
    columns: (t) =>
      t
        .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
        .addColumn('user_name', 'varchar(64)', (c) => c.notNull().unique())
        .addColumn('real_name', 'varchar(64)', (c) => c.notNull())
        .addColumn('password_hash', 'varchar(255)', (c) => c.notNull())
        .addColumn('avatar', 'varchar(512)', (c) => c.notNull().defaultTo(''))
        .addColumn('mobile', 'varchar(32)', (c) => c.notNull().defaultTo(''))
        .addColumn('email', 'varchar(128)', (c) => c.notNull().defaultTo(''))
        .addColumn('dept_id', 'varchar(32)')
        .addColumn('state', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('create_time', 'bigint', (c) => c.notNull())
        .addColumn('update_time', 'bigint', (c) => c.notNull()),
    fks: [{ column: 'dept_id', table: 'sys_depart', onDelete: 'no action' }],
    copy: `id, user_name, real_name, password_hash, avatar, mobile, email, ${orNull('dept_id', 'sys_depart')}, state, create_time, update_time`,
    indexes: [{ name: 'idx_sys_user_dept', columns: ['dept_id'] }],
  },
  {
    name: 'sys_depart',
    columns: (t) =>
      t
        .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
        .addColumn('parent_id', 'varchar(32)')
        .addColumn('dept_name', 'varchar(64)', (c) => c.notNull())
        .addColumn('dept_code', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('create_time', 'bigint', (c) => c.notNull()),
    fks: [{ column: 'parent_id', table: 'sys_depart', onDelete: 'no action' }],
    copy: `id, case when parent_id <> id and ${exists('parent_id', 'sys_depart')} then parent_id end, dept_name, dept_code, sort, create_time`,
    indexes: [{ name: 'idx_sys_depart_parent', columns: ['parent_id'] }],
  },
  {
    name: 'sys_menu',
    columns: (t) =>
      t
        .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
        .addColumn('parent_id', 'varchar(32)')
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
        .addColumn('create_time', 'bigint', (c) => c.notNull()),
    fks: [{ column: 'parent_id', table: 'sys_menu', onDelete: 'cascade' }],
    copy:
      `id, case when parent_id <> id and ${exists('parent_id', 'sys_menu')} then parent_id end, menu_type, title, path, name, component, ` +
      'redirect, permission_tag, icon, hidden, always_show, no_cache, affix, sort, create_time',
    indexes: [{ name: 'idx_sys_menu_parent', columns: ['parent_id'] }],
  },
  {
    name: 'sys_user_role',
    columns: (t) =>
      t
        .addColumn('user_id', 'varchar(32)', (c) => c.notNull())
        .addColumn('role_id', 'varchar(32)', (c) => c.notNull())
        .addPrimaryKeyConstraint('pk_sys_user_role', ['user_id', 'role_id']),
    fks: [
      { column: 'user_id', table: 'sys_user', onDelete: 'cascade' },
      { column: 'role_id', table: 'sys_role', onDelete: 'cascade' },
    ],
    copy: 'user_id, role_id',
    where: `${exists('user_id', 'sys_user')} and ${exists('role_id', 'sys_role')}`,
    indexes: [{ name: 'idx_sys_user_role_role', columns: ['role_id'] }],
  },
  {
    name: 'sys_role_menu',
    columns: (t) =>
      t
        .addColumn('role_id', 'varchar(32)', (c) => c.notNull())
        .addColumn('menu_id', 'varchar(32)', (c) => c.notNull())
        .addPrimaryKeyConstraint('pk_sys_role_menu', ['role_id', 'menu_id']),
    fks: [
      { column: 'role_id', table: 'sys_role', onDelete: 'cascade' },
      { column: 'menu_id', table: 'sys_menu', onDelete: 'cascade' },
    ],
    copy: 'role_id, menu_id',
    where: `${exists('role_id', 'sys_role')} and ${exists('menu_id', 'sys_menu')}`,
    indexes: [{ name: 'idx_sys_role_menu_menu', columns: ['menu_id'] }],
  },
  {
    name: 'sys_session',
    columns: (t) =>
      t
        .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('user_id', 'varchar(32)', (c) => c.notNull())
        .addColumn('create_time', 'bigint', (c) => c.notNull())
        .addColumn('last_seen_time', 'bigint', (c) => c.notNull())
        .addColumn('expire_time', 'bigint', (c) => c.notNull())
        .addColumn('ip', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .addColumn('user_agent', 'varchar(255)', (c) => c.notNull().defaultTo('')),
    fks: [{ column: 'user_id', table: 'sys_user', onDelete: 'cascade' }],
    copy: 'token_hash, user_id, create_time, last_seen_time, expire_time, ip, user_agent',
    where: exists('user_id', 'sys_user'),
    indexes: [{ name: 'idx_sys_session_user', columns: ['user_id'] }],
  },
  {
    name: 'sys_msg',
    columns: (t) =>
      t
        .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
        .addColumn('title', 'varchar(128)', (c) => c.notNull())
        .addColumn('content', 'text', (c) => c.notNull())
        .addColumn('target_type', 'integer', (c) => c.notNull())
        .addColumn('sender_id', 'varchar(32)')
        .addColumn('receiver_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('create_time', 'bigint', (c) => c.notNull()),
    fks: [{ column: 'sender_id', table: 'sys_user', onDelete: 'set null' }],
    copy: `id, title, content, target_type, ${orNull('sender_id', 'sys_user')}, receiver_count, create_time`,
    indexes: [{ name: 'idx_sys_msg_sender', columns: ['sender_id'] }],
  },
  {
    name: 'sys_user_msg',
    columns: (t) =>
      t
        .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
        .addColumn('msg_id', 'varchar(32)', (c) => c.notNull())
        .addColumn('user_id', 'varchar(32)', (c) => c.notNull())
        .addColumn('read_state', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('read_time', 'bigint')
        .addColumn('create_time', 'bigint', (c) => c.notNull()),
    fks: [
      { column: 'msg_id', table: 'sys_msg', onDelete: 'cascade' },
      { column: 'user_id', table: 'sys_user', onDelete: 'cascade' },
    ],
    copy: 'id, msg_id, user_id, read_state, read_time, create_time',
    where: `${exists('msg_id', 'sys_msg')} and ${exists('user_id', 'sys_user')}`,
    indexes: [
      { name: 'idx_sys_user_msg_user', columns: ['user_id', 'read_state'] },
      { name: 'idx_sys_user_msg_msg', columns: ['msg_id'] },
    ],
  },
  {
    name: 'sys_notice',
    columns: (t) =>
      t
        .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
        .addColumn('title', 'varchar(128)', (c) => c.notNull())
        .addColumn('content', 'text', (c) => c.notNull())
        .addColumn('state', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('target_type', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('create_by', 'varchar(32)')
        .addColumn('publish_time', 'bigint')
        .addColumn('create_time', 'bigint', (c) => c.notNull())
        .addColumn('update_time', 'bigint', (c) => c.notNull()),
    fks: [{ column: 'create_by', table: 'sys_user', onDelete: 'set null' }],
    copy: `id, title, content, state, target_type, ${orNull('create_by', 'sys_user')}, publish_time, create_time, update_time`,
    indexes: [
      { name: 'idx_sys_notice_state', columns: ['state', 'publish_time'] },
      { name: 'idx_sys_notice_create_by', columns: ['create_by'] },
    ],
  },
  {
    name: 'sys_notice_depart',
    columns: (t) =>
      t
        .addColumn('notice_id', 'varchar(32)', (c) => c.notNull())
        .addColumn('dept_id', 'varchar(32)', (c) => c.notNull())
        .addPrimaryKeyConstraint('pk_sys_notice_depart', ['notice_id', 'dept_id']),
    fks: [
      { column: 'notice_id', table: 'sys_notice', onDelete: 'cascade' },
      { column: 'dept_id', table: 'sys_depart', onDelete: 'cascade' },
    ],
    copy: 'notice_id, dept_id',
    where: `${exists('notice_id', 'sys_notice')} and ${exists('dept_id', 'sys_depart')}`,
    indexes: [{ name: 'idx_sys_notice_depart_dept', columns: ['dept_id'] }],
  },
  {
    name: 'sys_file',
    columns: (t) =>
      t
        .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
        .addColumn('storage_key', 'varchar(255)', (c) => c.notNull())
        .addColumn('file_name', 'varchar(255)', (c) => c.notNull())
        .addColumn('mime', 'varchar(128)', (c) => c.notNull())
        .addColumn('size', 'bigint', (c) => c.notNull())
        .addColumn('create_by', 'varchar(32)')
        .addColumn('create_time', 'bigint', (c) => c.notNull()),
    fks: [{ column: 'create_by', table: 'sys_user', onDelete: 'set null' }],
    copy: `id, storage_key, file_name, mime, size, ${orNull('create_by', 'sys_user')}, create_time`,
    indexes: [{ name: 'idx_sys_file_create_by', columns: ['create_by'] }],
  },
];

const fkName = (table: string, fk: Fk) => `fk_${table}_${fk.column}`;
/** Indexes that 20261121_0001 did not create (the rebuild recreates the others). */
const NEW_INDEXES = new Set(['idx_sys_msg_sender', 'idx_sys_notice_create_by', 'idx_sys_notice_depart_dept', 'idx_sys_file_create_by']);

async function upSqlite(db: Kysely<any>): Promise<void> {
  // Enforcement must be off while tables are dropped and renamed (a PRAGMA is ignored inside a
  // transaction; Kysely runs SQLite migrations outside one).
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await db.transaction().execute(async (trx) => {
      for (const def of TABLES) {
        const tmp = `${def.name}__new`;
        let create = def.columns(trx.schema.createTable(tmp) as CreateTableBuilder<any, any>);
        for (const fk of def.fks) {
          create = create.addForeignKeyConstraint(fkName(def.name, fk), [fk.column], fk.table, ['id'], (c) => c.onDelete(fk.onDelete));
        }
        await create.execute();
        await sql
          .raw(`insert into ${tmp} select ${def.copy} from ${def.name}${def.where ? ` where ${def.where}` : ''}`)
          .execute(trx);
        await trx.schema.dropTable(def.name).execute();
        await trx.schema.alterTable(tmp).renameTo(def.name).execute();
        for (const index of def.indexes) {
          await trx.schema.createIndex(index.name).on(def.name).columns(index.columns).execute();
        }
      }
      const broken = await sql<Record<string, unknown>>`pragma foreign_key_check`.execute(trx);
      if (broken.rows.length) throw new Error(`foreign keys broken after rebuild: ${JSON.stringify(broken.rows.slice(0, 5))}`);
    });
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}

async function upPostgres(db: Kysely<any>): Promise<void> {
  for (const def of TABLES) {
    for (const fk of def.fks) {
      if (fk.onDelete === 'cascade' && def.where) continue; // link tables: handled below
      // A reference that may be empty becomes nullable, and '' / '0' / dangling values become NULL.
      await db.schema.alterTable(def.name).alterColumn(fk.column, (c) => c.dropNotNull()).execute();
      await db.schema.alterTable(def.name).alterColumn(fk.column, (c) => c.dropDefault()).execute();
      const self = fk.table === def.name ? ` or ${fk.column} = id` : '';
      await sql
        .raw(`update ${def.name} set ${fk.column} = null where ${fk.column} not in (select id from ${fk.table})${self}`)
        .execute(db);
    }
    if (def.where) await sql.raw(`delete from ${def.name} where not (${def.where})`).execute(db);
    for (const fk of def.fks) {
      await db.schema
        .alterTable(def.name)
        .addForeignKeyConstraint(fkName(def.name, fk), [fk.column], fk.table, ['id'], (c) => c.onDelete(fk.onDelete))
        .execute();
    }
    for (const index of def.indexes) {
      if (NEW_INDEXES.has(index.name)) await db.schema.createIndex(index.name).on(def.name).columns(index.columns).execute();
    }
  }
}

export async function up(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof SqliteAdapter) await upSqlite(db);
  else await upPostgres(db);
}

export async function down(): Promise<void> {
  throw new Error('20261123_0003_foreign_keys cannot be undone');
}
