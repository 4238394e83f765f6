import type { DomainBus } from '../../context';
import { openPapersOfExams } from './paper.service';

/** What papers do when other modules' events happen. */
export function subscribePaper(bus: DomainBus): void {
  // A disabled exam closes: its open papers are handed in (forced, exam closed).
  bus.on('exam.disabled', 'afterCommit', 'paper.handInClosed', (ctx, e) => openPapersOfExams(ctx, e.examIds));
}
