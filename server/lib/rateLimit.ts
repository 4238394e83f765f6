import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';

/** A named limit: at most `points` attempts per key within `durationSec` (a fixed window from the first attempt). */
export interface LimitRule {
  /** Part of the store key, so rules never share counters. */
  readonly name: string;
  readonly points: number;
  readonly durationSec: number;
}

/** The outcome of reserving one attempt. */
export interface Attempt {
  /** false once the key has used up its points in this window. */
  readonly allowed: boolean;
  /** Attempts counted in this window, this one included. */
  readonly consumed: number;
  /** Milliseconds until the window ends. */
  readonly msBeforeNext: number;
}

/**
 * One rule's counters (rate-limiter-flexible underneath). `consume` reserves an attempt
 * atomically, in memory and in Redis alike, so the caller reserves BEFORE the slow work (a
 * password check) and parallel requests can never all pass a count that was read first.
 */
export class Limiter {
  constructor(
    private readonly store: RateLimiterAbstract,
    readonly rule: LimitRule,
  ) {}

  async consume(key: string): Promise<Attempt> {
    try {
      const res = await this.store.consume(key);
      return { allowed: true, consumed: res.consumedPoints, msBeforeNext: res.msBeforeNext };
    } catch (e) {
      if (e instanceof RateLimiterRes) return { allowed: false, consumed: e.consumedPoints, msBeforeNext: e.msBeforeNext };
      throw e;
    }
  }

  /**
   * Gives back reserved attempts (they turned out fine), never more than the key holds now: a
   * refund arriving after its window ended must not open the next one with credit.
   */
  async refund(key: string, points = 1): Promise<void> {
    const give = Math.min(points, await this.count(key));
    if (give > 0) await this.store.reward(key, give);
  }

  /** Forgets the key's attempts. */
  async reset(key: string): Promise<void> {
    await this.store.delete(key);
  }

  /** Attempts counted for the key in its current window. */
  async count(key: string): Promise<number> {
    return (await this.store.get(key))?.consumedPoints ?? 0;
  }
}

/**
 * The rate limits of one app: in process by default; with Redis, shared by every server process
 * (and backed by an in-process limiter should Redis stop answering, so sign-in keeps working).
 */
export class RateLimits {
  private readonly limiters = new Map<string, Limiter>();

  constructor(
    private readonly redis?: Redis,
    /** Prefix of every Redis key (tests use a unique one). */
    private readonly keyPrefix = 'examhall:rl',
  ) {}

  /** The limiter of a rule (one per rule name). */
  for(rule: LimitRule): Limiter {
    let limiter = this.limiters.get(rule.name);
    if (!limiter) {
      const opts = { keyPrefix: `${this.keyPrefix}:${rule.name}`, points: rule.points, duration: rule.durationSec };
      const store = this.redis
        ? new RateLimiterRedis({ ...opts, storeClient: this.redis, insuranceLimiter: new RateLimiterMemory(opts) })
        : new RateLimiterMemory(opts);
      limiter = new Limiter(store, rule);
      this.limiters.set(rule.name, limiter);
    }
    return limiter;
  }

  async close(): Promise<void> {
    this.limiters.clear();
    if (this.redis) await this.redis.quit().catch(() => undefined);
  }
}
