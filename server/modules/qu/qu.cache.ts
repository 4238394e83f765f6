import type { Clock } from '../../lib/clock';
import { TtlCache } from '../../lib/cache';

/** How long another process may draw from a pool that this one's edit has changed. */
export const POOL_TTL_MS = 10_000;

/**
 * The question area's process-local state, one per app (on ctx.caches): the draw pools (question
 * ids of a bank by type and level) exams draw from instead of ORDER BY RANDOM(). An edit in this
 * process drops a bank's pools at once (its version moves on); other processes see it within
 * POOL_TTL_MS.
 */
export class QuCaches {
  readonly pools: TtlCache<string, string[]>;
  /** A bank's question counts per type and level (list-stat, the exam form). */
  readonly stats: TtlCache<string, Array<{ repo_id: string; qu_type: number; level: number; n: number }>>;
  private readonly versions = new Map<string, number>();

  constructor(clock: Clock) {
    this.pools = new TtlCache(clock, POOL_TTL_MS, 5_000);
    this.stats = new TtlCache(clock, POOL_TTL_MS, 2_000);
  }

  statKey(repoId: string): string {
    return `${repoId}:${this.versions.get(repoId) ?? 0}`;
  }

  poolKey(repoId: string, quType: number, level?: number): string {
    return `${repoId}:${this.versions.get(repoId) ?? 0}:${quType}:${level ?? ''}`;
  }

  /** Forget what is cached for these banks. */
  bankChanged(...repoIds: string[]): void {
    for (const id of repoIds) this.versions.set(id, (this.versions.get(id) ?? 0) + 1);
  }
}

export const createQuCaches = (clock: Clock) => new QuCaches(clock);
