/**
 * Course durations (learned and required time), one rule wherever they are shown — the learner's
 * course pages and records, the admin's course records and their export: seconds under a minute,
 * then minutes (to a tenth, cut down, never rounded up, so learned time is never overstated).
 * 0 → 0秒; 8 → 8秒; 60 → 1分钟; 90 → 1.5分钟; 119 → 1.9分钟; 5400 → 90分钟.
 */
export function formatDuration(seconds: number): string {
  const s = Number.isFinite(seconds) ? Math.max(0, Math.floor(seconds)) : 0;
  if (s < 60) return `${s}秒`;
  // Tenths of a minute are 6 s: whole numbers only, so no float error shows.
  const tenths = Math.floor(s / 6);
  return tenths % 10 === 0 ? `${tenths / 10}分钟` : `${Math.floor(tenths / 10)}.${tenths % 10}分钟`;
}
