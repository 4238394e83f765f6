import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../../server/db/database';
import { migrateTo, migrateToLatest } from '../../server/db/migrate';
import { createPgDatabase, DIALECTS } from './helpers';

/**
 * Rankings read the seconds each learner's best paper took from their record
 * (20261204_0401_exam_ranking): records of a database being migrated get it from their best paper,
 * as paper lists round it; records without a scored paper stay unranked. Exams keep their ranking
 * closed to learners, with names for when it opens.
 */
describe.each(DIALECTS)('migrating records to rankings on %s', (dialect) => {
  let database: Database;
  let drop: (() => Promise<void>) | undefined;
  let db: Kysely<any>;
  const t0 = 1_700_000_000_000;

  beforeAll(async () => {
    let url = ':memory:';
    if (dialect === 'postgres') {
      const created = await createPgDatabase();
      url = created.url;
      drop = created.drop;
    }
    database = createDatabase({ dialect, url, poolSize: 2 });
    db = database.db as unknown as Kysely<any>;
    await migrateTo(db, '20261203_0004_exam_practice_during');
    await db.insertInto('sys_user').values(['u1', 'u2'].map((id) => ({ id, user_name: id, real_name: id, password_hash: 'x', avatar: '', mobile: '', email: '', dept_id: null, state: 0, create_time: t0, update_time: t0 }))).execute();
    await db
      .insertInto('exam')
      .values({
        id: 'e1', title: 'e1', content: '', open_type: 1, password: '', start_time: null, end_time: null, total_time: 10, qualify_score: 1, chance: 0, hand_min: 0,
        late_max: 0, result_show: 2, review_after_end: 0, thanks: '', settings: '{}', groups: '[]', total_score: 2, qu_count: 1, state: 0, publish_time: t0, create_by: '',
        create_time: t0, update_time: t0,
      })
      .execute();
    const paper = (id: string, userId: string, state: number, handTime: number | null) => ({
      id, exam_id: 'e1', user_id: userId, title: 'e1', state, total_score: 2, qualify_score: 1, user_score: state === 2 ? 2 : null, passed: state === 2 ? 1 : null,
      deadline: t0 + 600_000, settings: '{}', groups: '[]', create_time: t0, hand_time: handTime, update_time: handTime ?? t0,
    });
    // 90.5 s rounds up to 91, as the paper list shows it.
    await db.insertInto('paper').values([paper('p1', 'u1', 2, t0 + 90_500), paper('p2', 'u2', 1, t0 + 30_000)]).execute();
    await db
      .insertInto('exam_record')
      .values([
        { id: 'r1', exam_id: 'e1', user_id: 'u1', try_count: 1, max_score: 2, last_score: 2, passed: 1, best_paper_id: 'p1', update_time: t0 },
        { id: 'r2', exam_id: 'e1', user_id: 'u2', try_count: 1, max_score: 0, last_score: 0, passed: 0, best_paper_id: null, update_time: t0 },
      ])
      .execute();
    await migrateToLatest(db);
  });

  afterAll(async () => {
    await database?.destroy();
    await drop?.();
  });

  it('gives each scored record its best paper\'s seconds and leaves the others unranked; exams keep the ranking closed', async () => {
    const rows = await db.selectFrom('exam_record').select(['id', 'best_time']).orderBy('id').execute();
    expect(rows.map((r) => ({ id: r.id, best_time: r.best_time === null ? null : Number(r.best_time) }))).toEqual([
      { id: 'r1', best_time: 91 },
      { id: 'r2', best_time: null },
    ]);
    expect(await db.selectFrom('exam').select(['rank_open', 'rank_names']).where('id', '=', 'e1').executeTakeFirstOrThrow()).toEqual({ rank_open: 0, rank_names: 1 });
    expect(await db.selectFrom('dash_day').selectAll().execute()).toEqual([]);
  });
});
