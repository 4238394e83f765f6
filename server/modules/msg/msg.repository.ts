import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';

type Db = Kysely<DB> | Transaction<DB>;

/** Unread messages of one user: an indexed count on (user_id, read_state). */
export async function countUnread(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('sys_user_msg')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('read_state', '=', 0)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
