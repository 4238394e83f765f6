import { randomBytes, randomInt } from 'node:crypto';

/**
 * Time-ordered decimal string ids (like a snowflake): 13 digits of milliseconds, then a 4-digit
 * per-process sequence, then 2 random digits so several processes rarely collide, and the
 * primary key catches it when they do.
 */
let lastMs = 0;
let seq = 0;
const nodeTag = randomInt(0, 100);

export function newId(): string {
  let now = Date.now();
  if (now === lastMs) {
    seq += 1;
    if (seq > 9999) {
      while (Date.now() === lastMs) { /* next millisecond */ }
      now = Date.now();
      seq = 0;
    }
  } else {
    seq = 0;
  }
  lastMs = now;
  return `${now}${String(seq).padStart(4, '0')}${String(nodeTag).padStart(2, '0')}`;
}

/**
 * An unguessable id (128 random bits, 32 hex characters) for records reachable without a token,
 * such as uploaded files served by URL: a time-ordered id could be enumerated.
 */
export function newSecretId(): string {
  return randomBytes(16).toString('hex');
}
