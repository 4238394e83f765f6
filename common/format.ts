import dayjs from 'dayjs';

/** Formatters of spec section 9. Times are epoch milliseconds (or Dates). */
export type TimeInput = number | Date;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const millis = (time: TimeInput) => (time instanceof Date ? time.getTime() : time);

/** Admin "time ago": minutes (at least 1) under an hour, hours under a day, else days. */
export function timeAgo(time: TimeInput, now: number = Date.now()): string {
  const diff = Math.max(0, now - millis(time));
  if (diff < HOUR) return `${Math.max(1, Math.floor(diff / MINUTE))}分钟前`;
  if (diff < DAY) return `${Math.floor(diff / HOUR)}小时前`;
  return `${Math.floor(diff / DAY)}天前`;
}

/** Learner relative time: 刚刚 under 30 s, then minutes, hours, 1天前 under two days, then the date. */
export function relativeTime(time: TimeInput, now: number = Date.now()): string {
  const diff = Math.max(0, now - millis(time));
  if (diff < 30_000) return '刚刚';
  if (diff < HOUR) return `${Math.max(1, Math.floor(diff / MINUTE))}分钟前`;
  if (diff < DAY) return `${Math.floor(diff / HOUR)}小时前`;
  if (diff < 2 * DAY) return '1天前';
  return dayjs(time).format('YYYY-MM-DD');
}

/** A time in the given dayjs format; '' for no time (null, undefined, 0) or an invalid one. */
export function formatTime(time: TimeInput | string | null | undefined, fmt = 'YYYY-MM-DD HH:mm:ss'): string {
  if (time === null || time === undefined || time === 0 || time === '') return '';
  const d = dayjs(time);
  return d.isValid() ? d.format(fmt) : '';
}

const SI_UNITS = [
  { value: 1e18, symbol: 'E' },
  { value: 1e15, symbol: 'P' },
  { value: 1e12, symbol: 'T' },
  { value: 1e9, symbol: 'G' },
  { value: 1e6, symbol: 'M' },
  { value: 1e3, symbol: 'k' },
];

/** 1200 → '1.2k', 2500000 → '2.5M', 999 → '999'; trailing zeros of the fraction are dropped. */
export function numberFormatter(num: number, digits = 1): string {
  const abs = Math.abs(num);
  const unit = SI_UNITS.find((u) => abs >= u.value);
  if (!unit) return String(num);
  const scaled = (num / unit.value).toFixed(digits).replace(/\.0+$|(\.\d*[1-9])0+$/, '$1');
  return scaled + unit.symbol;
}

/** A ratio as a percentage: 0.256 → '26%', with one digit '25.6%'; '' when not a number. */
export function percent(value: number, digits = 0): string {
  if (!Number.isFinite(value)) return '';
  return `${(value * 100).toFixed(digits)}%`;
}
