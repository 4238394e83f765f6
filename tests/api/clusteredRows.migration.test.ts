import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../../server/db/database';
import { migrateTo, migrateToLatest } from '../../server/db/migrate';

/**
 * On SQLite, paper_qu and wrong_book become WITHOUT ROWID tables (20261208_0101_clustered_rows):
 * rebuilt from their own CREATE statements, their rows, constraints and indexes as they were.
 */
describe('rebuilding paper_qu and wrong_book without rowid on sqlite', () => {
  let database: Database;
  let db: Kysely<any>;
  const form = async (table: string) =>
    (await sql<{ sql: string }>`select sql from sqlite_master where type = 'table' and name = ${table}`.execute(db)).rows[0]?.sql ?? '';
  const indexes = async (table: string) =>
    (await sql<{ name: string }>`select name from sqlite_master where type = 'index' and tbl_name = ${table} and sql is not null order by name`.execute(db)).rows.map((r) => r.name);
  const quRow = (paperId: string, quId: string, answer: string) => ({
    paper_id: paperId, qu_id: quId, parent_id: '', group_index: 0, sort: 1, qu_type: 1, score: 2, question: 'base:0123', answer, seq: 3, answered: 1, mark: 0,
    is_right: 0, actual_score: null, needs_mark: 0, comment: '', update_time: 7,
  });
  const bookRow = (id: string, userId: string, quId: string) => ({
    id, user_id: userId, exam_id: 'e1', qu_id: quId, qu_type: 1, title: '题目', question: 'base:0123', wrong_count: 2, create_time: 5, update_time: 6,
  });

  beforeAll(async () => {
    database = createDatabase({ dialect: 'sqlite', url: ':memory:', poolSize: 1 });
    db = database.db as unknown as Kysely<any>;
    await migrateTo(db, '20261207_0101_wrong_book_indexes');
    // The rows alone, without the papers, learners and exams they belong to.
    await sql`pragma foreign_keys = off`.execute(db);
    await db.insertInto('paper_qu').values([quRow('p1', 'q1', '{"answers":["a"]}'), quRow('p1', 'q2', ''), quRow('p2', 'q1', '{"answers":["b"]}')]).execute();
    await db.insertInto('wrong_book').values([bookRow('w1', 'u1', 'q1'), bookRow('w2', 'u1', 'q2'), bookRow('w3', 'u2', 'q1')]).execute();
    expect(await form('paper_qu')).not.toMatch(/without rowid/i);
    await migrateToLatest(db);
  });

  afterAll(async () => {
    await database?.destroy();
  });

  it('keeps every row, and each table is kept in its primary key', async () => {
    expect(await form('paper_qu')).toMatch(/without rowid$/i);
    expect(await form('wrong_book')).toMatch(/without rowid$/i);
    expect(await db.selectFrom('paper_qu').selectAll().orderBy('paper_id').orderBy('qu_id').execute()).toEqual([
      quRow('p1', 'q1', '{"answers":["a"]}'), quRow('p1', 'q2', ''), quRow('p2', 'q1', '{"answers":["b"]}'),
    ]);
    expect(await db.selectFrom('wrong_book').selectAll().orderBy('id').execute()).toEqual([bookRow('w1', 'u1', 'q1'), bookRow('w2', 'u1', 'q2'), bookRow('w3', 'u2', 'q1')]);
  });

  it('keeps their constraints and indexes', async () => {
    expect(await indexes('wrong_book')).toEqual(['uq_wrong_book']);
    await expect(db.insertInto('paper_qu').values(quRow('p1', 'q1', '')).execute()).rejects.toThrow(/UNIQUE|PRIMARY/);
    await expect(db.insertInto('wrong_book').values(bookRow('w9', 'u1', 'q1')).execute()).rejects.toThrow(/UNIQUE/);
    await expect(db.insertInto('wrong_book').values(bookRow('w1', 'u3', 'q1')).execute()).rejects.toThrow(/UNIQUE|PRIMARY/);
    await sql`pragma foreign_keys = on`.execute(db);
    await expect(db.insertInto('paper_qu').values(quRow('nobody', 'q9', '')).execute()).rejects.toThrow(/FOREIGN KEY/);
    await sql`pragma foreign_keys = off`.execute(db);
  });

  it('goes back to rowid tables', async () => {
    await migrateTo(db, '20261207_0101_wrong_book_indexes');
    expect(await form('paper_qu')).not.toMatch(/without rowid/i);
    expect(await form('wrong_book')).not.toMatch(/without rowid/i);
    expect(await indexes('wrong_book')).toEqual(['uq_wrong_book']);
    expect(await db.selectFrom('paper_qu').select('qu_id').where('paper_id', '=', 'p1').orderBy('qu_id').execute()).toEqual([{ qu_id: 'q1' }, { qu_id: 'q2' }]);
    await migrateToLatest(db);
  });
});
