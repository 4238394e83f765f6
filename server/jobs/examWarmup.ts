import { warmOpeningExams } from '../modules/exam/exam.service';
import { warmPaperStatements } from '../modules/paper/paper.service';
import type { Job } from './scheduler';

/** The apps (by their caches) this process has warmed since it started. */
const started = new WeakSet<object>();

/**
 * Warms what the first papers of an exam read as it opens (see warmOpeningExams), so that the first
 * second of a cohort's start storm is not cold: every process for itself, every second. A process's
 * first run warms every exam open now, and the exam path's statements.
 */
export const examWarmupJob: Job = {
  name: 'exam-warmup',
  everyMs: 1_000,
  perProcess: true,
  run: async (ctx) => {
    const first = !started.has(ctx.caches);
    if (first) {
      started.add(ctx.caches);
      await warmPaperStatements(ctx);
    }
    await warmOpeningExams(ctx, first);
  },
};
