import type { StatsBand } from '../../../common/api';

/** A figure as the statistics show it: at most `digits` decimals, '—' where there is none (too few attempts). */
export function figure(v: number | null | undefined, digits = 2): string {
  if (v === null || v === undefined || !Number.isFinite(v)) return '—';
  const f = 10 ** digits;
  return String(Math.round(v * f) / f);
}

/** A percentage (the server sends rates in percent), one decimal. */
export const percent = (v: number | null | undefined): string => (v === null || v === undefined || !Number.isFinite(v) ? '—' : `${figure(v, 1)}%`);

/** 60–70: a score band by its ends. */
export const bandLabel = (b: StatsBand): string => `${figure(b.from)}–${figure(b.to)}`;
