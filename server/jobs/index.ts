import type { Job } from './scheduler';
import { sessionPurgeJob } from './sessionPurge';
import { courseConvertJob } from './courseConvert';
import { paperDeadlineJob } from './paperDeadline';
import { examWarmupJob } from './examWarmup';

/** Every background job; app.ts registers them on the scheduler. */
export const jobs: readonly Job[] = [
  sessionPurgeJob,
  courseConvertJob,
  paperDeadlineJob,
  examWarmupJob,
];
