import { purgeCodes } from '../modules/identity/code.service';
import { purgeExpiredSessions } from '../modules/identity/session.service';
import type { Job } from './scheduler';

/**
 * Expired sessions are refused when used, and sign-in codes older than their longest budget window
 * count toward nothing; this removes their rows so the tables stay small. (One job: each running job
 * holds a database connection for its lock.)
 */
export const sessionPurgeJob: Job = {
  name: 'session-purge',
  everyMs: 60 * 60 * 1000,
  run: async (ctx) => {
    await purgeExpiredSessions(ctx);
    await purgeCodes(ctx);
  },
};
