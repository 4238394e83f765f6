import { formatTime } from '../../../common/format';

/** 95 → 1分35秒; 3600 → 1小时; 0 → 0分钟. */
export function formatSeconds(total: number): string {
  const s = Math.max(0, Math.floor(total));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  if (h > 0) return m > 0 ? `${h}小时${m}分` : `${h}小时`;
  if (m > 0) return sec > 0 ? `${m}分${sec}秒` : `${m}分钟`;
  return sec > 0 ? `${sec}秒` : '0分钟';
}

/** A deadline as the cards show it. */
export const formatDeadline = (deadline: number | null) => (deadline ? formatTime(deadline, 'YYYY-MM-DD HH:mm') : '');

/** Learned against required, as a 0–100 bar value (100 only when the file is done). */
export function fileProgress(learned: number, need: number, done: boolean): number {
  if (done) return 100;
  if (need <= 0) return 0;
  return Math.min(99, Math.floor((learned / need) * 100));
}
