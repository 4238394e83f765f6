import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB, NewUser, UserRow, UserUpdate } from '../../db/schema';
import { contains } from '../../lib/paging';
import { RoleType } from '../../../common/codes';

export type Db = Kysely<DB> | Transaction<DB>;

export const USER_COLUMNS = [
  'id', 'user_name', 'real_name', 'password_hash', 'avatar', 'mobile', 'email', 'dept_id', 'state', 'create_time', 'update_time',
] as const;

/** What an administrator sees of a user: never the password hash. */
const RECORD_COLUMNS = [
  'u.id', 'u.user_name', 'u.real_name', 'u.avatar', 'u.mobile', 'u.email', 'u.dept_id', 'u.state', 'u.create_time', 'u.update_time',
] as const;

/** SQLite caps bound parameters per statement; large id lists go in chunks of this size. */
const CHUNK = 500;

export interface UserRecordRow {
  id: string;
  user_name: string;
  real_name: string;
  avatar: string;
  mobile: string;
  email: string;
  dept_id: string;
  dept_name: string | null;
  state: number;
  create_time: number;
  update_time: number;
}

export interface UserRoleRow {
  user_id: string;
  role_id: string;
  role_name: string;
  role_type: number;
}

export interface UserFilter {
  userName?: string;
  realName?: string;
  /** The department and its descendants, already resolved. */
  deptIds?: string[];
  roleId?: string;
  state?: number;
}

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

export async function deptExists(db: Db, deptId: string): Promise<boolean> {
  return !!(await db.selectFrom('sys_depart').select('id').where('id', '=', deptId).executeTakeFirst());
}

export function findRolesByIds(db: Db, roleIds: string[]) {
  return db.selectFrom('sys_role').select(['id', 'role_name', 'role_type']).where('id', 'in', roleIds).execute();
}

/** Ids among these that exist. */
export async function findExistingUserIds(db: Db, ids: string[]): Promise<string[]> {
  const rows = await db.selectFrom('sys_user').select('id').where('id', 'in', ids).execute();
  return rows.map((r) => r.id);
}

/** Users matching the admin filters, with their department joined; no selection, no order. */
export function filteredUsers(db: Db, f: UserFilter) {
  let q = db.selectFrom('sys_user as u').leftJoin('sys_depart as d', 'd.id', 'u.dept_id');
  if (f.userName) q = q.where(contains('u.user_name', f.userName));
  if (f.realName) q = q.where(contains('u.real_name', f.realName));
  if (f.deptIds) q = f.deptIds.length ? q.where('u.dept_id', 'in', f.deptIds) : q.where(sql<boolean>`1 = 0`);
  if (f.state !== undefined) q = q.where('u.state', '=', f.state);
  const roleId = f.roleId;
  if (roleId) {
    q = q.where((eb) =>
      eb.exists(eb.selectFrom('sys_user_role as ur').select('ur.user_id').whereRef('ur.user_id', '=', 'u.id').where('ur.role_id', '=', roleId)),
    );
  }
  return q;
}

export type FilteredUsers = ReturnType<typeof filteredUsers>;

/** Sortable columns of the user list, by API name. */
export const USER_ORDER_COLUMNS = {
  createTime: 'u.create_time',
  userName: 'u.user_name',
  realName: 'u.real_name',
  state: 'u.state',
} as const;
export type UserOrderColumn = keyof typeof USER_ORDER_COLUMNS;

/** The record columns and the order (whitelisted names; newest first when none given; id breaks ties). */
export function selectUserRecords(q: FilteredUsers, orders: Array<{ column: UserOrderColumn; asc: boolean }>) {
  let s = q.select([...RECORD_COLUMNS, 'd.dept_name']);
  const list = orders.length ? orders : [{ column: 'createTime' as const, asc: false }];
  for (const o of list) s = s.orderBy(USER_ORDER_COLUMNS[o.column], o.asc ? 'asc' : 'desc');
  return s.orderBy('u.id', 'desc');
}

export function findUserRecord(db: Db, id: string): Promise<UserRecordRow | undefined> {
  return db
    .selectFrom('sys_user as u')
    .leftJoin('sys_depart as d', 'd.id', 'u.dept_id')
    .select([...RECORD_COLUMNS, 'd.dept_name'])
    .where('u.id', '=', id)
    .executeTakeFirst();
}

/** Roles of many users in one query per chunk (never one query per user). */
export async function findUserRoles(db: Db, userIds: string[]): Promise<UserRoleRow[]> {
  const out: UserRoleRow[] = [];
  for (let i = 0; i < userIds.length; i += CHUNK) {
    const rows = await db
      .selectFrom('sys_user_role as ur')
      .innerJoin('sys_role as r', 'r.id', 'ur.role_id')
      .select(['ur.user_id', 'ur.role_id', 'r.role_name', 'r.role_type'])
      .where('ur.user_id', 'in', userIds.slice(i, i + CHUNK))
      .orderBy('r.role_type', 'desc')
      .orderBy('r.role_name')
      .execute();
    out.push(...rows);
  }
  return out;
}

export async function updateUser(db: Db, id: string, values: UserUpdate): Promise<void> {
  await db.updateTable('sys_user').set(values).where('id', '=', id).execute();
}

export async function updateUsers(db: Db, ids: string[], values: UserUpdate): Promise<void> {
  await db.updateTable('sys_user').set(values).where('id', 'in', ids).execute();
}

/** Replaces the roles of these users with exactly roleIds. */
export async function replaceUserRoles(db: Db, userIds: string[], roleIds: string[]): Promise<void> {
  await db.deleteFrom('sys_user_role').where('user_id', 'in', userIds).execute();
  const rows = userIds.flatMap((user_id) => roleIds.map((role_id) => ({ user_id, role_id })));
  for (let i = 0; i < rows.length; i += CHUNK) await db.insertInto('sys_user_role').values(rows.slice(i, i + CHUNK)).execute();
}

/** Active users (state 0) holding at least one administrator role. */
export async function countActiveAdmins(db: Db): Promise<number> {
  const row = await db
    .selectFrom('sys_user as u')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('u.state', '=', 0)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('sys_user_role as ur')
          .innerJoin('sys_role as r', 'r.id', 'ur.role_id')
          .select('ur.user_id')
          .whereRef('ur.user_id', '=', 'u.id')
          .where('r.role_type', '=', RoleType.ADMIN),
      ),
    )
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Removes users with their role links, sessions and received messages. */
export async function deleteUsers(db: Db, ids: string[]): Promise<void> {
  await db.deleteFrom('sys_user_role').where('user_id', 'in', ids).execute();
  await db.deleteFrom('sys_session').where('user_id', 'in', ids).execute();
  await db.deleteFrom('sys_user_msg').where('user_id', 'in', ids).execute();
  await db.deleteFrom('sys_user').where('id', 'in', ids).execute();
}
