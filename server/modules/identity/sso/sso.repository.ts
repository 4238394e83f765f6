import type { Db } from '../../../db/database';
import type { SsoFlowTable, SsoUserTable, UserRow } from '../../../db/schema';

export type SsoProvider = 'oidc' | 'ldap';

export async function findSettings(db: Db, id: string): Promise<string | undefined> {
  const row = await db.selectFrom('sso_config').select('settings').where('id', '=', id).executeTakeFirst();
  return row?.settings;
}

/** Inserts or replaces the one settings record. */
export async function saveSettings(db: Db, id: string, settings: string, now: number): Promise<void> {
  await db
    .insertInto('sso_config')
    .values({ id, settings, update_time: now })
    .onConflict((oc) => oc.column('id').doUpdateSet({ settings, update_time: now }))
    .execute();
}

export function findLinkBySubject(db: Db, provider: SsoProvider, subject: string): Promise<SsoUserTable | undefined> {
  return db.selectFrom('sso_user').selectAll().where('provider', '=', provider).where('subject', '=', subject).executeTakeFirst();
}

export function findLinkOfUser(db: Db, userId: string, provider: SsoProvider): Promise<SsoUserTable | undefined> {
  return db.selectFrom('sso_user').selectAll().where('user_id', '=', userId).where('provider', '=', provider).executeTakeFirst();
}

export async function insertLink(db: Db, row: SsoUserTable): Promise<void> {
  await db.insertInto('sso_user').values(row).execute();
}

export async function insertFlow(db: Db, row: SsoFlowTable): Promise<void> {
  await db.insertInto('sso_flow').values(row).execute();
}

/** Takes a flow out (single use): the row if it was there. */
export async function takeFlow(db: Db, state: string): Promise<SsoFlowTable | undefined> {
  const row = await db.selectFrom('sso_flow').selectAll().where('state', '=', state).executeTakeFirst();
  if (!row) return undefined;
  const gone = await db.deleteFrom('sso_flow').where('state', '=', state).executeTakeFirst();
  return Number(gone.numDeletedRows) === 1 ? row : undefined;
}

export async function deleteFlowsBefore(db: Db, time: number): Promise<void> {
  await db.deleteFrom('sso_flow').where('create_time', '<', time).execute();
}

export async function roleExists(db: Db, roleId: string): Promise<boolean> {
  return Boolean(await db.selectFrom('sys_role').select('id').where('id', '=', roleId).executeTakeFirst());
}

export function findUser(db: Db, userId: string): Promise<UserRow | undefined> {
  return db.selectFrom('sys_user').selectAll().where('id', '=', userId).executeTakeFirst();
}
