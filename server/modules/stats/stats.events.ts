import type { DomainBus } from '../../context';
import { paperScored } from './stats.service';

/** Statistics record each paper whose score is settled: handed in (when nothing awaits marking) or marked. */
export function subscribeStats(bus: DomainBus): void {
  // After commit, into a batch: a hand-in pays one set insertion here, never a statistics read.
  bus.on('paper.handedIn', 'afterCommit', 'stats.record', async (ctx, e) => {
    if (!e.awaitingMarking) paperScored(ctx, e.paperId);
  });
  bus.on('paper.marked', 'afterCommit', 'stats.record', async (ctx, e) => paperScored(ctx, e.paperId));
}
