import { sql } from 'kysely';
import { RoleType, UserState } from '../../../common/codes';
import type { Page } from '../../../common/errorCodes';
import type { Db } from '../../db/database';
import type { NewUser, UserRow, UserUpdate } from '../../db/schema';
import { contains, paginate, type PageArgs } from '../../lib/paging';

export const USER_COLUMNS = [
  'id', 'user_name', 'real_name', 'password_hash', 'avatar', 'mobile', 'email', 'dept_id', 'state', 'create_time', 'update_time', 'login_epoch', 'pass_change_required',
] as const;

/** What an administrator sees of a user: never the password hash. */
const RECORD_COLUMNS = [
  'u.id', 'u.user_name', 'u.real_name', 'u.avatar', 'u.mobile', 'u.email', 'u.dept_id', 'd.dept_name', 'u.state', 'u.create_time', 'u.update_time',
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
  dept_id: string | null;
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
  /** Exactly these users. */
  ids?: string[];
  userName?: string;
  realName?: string;
  /** The department and its descendants, already resolved. */
  deptIds?: string[];
  roleId?: string;
  state?: number;
}

/** Sortable columns of the user list, by API name. */
export const USER_ORDER_COLUMNS = {
  createTime: 'u.create_time',
  userName: 'u.user_name',
  realName: 'u.real_name',
  state: 'u.state',
} as const;
export type UserOrderColumn = keyof typeof USER_ORDER_COLUMNS;
export type UserOrder = { column: UserOrderColumn; asc: boolean };

/** By sign-in name, whatever its case (served by the unique index on lower(user_name)). */
export function findUserByName(db: Db, userName: string): Promise<UserRow | undefined> {
  return db.selectFrom('sys_user').select(USER_COLUMNS).where(sql<string>`lower(user_name)`, '=', userName.toLowerCase()).executeTakeFirst();
}

/** Users with this mobile number or e-mail address (at most two: enough to tell "one" from "several"). */
export function findUsersByContact(db: Db, column: 'mobile' | 'email', value: string): Promise<UserRow[]> {
  const q = db.selectFrom('sys_user').select(USER_COLUMNS);
  // Addresses are matched whatever their case (the caller passes them lower-cased).
  return (column === 'email' ? q.where(sql<string>`lower(email)`, '=', value) : q.where('mobile', '=', value)).limit(2).execute();
}

export function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('sys_user').select(USER_COLUMNS).where('id', '=', id).executeTakeFirst();
}

export async function insertUser(db: Db, row: NewUser, roleIds: string[]): Promise<void> {
  await db.insertInto('sys_user').values(row).execute();
  if (roleIds.length) await db.insertInto('sys_user_role').values(roleIds.map((role_id) => ({ user_id: row.id, role_id }))).execute();
}

export async function findDeptName(db: Db, deptId: string | null): Promise<string> {
  if (!deptId) return '';
  const row = await db.selectFrom('sys_depart').select('dept_name').where('id', '=', deptId).executeTakeFirst();
  return row?.dept_name ?? '';
}

export function findRolesByIds(db: Db, roleIds: string[]): Promise<Array<{ id: string; role_name: string; role_type: number }>> {
  return db.selectFrom('sys_role').select(['id', 'role_name', 'role_type']).where('id', 'in', roleIds).execute();
}

/** Who these users are and how to reach them (a review tells them its outcome). */
export function findUserContacts(db: Db, ids: string[]): Promise<Array<{ id: string; real_name: string; email: string; mobile: string; state: number }>> {
  return db.selectFrom('sys_user').select(['id', 'real_name', 'email', 'mobile', 'state']).where('id', 'in', ids).execute();
}

/** Ids and names among these users that exist. */
export function findUsersByIds(db: Db, ids: string[]): Promise<Array<{ id: string; user_name: string }>> {
  return db.selectFrom('sys_user').select(['id', 'user_name']).where('id', 'in', ids).execute();
}

/** Users matching the admin filters, with their department joined; no selection, no order. */
function filterUsers(db: Db, f: UserFilter) {
  let q = db.selectFrom('sys_user as u').leftJoin('sys_depart as d', 'd.id', 'u.dept_id');
  if (f.ids) q = f.ids.length ? q.where('u.id', 'in', f.ids) : q.where(sql<boolean>`1 = 0`);
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

/**
 * The record columns in the given order (whitelisted names; newest first when none given; id breaks
 * ties), registrations awaiting review always first: they are what an administrator has to act on.
 */
function selectUserRecords(q: ReturnType<typeof filterUsers>, orders: UserOrder[]) {
  let s = q.select(RECORD_COLUMNS).orderBy(sql`case when u.state = 2 then 0 else 1 end`);
  const list = orders.length ? orders : [{ column: 'createTime' as const, asc: false }];
  for (const o of list) s = s.orderBy(USER_ORDER_COLUMNS[o.column], o.asc ? 'asc' : 'desc');
  return s.orderBy('u.id', 'desc');
}

export function pageUserRecords(db: Db, filter: UserFilter, orders: UserOrder[], page: PageArgs): Promise<Page<UserRecordRow>> {
  return paginate(filterUsers(db, filter), page, (q) => selectUserRecords(q, orders), (r) => r);
}

/** Up to `limit` matching records from `offset`, newest first (the export, read a page at a time). */
export function listUserRecords(db: Db, filter: UserFilter, limit: number, offset = 0): Promise<UserRecordRow[]> {
  return selectUserRecords(filterUsers(db, filter), []).limit(limit).offset(offset).execute();
}

export function findUserRecord(db: Db, id: string): Promise<UserRecordRow | undefined> {
  return filterUsers(db, { ids: [id] }).select(RECORD_COLUMNS).executeTakeFirst();
}

/** Of these users, those with a face enrolment (one query per chunk). */
export async function faceEnrolledAmong(db: Db, userIds: string[]): Promise<Set<string>> {
  const out = new Set<string>();
  for (let i = 0; i < userIds.length; i += CHUNK) {
    const rows = await db.selectFrom('sys_user_face').select('user_id').where('user_id', 'in', userIds.slice(i, i + CHUNK)).execute();
    for (const r of rows) out.add(r.user_id);
  }
  return out;
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
  for (let i = 0; i < ids.length; i += CHUNK) {
    await db.updateTable('sys_user').set(values).where('id', 'in', ids.slice(i, i + CHUNK)).execute();
  }
}

/** Moves the users' sign-in epoch on, leaving every rate-limit key of the old epoch behind. */
export async function bumpLoginEpochs(db: Db, ids: string[]): Promise<void> {
  await db
    .updateTable('sys_user')
    .set((eb) => ({ login_epoch: eb('login_epoch', '+', 1) }))
    .where('id', 'in', ids)
    .execute();
}

/** Replaces the roles of these users with exactly roleIds. */
export async function replaceUserRoles(db: Db, userIds: string[], roleIds: string[]): Promise<void> {
  await db.deleteFrom('sys_user_role').where('user_id', 'in', userIds).execute();
  const rows = userIds.flatMap((user_id) => roleIds.map((role_id) => ({ user_id, role_id })));
  for (let i = 0; i < rows.length; i += CHUNK) await db.insertInto('sys_user_role').values(rows.slice(i, i + CHUNK)).execute();
}

/** Active users holding at least one administrator role. */
export async function countActiveAdmins(db: Db): Promise<number> {
  const row = await db
    .selectFrom('sys_user as u')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('u.state', '=', UserState.NORMAL)
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

/** Removes users; their role links, sessions and received messages go with them (foreign keys cascade). */
export async function deleteUsers(db: Db, ids: string[]): Promise<void> {
  await db.deleteFrom('sys_user').where('id', 'in', ids).execute();
}

/** Which of these sign-in names are taken (compared lower-cased, as the unique index does); answers them lower-cased. */
export async function findTakenNames(db: Db, names: readonly string[]): Promise<Set<string>> {
  const lower = [...new Set(names.map((n) => n.toLowerCase()))];
  const taken = new Set<string>();
  for (let i = 0; i < lower.length; i += CHUNK) {
    const rows = await db
      .selectFrom('sys_user')
      .select(sql<string>`lower(user_name)`.as('name'))
      .where(sql<string>`lower(user_name)`, 'in', lower.slice(i, i + CHUNK))
      .execute();
    for (const r of rows) taken.add(r.name);
  }
  return taken;
}

/** Every role, for matching role names (a handful of rows). */
export function listRoles(db: Db): Promise<Array<{ id: string; role_name: string; role_type: number }>> {
  return db.selectFrom('sys_role').select(['id', 'role_name', 'role_type']).execute();
}

/** Many users with their roles, in statements of a bounded size (an import of thousands). */
export async function insertUsers(db: Db, users: NewUser[], roles: Array<{ user_id: string; role_id: string }>): Promise<void> {
  const rowsPer = 200;
  for (let i = 0; i < users.length; i += rowsPer) await db.insertInto('sys_user').values(users.slice(i, i + rowsPer)).execute();
  for (let i = 0; i < roles.length; i += CHUNK) await db.insertInto('sys_user_role').values(roles.slice(i, i + CHUNK)).execute();
}
