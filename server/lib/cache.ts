import type { Clock } from './clock';

/**
 * A small in-process cache whose entries expire after `ttlMs` by the service clock. It lives on
 * the app's service context (never in a module global), so each app instance, and each test,
 * has its own.
 */
export class TtlCache<K, V> {
  private readonly entries = new Map<K, { value: V; until: number }>();

  constructor(
    private readonly clock: Clock,
    private readonly ttlMs: number,
    /** Entries kept at most; the oldest goes first past it. */
    private readonly maxEntries = 10_000,
  ) {}

  get(key: K): V | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    if (hit.until <= this.clock.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return hit.value;
  }

  set(key: K, value: V): void {
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value as K);
    this.entries.set(key, { value, until: this.clock.now() + this.ttlMs });
  }

  /**
   * The cached value, or `load()`'s (cached where `keep` allows); concurrent misses for one key share
   * one load.
   */
  async getOrLoad(key: K, load: () => Promise<V>, keep: (value: V) => boolean = () => true): Promise<V> {
    const hit = this.get(key);
    if (hit !== undefined) return hit;
    let pending = this.loading.get(key);
    if (!pending) {
      const generation = this.generation;
      pending = load().then(
        (value) => {
          this.loading.delete(key);
          // A clear() while loading means the value may already be stale: hand it out, keep nothing.
          if (generation === this.generation && keep(value)) this.set(key, value);
          return value;
        },
        (e: unknown) => {
          this.loading.delete(key);
          throw e;
        },
      );
      this.loading.set(key, pending);
    }
    return pending;
  }

  delete(key: K): void {
    this.generation += 1;
    this.entries.delete(key);
  }

  clear(): void {
    this.generation += 1;
    this.entries.clear();
  }

  private readonly loading = new Map<K, Promise<V>>();
  private generation = 0;
}

/**
 * A module's own TtlCache, one per app: made on first use and keyed by the app's caches object, so
 * two apps in one process (and each test) never share it, as the caches on the service context.
 */
export function perAppCache<K, V>(ttlMs: number, maxEntries: number): (ctx: { caches: object; clock: Clock }) => TtlCache<K, V> {
  const byApp = new WeakMap<object, TtlCache<K, V>>();
  return (ctx) => {
    let cache = byApp.get(ctx.caches);
    if (!cache) byApp.set(ctx.caches, (cache = new TtlCache<K, V>(ctx.clock, ttlMs, maxEntries)));
    return cache;
  };
}
