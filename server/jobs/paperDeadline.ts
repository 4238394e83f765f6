import { handInOverdue } from '../modules/paper/paper.service';
import type { Job } from './scheduler';

/**
 * Hands in papers whose deadline has passed, whether or not the learner's browser is open. Any
 * call on such a paper hands it in first too; this catches the papers nobody touches.
 */
export const paperDeadlineJob: Job = {
  name: 'paper-deadline',
  everyMs: 5_000,
  run: async (ctx) => {
    // Batches until none is left, so a whole cohort's deadline is handled in one run.
    while ((await handInOverdue(ctx, 200)) === 200);
  },
};
