import type { Kysely } from 'kysely';
import type { LoginBody, RegisterBody, RegisterResult, TokenResult, UserInfo } from '../../../common/api';
import { ErrorCode } from '../../../common/errorCodes';
import type { ServiceContext } from '../../context';
import type { DB } from '../../db/schema';
import { AppError, fail, sessionInvalid } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { hashPassword, verifyPassword } from '../../lib/password';
import { STUDENT_ROLE_ID } from '../../seed/constants';
import { getSiteConfig } from '../config/config.service';
import { countUnread } from '../msg/msg.repository';
import * as userRepo from '../user/user.repository';
import { checkOptionalMobile, checkPassword, checkRealName, checkUserName } from '../user/user.rules';
import { createSession, resolveSession, type AuthUser } from './session.service';

export interface RequestMeta {
  ip: string;
  userAgent: string;
}

/** Failed sign-ins allowed per window before the account, or the address, must wait. */
export const LOGIN_LIMIT = { perAccount: 5, perAddress: 20, windowSeconds: 15 * 60 } as const;

// Verified against when the user does not exist, so timing does not reveal which names exist.
const DUMMY_HASH = hashPassword('dummy-password-1');

export async function userInfo(db: Kysely<DB>, user: AuthUser): Promise<UserInfo> {
  const row = await userRepo.findUserById(db, user.id);
  if (!row) throw sessionInvalid();
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
    deptId: row.dept_id,
    deptName: await userRepo.findDeptName(db, row.dept_id),
    unreadMsg: await countUnread(db, row.id),
  };
}

async function issueToken(ctx: ServiceContext, userId: string, meta: RequestMeta): Promise<TokenResult> {
  const { db } = ctx;
  const token = await createSession(ctx, userId, meta);
  const user = await resolveSession(ctx, token);
  if (!user) throw fail('登录失败，请重试');
  return { token, user: await userInfo(db, user) };
}

export async function login(ctx: ServiceContext, body: LoginBody, meta: RequestMeta): Promise<TokenResult> {
  const { db, limiter } = ctx;
  const userName = body.username.trim();
  const accountKey = `login:user:${userName.toLowerCase()}`;
  const addressKey = `login:ip:${meta.ip}`;
  if ((await limiter.count(accountKey)) >= LOGIN_LIMIT.perAccount || (await limiter.count(addressKey)) >= LOGIN_LIMIT.perAddress) {
    throw new AppError(ErrorCode.RATE_LIMITED, '登录失败次数过多，请15分钟后再试');
  }
  const row = await userRepo.findUserByName(db, userName);
  const valid = await verifyPassword(row?.password_hash ?? (await DUMMY_HASH), body.password);
  if (!row || !valid) {
    await limiter.hit(accountKey, LOGIN_LIMIT.windowSeconds);
    await limiter.hit(addressKey, LOGIN_LIMIT.windowSeconds);
    throw new AppError(ErrorCode.BAD_CREDENTIALS, '用户名或密码错误');
  }
  if (row.state === 1) throw new AppError(ErrorCode.USER_DISABLED, '账号已被禁用，请联系管理员');
  if (row.state === 2) throw new AppError(ErrorCode.USER_PENDING, '账号正在等待管理员审核，审核通过后即可登录');
  await limiter.reset(accountKey);
  return issueToken(ctx, row.id, meta);
}

/**
 * Self-registration as a learner. Closed when site settings say so; when they require review the
 * account is created pending (state 2) and no token is issued.
 */
export async function register(ctx: ServiceContext, body: RegisterBody, meta: RequestMeta): Promise<RegisterResult> {
  const { db } = ctx;
  const site = await getSiteConfig(db);
  if (!site.allowRegister) throw new AppError(ErrorCode.REGISTER_CLOSED, '系统未开放注册，请联系管理员开通账号');
  const userName = checkUserName(body.userName);
  const realName = checkRealName(body.realName);
  checkPassword(body.password);
  const mobile = checkOptionalMobile(body.mobile);
  if (await userRepo.findUserByName(db, userName)) throw new AppError(ErrorCode.DUPLICATE, '用户名已存在，请换一个');
  const now = Date.now();
  const id = newId();
  const state = site.registerReview ? 2 : 0;
  await db.transaction().execute(async (trx) => {
    await userRepo.insertUser(
      trx,
      {
        id,
        user_name: userName,
        real_name: realName,
        password_hash: await hashPassword(body.password),
        avatar: '',
        mobile,
        email: '',
        dept_id: '',
        state,
        create_time: now,
        update_time: now,
      },
      [STUDENT_ROLE_ID],
    );
  });
  if (state === 2) return { token: '', pending: true };
  return { ...(await issueToken(ctx, id, meta)), pending: false };
}
