import type { FillAnswerBody, FillAnswerResult } from '../../../common/api/paper';
import type { AnswerInput } from '../../../common/api/qu';
import { ApiError, NO_ENVELOPE } from '../../../common/http';
import { scopedStorage, type ScopedStorage } from '../../../common/storage';

/** One question's latest state that the server has not acknowledged yet. */
export interface JournalEntry {
  quId: string;
  seq: number;
  answer: AnswerInput;
  mark: boolean;
  /** When it changed (the replay order). */
  at: number;
}

export interface SyncStatus {
  /** Questions with a change not acknowledged yet. */
  pending: number;
  /** False after a save failed for want of a connection, until one gets through. */
  online: boolean;
  /** The server's time of the last acknowledged save. */
  savedAt: number | null;
}

export interface AnswerSyncOptions {
  paperId: string;
  send: (body: FillAnswerBody) => Promise<FillAnswerResult>;
  /** Where the journal lives; by default `examhall:paper:<id>:` in localStorage, which outlives a reload, a crash and a sign-out. */
  storage?: ScopedStorage;
  /** The server refused a save for good (handed in, time up, not my paper): the page leaves. */
  onRefused?: (error: ApiError) => void;
  /** Waits before retrying after a failed connection, in ms; the last repeats. */
  retryDelays?: number[];
  now?: () => number;
}

const JOURNAL = 'journal';

export const journalStorage = (paperId: string) => scopedStorage(`paper:${paperId}`);

/** A failure that says nothing about the answer: no connection, a timeout, a proxy or server error. Saves are retried. */
export function isTransient(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return error.code === NO_ENVELOPE || (error.status !== undefined && (error.status >= 500 || error.status === 429));
}

/**
 * Every answer of a paper on its way to the server. Each change is written to the journal first
 * (so nothing typed is lost to a dropped connection, a reload or a crash), then sent as the whole
 * state of its question with a `seq` that rises per question; the server keeps the newest and
 * acknowledges older ones without applying them. An entry leaves the journal only when the
 * server has acknowledged it or something newer. Failed sends are retried with a backoff, and the
 * journal is replayed in the order of the changes when the page comes back.
 */
export class AnswerSync {
  private readonly opts: Required<Omit<AnswerSyncOptions, 'onRefused'>> & Pick<AnswerSyncOptions, 'onRefused'>;
  private readonly entries = new Map<string, JournalEntry>();
  private readonly seqs = new Map<string, number>();
  private readonly inflight = new Set<string>();
  private readonly again = new Set<string>();
  private readonly debounce = new Map<string, ReturnType<typeof setTimeout>>();
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private failures = 0;
  private closed = false;
  private status: SyncStatus;
  private readonly listeners = new Set<(s: SyncStatus) => void>();
  private readonly idleWaiters: Array<() => void> = [];

  constructor(options: AnswerSyncOptions) {
    this.opts = {
      storage: journalStorage(options.paperId),
      retryDelays: [1_000, 2_000, 5_000, 10_000, 15_000],
      now: () => Date.now(),
      ...options,
    };
    const saved = this.opts.storage.get<Record<string, JournalEntry>>(JOURNAL) ?? {};
    Object.values(saved).forEach((e) => {
      if (e && typeof e.quId === 'string' && typeof e.seq === 'number') {
        this.entries.set(e.quId, e);
        this.seqs.set(e.quId, e.seq);
      }
    });
    this.status = { pending: this.entries.size, online: true, savedAt: null };
  }

  subscribe(listener: (s: SyncStatus) => void): () => void {
    this.listeners.add(listener);
    listener(this.status);
    return () => this.listeners.delete(listener);
  }

  getStatus(): SyncStatus {
    return this.status;
  }

  /** The unacknowledged local state of a question, if any (it wins over what the server last sent). */
  local(quId: string): JournalEntry | undefined {
    return this.entries.get(quId);
  }

  /**
   * What the server holds for a question (from qu-detail). A journal entry the server already has
   * (same or newer seq) is dropped; later changes get higher seqs.
   */
  known(quId: string, serverSeq: number): void {
    if (serverSeq > (this.seqs.get(quId) ?? 0)) this.seqs.set(quId, serverSeq);
    const entry = this.entries.get(quId);
    if (entry && entry.seq <= serverSeq && !this.inflight.has(quId)) {
      this.entries.delete(quId);
      this.persist();
    }
  }

  /** A change on the page: journaled at once, sent after `delayMs` (typing) or at once (clicks). Returns its seq. */
  change(quId: string, answer: AnswerInput, mark: boolean, delayMs = 0): number {
    if (this.closed) return this.seqs.get(quId) ?? 0;
    const seq = (this.seqs.get(quId) ?? 0) + 1;
    this.seqs.set(quId, seq);
    this.entries.set(quId, { quId, seq, answer, mark, at: this.opts.now() });
    this.persist();
    const timer = this.debounce.get(quId);
    if (timer) clearTimeout(timer);
    if (delayMs > 0) {
      this.debounce.set(
        quId,
        setTimeout(() => {
          this.debounce.delete(quId);
          this.sendOne(quId);
        }, delayMs),
      );
    } else {
      this.debounce.delete(quId);
      this.sendOne(quId);
    }
    return seq;
  }

  /** Sends everything in the journal now, oldest change first (page load, back online, before hand-in). */
  flush(): void {
    if (this.closed) return;
    this.debounce.forEach((t) => clearTimeout(t));
    this.debounce.clear();
    if (this.retryTimer) {
      clearTimeout(this.retryTimer);
      this.retryTimer = undefined;
    }
    [...this.entries.values()].sort((a, b) => a.at - b.at).forEach((e) => this.sendOne(e.quId));
  }

  /** Flushes and resolves true once the journal is empty, or false after `timeoutMs`. */
  drain(timeoutMs: number): Promise<boolean> {
    this.flush();
    if (this.entries.size === 0) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(this.entries.size === 0), timeoutMs);
      this.idleWaiters.push(() => {
        clearTimeout(timer);
        resolve(true);
      });
    });
  }

  /** The paper is over (handed in): stop sending and forget the journal. */
  close(): void {
    this.closed = true;
    this.debounce.forEach((t) => clearTimeout(t));
    this.debounce.clear();
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.entries.clear();
    this.opts.storage.remove(JOURNAL);
    this.emit({ pending: 0 });
  }

  private sendOne(quId: string): void {
    const entry = this.entries.get(quId);
    if (!entry || this.closed) return;
    if (this.inflight.has(quId)) {
      // One save per question at a time; the newest state goes once this one is answered.
      this.again.add(quId);
      return;
    }
    this.inflight.add(quId);
    const { paperId } = this.opts;
    this.opts
      .send({ paperId, quId, seq: entry.seq, mark: entry.mark, ...entry.answer })
      .then(
        (res) => {
          this.failures = 0;
          if (res.seq > (this.seqs.get(quId) ?? 0)) this.seqs.set(quId, res.seq);
          const current = this.entries.get(quId);
          if (current && current.seq <= Math.max(res.seq, entry.seq)) this.entries.delete(quId);
          this.persist();
          this.emit({ online: true, savedAt: res.savedAt });
        },
        (error: unknown) => {
          if (isTransient(error)) {
            this.emit({ online: false });
            this.scheduleRetry();
          } else if (error instanceof ApiError) {
            this.closed = true;
            this.opts.onRefused?.(error);
          }
        },
      )
      .finally(() => {
        this.inflight.delete(quId);
        if (this.again.delete(quId) && this.status.online) this.sendOne(quId);
        if (this.entries.size === 0) this.idleWaiters.splice(0).forEach((w) => w());
      });
  }

  private scheduleRetry(): void {
    if (this.retryTimer || this.closed) return;
    const delays = this.opts.retryDelays;
    const wait = delays[Math.min(this.failures, delays.length - 1)];
    this.failures += 1;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      this.flush();
    }, wait);
  }

  private persist(): void {
    if (this.entries.size) this.opts.storage.set(JOURNAL, Object.fromEntries(this.entries));
    else this.opts.storage.remove(JOURNAL);
    this.emit({ pending: this.entries.size });
  }

  private emit(change: Partial<SyncStatus>): void {
    const next = { ...this.status, ...change };
    if (next.pending === this.status.pending && next.online === this.status.online && next.savedAt === this.status.savedAt) return;
    this.status = next;
    this.listeners.forEach((l) => l(next));
  }
}
