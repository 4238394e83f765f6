import { sql, type Kysely } from 'kysely';

// Frozen: never edit after it has shipped; add a new migration instead.
// Exams with their audience and composition; papers (one learner's attempt) holding a snapshot of
// every question; one row per question and per combined question's part, so an answer save is one
// UPDATE guarded by the paper's state, deadline and the question's sequence number; the paper's
// integrity timeline; each learner's record per exam; the wrong book.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('exam')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('title', 'varchar(128)', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('open_type', 'integer', (c) => c.notNull())
    .addColumn('password', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('start_time', 'bigint')
    .addColumn('end_time', 'bigint')
    .addColumn('total_time', 'integer', (c) => c.notNull())
    .addColumn('qualify_score', 'double precision', (c) => c.notNull())
    .addColumn('chance', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('hand_min', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('late_max', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('result_show', 'integer', (c) => c.notNull())
    .addColumn('review_after_end', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('thanks', 'varchar(2000)', (c) => c.notNull().defaultTo(''))
    // Display, shuffles and integrity settings (JSON), copied onto each paper when it is made.
    .addColumn('settings', 'text', (c) => c.notNull())
    // The composition (JSON ExamGroup[]).
    .addColumn('groups', 'text', (c) => c.notNull())
    .addColumn('total_score', 'double precision', (c) => c.notNull())
    .addColumn('qu_count', 'integer', (c) => c.notNull())
    // GenericState: 0 enabled, 1 disabled.
    .addColumn('state', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('create_by', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('create_time', 'bigint', (c) => c.notNull())
    .addColumn('update_time', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('idx_exam_create').on('exam').columns(['create_time', 'id']).execute();

  for (const [table, column, ref] of [
    ['exam_depart', 'dept_id', 'sys_depart.id'],
    ['exam_user', 'user_id', 'sys_user.id'],
  ] as const) {
    await db.schema
      .createTable(table)
      .addColumn('exam_id', 'varchar(32)', (c) => c.notNull().references('exam.id').onDelete('cascade'))
      .addColumn(column, 'varchar(32)', (c) => c.notNull().references(ref).onDelete('cascade'))
      .addPrimaryKeyConstraint(`pk_${table}`, ['exam_id', column])
      .execute();
    await db.schema.createIndex(`idx_${table}_${column}`).on(table).column(column).execute();
  }
  // The banks an exam draws from (a bank cannot be deleted while an exam uses it).
  await db.schema
    .createTable('exam_repo')
    .addColumn('exam_id', 'varchar(32)', (c) => c.notNull().references('exam.id').onDelete('cascade'))
    .addColumn('repo_id', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('pk_exam_repo', ['exam_id', 'repo_id'])
    .execute();
  await db.schema.createIndex('idx_exam_repo_repo').on('exam_repo').column('repo_id').execute();

  await db.schema
    .createTable('paper')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    // No cascade: an exam with papers cannot be deleted.
    .addColumn('exam_id', 'varchar(32)', (c) => c.notNull().references('exam.id'))
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull().references('sys_user.id').onDelete('cascade'))
    .addColumn('title', 'varchar(128)', (c) => c.notNull())
    // PaperState.
    .addColumn('state', 'integer', (c) => c.notNull())
    .addColumn('total_score', 'double precision', (c) => c.notNull())
    .addColumn('qualify_score', 'double precision', (c) => c.notNull())
    .addColumn('obj_score', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('subj_score', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('user_score', 'double precision')
    .addColumn('passed', 'integer')
    .addColumn('hand_type', 'integer')
    .addColumn('leave_count', 'integer', (c) => c.notNull().defaultTo(0))
    // Server time of the last inactivity report (forced hand-in for inactivity needs one).
    .addColumn('idle_time', 'bigint')
    .addColumn('deadline', 'bigint', (c) => c.notNull())
    // The exam's settings when the paper was made (JSON) and its sections (JSON).
    .addColumn('settings', 'text', (c) => c.notNull())
    .addColumn('groups', 'text', (c) => c.notNull())
    .addColumn('create_time', 'bigint', (c) => c.notNull())
    .addColumn('hand_time', 'bigint')
    .addColumn('update_time', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('idx_paper_user_state').on('paper').columns(['user_id', 'state']).execute();
  await db.schema.createIndex('idx_paper_exam_state').on('paper').columns(['exam_id', 'state']).execute();
  await db.schema.createIndex('idx_paper_state_deadline').on('paper').columns(['state', 'deadline']).execute();
  // One paper in exam per learner at a time, whatever races between two starts.
  await db.schema.createIndex('uq_paper_open_user').on('paper').column('user_id').unique().where(sql.ref('state'), '=', 0).execute();

  await db.schema
    .createTable('paper_qu')
    .addColumn('paper_id', 'varchar(32)', (c) => c.notNull().references('paper.id').onDelete('cascade'))
    .addColumn('qu_id', 'varchar(32)', (c) => c.notNull())
    // A combined question's part points at its question; '' for a question of the paper.
    .addColumn('parent_id', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('group_index', 'integer', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull())
    .addColumn('qu_type', 'integer', (c) => c.notNull())
    .addColumn('score', 'double precision', (c) => c.notNull())
    // The question as it was (JSON QuBody, options in this paper's order); '' for a part.
    .addColumn('question', 'text', (c) => c.notNull())
    // The learner's answer (JSON AnswerInput) and its sequence number.
    .addColumn('answer', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('seq', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('answered', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('mark', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_right', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('actual_score', 'double precision')
    .addColumn('needs_mark', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('comment', 'varchar(2000)', (c) => c.notNull().defaultTo(''))
    .addColumn('update_time', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('pk_paper_qu', ['paper_id', 'qu_id'])
    .execute();

  await db.schema
    .createTable('paper_event')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('paper_id', 'varchar(32)', (c) => c.notNull().references('paper.id').onDelete('cascade'))
    .addColumn('type', 'integer', (c) => c.notNull())
    .addColumn('time', 'bigint', (c) => c.notNull())
    .addColumn('detail', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('idx_paper_event_paper').on('paper_event').columns(['paper_id', 'time']).execute();

  await db.schema
    .createTable('exam_record')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('exam_id', 'varchar(32)', (c) => c.notNull().references('exam.id').onDelete('cascade'))
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull().references('sys_user.id').onDelete('cascade'))
    .addColumn('try_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('max_score', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('last_score', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('passed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('best_paper_id', 'varchar(32)')
    .addColumn('update_time', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('uq_exam_record').on('exam_record').columns(['user_id', 'exam_id']).unique().execute();
  await db.schema.createIndex('idx_exam_record_exam').on('exam_record').column('exam_id').execute();

  await db.schema
    .createTable('wrong_book')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull().references('sys_user.id').onDelete('cascade'))
    .addColumn('exam_id', 'varchar(32)', (c) => c.notNull().references('exam.id').onDelete('cascade'))
    .addColumn('qu_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('qu_type', 'integer', (c) => c.notNull())
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    // The question as it was on the paper (JSON QuBody).
    .addColumn('question', 'text', (c) => c.notNull())
    .addColumn('wrong_count', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('create_time', 'bigint', (c) => c.notNull())
    .addColumn('update_time', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('uq_wrong_book').on('wrong_book').columns(['user_id', 'exam_id', 'qu_id']).unique().execute();
  await db.schema.createIndex('idx_wrong_book_user_qu').on('wrong_book').columns(['user_id', 'qu_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['wrong_book', 'exam_record', 'paper_event', 'paper_qu', 'paper', 'exam_repo', 'exam_user', 'exam_depart', 'exam']) {
    await db.schema.dropTable(t).execute();
  }
}
