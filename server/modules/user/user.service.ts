import type { Kysely } from 'kysely';
import type { ServiceContext } from '../../context';
import type {
  ProfileUpdateBody,
  UpdatePassBody,
  UserFilters,
  UserInfo,
  UserPagingBody,
  UserRecord,
  UserSaveBody,
} from '../../../common/api';
import { ErrorCode, type Page } from '../../../common/errorCodes';
import { RoleType, UserState } from '../../../common/codes';
import type { DB } from '../../db/schema';
import { AppError, fail, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { paginate } from '../../lib/paging';
import { hashPassword, verifyPassword } from '../../lib/password';
import type { RateLimiter } from '../../lib/rateLimit';
import { userInfo } from '../auth/auth.service';
import { descendantDeptIds } from '../depart/depart.service';
import * as sessionRepo from '../auth/session.repository';
import type { AuthUser } from '../auth/session.service';
import { buildUserWorkbook } from './user.export';
import * as repo from './user.repository';
import type { UserFilter, UserOrderColumn, UserRecordRow, UserRoleRow } from './user.repository';
import {
  checkOptionalEmail,
  checkOptionalImageUrl,
  checkOptionalMobile,
  checkPassword,
  checkRealName,
  checkUserName,
} from './user.rules';

/** Rows an export may hold; past it the administrator narrows the filters. */
export const EXPORT_LIMIT = 50_000;
/** Wrong old passwords allowed per window on /update-pass. */
const UPDATE_PASS_LIMIT = { attempts: 5, windowSeconds: 15 * 60 } as const;

const LAST_ADMIN = '至少保留一名管理员';

export function userRowToRecord(row: UserRecordRow, roles: UserRoleRow[]): UserRecord {
  return {
    id: row.id,
    userName: row.user_name,
    realName: row.real_name,
    avatar: row.avatar,
    mobile: row.mobile,
    email: row.email,
    deptId: row.dept_id,
    deptName: row.dept_name ?? '',
    roleIds: roles.map((r) => r.role_id),
    roleNames: roles.map((r) => r.role_name),
    roleType: Math.max(RoleType.LEARNER, ...roles.map((r) => r.role_type)),
    state: UserState.of(row.state),
    createTime: row.create_time,
    updateTime: row.update_time,
  };
}

/** Maps rows to records with their roles fetched in one go. */
async function toRecords(db: Kysely<DB>, rows: UserRecordRow[]): Promise<UserRecord[]> {
  const roles = rows.length ? await repo.findUserRoles(db, rows.map((r) => r.id)) : [];
  const byUser = new Map<string, UserRoleRow[]>();
  for (const r of roles) byUser.set(r.user_id, [...(byUser.get(r.user_id) ?? []), r]);
  return rows.map((row) => userRowToRecord(row, byUser.get(row.id) ?? []));
}

/** The user's department id ('' when none, or when the user is gone). */
export async function deptIdOf(ctx: ServiceContext, userId: string): Promise<string> {
  return (await repo.findUserById(ctx.db, userId))?.dept_id ?? '';
}

export async function getUserRecord(db: Kysely<DB>, id: string): Promise<UserRecord> {
  const row = await repo.findUserRecord(db, id);
  if (!row) throw notFound('用户不存在或已被删除');
  const [record] = await toRecords(db, [row]);
  return record;
}

async function toFilter(db: Kysely<DB>, params: UserFilters | undefined): Promise<UserFilter> {
  const p = params ?? {};
  const deptId = p.deptId?.trim();
  return {
    userName: p.userName?.trim() || undefined,
    realName: p.realName?.trim() || undefined,
    deptIds: deptId ? await descendantDeptIds(db, deptId) : undefined,
    roleId: p.roleId?.trim() || undefined,
    state: p.state === '' || p.state === undefined ? undefined : p.state,
  };
}

function toOrders(orders: UserPagingBody['orders']): Array<{ column: UserOrderColumn; asc: boolean }> {
  return (orders ?? []).map((o) => {
    if (!Object.hasOwn(repo.USER_ORDER_COLUMNS, o.column)) throw fail(`不支持按 ${o.column} 排序`);
    return { column: o.column as UserOrderColumn, asc: o.asc };
  });
}

export async function pageUsers(db: Kysely<DB>, body: UserPagingBody): Promise<Page<UserRecord>> {
  const orders = toOrders(body.orders);
  const page = await paginate(
    repo.filteredUsers(db, await toFilter(db, body.params)),
    { current: body.current, size: body.size },
    (q) => repo.selectUserRecords(q, orders),
    (row): UserRecordRow => row,
  );
  return { ...page, records: await toRecords(db, page.records) };
}

export async function exportUsers(db: Kysely<DB>, params: UserFilters | undefined): Promise<Buffer> {
  const rows = await repo
    .selectUserRecords(repo.filteredUsers(db, await toFilter(db, params)), [])
    .limit(EXPORT_LIMIT + 1)
    .execute();
  if (rows.length > EXPORT_LIMIT) throw fail(`导出的数据超过 ${EXPORT_LIMIT} 条，请缩小筛选范围后再试`);
  return buildUserWorkbook(await toRecords(db, rows));
}

async function checkRoles(db: Kysely<DB>, roleIds: string[]): Promise<string[]> {
  const unique = [...new Set(roleIds)];
  const found = await repo.findRolesByIds(db, unique);
  if (found.length !== unique.length) throw fail('所选角色不存在，请刷新后重试');
  return unique;
}

async function checkDept(db: Kysely<DB>, raw: string | undefined): Promise<string> {
  const deptId = raw?.trim() ?? '';
  if (deptId && !(await repo.deptExists(db, deptId))) throw fail('所选部门不存在，请刷新后重试');
  return deptId;
}

async function checkUsersExist(db: Kysely<DB>, ids: string[]): Promise<string[]> {
  const unique = [...new Set(ids)];
  const found = await repo.findExistingUserIds(db, unique);
  if (found.length !== unique.length) throw notFound('部分用户不存在或已被删除，请刷新后重试');
  return unique;
}

/** Changes that could leave nobody able to administer the site are rolled back. */
async function assertAdminRemains(db: repo.Db): Promise<void> {
  if ((await repo.countActiveAdmins(db)) === 0) throw fail(LAST_ADMIN);
}

const duplicateName = () => new AppError(ErrorCode.DUPLICATE, '用户名已存在');

/** Both databases' unique-constraint errors (PostgreSQL 23505, SQLite SQLITE_CONSTRAINT_UNIQUE). */
function isUniqueViolation(e: unknown): boolean {
  const code = (e as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

/** Create (no id) or update a user; the password is set on create only (/reset-pass changes it). */
export async function saveUser(db: Kysely<DB>, who: AuthUser, body: UserSaveBody): Promise<UserRecord> {
  const userName = checkUserName(body.userName);
  const values = {
    user_name: userName,
    real_name: checkRealName(body.realName),
    mobile: checkOptionalMobile(body.mobile),
    email: checkOptionalEmail(body.email),
    avatar: checkOptionalImageUrl(body.avatar),
    dept_id: await checkDept(db, body.deptId),
  };
  const roleIds = await checkRoles(db, body.roleIds);
  const now = Date.now();
  const taken = await repo.findUserByName(db, userName);

  if (!body.id) {
    const password = checkPassword(body.password ?? '');
    if (taken) throw duplicateName();
    const id = newId();
    const passwordHash = await hashPassword(password);
    try {
      await db.transaction().execute((trx) =>
        repo.insertUser(trx, { id, ...values, password_hash: passwordHash, state: body.state ?? 0, create_time: now, update_time: now }, roleIds),
      );
    } catch (e) {
      throw isUniqueViolation(e) ? duplicateName() : e;
    }
    return getUserRecord(db, id);
  }

  const id = body.id;
  const existing = await repo.findUserById(db, id);
  if (!existing) throw notFound('用户不存在或已被删除');
  if (taken && taken.id !== id) throw duplicateName();
  const state = body.state ?? existing.state;
  if (id === who.id && state !== 0) throw fail('不能禁用自己');
  try {
    await db.transaction().execute(async (trx) => {
      await repo.updateUser(trx, id, { ...values, state, update_time: now });
      await repo.replaceUserRoles(trx, [id], roleIds);
      if (state !== 0) await sessionRepo.deleteUserSessions(trx, [id]);
      await assertAdminRemains(trx);
    });
  } catch (e) {
    throw isUniqueViolation(e) ? duplicateName() : e;
  }
  return getUserRecord(db, id);
}

/** The signed-in user's own profile; fields left out keep their value. */
export async function updateProfile(db: Kysely<DB>, who: AuthUser, body: ProfileUpdateBody): Promise<UserInfo> {
  const existing = await repo.findUserById(db, who.id);
  if (!existing) throw notFound('用户不存在或已被删除');
  await repo.updateUser(db, who.id, {
    real_name: checkRealName(body.realName),
    avatar: body.avatar === undefined ? existing.avatar : checkOptionalImageUrl(body.avatar),
    mobile: body.mobile === undefined ? existing.mobile : checkOptionalMobile(body.mobile),
    email: body.email === undefined ? existing.email : checkOptionalEmail(body.email),
    update_time: Date.now(),
  });
  return userInfo(db, who);
}

/** Changes the caller's password and signs out every other session of theirs. */
export async function updatePassword(db: Kysely<DB>, limiter: RateLimiter, who: AuthUser, body: UpdatePassBody): Promise<void> {
  const key = `update-pass:user:${who.id}`;
  if ((await limiter.count(key)) >= UPDATE_PASS_LIMIT.attempts) {
    throw new AppError(ErrorCode.RATE_LIMITED, '旧密码错误次数过多，请15分钟后再试');
  }
  const row = await repo.findUserById(db, who.id);
  if (!row) throw notFound('用户不存在或已被删除');
  if (!(await verifyPassword(row.password_hash, body.oldPassword))) {
    await limiter.hit(key, UPDATE_PASS_LIMIT.windowSeconds);
    throw fail('旧密码不正确');
  }
  const password = checkPassword(body.password);
  if (password === body.oldPassword) throw fail('新密码不能与旧密码相同');
  const passwordHash = await hashPassword(password);
  await db.transaction().execute(async (trx) => {
    await repo.updateUser(trx, who.id, { password_hash: passwordHash, update_time: Date.now() });
    await sessionRepo.deleteUserSessions(trx, [who.id], who.tokenHash);
  });
  await limiter.reset(key);
}

/** Sets a new password on these users and signs them out (the caller keeps the current session). */
export async function resetPasswords(db: Kysely<DB>, who: AuthUser, ids: string[], password: string): Promise<void> {
  checkPassword(password);
  const userIds = await checkUsersExist(db, ids);
  const passwordHash = await hashPassword(password);
  await db.transaction().execute(async (trx) => {
    await repo.updateUsers(trx, userIds, { password_hash: passwordHash, update_time: Date.now() });
    await sessionRepo.deleteUserSessions(trx, userIds, who.tokenHash);
  });
}

export async function batchDept(db: Kysely<DB>, ids: string[], deptId: string): Promise<void> {
  const dept = await checkDept(db, deptId);
  if (!dept) throw fail('请选择部门');
  const userIds = await checkUsersExist(db, ids);
  await repo.updateUsers(db, userIds, { dept_id: dept, update_time: Date.now() });
}

export async function batchRole(db: Kysely<DB>, ids: string[], roleIds: string[]): Promise<void> {
  const roles = await checkRoles(db, roleIds);
  const userIds = await checkUsersExist(db, ids);
  await db.transaction().execute(async (trx) => {
    await repo.replaceUserRoles(trx, userIds, roles);
    await repo.updateUsers(trx, userIds, { update_time: Date.now() });
    await assertAdminRemains(trx);
  });
}

/** 0 enables (or approves a pending registration); 1 and 2 sign the users out at once. */
export async function setUserState(db: Kysely<DB>, who: AuthUser, ids: string[], state: 0 | 1 | 2): Promise<void> {
  if (state !== 0 && ids.includes(who.id)) throw fail('不能禁用自己');
  const userIds = await checkUsersExist(db, ids);
  await db.transaction().execute(async (trx) => {
    await repo.updateUsers(trx, userIds, { state, update_time: Date.now() });
    if (state !== 0) await sessionRepo.deleteUserSessions(trx, userIds);
    await assertAdminRemains(trx);
  });
}

/** Deletes users with their role links, sessions and received messages, in one transaction. */
export async function deleteUsers(db: Kysely<DB>, who: AuthUser, ids: string[]): Promise<void> {
  if (ids.includes(who.id)) throw fail('不能删除自己');
  const userIds = [...new Set(ids)];
  await db.transaction().execute(async (trx) => {
    await repo.deleteUsers(trx, userIds);
    await assertAdminRemains(trx);
  });
}
