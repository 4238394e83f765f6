import type { Db } from '../../db/database';
import type { SysCaptchaTable, SysVerifyCodeTable } from '../../db/schema';

type NewCode = Omit<SysVerifyCodeTable, 'checks' | 'used'>;

export async function insertCode(db: Db, row: NewCode): Promise<void> {
  await db.insertInto('sys_verify_code').values(row).execute();
}

export async function deleteCode(db: Db, id: string): Promise<void> {
  await db.deleteFrom('sys_verify_code').where('id', '=', id).execute();
}

/** Codes asked for a target (or from an address) since a time, `exceptId` left out. */
export async function countCodesSince(db: Db, by: 'target' | 'ip', value: string, since: number, exceptId = ''): Promise<number> {
  const row = await db
    .selectFrom('sys_verify_code')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where(by, '=', value)
    .where('create_time', '>', since)
    .where('id', '!=', exceptId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** When the newest code for a target was asked for, `exceptId` left out. */
export async function lastCodeTime(db: Db, target: string, exceptId: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('sys_verify_code')
    .select('create_time')
    .where('target', '=', target)
    .where('id', '!=', exceptId)
    .orderBy('create_time', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? Number(row.create_time) : undefined;
}

/** The newest code asked for a target in one channel and scene: only it counts, older ones are replaced. */
export function newestCode(db: Db, channel: string, target: string, scene: string) {
  return db
    .selectFrom('sys_verify_code')
    .select(['id', 'user_id', 'code_hash', 'checks', 'used', 'expire_time'])
    .where('channel', '=', channel)
    .where('target', '=', target)
    .where('scene', '=', scene)
    .orderBy('create_time', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Counts one check, unless the code is used or has had its checks; false then. */
export async function countCheck(db: Db, id: string, maxChecks: number): Promise<boolean> {
  const r = await db
    .updateTable('sys_verify_code')
    .set((eb) => ({ checks: eb('checks', '+', 1) }))
    .where('id', '=', id)
    .where('used', '=', 0)
    .where('checks', '<', maxChecks)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Marks the code used; false when another request used it first. */
export async function useCode(db: Db, id: string): Promise<boolean> {
  const r = await db.updateTable('sys_verify_code').set({ used: 1 }).where('id', '=', id).where('used', '=', 0).executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function deleteCodesBefore(db: Db, before: number): Promise<void> {
  await db.deleteFrom('sys_verify_code').where('create_time', '<', before).execute();
}

export async function insertCaptcha(db: Db, row: SysCaptchaTable): Promise<void> {
  await db.insertInto('sys_captcha').values(row).execute();
}

/** Takes a captcha out (single use): its answer's hash while it was still valid, else undefined. */
export async function takeCaptcha(db: Db, id: string, now: number): Promise<string | undefined> {
  const row = await db.selectFrom('sys_captcha').select(['answer_hash', 'expire_time']).where('id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  const r = await db.deleteFrom('sys_captcha').where('id', '=', id).executeTakeFirst();
  if (Number(r.numDeletedRows) !== 1 || Number(row.expire_time) <= now) return undefined;
  return row.answer_hash;
}

export async function deleteCaptchasBefore(db: Db, before: number): Promise<void> {
  await db.deleteFrom('sys_captcha').where('expire_time', '<', before).execute();
}
