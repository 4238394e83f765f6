import { setTimeout as sleep } from 'node:timers/promises';
import type { LoginBody, RegisterBody, RegisterResult, TokenResult, UserInfo } from '../../../common/api';
import { UserState } from '../../../common/codes';
import { ErrorCode } from '../../../common/errorCodes';
import { inTransaction, type ServiceContext } from '../../context';
import { AppError, fail, sessionInvalid } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { hashPassword, verifyPassword } from '../../lib/password';
import type { LimitRule } from '../../lib/rateLimit';
import { STUDENT_ROLE_ID } from '../../seed/constants';
import { getSiteConfig } from '../config/config.service';
import { isUniqueViolation } from '../../db/errors';
import { findUserByName, insertUser, userInfo } from '../user/user.service';
import { checkOptionalMobile, checkPassword, checkRealName, checkUserName } from '../user/user.rules';
import { directorySignIn } from './sso/ldap';
import { createSession, resolveSession, type AuthUser } from './session.service';

export interface RequestMeta {
  ip: string;
  userAgent: string;
}

/**
 * Sign-in limits, all reserved before the password is checked:
 * - pair: one account from one address — 5 failures per 15 minutes, then that address waits
 *   (a stranger elsewhere cannot lock the account's owner out);
 * - account: counted from every address; past a few failures each further attempt is slowed by a
 *   growing delay, never refused (see LOGIN_SLOWDOWN);
 * - address: failed sign-ins from one address over all accounts, at most 150 per 15 minutes. Only
 *   failures that stay failures count: when an account signs in from the address, its own
 *   failures from there (at most the pair's 5) are given back, and an attempt the limits refuse
 *   checks nothing and counts nothing. So a school lab behind one address, where learners mistype
 *   and then get in, never piles up a debt, while a guesser gets at most 150 checked guesses per
 *   window: the only failures a success gives back are those at the account that succeeded, so
 *   an account of the guesser's own earns nothing for guesses at others.
 * An administrator clears a user's locks with /api/sys/user/unlock.
 */
export const LOGIN_LIMITS = {
  pair: { name: 'login-pair', points: 5, durationSec: 15 * 60 },
  account: { name: 'login-account', points: Number.MAX_SAFE_INTEGER, durationSec: 15 * 60 },
  address: { name: 'login-address', points: 150, durationSec: 15 * 60 },
} as const satisfies Record<string, LimitRule>;

/** Account-wide failures before sign-in slows down, and the delay's first step and ceiling. */
export const LOGIN_SLOWDOWN = { freeFailures: 5, firstMs: 250, maxMs: 5_000 } as const;

/** Self-registrations per address and window, reserved before the password is hashed. */
export const REGISTER_LIMIT: LimitRule = { name: 'register', points: 10, durationSec: 10 * 60 };

/** The delay before checking a password when the account already has `failures` failures in the window. */
export function slowdownMs(failures: number): number {
  const over = failures - LOGIN_SLOWDOWN.freeFailures;
  return over < 0 ? 0 : Math.min(LOGIN_SLOWDOWN.firstMs * 2 ** over, LOGIN_SLOWDOWN.maxMs);
}

// Verified against when the user does not exist, so timing does not reveal which names exist.
const DUMMY_HASH = '$argon2id$v=19$m=19456,t=2,p=1$NoPkoXAITeifvnEbL4Vnng$17MD+RYYkAOmtjo4/8bic8YVmoYiWBAuIwPE4jaOi60';

const tooMany = () => new AppError(ErrorCode.RATE_LIMITED, '登录失败次数过多，请15分钟后再试');

export async function issueToken(ctx: ServiceContext, userId: string, meta: RequestMeta): Promise<TokenResult> {
  const token = await createSession(ctx, userId, meta);
  const user = await resolveSession(ctx, token);
  const info = user && (await userInfo(ctx, user));
  if (!info) throw fail('登录失败，请重试');
  return { token, user: info };
}

export async function login(ctx: ServiceContext, body: LoginBody, meta: RequestMeta): Promise<TokenResult> {
  const pair = ctx.limiter.for(LOGIN_LIMITS.pair);
  const account = ctx.limiter.for(LOGIN_LIMITS.account);
  const address = ctx.limiter.for(LOGIN_LIMITS.address);
  const userName = body.username.trim();

  if (!(await address.consume(meta.ip)).allowed) {
    // Refused unchecked: not a failure, so a burst of clicks does not prolong the wait.
    await address.refund(meta.ip);
    throw new AppError(ErrorCode.RATE_LIMITED, '登录尝试过于频繁，请稍后再试');
  }
  let row = await findUserByName(ctx, userName);
  // The epoch moves when an administrator unlocks the user: every older key is left behind.
  const accountKey = row ? `u:${row.id}:${row.login_epoch}` : `n:${userName.toLowerCase()}`;
  const pairKey = `${accountKey}|${meta.ip}`;
  const tries = await pair.consume(pairKey);
  if (!tries.allowed) {
    await address.refund(meta.ip);
    throw tooMany();
  }
  const attempt = await account.consume(accountKey);
  const delay = slowdownMs(attempt.consumed - 1);
  if (delay) await sleep(delay);

  // Directory users (LDAP) are checked by the directory, and a first successful bind may create them.
  const directory = await directorySignIn(ctx, row, userName, body.password);
  const valid = directory ? directory.valid : await verifyPassword(row?.password_hash ?? DUMMY_HASH, body.password);
  row = directory?.user ?? row;
  if (!row || !valid) throw new AppError(ErrorCode.BAD_CREDENTIALS, '用户名或密码错误');
  // The right password: this attempt was no guess, and neither were this account's earlier
  // failures from this address (the pair counted them, at most its 5 points): the address gets
  // them all back.
  await Promise.all([pair.reset(pairKey), account.refund(accountKey), address.refund(meta.ip, tries.consumed)]);
  if (row.state === UserState.DISABLED) throw new AppError(ErrorCode.USER_DISABLED, '账号已被禁用，请联系管理员');
  if (row.state === UserState.PENDING) throw new AppError(ErrorCode.USER_PENDING, '账号正在等待管理员审核，审核通过后即可登录');
  return issueToken(ctx, row.id, meta);
}

/**
 * Self-registration as a learner. Closed when site settings say so; when they require review the
 * account is created pending and no token is issued. Limited per address.
 */
export async function register(ctx: ServiceContext, body: RegisterBody, meta: RequestMeta): Promise<RegisterResult> {
  const site = await getSiteConfig(ctx);
  if (!site.allowRegister) throw new AppError(ErrorCode.REGISTER_CLOSED, '系统未开放注册，请联系管理员开通账号');
  const userName = checkUserName(body.userName);
  const realName = checkRealName(body.realName);
  const password = checkPassword(body.password);
  const mobile = checkOptionalMobile(body.mobile);
  if (!(await ctx.limiter.for(REGISTER_LIMIT).consume(meta.ip)).allowed) {
    throw new AppError(ErrorCode.RATE_LIMITED, '注册过于频繁，请稍后再试');
  }
  const duplicate = () => new AppError(ErrorCode.DUPLICATE, '用户名已存在，请换一个');
  if (await findUserByName(ctx, userName)) throw duplicate();
  // Hashed before the transaction: on SQLite an open write transaction holds every writer.
  const passwordHash = await hashPassword(password);
  const id = newId();
  const now = ctx.clock.now();
  const state = site.registerReview ? UserState.PENDING : UserState.NORMAL;
  try {
    await inTransaction(ctx, (tx) =>
      insertUser(
        tx,
        { id, user_name: userName, real_name: realName, password_hash: passwordHash, avatar: '', mobile, email: '', dept_id: null, state, create_time: now, update_time: now },
        [STUDENT_ROLE_ID],
      ),
    );
  } catch (e) {
    throw isUniqueViolation(e) ? duplicate() : e;
  }
  if (state === UserState.PENDING) return { token: '', pending: true };
  return { ...(await issueToken(ctx, id, meta)), pending: false };
}

/** /api/sys/user/info for a resolved session. */
export async function currentUser(ctx: ServiceContext, user: AuthUser): Promise<UserInfo> {
  const info = await userInfo(ctx, user);
  if (!info) throw sessionInvalid();
  return info;
}
