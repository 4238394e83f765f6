import { purgeExpiredSessions } from '../modules/identity/session.service';
import type { Job } from './scheduler';

/** Expired sessions are refused when used; this removes the rows so the table stays small. */
export const sessionPurgeJob: Job = {
  name: 'session-purge',
  everyMs: 60 * 60 * 1000,
  run: (ctx) => purgeExpiredSessions(ctx),
};
