import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { createDatabase } from '../../server/db/database';
import { buildApp } from '../../server/app';
import { manualClock } from '../../server/lib/clock';
import type { Job } from '../../server/jobs/scheduler';
import { DIALECTS, insertUser, useTestApp } from './helpers';

describe.each(DIALECTS)('background jobs on %s', (dialect) => {
  const t = useTestApp(dialect);

  it('purges expired sessions when the clock says so, and keeps live ones', async () => {
    const { id } = await insertUser(t, 'purge_me');
    const count = async () =>
      Number((await t.database.db.selectFrom('sys_session').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', id).executeTakeFirstOrThrow()).n);
    expect(await count()).toBe(1);

    // Not due yet: nothing runs.
    await t.app.ctx.jobs.tick();
    expect(await count()).toBe(1);

    // Past the session lifetime and the job's period: the expired session goes.
    t.clock.advance(t.config.sessionTtl * 1000 + 60 * 60 * 1000 + 1);
    await t.app.ctx.jobs.tick();
    expect(await count()).toBe(0);
  });

  it('runs a job once at a time in one process, and reports a run it could not take', async () => {
    let active = 0;
    let maxActive = 0;
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const job: Job = {
      name: `slow-${dialect}`,
      everyMs: 1000,
      run: async () => {
        active += 1;
        maxActive = Math.max(maxActive, active);
        await gate;
        active -= 1;
      },
    };
    t.app.ctx.jobs.register(job);
    const first = t.app.ctx.jobs.runNow(job.name);
    const second = t.app.ctx.jobs.runNow(job.name);
    release();
    expect(await first).toBe(true);
    expect(await second).toBe(false);
    expect(maxActive).toBe(1);
  });
});

describe.runIf(DIALECTS.includes('postgres'))('jobs across processes on postgres', () => {
  const t = useTestApp('postgres');

  it('lets only one of two apps on one database run a job at a time', async () => {
    const config = loadConfig({ ADMIN_PASSWORD: 'Admin1234', SEED_DEMO: 'false', LOG_LEVEL: 'silent' }, { dialect: 'postgres', databaseUrl: t.config.databaseUrl });
    const database = createDatabase({ dialect: 'postgres', url: t.config.databaseUrl, poolSize: 2 });
    const { app: other } = await buildApp(config, { database, logger: false, clock: manualClock(), startJobs: false });
    try {
      let runs = 0;
      let release!: () => void;
      const gate = new Promise<void>((r) => (release = r));
      const make = (): Job => ({ name: 'shared-job', everyMs: 1000, run: async () => { runs += 1; await gate; } });
      t.app.ctx.jobs.register(make());
      other.ctx.jobs.register(make());
      const mine = t.app.ctx.jobs.runNow('shared-job');
      // Wait until the first run holds the lock, then try from the other process.
      while (runs === 0) await new Promise((r) => setTimeout(r, 10));
      expect(await other.ctx.jobs.runNow('shared-job')).toBe(false);
      release();
      expect(await mine).toBe(true);
      expect(runs).toBe(1);
      // Released: the other process may run it now.
      expect(await other.ctx.jobs.runNow('shared-job')).toBe(true);
    } finally {
      await other.close();
      await database.destroy();
    }
  });
});
