import { hash, verify } from '@node-rs/argon2';

/** argon2id with the library's defaults (Algorithm.Argon2id). */
export const hashPassword = (plain: string) => hash(plain, { algorithm: 2 });

export async function verifyPassword(hashed: string, plain: string): Promise<boolean> {
  try {
    return await verify(hashed, plain);
  } catch {
    return false;
  }
}

