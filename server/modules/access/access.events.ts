import type { DomainBus } from '../../context';
import { examsChanged } from './access.service';

/** What the access rules keep, and forget when exams change. */
export function subscribeAccess(bus: DomainBus): void {
  bus.on('exam.changed', 'afterCommit', 'access.closingExams', (ctx) => examsChanged(ctx));
}
