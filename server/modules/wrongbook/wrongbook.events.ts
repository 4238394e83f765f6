import type { DomainBus } from '../../context';
import { fileMissed } from './wrongbook.service';

/** The wrong book files what handed-in and marked papers missed. */
export function subscribeWrongBook(bus: DomainBus): void {
  // After commit: a hand-in never waits on the wrong book's transaction, and a failure here never undoes it.
  bus.on('paper.handedIn', 'afterCommit', 'wrongbook.file', (ctx, e) => fileMissed(ctx, e.userId, e.examId, e.missed));
  bus.on('paper.marked', 'afterCommit', 'wrongbook.file', (ctx, e) => fileMissed(ctx, e.userId, e.examId, e.missed));
}
