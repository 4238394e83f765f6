/** A loose e-mail check for the client; the server has the last word. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Radio groups and selects hand back strings; coded values are numbers ('' stays empty). */
export const parseCode = (v: unknown) => (v === '' || v === null || v === undefined ? v : Number(v));

/** A whole number, or nothing typed. */
export const integerRule = (v: unknown) => (v === null || v === undefined || v === '' || Number.isInteger(Number(v)) ? undefined : 'examhall.validation.integer');
