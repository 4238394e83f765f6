import type { Kysely, Transaction } from 'kysely';
import type { DB, NewUser, UserRow } from '../../db/schema';

export type Db = Kysely<DB> | Transaction<DB>;

export const USER_COLUMNS = [
  'id', 'user_name', 'real_name', 'password_hash', 'avatar', 'mobile', 'email', 'dept_id', 'state', 'create_time', 'update_time',
] as const;

export function findUserByName(db: Db, userName: string): Promise<UserRow | undefined> {
  return db.selectFrom('sys_user').select(USER_COLUMNS).where('user_name', '=', userName).executeTakeFirst();
}

export function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('sys_user').select(USER_COLUMNS).where('id', '=', id).executeTakeFirst();
}

export async function insertUser(db: Db, row: NewUser, roleIds: string[]): Promise<void> {
  await db.insertInto('sys_user').values(row).execute();
  if (roleIds.length) await db.insertInto('sys_user_role').values(roleIds.map((role_id) => ({ user_id: row.id, role_id }))).execute();
}

export async function findDeptName(db: Db, deptId: string): Promise<string> {
  if (!deptId) return '';
  const row = await db.selectFrom('sys_depart').select('dept_name').where('id', '=', deptId).executeTakeFirst();
  return row?.dept_name ?? '';
}
