/**
 * Days as the dashboard counts them: calendar days in the business time zone, China Standard Time
 * (UTC+8, no daylight saving), as the exports write times. A day is its number since 1970-01-01
 * there, so the database can group by `(time + OFFSET) / DAY` on both dialects.
 */

export const DAY_MS = 86_400_000;
export const UTC_OFFSET_MS = 8 * 3_600_000;

/** The day a time falls on. */
export const dayOf = (ms: number) => Math.floor((ms + UTC_OFFSET_MS) / DAY_MS);

/** When a day starts (epoch ms). */
export const dayStart = (day: number) => day * DAY_MS - UTC_OFFSET_MS;

/** YYYY-MM-DD of a day. */
export const dateOf = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** Runs of consecutive days ([first, last] each), from sorted distinct days. */
export function runsOf(days: readonly number[]): Array<[number, number]> {
  const runs: Array<[number, number]> = [];
  for (const d of days) {
    const last = runs.at(-1);
    if (last && d === last[1] + 1) last[1] = d;
    else runs.push([d, d]);
  }
  return runs;
}
