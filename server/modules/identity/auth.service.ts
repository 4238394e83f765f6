import type { LoginBody, RegisterBody, RegisterResult, TokenResult, UserInfo } from '../../../common/api';
import { UserState } from '../../../common/codes';
import { ErrorCode } from '../../../common/errorCodes';
import { inTransaction, type ServiceContext } from '../../context';
import { AppError, sessionInvalid } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { hashPassword } from '../../lib/password';
import type { LimitRule } from '../../lib/rateLimit';
import { STUDENT_ROLE_ID } from '../../seed/constants';
import { getSiteConfig } from '../config/config.service';
import { isUniqueViolation } from '../../db/errors';
import { findUserByName, insertUser, userInfo } from '../user/user.service';
import { passwordProvider } from './password.provider';
import { ldapProvider, usesDirectory } from './sso/ldap';
import { issueToken, signIn, type RequestMeta } from './signIn';
import { checkOptionalMobile, checkPassword, checkRealName, checkUserName } from '../user/user.rules';
import type { AuthUser } from './session.service';

/** Self-registrations per address and window, reserved before the password is hashed. */
export const REGISTER_LIMIT: LimitRule = { name: 'register', points: 10, durationSec: 10 * 60 };

/** /api/sys/user/login: the password provider through the one sign-in path. */
export async function login(ctx: ServiceContext, body: LoginBody, meta: RequestMeta): Promise<TokenResult> {
  // Directory users (LDAP) give their directory password here: a way in of its own, which the
  // password switch does not close.
  const provider = (await usesDirectory(ctx, body.username.trim())) ? ldapProvider : passwordProvider;
  return signIn(ctx, provider, body, meta);
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
