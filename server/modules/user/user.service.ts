import type {
  BodyOf,
  ProfileUpdateBody,
  UpdatePassBody,
  UserFilters,
  UserInfo,
  UserPagingBody,
  UserRecord,
  UserSaveBody,
  userApi,
} from '../../../common/api';
import { ErrorCode, type Page } from '../../../common/errorCodes';
import { RoleType, UserState } from '../../../common/codes';
import { emit, inTransaction, type ServiceContext } from '../../context';
import { isUniqueViolation } from '../../db/errors';
import type { UserRow } from '../../db/schema';
import { AppError, fail, forbidden, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { hashPassword, verifyPassword } from '../../lib/password';
import type { LimitRule } from '../../lib/rateLimit';
import { forgetSessions, liftPassChange, revokeUserSessions, type AuthUser } from '../identity/session.service';
import { assertDepartsExist, departName, departPaths, descendantDeptIds } from '../depart/depart.service';
import { countUnread } from '../msg/msg.service';
import { getSiteConfig } from '../config/config.service';
import { rolesBeyond } from '../access/grants.service';
import { readInPages } from '../../workers/xlsx';
import { buildUserWorkbook } from './user.export';
import * as repo from './user.repository';
import type { UserFilter, UserOrder, UserRecordRow, UserRoleRow } from './user.repository';
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
/** Wrong old passwords allowed per user and window on /update-pass. */
export const UPDATE_PASS_LIMIT: LimitRule = { name: 'update-pass', points: 5, durationSec: 15 * 60 };

const LAST_ADMIN = '至少保留一名管理员';
const missingUser = () => notFound('用户不存在或已被删除');

export function userRowToRecord(row: UserRecordRow, roles: UserRoleRow[]): UserRecord {
  return {
    id: row.id,
    userName: row.user_name,
    realName: row.real_name,
    avatar: row.avatar,
    mobile: row.mobile,
    email: row.email,
    deptId: row.dept_id ?? '',
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
async function toRecords(ctx: ServiceContext, rows: UserRecordRow[]): Promise<UserRecord[]> {
  const ids = rows.map((r) => r.id);
  const roles = rows.length ? await repo.findUserRoles(ctx.db, ids) : [];
  const byUser = new Map<string, UserRoleRow[]>();
  for (const r of roles) byUser.set(r.user_id, [...(byUser.get(r.user_id) ?? []), r]);
  const faces = await repo.faceEnrolledAmong(ctx.db, ids);
  return rows.map((row) => ({ ...userRowToRecord(row, byUser.get(row.id) ?? []), faceEnrolled: faces.has(row.id) }));
}

// ---------- for other modules ----------

/** The user's department id ('' when none, or when the user is gone). */
export async function deptIdOf(ctx: ServiceContext, userId: string): Promise<string> {
  return (await repo.findUserById(ctx.db, userId))?.dept_id ?? '';
}

/** A user by sign-in name, whatever its case (the password hash included: for sign-in only). */
export const findUserByName = (ctx: ServiceContext, userName: string): Promise<UserRow | undefined> => repo.findUserByName(ctx.db, userName);

/**
 * The one user a mobile number or e-mail address names; undefined when none does, or several do
 * (a code sent then could not say whose account it opens).
 */
export async function findUserByContact(ctx: ServiceContext, column: 'mobile' | 'email', value: string): Promise<UserRow | undefined> {
  if (!value) return undefined;
  const rows = await repo.findUsersByContact(ctx.db, column, value);
  return rows.length === 1 ? rows[0] : undefined;
}

export const findUserById = (ctx: ServiceContext, id: string): Promise<UserRow | undefined> => repo.findUserById(ctx.db, id);

/** Creates a user with its roles (the caller has checked the fields and hashed the password outside any transaction). */
export const insertUser = (ctx: ServiceContext, row: Parameters<typeof repo.insertUser>[1], roleIds: string[]) =>
  repo.insertUser(ctx.db, row, roleIds);

/** What /api/sys/user/info answers for the signed-in user. */
export async function userInfo(ctx: ServiceContext, user: AuthUser): Promise<UserInfo | undefined> {
  const row = await repo.findUserById(ctx.db, user.id);
  if (!row) return undefined;
  const [deptName, unreadMsg] = await Promise.all([departName(ctx, row.dept_id), countUnread(ctx, row.id)]);
  return {
    id: row.id,
    userName: row.user_name,
    realName: row.real_name,
    avatar: row.avatar,
    roleType: user.roleType,
    roles: user.roleCodes,
    roleNames: user.roleNames,
    permissions: user.permissions,
    mobile: row.mobile,
    email: row.email,
    deptId: row.dept_id ?? '',
    deptName,
    unreadMsg,
  };
}

// ---------- administrators ----------

export async function getUserRecord(ctx: ServiceContext, id: string): Promise<UserRecord> {
  const row = await repo.findUserRecord(ctx.db, id);
  if (!row) throw missingUser();
  const [record] = await toRecords(ctx, [row]);
  return record;
}

async function toFilter(ctx: ServiceContext, params: UserFilters | undefined): Promise<UserFilter> {
  const p = params ?? {};
  const deptId = p.deptId?.trim();
  return {
    ids: p.ids ? [...new Set(p.ids)] : undefined,
    userName: p.userName?.trim() || undefined,
    realName: p.realName?.trim() || undefined,
    deptIds: deptId ? await descendantDeptIds(ctx, deptId) : undefined,
    roleId: p.roleId?.trim() || undefined,
    state: p.state === '' || p.state === undefined ? undefined : p.state,
  };
}

function toOrders(orders: UserPagingBody['orders']): UserOrder[] {
  return (orders ?? []).map((o) => {
    if (!Object.hasOwn(repo.USER_ORDER_COLUMNS, o.column)) throw fail(`不支持按 ${o.column} 排序`);
    return { column: o.column as UserOrder['column'], asc: o.asc };
  });
}

/** A page of users; `params.ids` asks for exactly those users (react-admin's getMany in one request). */
export async function pageUsers(ctx: ServiceContext, body: UserPagingBody): Promise<Page<UserRecord>> {
  const page = await repo.pageUserRecords(ctx.db, await toFilter(ctx, body.params), toOrders(body.orders), body);
  return { ...page, records: await toRecords(ctx, page.records) };
}

export async function exportUsers(ctx: ServiceContext, params: UserFilters | undefined): Promise<Buffer> {
  const filter = await toFilter(ctx, params);
  const rows = await readInPages(EXPORT_LIMIT + 1, (offset, size) => repo.listUserRecords(ctx.db, filter, size, offset));
  if (rows.length > EXPORT_LIMIT) throw fail(`导出的数据超过 ${EXPORT_LIMIT} 条，请缩小筛选范围后再试`);
  const [records, paths] = await Promise.all([toRecords(ctx, rows), departPaths(ctx)]);
  // The whole path (总部/研发部/前端组), as the import reads it: an export imports again as it is.
  return buildUserWorkbook(records.map((r) => ({ ...r, deptName: paths.get(r.deptId) ?? r.deptName })));
}

/**
 * The roles to give, checked: they exist, and the caller may grant them (nobody grants a role
 * holding a menu or permission they do not hold themselves).
 */
async function grantableRoles(ctx: ServiceContext, who: AuthUser, roleIds: string[]): Promise<string[]> {
  const unique = [...new Set(roleIds)];
  const found = await repo.findRolesByIds(ctx.db, unique);
  if (found.length !== unique.length) throw fail('所选角色不存在，请刷新后重试');
  const beyond = await rolesBeyond(ctx, who, unique);
  if (beyond.length) {
    const names = found.filter((r) => beyond.includes(r.id)).map((r) => r.role_name);
    throw forbidden(`您不能授予超出自身权限的角色：${names.join('、')}`);
  }
  return unique;
}

/**
 * The users to act on, checked: they exist, and none holds a menu or permission the caller lacks
 * (nobody edits, resets, disables or deletes a user more powerful than themselves).
 */
export async function manageableUsers(ctx: ServiceContext, who: AuthUser, ids: string[]): Promise<string[]> {
  const unique = [...new Set(ids)];
  const users = await repo.findUsersByIds(ctx.db, unique);
  if (users.length !== unique.length) throw notFound('部分用户不存在或已被删除，请刷新后重试');
  const roles = await repo.findUserRoles(ctx.db, unique);
  const beyond = new Set(await rolesBeyond(ctx, who, [...new Set(roles.map((r) => r.role_id))]));
  if (beyond.size) {
    const stronger = new Set(roles.filter((r) => beyond.has(r.role_id)).map((r) => r.user_id));
    const names = users.filter((u) => stronger.has(u.id)).map((u) => u.user_name);
    throw forbidden(`不能操作拥有您所没有权限的用户：${names.join('、')}`);
  }
  return unique;
}

async function checkDept(ctx: ServiceContext, raw: string | undefined): Promise<string | null> {
  const deptId = raw?.trim() ?? '';
  if (!deptId) return null;
  await assertDepartsExist(ctx, [deptId], '所选部门不存在，请刷新后重试');
  return deptId;
}

/** Changes that could leave nobody able to administer the site are rolled back. */
async function assertAdminRemains(ctx: ServiceContext): Promise<void> {
  if ((await repo.countActiveAdmins(ctx.db)) === 0) throw fail(LAST_ADMIN);
}

const duplicateName = () => new AppError(ErrorCode.DUPLICATE, '用户名已存在');

/** Create (no id) or update a user; the password is set on create only (/reset-pass changes it). */
export async function saveUser(ctx: ServiceContext, who: AuthUser, body: UserSaveBody): Promise<UserRecord> {
  const userName = checkUserName(body.userName);
  const values = {
    user_name: userName,
    real_name: checkRealName(body.realName),
    mobile: checkOptionalMobile(body.mobile),
    email: checkOptionalEmail(body.email),
    avatar: checkOptionalImageUrl(body.avatar),
    dept_id: await checkDept(ctx, body.deptId),
  };
  if (body.id) await manageableUsers(ctx, who, [body.id]);
  const roleIds = await grantableRoles(ctx, who, body.roleIds);
  const taken = await repo.findUserByName(ctx.db, userName);
  const now = ctx.clock.now();

  if (!body.id) {
    const password = checkPassword(body.password ?? '');
    if (taken) throw duplicateName();
    const id = newId();
    // Hashed before the transaction: on SQLite an open write transaction holds every writer.
    const passwordHash = await hashPassword(password);
    try {
      await inTransaction(ctx, (tx) =>
        repo.insertUser(tx.db, { id, ...values, password_hash: passwordHash, state: body.state ?? UserState.NORMAL, create_time: now, update_time: now }, roleIds),
      );
    } catch (e) {
      throw isUniqueViolation(e) ? duplicateName() : e;
    }
    return getUserRecord(ctx, id);
  }

  const id = body.id;
  if (taken && taken.id !== id) throw duplicateName();
  try {
    await inTransaction(ctx, async (tx) => {
      const existing = await repo.findUserById(tx.db, id);
      if (!existing) throw missingUser();
      const state = body.state ?? existing.state;
      if (id === who.id && state !== UserState.NORMAL) throw fail('不能禁用自己');
      await repo.updateUser(tx.db, id, { ...values, state, update_time: now });
      await repo.replaceUserRoles(tx.db, [id], roleIds);
      if (state !== UserState.NORMAL) await revokeUserSessions(tx, [id]);
      await assertAdminRemains(tx);
    });
  } catch (e) {
    throw isUniqueViolation(e) ? duplicateName() : e;
  }
  forgetSessions(ctx);
  return getUserRecord(ctx, id);
}

/**
 * The mobile number a profile update keeps. Where text messages can be sent the number opens the
 * account (SMS sign-in, reset), so a new one is bound only with a code sent to it (bindMobile);
 * clearing it stays possible.
 */
async function profileMobile(ctx: ServiceContext, current: string, raw: string | undefined): Promise<string> {
  if (raw === undefined) return current;
  const mobile = checkOptionalMobile(raw);
  if (mobile && mobile !== current && (await getSiteConfig(ctx)).smsReady) throw fail('请通过短信验证码绑定或更换手机号');
  return mobile;
}

/** Binds a mobile number the user has proved is theirs (a code sent to it); refused when another account holds it. */
export async function bindMobile(ctx: ServiceContext, userId: string, mobile: string): Promise<void> {
  const holders = await repo.findUsersByContact(ctx.db, 'mobile', mobile);
  if (holders.some((u) => u.id !== userId)) throw new AppError(ErrorCode.MOBILE_TAKEN, '该手机号已被其他账号绑定');
  await repo.updateUser(ctx.db, userId, { mobile, update_time: ctx.clock.now() });
  forgetSessions(ctx);
}

/** The department a directory (SSO) names for one of its users: the user moves there when elsewhere; answers whether it moved. */
export async function followDirectoryDept(ctx: ServiceContext, userId: string, deptId: string): Promise<boolean> {
  const row = await repo.findUserById(ctx.db, userId);
  if (!row || row.dept_id === deptId) return false;
  await repo.updateUser(ctx.db, userId, { dept_id: deptId, update_time: ctx.clock.now() });
  forgetSessions(ctx);
  return true;
}

/** A new password for a user who proved who they are another way (a reset code): every session of theirs ends. */
export async function setRecoveredPassword(ctx: ServiceContext, userId: string, password: string): Promise<void> {
  const passwordHash = await hashPassword(checkPassword(password));
  await inTransaction(ctx, async (tx) => {
    await repo.updateUser(tx.db, userId, { password_hash: passwordHash, update_time: tx.clock.now() });
    await revokeUserSessions(tx, [userId]);
  });
  forgetSessions(ctx);
}

/** The signed-in user's own profile; fields left out keep their value. */
export async function updateProfile(ctx: ServiceContext, who: AuthUser, body: ProfileUpdateBody): Promise<UserInfo> {
  const existing = await repo.findUserById(ctx.db, who.id);
  if (!existing) throw missingUser();
  await repo.updateUser(ctx.db, who.id, {
    real_name: checkRealName(body.realName),
    avatar: body.avatar === undefined ? existing.avatar : checkOptionalImageUrl(body.avatar),
    mobile: await profileMobile(ctx, existing.mobile, body.mobile),
    email: body.email === undefined ? existing.email : checkOptionalEmail(body.email),
    update_time: ctx.clock.now(),
  });
  forgetSessions(ctx);
  const info = await userInfo(ctx, who);
  if (!info) throw missingUser();
  return info;
}

/** Changes the caller's password and signs out every other session of theirs. */
export async function updatePassword(ctx: ServiceContext, who: AuthUser, body: UpdatePassBody): Promise<void> {
  const limiter = ctx.limiter.for(UPDATE_PASS_LIMIT);
  // The attempt is reserved before the slow check, so parallel guesses cannot all pass.
  if (!(await limiter.consume(who.id)).allowed) {
    throw new AppError(ErrorCode.RATE_LIMITED, '旧密码错误次数过多，请15分钟后再试');
  }
  const row = await repo.findUserById(ctx.db, who.id);
  if (!row) throw missingUser();
  if (!(await verifyPassword(row.password_hash, body.oldPassword))) throw fail('旧密码不正确');
  await limiter.refund(who.id);
  const password = checkPassword(body.password);
  if (password === body.oldPassword) throw fail('新密码不能与旧密码相同');
  const passwordHash = await hashPassword(password);
  await inTransaction(ctx, async (tx) => {
    await repo.updateUser(tx.db, who.id, { password_hash: passwordHash, pass_change_required: 0, update_time: tx.clock.now() });
    await revokeUserSessions(tx, [who.id], who.tokenHash);
    await liftPassChange(tx, who.id);
  });
  forgetSessions(ctx);
}

/** Sets a new password on these users and signs them out (the caller keeps the current session). */
export async function resetPasswords(ctx: ServiceContext, who: AuthUser, ids: string[], password: string): Promise<void> {
  checkPassword(password);
  const userIds = await manageableUsers(ctx, who, ids);
  const passwordHash = await hashPassword(password);
  await inTransaction(ctx, async (tx) => {
    await repo.updateUsers(tx.db, userIds, { password_hash: passwordHash, update_time: tx.clock.now() });
    await revokeUserSessions(tx, userIds, who.tokenHash);
  });
  forgetSessions(ctx);
}

export async function batchDept(ctx: ServiceContext, who: AuthUser, ids: string[], deptId: string): Promise<void> {
  const dept = await checkDept(ctx, deptId);
  if (!dept) throw fail('请选择部门');
  const userIds = await manageableUsers(ctx, who, ids);
  await repo.updateUsers(ctx.db, userIds, { dept_id: dept, update_time: ctx.clock.now() });
}

export async function batchRole(ctx: ServiceContext, who: AuthUser, ids: string[], roleIds: string[]): Promise<void> {
  const userIds = await manageableUsers(ctx, who, ids);
  const roles = await grantableRoles(ctx, who, roleIds);
  await inTransaction(ctx, async (tx) => {
    await repo.replaceUserRoles(tx.db, userIds, roles);
    await repo.updateUsers(tx.db, userIds, { update_time: tx.clock.now() });
    await assertAdminRemains(tx);
  });
  forgetSessions(ctx);
}

/** Enables (or approves a pending registration); disabling or setting pending signs the users out at once. */
export async function setUserState(ctx: ServiceContext, who: AuthUser, ids: string[], state: BodyOf<typeof userApi.state>['state']): Promise<void> {
  if (state !== UserState.NORMAL && ids.includes(who.id)) throw fail('不能禁用自己');
  const userIds = await manageableUsers(ctx, who, ids);
  await inTransaction(ctx, async (tx) => {
    await repo.updateUsers(tx.db, userIds, { state, update_time: tx.clock.now() });
    if (state !== UserState.NORMAL) await revokeUserSessions(tx, userIds);
    await assertAdminRemains(tx);
  });
  forgetSessions(ctx);
}

/**
 * Requires (or no longer requires) these users to change their password at their next sign-in;
 * sessions open now go on (a learner in an exam is not thrown out), the next one is held to it.
 */
export async function setPassChangeRequired(ctx: ServiceContext, who: AuthUser, ids: string[], required: boolean): Promise<void> {
  const userIds = await manageableUsers(ctx, who, ids);
  await repo.updateUsers(ctx.db, userIds, { pass_change_required: required ? 1 : 0, update_time: ctx.clock.now() });
}

/**
 * Decides registrations awaiting review: approved users become active, rejected ones are removed
 * (their name is free again). Either way they are told (user.reviewed: a message, an e-mail
 * where SMTP is configured and an SMS where a notice template is).
 */
export async function reviewUsers(ctx: ServiceContext, who: AuthUser, ids: string[], approve: boolean): Promise<void> {
  const userIds = await manageableUsers(ctx, who, ids);
  const users = await repo.findUserContacts(ctx.db, userIds);
  if (users.some((u) => u.state !== UserState.PENDING)) throw fail('只能审核待审核的用户，请刷新后重试');
  await inTransaction(ctx, async (tx) => {
    if (approve) await repo.updateUsers(tx.db, userIds, { state: UserState.NORMAL, update_time: tx.clock.now() });
    else await removeUsers(tx, userIds);
    await emit(tx, 'user.reviewed', { approved: approve, reviewerId: who.id, users: users.map((u) => ({ id: u.id, realName: u.real_name, email: u.email, mobile: u.mobile })) });
  });
  forgetSessions(ctx);
}

/** Clears the users' sign-in locks: every lock and slow-down of theirs starts afresh. */
export async function unlockUsers(ctx: ServiceContext, ids: string[]): Promise<void> {
  const unique = [...new Set(ids)];
  if ((await repo.findUsersByIds(ctx.db, unique)).length !== unique.length) throw notFound('部分用户不存在或已被删除，请刷新后重试');
  await repo.bumpLoginEpochs(ctx.db, unique);
}

/** In a transaction: the users' rows and (user.removed) what other modules keep of them, such as a face enrolment's photo. */
async function removeUsers(tx: ServiceContext, userIds: string[]): Promise<void> {
  await emit(tx, 'user.removed', { userIds });
  await repo.deleteUsers(tx.db, userIds);
}

/** Deletes users; their role links, sessions, received messages and face enrolments go with them. */
export async function deleteUsers(ctx: ServiceContext, who: AuthUser, ids: string[]): Promise<void> {
  if (ids.includes(who.id)) throw fail('不能删除自己');
  const userIds = await manageableUsers(ctx, who, ids);
  await inTransaction(ctx, async (tx) => {
    forgetSessions(ctx);
    await removeUsers(tx, userIds);
    await assertAdminRemains(tx);
  });
  forgetSessions(ctx);
}
