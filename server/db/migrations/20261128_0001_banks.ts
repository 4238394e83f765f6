import type { Kysely } from 'kysely';

// Frozen: never edit after it has shipped; add a new migration instead.
// Question banks filed under a category tree, their practice audience, and their questions.
// A question keeps its stem in `content` and everything else that depends on its type (options,
// reference answer, blanks, matching items, sub-questions) as JSON in `body`: papers snapshot the
// whole question, so nothing joins into those parts. Knowledge points are a separate table so
// lists filter by them with an index.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('repo_catalog')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('parent_id', 'varchar(32)', (c) => c.notNull().defaultTo('0'))
    .addColumn('title', 'varchar(64)', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('create_time', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('idx_repo_catalog_parent').on('repo_catalog').column('parent_id').execute();

  await db.schema
    .createTable('qu_repo')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('title', 'varchar(128)', (c) => c.notNull())
    // NULL when not filed; a category holding banks cannot be deleted.
    .addColumn('cat_id', 'varchar(32)', (c) => c.references('repo_catalog.id'))
    .addColumn('remark', 'varchar(1000)', (c) => c.notNull().defaultTo(''))
    .addColumn('practice_open', 'integer', (c) => c.notNull().defaultTo(0))
    // Audience code: 1 everyone, 2 departments (with sub-departments), 3 people.
    .addColumn('practice_audience', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('create_by', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('create_time', 'bigint', (c) => c.notNull())
    .addColumn('update_time', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('idx_qu_repo_cat').on('qu_repo').column('cat_id').execute();
  await db.schema.createIndex('idx_qu_repo_create').on('qu_repo').columns(['create_time', 'id']).execute();

  await db.schema
    .createTable('qu_repo_depart')
    .addColumn('repo_id', 'varchar(32)', (c) => c.notNull().references('qu_repo.id').onDelete('cascade'))
    .addColumn('dept_id', 'varchar(32)', (c) => c.notNull().references('sys_depart.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('pk_qu_repo_depart', ['repo_id', 'dept_id'])
    .execute();
  await db.schema.createIndex('idx_qu_repo_depart_dept').on('qu_repo_depart').column('dept_id').execute();

  await db.schema
    .createTable('qu_repo_user')
    .addColumn('repo_id', 'varchar(32)', (c) => c.notNull().references('qu_repo.id').onDelete('cascade'))
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull().references('sys_user.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('pk_qu_repo_user', ['repo_id', 'user_id'])
    .execute();
  await db.schema.createIndex('idx_qu_repo_user_user').on('qu_repo_user').column('user_id').execute();

  await db.schema
    .createTable('qu')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('repo_id', 'varchar(32)', (c) => c.notNull().references('qu_repo.id').onDelete('cascade'))
    .addColumn('qu_type', 'integer', (c) => c.notNull())
    .addColumn('level', 'integer', (c) => c.notNull().defaultTo(1))
    // Sanitized HTML: the stem, or a combined question's shared material.
    .addColumn('content', 'text', (c) => c.notNull())
    // Hash of the normalised stem: duplicate detection within a bank.
    .addColumn('stem_key', 'varchar(64)', (c) => c.notNull())
    // JSON: the type's answer fields and sub-questions (QuBody minus quType, level, content, analysis, tags).
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('analysis', 'text', (c) => c.notNull().defaultTo(''))
    // Bank order (sequential practice, lists).
    .addColumn('sort', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('create_by', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('create_time', 'bigint', (c) => c.notNull())
    .addColumn('update_time', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('idx_qu_repo_type_level').on('qu').columns(['repo_id', 'qu_type', 'level']).execute();
  await db.schema.createIndex('idx_qu_repo_sort').on('qu').columns(['repo_id', 'sort', 'id']).execute();
  await db.schema.createIndex('idx_qu_repo_stem').on('qu').columns(['repo_id', 'stem_key']).execute();

  await db.schema
    .createTable('qu_tag')
    .addColumn('qu_id', 'varchar(32)', (c) => c.notNull().references('qu.id').onDelete('cascade'))
    .addColumn('repo_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('name', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('pk_qu_tag', ['qu_id', 'name'])
    .execute();
  await db.schema.createIndex('idx_qu_tag_repo_name').on('qu_tag').columns(['repo_id', 'name']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['qu_tag', 'qu', 'qu_repo_user', 'qu_repo_depart', 'qu_repo', 'repo_catalog']) {
    await db.schema.dropTable(t).execute();
  }
}
