import { CourseLearnerState, LearnState } from '../../../common/api/course';
import type { CodeOf } from '../../../common/codes';
import type { CourseDef } from './course.cache';

/** A learner's figures on one file, as stored. */
export interface FileFigures {
  learned_ms: number;
  done: number;
  pages_count: number;
}

export interface CourseFigures {
  fileCount: number;
  doneCount: number;
  needSeconds: number;
  learnedSeconds: number;
  /** 0–100; 100 only when every file is done. */
  progress: number;
}

/**
 * A learner's figures on a course, from the server's rows only: time counts up to each file's
 * requirement for progress, in full for learned time; a course with files is 100 % exactly when
 * every file is done.
 */
export function courseFigures(files: ReadonlyArray<{ id: string; needMs: number }>, rows: ReadonlyMap<string, FileFigures>): CourseFigures {
  let needMs = 0;
  let creditedMs = 0;
  let learnedMs = 0;
  let doneCount = 0;
  for (const file of files) {
    const row = rows.get(file.id);
    needMs += file.needMs;
    if (!row) continue;
    learnedMs += row.learned_ms;
    creditedMs += Math.min(row.learned_ms, file.needMs);
    if (row.done === 1) doneCount += 1;
  }
  const fileCount = files.length;
  const all = fileCount > 0 && doneCount === fileCount;
  const raw = needMs > 0 ? Math.floor((100 * creditedMs) / needMs) : fileCount > 0 ? Math.floor((100 * doneCount) / fileCount) : 0;
  return {
    fileCount,
    doneCount,
    needSeconds: Math.round(needMs / 1000),
    learnedSeconds: Math.floor(learnedMs / 1000),
    progress: all ? 100 : Math.min(raw, 99),
  };
}

/** Each file's state for a learner: locked while an earlier file is undone (when the course unlocks in order). */
export function fileStates(def: Pick<CourseDef, 'order' | 'unlockInOrder'>, rows: ReadonlyMap<string, FileFigures>): Map<string, number> {
  const states = new Map<string, number>();
  let blocked = false;
  for (const id of def.order) {
    const done = rows.get(id)?.done === 1;
    states.set(id, done ? LearnState.DONE : blocked ? LearnState.LOCKED : LearnState.LEARNING);
    if (def.unlockInOrder && !done) blocked = true;
  }
  return states;
}

/** Whether a file is open to a learner: every earlier file done, when the course unlocks in order. */
export function isUnlocked(def: Pick<CourseDef, 'order' | 'unlockInOrder'>, fileId: string, doneIds: ReadonlySet<string>): boolean {
  if (!def.unlockInOrder) return true;
  for (const id of def.order) {
    if (id === fileId) return true;
    if (!doneIds.has(id)) return false;
  }
  return false;
}

export function standingState(standing: { finish_time: number | null } | undefined | null): CodeOf<typeof CourseLearnerState> {
  if (!standing) return CourseLearnerState.NOT_STARTED;
  return standing.finish_time !== null ? CourseLearnerState.FINISHED : CourseLearnerState.LEARNING;
}

/** Not finished by the deadline (finished late, or still unfinished after it). */
export function isOverdue(deadline: number | null, finishTime: number | null, now: number): boolean {
  if (deadline === null) return false;
  return finishTime === null ? now > deadline : finishTime > deadline;
}
