import type { DomainBus } from '../../context';
import { forgetExams, warmChangedExams } from './exam.service';

/** What exams keep in memory, and how it follows their changes. */
export function subscribeExam(bus: DomainBus): void {
  // Saved, published or enabled while open (or about to open): warmed again at once for its first starts.
  bus.on('exam.changed', 'afterCommit', 'exam.warm', (ctx, e) => warmChangedExams(ctx, e.examIds));
  // A disabled exam starts no paper: nothing of it is kept.
  bus.on('exam.disabled', 'afterCommit', 'exam.forget', (ctx, e) => forgetExams(ctx, e.examIds));
}
