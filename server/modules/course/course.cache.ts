import { TtlCache } from '../../lib/cache';
import type { Clock } from '../../lib/clock';

/** What crediting and serving need to know about one file, without a query. */
export interface CourseFileDef {
  id: string;
  title: string;
  chapterId: string;
  kind: number;
  needMs: number;
  durationSec: number;
  pageCount: number;
  /** Every page must be seen (only when the page count is known). */
  needAllPages: boolean;
  fileName: string;
  mime: string;
  storageKey: string;
  convState: number;
  convKey: string;
}

/**
 * A course as the learner side checks it on every call: state, audience (departments already
 * expanded to their sub-departments), rules, and its files in learning order.
 */
export interface CourseDef {
  id: string;
  title: string;
  state: number;
  audience: number;
  deptIds: ReadonlySet<string>;
  userIds: ReadonlySet<string>;
  required: boolean;
  deadline: number | null;
  unlockInOrder: boolean;
  noSkip: boolean;
  checkMinutes: number;
  examId: string;
  files: ReadonlyMap<string, CourseFileDef>;
  /** File ids in learning order: loose files, then each chapter's. */
  order: readonly string[];
}

/** How long another process may serve a course definition after an administrator changed it. */
export const COURSE_DEF_TTL_MS = 10_000;

/**
 * The course area's process-local state, one per app (on ctx.caches): course definitions by id
 * (cleared at once by this process's edits, within COURSE_DEF_TTL_MS elsewhere), the course of a
 * file id, and the key that signs file URLs (read from the database once).
 */
export class CourseCaches {
  readonly defs: TtlCache<string, CourseDef | null>;
  readonly fileCourse: TtlCache<string, string | null>;
  urlKey: Buffer | undefined;

  constructor(clock: Clock) {
    this.defs = new TtlCache(clock, COURSE_DEF_TTL_MS, 2_000);
    this.fileCourse = new TtlCache(clock, 60_000, 20_000);
  }
}

export const createCourseCaches = (clock: Clock) => new CourseCaches(clock);
