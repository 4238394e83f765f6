import { LearnState, type MyCourseFile } from '../../../common/api/course';
import { formatTime } from '../../../common/format';

/** A deadline as the cards show it. */
export const formatDeadline = (deadline: number | null) => (deadline ? formatTime(deadline, 'YYYY-MM-DD HH:mm') : '');

/** Learned against required, as a 0–100 bar value (100 only when the file is done). */
export function fileProgress(learned: number, need: number, done: boolean): number {
  if (done) return 100;
  if (need <= 0) return 0;
  return Math.min(99, Math.floor((learned / need) * 100));
}

export type FileStatus = '未解锁' | '已完成' | '学习中' | '未开始';

/**
 * A file's status as the learner sees it, the one source for the outline and the open file's
 * header: locked and done are the server's; a file is being learned (学习中) while it is open or
 * once any time, page or playback is recorded on it, else not started (未开始).
 */
export function fileStatus(file: Pick<MyCourseFile, 'state' | 'learnedSeconds' | 'pagesSeen' | 'furthest'>, open: boolean): FileStatus {
  if (file.state === LearnState.LOCKED) return '未解锁';
  if (file.state === LearnState.DONE) return '已完成';
  return open || file.learnedSeconds > 0 || file.pagesSeen > 0 || file.furthest > 0 ? '学习中' : '未开始';
}
