import type { DomainBus } from '../../context';
import { paperScored } from './stats.service';

/** Statistics record each paper whose score is settled: handed in (when nothing awaits marking) or marked. */
export function subscribeStats(bus: DomainBus): void {
  // After commit, into a batch: a hand-in pays one map entry here, never a statistics read (and
  // with its graded questions told, the batch reads only the paper's own row).
  bus.on('paper.handedIn', 'afterCommit', 'stats.record', async (ctx, e) => {
    if (!e.awaitingMarking) paperScored(ctx, e.paperId, e.graded);
  });
  bus.on('paper.marked', 'afterCommit', 'stats.record', async (ctx, e) => paperScored(ctx, e.paperId));
}
