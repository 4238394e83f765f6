import type { Db } from '../../db/database';

export async function findSecret(db: Db, name: string): Promise<string | undefined> {
  return (await db.selectFrom('sys_secret').select('value').where('name', '=', name).executeTakeFirst())?.value;
}

/** Stores a secret unless one of that name exists (several processes may start at once: the first wins). */
export async function insertSecretIfMissing(db: Db, name: string, value: string, now: number): Promise<void> {
  await db
    .insertInto('sys_secret')
    .values({ name, value, create_time: now })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
}
