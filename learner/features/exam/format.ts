import { ExamOpenType, ExamState } from '../../../common/codes';
import type { OnlineExam } from '../../../common/api/exam';

// Local dates and times by hand, not common/format: it brings dayjs (about 3.4 kB gzip), and the exam
// page, which imports this file, must stay within its first-load budget (learner/build/firstScreens.ts).
const pad = (n: number) => String(n).padStart(2, '0');

/** "2026-11-23 09:00", local time. */
function minuteText(ms: number): string {
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** "14:03:05", the local time of day. */
export function timeOfDay(ms: number): string {
  const d = new Date(ms);
  return `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/** "2026-11-23 09:00 至 2026-11-23 11:00", or what is open-ended about it. */
export function examWindow(exam: Pick<OnlineExam, 'startTime' | 'endTime'>): string {
  const f = minuteText;
  if (exam.startTime && exam.endTime) return `${f(exam.startTime)} 至 ${f(exam.endTime)}`;
  if (exam.startTime) return `${f(exam.startTime)} 起`;
  if (exam.endTime) return `截至 ${f(exam.endTime)}`;
  return '不限时间';
}

export const durationText = (totalTime: number) => (totalTime > 0 ? `${totalTime} 分钟` : '不限时长');

export const chanceText = (exam: Pick<OnlineExam, 'chance' | 'tryCount'>) =>
  exam.chance > 0 ? `已考 ${exam.tryCount} / ${exam.chance} 次` : `已考 ${exam.tryCount} 次（不限次数）`;

export const stateColor = (state: number): 'success' | 'default' | 'warning' | 'error' =>
  state === ExamState.OPEN ? 'success' : state === ExamState.NOT_STARTED ? 'warning' : 'default';

export const needsPassword = (exam: Pick<OnlineExam, 'openType'>) => exam.openType === ExamOpenType.PASSWORD;

/** "01:02:03" or "02:03" for a count of seconds. */
export function clock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  return h > 0 ? `${pad(h)}:${pad(m)}:${pad(s % 60)}` : `${pad(m)}:${pad(s % 60)}`;
}

/** Scores print without trailing zeros: 85, 92.5. */
export const scoreText = (n: number | null | undefined) => (n === null || n === undefined ? '—' : String(Math.round(n * 100) / 100));
