import type { Kysely } from 'kysely';

// Frozen: never edit after it has shipped; add a new migration instead.
// Courses (filed under a category tree) with their audience, chapters and files; each learner's
// figures per file (the heartbeat's row) and per course; and a table of server secrets (the key
// that signs course file URLs is generated at first start and kept here, never in code).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sys_secret')
    .addColumn('name', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('value', 'varchar(255)', (c) => c.notNull())
    .addColumn('create_time', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('course_catalog')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('parent_id', 'varchar(32)', (c) => c.notNull().defaultTo('0'))
    .addColumn('title', 'varchar(64)', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('create_time', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('idx_course_catalog_parent').on('course_catalog').column('parent_id').execute();

  await db.schema
    .createTable('course')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('title', 'varchar(128)', (c) => c.notNull())
    .addColumn('cover', 'varchar(512)', (c) => c.notNull().defaultTo(''))
    // Sanitized HTML.
    .addColumn('content', 'text', (c) => c.notNull())
    // NULL when not filed; a category holding courses cannot be deleted.
    .addColumn('cat_id', 'varchar(32)', (c) => c.references('course_catalog.id'))
    .addColumn('teacher', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('class_hours', 'double precision', (c) => c.notNull().defaultTo(0))
    // Audience code: 1 everyone, 2 departments (with sub-departments), 3 people.
    .addColumn('audience', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('required', 'integer', (c) => c.notNull().defaultTo(0))
    // 0 draft, 1 published.
    .addColumn('state', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('deadline', 'bigint')
    .addColumn('unlock_in_order', 'integer', (c) => c.notNull().defaultTo(0))
    // The linked exam ('' for none); no foreign key: exams live in another module.
    .addColumn('exam_id', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('check_minutes', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('no_skip', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('create_by', 'varchar(32)', (c) => c.notNull())
    .addColumn('publish_time', 'bigint')
    .addColumn('create_time', 'bigint', (c) => c.notNull())
    .addColumn('update_time', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('idx_course_cat').on('course').column('cat_id').execute();
  // The learner list: published courses, latest first.
  await db.schema.createIndex('idx_course_state_publish').on('course').columns(['state', 'publish_time', 'id']).execute();
  await db.schema.createIndex('idx_course_create').on('course').columns(['create_time', 'id']).execute();

  await db.schema
    .createTable('course_depart')
    .addColumn('course_id', 'varchar(32)', (c) => c.notNull().references('course.id').onDelete('cascade'))
    .addColumn('dept_id', 'varchar(32)', (c) => c.notNull().references('sys_depart.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('pk_course_depart', ['course_id', 'dept_id'])
    .execute();
  await db.schema.createIndex('idx_course_depart_dept').on('course_depart').column('dept_id').execute();

  await db.schema
    .createTable('course_user')
    .addColumn('course_id', 'varchar(32)', (c) => c.notNull().references('course.id').onDelete('cascade'))
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull().references('sys_user.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('pk_course_user', ['course_id', 'user_id'])
    .execute();
  await db.schema.createIndex('idx_course_user_user').on('course_user').column('user_id').execute();

  await db.schema
    .createTable('course_chapter')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('course_id', 'varchar(32)', (c) => c.notNull().references('course.id').onDelete('cascade'))
    .addColumn('title', 'varchar(128)', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('create_time', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('idx_course_chapter_course').on('course_chapter').columns(['course_id', 'sort']).execute();

  await db.schema
    .createTable('course_file')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('course_id', 'varchar(32)', (c) => c.notNull().references('course.id').onDelete('cascade'))
    // NULL: listed before the chapters. Deleting a chapter is refused while it holds files.
    .addColumn('chapter_id', 'varchar(32)', (c) => c.references('course_chapter.id').onDelete('cascade'))
    .addColumn('title', 'varchar(128)', (c) => c.notNull())
    // CourseFileKind code.
    .addColumn('kind', 'integer', (c) => c.notNull())
    .addColumn('file_name', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('mime', 'varchar(128)', (c) => c.notNull().defaultTo(''))
    .addColumn('size', 'bigint', (c) => c.notNull().defaultTo(0))
    // Path under DATA_DIR/course ('' for a lesson).
    .addColumn('storage_key', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    // Lesson body (sanitized HTML).
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('duration_sec', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('page_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('need_seconds', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('need_all_pages', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    // ConvertState code; the converted PDF's path under DATA_DIR/course.
    .addColumn('conv_state', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('conv_key', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('conv_error', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('conv_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('conv_time', 'bigint')
    .addColumn('create_by', 'varchar(32)', (c) => c.notNull())
    .addColumn('create_time', 'bigint', (c) => c.notNull())
    .addColumn('update_time', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('idx_course_file_course').on('course_file').columns(['course_id', 'sort']).execute();
  await db.schema.createIndex('idx_course_file_chapter').on('course_file').column('chapter_id').execute();
  // The conversion job's queue.
  await db.schema.createIndex('idx_course_file_conv').on('course_file').columns(['conv_state', 'create_time']).execute();

  // One learner's figures on one file. The heartbeat reads the row of the beaten file and the
  // learner's latest-beaten row (idx_course_learn_beat) in one statement, and writes one row.
  await db.schema
    .createTable('course_learn')
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull().references('sys_user.id').onDelete('cascade'))
    .addColumn('file_id', 'varchar(32)', (c) => c.notNull().references('course_file.id').onDelete('cascade'))
    .addColumn('course_id', 'varchar(32)', (c) => c.notNull().references('course.id').onDelete('cascade'))
    .addColumn('learned_ms', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('position_ms', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('furthest_ms', 'bigint', (c) => c.notNull().defaultTo(0))
    // Distinct PDF pages seen: a bitset (base64) and its count.
    .addColumn('pages_seen', 'text', (c) => c.notNull())
    .addColumn('pages_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('done', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('done_time', 'bigint')
    // The learner's crediting chain: server time of the last beat that touched this row, whether
    // it was playing and visible, and the "are you still here?" state (carried to the next file).
    .addColumn('beat_time', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('beat_active', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('check_due', 'bigint')
    .addColumn('check_pending', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('create_time', 'bigint', (c) => c.notNull())
    .addColumn('update_time', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('pk_course_learn', ['user_id', 'file_id'])
    .execute();
  await db.schema.createIndex('idx_course_learn_beat').on('course_learn').columns(['user_id', 'beat_time']).execute();
  await db.schema.createIndex('idx_course_learn_course').on('course_learn').columns(['course_id', 'user_id']).execute();
  await db.schema.createIndex('idx_course_learn_file').on('course_learn').column('file_id').execute();

  // One learner's standing on one course: written when they start and when they finish, never per beat.
  await db.schema
    .createTable('course_learner')
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull().references('sys_user.id').onDelete('cascade'))
    .addColumn('course_id', 'varchar(32)', (c) => c.notNull().references('course.id').onDelete('cascade'))
    .addColumn('start_time', 'bigint', (c) => c.notNull())
    .addColumn('finish_time', 'bigint')
    .addPrimaryKeyConstraint('pk_course_learner', ['user_id', 'course_id'])
    .execute();
  await db.schema.createIndex('idx_course_learner_course').on('course_learner').columns(['course_id', 'finish_time']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['course_learner', 'course_learn', 'course_file', 'course_chapter', 'course_user', 'course_depart', 'course', 'course_catalog', 'sys_secret']) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
