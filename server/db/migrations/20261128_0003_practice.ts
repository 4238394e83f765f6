import type { Kysely } from 'kysely';

// Frozen: never edit after it has shipped; add a new migration instead.
// Bank practice: trainings (one learner's walk through a bank in one mode, with its ordered
// questions and position), the answers given in a training, each learner's running figures per
// question (for wrong-only practice and mastery), and starred questions.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('practice_train')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull().references('sys_user.id').onDelete('cascade'))
    // '' for a favourites training across banks.
    .addColumn('repo_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('mode', 'integer', (c) => c.notNull())
    .addColumn('qu_type', 'integer')
    .addColumn('tag', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    // JSON: the question ids in training order.
    .addColumn('items', 'text', (c) => c.notNull())
    .addColumn('total', 'integer', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('answered', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('right_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('finished', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('create_time', 'bigint', (c) => c.notNull())
    .addColumn('update_time', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('idx_practice_train_user').on('practice_train').columns(['user_id', 'repo_id', 'mode', 'finished']).execute();

  await db.schema
    .createTable('practice_answer')
    .addColumn('train_id', 'varchar(32)', (c) => c.notNull().references('practice_train.id').onDelete('cascade'))
    .addColumn('qu_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('answer', 'text', (c) => c.notNull())
    .addColumn('is_right', 'integer', (c) => c.notNull())
    .addColumn('create_time', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('pk_practice_answer', ['train_id', 'qu_id'])
    .execute();

  await db.schema
    .createTable('practice_stat')
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull().references('sys_user.id').onDelete('cascade'))
    .addColumn('qu_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('repo_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('qu_type', 'integer', (c) => c.notNull())
    .addColumn('answered', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('right_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('wrong_count', 'integer', (c) => c.notNull().defaultTo(0))
    // Right answers in a row since the last wrong one (two clear a question from wrong-only practice).
    .addColumn('streak', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_right', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_time', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('pk_practice_stat', ['user_id', 'qu_id'])
    .execute();
  await db.schema.createIndex('idx_practice_stat_repo').on('practice_stat').columns(['repo_id', 'user_id']).execute();

  await db.schema
    .createTable('practice_favorite')
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull().references('sys_user.id').onDelete('cascade'))
    .addColumn('qu_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('repo_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('create_time', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('pk_practice_favorite', ['user_id', 'qu_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['practice_favorite', 'practice_stat', 'practice_answer', 'practice_train']) await db.schema.dropTable(t).execute();
}
