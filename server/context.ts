import type { Config } from './config';
import type { Db } from './db/database';
import { TtlCache } from './lib/cache';
import type { Clock } from './lib/clock';
import type { RateLimits } from './lib/rateLimit';
import type { JobScheduler } from './jobs/scheduler';
import type { AuthUser } from './modules/auth/session.service';
import { createCourseCaches, type CourseCaches } from './modules/course/course.cache';

/**
 * Process-local caches of one app instance. Each names what it holds and how it is invalidated;
 * none is a module global, so two apps in one process (tests, benches) never share one.
 */
export interface Caches {
  /** Permission tags per sorted role-id list; cleared when roles or menus change. */
  readonly permissions: TtlCache<string, string[]>;
  /** Course definitions, file-to-course and the URL-signing key (server/modules/course/course.cache.ts). */
  readonly course: CourseCaches;
}

export function createCaches(clock: Clock): Caches {
  return { permissions: new TtlCache(clock, 5_000, 1_000), course: createCourseCaches(clock) };
}

/** A stored file as an access rule sees it. */
export interface FileForAccess {
  readonly id: string;
  readonly kind: string;
  /** The uploader; null once that user is deleted. */
  readonly createBy: string | null;
}

/**
 * Whether `who` may read a private stored file of one kind, beyond administrators and the
 * uploader (who always may). A module registers the rule for its kind when its routes load
 * (courses: "enrolled learners may read the course's files").
 */
export type FileAccessRule = (ctx: ServiceContext, who: AuthUser, file: FileForAccess) => Promise<boolean>;

/**
 * Everything a service needs, passed as its first argument: the database (or the open
 * transaction), configuration, the clock, caches, the job scheduler and the rate limits.
 */
export interface ServiceContext {
  readonly db: Db;
  readonly config: Config;
  readonly clock: Clock;
  readonly caches: Caches;
  readonly jobs: JobScheduler;
  readonly limiter: RateLimits;
  /** Read rules of private file kinds, by kind (see file.service allowFileAccess). */
  readonly fileAccess: Map<string, FileAccessRule>;
}

/**
 * Runs `fn` in a transaction: a new one, or the caller's when `ctx` is already inside one, so
 * services compose (submitting a paper grades, scores, records and closes in one transaction).
 * Keep slow CPU work (password hashing, parsing) out of `fn`: on SQLite an open write
 * transaction holds every other writer.
 */
export function inTransaction<T>(ctx: ServiceContext, fn: (tx: ServiceContext) => Promise<T>): Promise<T> {
  if (ctx.db.isTransaction) return fn(ctx);
  return ctx.db.transaction().execute((trx) => fn({ ...ctx, db: trx }));
}
