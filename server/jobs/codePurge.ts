import { purgeCodes } from '../modules/identity/code.service';
import type { Job } from './scheduler';

/** Codes older than the longest budget window count toward nothing; this removes their rows. */
export const codePurgeJob: Job = {
  name: 'code-purge',
  everyMs: 60 * 60 * 1000,
  run: (ctx) => purgeCodes(ctx),
};
