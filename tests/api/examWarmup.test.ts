import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { onEveryConnection } from '../../server/db/database';
import { GenericState } from '../../common/codes';
import { findExamDef, isExamWarm, WARM_AHEAD_MS } from '../../server/modules/exam/exam.service';
import { bankWithEveryType, examBody, saveExam } from './exam.helpers';
import { DIALECTS, insertUser, useTestApp } from './helpers';

/** Past every cache's lifetime (exam material 5 s, draw pools 10 s) and the warm-up job's period. */
const PAST_CACHES_MS = 11_000;

describe.each(DIALECTS)('exam warm-up on %s', (dialect) => {
  const t = useTestApp(dialect);

  it('warms an exam as it opens, warms it again when it is saved, and forgets it when it is disabled', async () => {
    const ctx = t.app.ctx;
    const admin = await t.adminToken();
    const { repo } = await bankWithEveryType(t);
    const start = t.clock.now() + 10 * 60_000;
    const body = examBody(repo.id, { title: '早班考试', startTime: start, endTime: start + 60 * 60_000 });
    const exam = await saveExam(t, body);

    // Ten minutes before it opens, and past what its saving left in memory: the warm-up leaves it.
    t.clock.advance(PAST_CACHES_MS);
    await ctx.jobs.tick();
    expect(isExamWarm(ctx, exam.id)).toBe(false);

    // Within WARM_AHEAD_MS of its start: warm (definition, pools and their questions) before the first learner.
    t.clock.set(start - WARM_AHEAD_MS + 5_000);
    await ctx.jobs.tick();
    expect(isExamWarm(ctx, exam.id)).toBe(true);

    // Kept warm as the cohort arrives, however long the caches live.
    t.clock.set(start + 2_000);
    await ctx.jobs.tick();
    t.clock.advance(PAST_CACHES_MS);
    await ctx.jobs.tick();
    expect(isExamWarm(ctx, exam.id)).toBe(true);

    // Saved while open: what is kept is the new definition, warm at once.
    expect((await t.call('/api/exam/exam/save', { ...body, id: exam.id, title: '早班考试（改）' }, admin)).body.code).toBe(0);
    expect(isExamWarm(ctx, exam.id)).toBe(true);
    expect((await findExamDef(ctx, exam.id))?.title).toBe('早班考试（改）');

    // A learner starts from what is warm.
    const { token } = await insertUser(t, `warm_${dialect}`);
    const started = await t.call<{ id: string }>('/api/paper/paper/create-paper', { examId: exam.id }, token);
    expect(started.body.code, started.body.msg).toBe(0);

    // Disabled: nothing of it is kept, and the warm-up does not bring it back.
    expect((await t.call('/api/exam/exam/state', { ids: [exam.id], state: GenericState.DISABLED }, admin)).body.code).toBe(0);
    expect(isExamWarm(ctx, exam.id)).toBe(false);
    t.clock.advance(2_000);
    await ctx.jobs.tick();
    expect(isExamWarm(ctx, exam.id)).toBe(false);
  });
});

describe.each(DIALECTS)('exam warm-up at boot on %s', (dialect) => {
  const t = useTestApp(dialect);

  it('warms every exam open now on its first run, and later only those opening', async () => {
    const ctx = t.app.ctx;
    const { repo } = await bankWithEveryType(t);
    const exam = await saveExam(t, examBody(repo.id, { title: '常开考试' }));

    // A process starting (its first run): every open exam is warmed, however long ago it opened.
    t.clock.advance(PAST_CACHES_MS);
    await ctx.jobs.tick();
    expect(isExamWarm(ctx, exam.id)).toBe(true);

    // Later runs warm the exams opening; one open all along stays warm by its own starts.
    t.clock.advance(PAST_CACHES_MS);
    await ctx.jobs.tick();
    expect(isExamWarm(ctx, exam.id)).toBe(false);
  });
});

describe.skipIf(!DIALECTS.includes('postgres'))('exam warm-up of the pool on postgres', () => {
  const t = useTestApp('postgres');

  it('prepares the exam path on every connection of the pool, not only on the one the first run had', async () => {
    const ctx = t.app.ctx;
    t.clock.advance(PAST_CACHES_MS);
    await ctx.jobs.tick();
    // Each connection of the pool (a backend each): its named statements of the exam path.
    const seen: Array<{ pid: number; prepared: number }> = [];
    await onEveryConnection(ctx.db, async (conn) => {
      const { rows } = await sql<{ pid: number; prepared: number }>`select pg_backend_pid() as pid, (select count(*) from pg_prepared_statements where name like 'examhall_%')::integer as prepared`.execute(conn);
      seen.push(rows[0]);
    });
    expect(seen.length).toBeGreaterThan(1);
    expect(new Set(seen.map((s) => s.pid)).size).toBe(seen.length);
    for (const s of seen) expect(s.prepared).toBeGreaterThanOrEqual(8);
  });
});
