import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../../server/db/database';
import { migrateTo, migrateToLatest } from '../../server/db/migrate';
import { createPgDatabase, DIALECTS } from './helpers';

/**
 * Exams became drafts until published (20261203_0001_exam_publish). Exams of a database being
 * migrated were already open to their learners: they stay published, as of when they were made.
 */
describe.each(DIALECTS)('migrating existing exams to drafts-until-published on %s', (dialect) => {
  let database: Database;
  let drop: (() => Promise<void>) | undefined;
  let db: Kysely<any>;
  const made = 1_700_000_000_000;

  beforeAll(async () => {
    let url = ':memory:';
    if (dialect === 'postgres') {
      const created = await createPgDatabase();
      url = created.url;
      drop = created.drop;
    }
    database = createDatabase({ dialect, url, poolSize: 2 });
    db = database.db as unknown as Kysely<any>;
    await migrateTo(db, '20261202_0001_qu_snapshot');
    const exam = (id: string, state: number, createTime: number) => ({
      id, title: id, content: '', open_type: 1, password: '', start_time: null, end_time: null, total_time: 10, qualify_score: 1, chance: 0, hand_min: 0,
      late_max: 0, result_show: 2, review_after_end: 0, thanks: '', settings: '{}', groups: '[]', total_score: 2, qu_count: 1, state, create_by: '',
      create_time: createTime, update_time: createTime + 5,
    });
    await db.insertInto('exam').values([exam('e_live', 0, made), exam('e_off', 1, made + 1)]).execute();
    await migrateToLatest(db);
  });

  afterAll(async () => {
    await database?.destroy();
    await drop?.();
  });

  it('keeps every existing exam published (at its creation time), enabled or not, and new rows may be drafts', async () => {
    const rows = await db.selectFrom('exam').select(['id', 'state', 'publish_time', 'update_time']).orderBy('id').execute();
    expect(rows.map((r) => ({ ...r, publish_time: Number(r.publish_time), update_time: Number(r.update_time) }))).toEqual([
      { id: 'e_live', state: 0, publish_time: made, update_time: made + 5 },
      { id: 'e_off', state: 1, publish_time: made + 1, update_time: made + 6 },
    ]);
    await db.updateTable('exam').set({ publish_time: null }).where('id', '=', 'e_live').execute();
    expect((await db.selectFrom('exam').select('publish_time').where('id', '=', 'e_live').executeTakeFirstOrThrow()).publish_time).toBeNull();
  });
});
