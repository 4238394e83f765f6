import type { Redis } from 'ioredis';

/**
 * Fixed-window counters for login failures and similar. In-process by default; with REDIS_URL
 * the counters are shared by every server process.
 */
export interface RateLimiter {
  /** Current count for key within its window. */
  count(key: string): Promise<number>;
  /** Adds one and returns the new count; the window starts at the first hit. */
  hit(key: string, windowSeconds: number): Promise<number>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

export function memoryRateLimiter(): RateLimiter {
  const buckets = new Map<string, { n: number; until: number }>();
  const live = (key: string) => {
    const b = buckets.get(key);
    if (b && b.until <= Date.now()) {
      buckets.delete(key);
      return undefined;
    }
    return b;
  };
  const sweep = setInterval(() => {
    const now = Date.now();
    for (const [k, b] of buckets) if (b.until <= now) buckets.delete(k);
  }, 60_000);
  sweep.unref();
  return {
    async count(key) {
      return live(key)?.n ?? 0;
    },
    async hit(key, windowSeconds) {
      const b = live(key) ?? { n: 0, until: Date.now() + windowSeconds * 1000 };
      b.n += 1;
      buckets.set(key, b);
      return b.n;
    },
    async reset(key) {
      buckets.delete(key);
    },
    async close() {
      clearInterval(sweep);
    },
  };
}

export function redisRateLimiter(redis: Redis, prefix = 'examhall:rl:'): RateLimiter {
  return {
    async count(key) {
      return Number((await redis.get(prefix + key)) ?? 0);
    },
    async hit(key, windowSeconds) {
      const k = prefix + key;
      const [[, n]] = (await redis.multi().incr(k).expire(k, windowSeconds, 'NX').exec()) as [[unknown, number]];
      return n;
    },
    async reset(key) {
      await redis.del(prefix + key);
    },
    async close() {
      await redis.quit();
    },
  };
}
