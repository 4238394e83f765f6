import type { Db } from '../../db/database';

/** Row counts of the main tables, in one statement of scalar sub-queries. */
export async function countTotals(db: Db) {
  return db
    .selectNoFrom((eb) => [
      eb.selectFrom('sys_user').select(eb.fn.countAll<number>().as('n')).as('user_count'),
      eb.selectFrom('sys_depart').select(eb.fn.countAll<number>().as('n')).as('depart_count'),
      eb.selectFrom('sys_notice').select(eb.fn.countAll<number>().as('n')).as('notice_count'),
      eb.selectFrom('sys_msg').select(eb.fn.countAll<number>().as('n')).as('msg_count'),
    ])
    .executeTakeFirstOrThrow();
}
