import { hash, verify } from '@node-rs/argon2';
import { randomInt } from 'node:crypto';

/** argon2id with the library's defaults (Algorithm.Argon2id). */
export const hashPassword = (plain: string) => hash(plain, { algorithm: 2 });

export async function verifyPassword(hashed: string, plain: string): Promise<boolean> {
  try {
    return await verify(hashed, plain);
  } catch {
    return false;
  }
}


/**
 * For a secret the server drew at random (generatePassword), not one a person chose: argon2id at a
 * low cost. Its strength is its entropy (about 70 bits), which no cost setting adds to; a person's
 * password, guessable from a list, needs hashPassword's cost. This keeps an import of thousands of
 * users with generated passwords within seconds (at full cost each hash takes about 10 ms of a core).
 */
export const hashRandomSecret = (secret: string) => hash(secret, { algorithm: 2, memoryCost: 1024, timeCost: 1, parallelism: 1 });

/** No look-alikes (0/O, 1/l/I): these passwords are read off a sheet and typed. */
const LETTERS = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ';
const DIGITS = '23456789';
const ALPHABET = LETTERS + DIGITS;

/** A random initial password of `length` characters (12: ~70 bits) with at least one letter and one digit (spec section 5). */
export function generatePassword(length = 12): string {
  for (;;) {
    const picks = Array.from({ length }, () => ALPHABET[randomInt(ALPHABET.length)]);
    const text = picks.join('');
    if (/[A-Za-z]/.test(text) && /\d/.test(text)) return text;
  }
}
