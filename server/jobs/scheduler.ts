import { sql } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Dialect } from '../config';
import type { Job, Jobs, ServiceContext } from '../context';

export type { Job } from '../context';

/** Lock class for jobs among PostgreSQL advisory locks (the seed uses 7315001). */
const JOB_LOCK_CLASS = 7315002;
/** How often the timer looks for due jobs; due times come from the service clock. */
const TICK_MS = 1_000;

/**
 * Runs registered jobs when due by the service clock. On PostgreSQL each run holds a session
 * advisory lock named after the job, so when several processes share the database only one runs
 * a job at a time; on SQLite one process owns the file and an in-process guard suffices, as it
 * does for a job each process runs for itself (perProcess).
 * Tests leave the timer off, move the clock and call `tick()`.
 */
export class JobScheduler implements Jobs {
  private readonly jobs = new Map<string, { job: Job; nextAt: number }>();
  private readonly running = new Map<string, Promise<boolean>>();
  private timer: NodeJS.Timeout | undefined;
  private ctx: ServiceContext | undefined;

  constructor(
    private readonly dialect: Dialect,
    private readonly log: Pick<FastifyBaseLogger, 'error' | 'debug'>,
  ) {}

  /** Gives the scheduler the context its jobs run with (the context holds the scheduler too). */
  attach(ctx: ServiceContext): void {
    this.ctx = ctx;
  }

  register(job: Job): void {
    if (this.jobs.has(job.name)) throw new Error(`job ${job.name} registered twice`);
    this.jobs.set(job.name, { job, nextAt: this.context().clock.now() + job.everyMs });
  }

  /** Starts the timer (production). */
  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.tick(), TICK_MS);
    this.timer.unref();
  }

  /** Stops the timer and waits for runs in progress. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await Promise.allSettled(this.running.values());
  }

  /** Runs every job that is due by the clock; resolves when they have finished. */
  async tick(): Promise<void> {
    const now = this.context().clock.now();
    const due = [...this.jobs.values()].filter((entry) => entry.nextAt <= now);
    await Promise.all(
      due.map((entry) => {
        entry.nextAt = now + entry.job.everyMs;
        return this.runGuarded(entry.job);
      }),
    );
  }

  /** Runs one job now whatever its schedule; false when another run (here or elsewhere) holds it. */
  runNow(name: string): Promise<boolean> {
    const entry = this.jobs.get(name);
    if (!entry) throw new Error(`no job named ${name}`);
    return this.runGuarded(entry.job);
  }

  private context(): ServiceContext {
    if (!this.ctx) throw new Error('JobScheduler used before attach()');
    return this.ctx;
  }

  private runGuarded(job: Job): Promise<boolean> {
    const inFlight = this.running.get(job.name);
    if (inFlight) return inFlight.then(() => false);
    const run = this.runLocked(job)
      .catch((err: unknown) => {
        this.log.error({ err, job: job.name }, 'job failed');
        return false;
      })
      .finally(() => this.running.delete(job.name));
    this.running.set(job.name, run);
    return run;
  }

  private async runLocked(job: Job): Promise<boolean> {
    const ctx = this.context();
    if (this.dialect !== 'postgres' || job.perProcess) {
      await job.run(ctx);
      return true;
    }
    return ctx.db.connection().execute(async (conn) => {
      const { rows } = await sql<{ locked: boolean }>`select pg_try_advisory_lock(${JOB_LOCK_CLASS}, hashtext(${job.name})) as locked`.execute(conn);
      if (!rows[0]?.locked) {
        this.log.debug({ job: job.name }, 'job held by another process');
        return false;
      }
      try {
        await job.run(ctx);
        return true;
      } finally {
        await sql`select pg_advisory_unlock(${JOB_LOCK_CLASS}, hashtext(${job.name}))`.execute(conn);
      }
    });
  }
}
