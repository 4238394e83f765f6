import type { Config } from './config';
import type { Db } from './db/database';
import { TtlCache } from './lib/cache';
import type { Clock } from './lib/clock';
import type { Mailer } from './lib/mail';
import type { EventBus } from './lib/events';
import type { DomainEventName, DomainEvents } from './events';
import type { RateLimits } from './lib/rateLimit';
import type { SessionAccessRow } from './modules/identity/session.repository';
import type { SessionBus } from './modules/identity/session.bus';
import type { AuthUser } from './caller';
import { createCourseCaches, type CourseCaches } from './modules/course/course.cache';
import { createQuCaches, type QuCaches } from './modules/qu/qu.cache';

/**
 * Process-local caches of one app instance. Each names what it holds and how it is invalidated;
 * none is a module global, so two apps in one process (tests, benches) never share one.
 */
export interface Caches {
  /** Permission tags per sorted role-id list; cleared when roles or menus change. */
  readonly permissions: TtlCache<string, string[]>;
  /**
   * The session check's rows per token (not per its hash: a kept check then costs none), for a
   * minute: every request of a cohort in an exam asks it, and a learner saves every few seconds.
   * Used on SQLite (one process), and on PostgreSQL while the session bus is live (which clears it
   * on every change it hears of, and when it drops or comes back); cleared when a session is revoked
   * or a user, role or menu changes. The minute bounds only what no bus could tell.
   */
  readonly sessions: TtlCache<string, SessionAccessRow[]>;
  /** Course definitions, file-to-course and the URL-signing key (server/modules/course/course.cache.ts). */
  readonly course: CourseCaches;
  /** Exam draw pools per bank, type and level (server/modules/qu/qu.cache.ts). */
  readonly qu: QuCaches;
}

export function createCaches(clock: Clock): Caches {
  return { permissions: new TtlCache(clock, 5_000, 1_000), sessions: new TtlCache(clock, 60_000, 50_000), course: createCourseCaches(clock), qu: createQuCaches(clock) };
}

/** A piece of background work run every `everyMs` by one server process at a time. */
export interface Job {
  /** Stable name: the lock key and the log label. */
  readonly name: string;
  readonly everyMs: number;
  /** Runs in every process at once (its work is the process's own memory, as a warm-up): no lock across processes. */
  readonly perProcess?: boolean;
  run(ctx: ServiceContext): Promise<void>;
}

/** The background jobs as a service and a test see them (server/jobs/scheduler.ts runs them). */
export interface Jobs {
  register(job: Job): void;
  /** Runs every job that is due by the service clock. */
  tick(): Promise<void>;
  /** Runs one job now; false when another process or run holds it. */
  runNow(name: string): Promise<boolean>;
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
  readonly jobs: Jobs;
  readonly limiter: RateLimits;
  /** Session changes told to every process (Redis), or null with one process's view only. */
  readonly sessionBus: SessionBus | null;
  /** Read rules of private file kinds, by kind (see file.service allowFileAccess). */
  readonly fileAccess: Map<string, FileAccessRule>;
  /** Questions other modules answer for the question module (see qu.service register*). */
  readonly hooks: ServiceHooks;
  /** The domain events (server/events.ts); modules subscribe in their routes' setup. */
  readonly events: DomainBus;
  /** The server log, for lines a service writes itself (the SMS log gateway). */
  readonly log: { info(line: string): void; warn(line: string): void };
  /** E-mail through SMTP_URL, or null when it is not set. */
  readonly mailer: Mailer | null;
  /** Inside a transaction opened by inTransaction: what runs once it commits (after-commit event handlers). */
  readonly afterCommit?: Array<(outside: ServiceContext) => Promise<void>>;
}

export type DomainBus = EventBus<DomainEvents, ServiceContext>;

/**
 * Questions one module asks and others answer, registered when the app is built, so that a
 * module never reaches into another's tables: the question module asks what still draws from a
 * bank it is asked to delete. (Who may see an answer is server/modules/access's.)
 */
export interface ServiceHooks {
  /** Each answers a message naming what uses one of the banks (e.g. an exam), or null. */
  readonly repoUsage: Array<(ctx: ServiceContext, repoIds: readonly string[]) => Promise<string | null>>;
}

export const createHooks = (): ServiceHooks => ({ repoUsage: [] });

/**
 * Runs `fn` in a transaction: a new one, or the caller's when `ctx` is already inside one, so
 * services compose (submitting a paper grades, scores, records and closes in one transaction).
 * Keep slow CPU work (password hashing, parsing) out of `fn`: on SQLite an open write
 * transaction holds every other writer.
 */
export async function inTransaction<T>(ctx: ServiceContext, fn: (tx: ServiceContext) => Promise<T>): Promise<T> {
  if (ctx.db.isTransaction) return fn(ctx);
  const afterCommit: Array<(outside: ServiceContext) => Promise<void>> = [];
  const result = await ctx.db.transaction().execute((trx) => fn({ ...ctx, db: trx, afterCommit }));
  for (const run of afterCommit) await run(ctx);
  return result;
}

/** Tells a domain event (server/events.ts) to its subscribers, in the caller's transaction if any. */
export const emit = <K extends DomainEventName>(ctx: ServiceContext, event: K, payload: DomainEvents[K]): Promise<void> => ctx.events.emit(ctx, event, payload);
