import type { Job } from './scheduler';
import { sessionPurgeJob } from './sessionPurge';

/** Every background job; app.ts registers them on the scheduler. */
export const jobs: readonly Job[] = [sessionPurgeJob];
