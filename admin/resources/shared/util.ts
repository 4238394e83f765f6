/**
 * The body for a save call: only the listed keys, with react-admin's empty-input `null` sent as ''
 * (the server's schemas take strings) and absent keys left out.
 */
export function pickBody<T extends Record<string, unknown>>(values: Record<string, unknown>, keys: readonly (keyof T & string)[]): Partial<T> {
  const out: Record<string, unknown> = {};
  for (const key of keys) {
    const value = values[key];
    if (value === undefined) continue;
    out[key] = value === null ? '' : value;
  }
  return out as Partial<T>;
}

/** A loose e-mail check for the client; the server has the last word. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Radio groups and selects hand back strings; coded values are numbers ('' stays empty). */
export const parseCode = (v: unknown) => (v === '' || v === null || v === undefined ? v : Number(v));

/** A whole number, or nothing typed. */
export const integerRule = (v: unknown) => (v === null || v === undefined || v === '' || Number.isInteger(Number(v)) ? undefined : 'examhall.validation.integer');
