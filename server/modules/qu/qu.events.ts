import type { DomainBus } from '../../context';

/** The question module's caches follow its own changes, once they have committed. */
export function subscribeQu(bus: DomainBus): void {
  bus.on('question.changed', 'afterCommit', 'qu.drawPools', (ctx, e) => ctx.caches.qu.bankChanged(...e.repoIds));
}
