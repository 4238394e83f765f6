import type { Db } from '../../db/database';
import type { SysSigninAuditTable } from '../../db/schema';

export async function insertSigninAudit(db: Db, row: SysSigninAuditTable): Promise<void> {
  await db.insertInto('sys_signin_audit').values(row).execute();
}

/** A user's sign-ins, newest first. */
export function listSigninAudit(db: Db, userId: string, limit: number) {
  return db
    .selectFrom('sys_signin_audit')
    .select(['provider', 'result', 'ip', 'create_time'])
    .where('user_id', '=', userId)
    .orderBy('create_time', 'desc')
    .limit(limit)
    .execute();
}
