import type { SiteConfig, TokenResult } from '../../../common/api';
import { UserState } from '../../../common/codes';
import { ErrorCode, type ErrorCodeValue } from '../../../common/errorCodes';
import { emit, type ServiceContext } from '../../context';
import type { UserRow } from '../../db/schema';
import { AppError, fail } from '../../lib/errors';
import { newId } from '../../lib/ids';
import type { LimitRule } from '../../lib/rateLimit';
import { getSiteConfig } from '../config/config.service';
import { getUserRecord, userInfo } from '../user/user.service';
import { insertSigninAudit } from './audit.repository';
import { createSession, resolveSession } from './session.service';

export interface RequestMeta {
  ip: string;
  userAgent: string;
}

/** What a provider answers for a proof it accepts. */
export interface Verified {
  user: UserRow;
  /**
   * Attempts the address limit gives back now that the proof held (default 1, this attempt): a
   * provider that counted earlier failures of this user from this address may return those too.
   */
  credit?: number;
}

/**
 * One way in (password, SMS code, and those to come). A provider checks its proof and names the
 * user; everything after — whether it is switched on, the address limit, the user's state, the
 * session, the audit row and the event — is signIn's, the same for all.
 */
export interface IdentityProvider<P> {
  /** Stored in the audit and told in the event: 'password', 'sms', … */
  readonly name: string;
  /** Whether site settings switch this way in on. */
  enabled(site: SiteConfig): boolean;
  /**
   * Administrators may still use it when switched off (the password: nobody locks themselves out
   * of the back office by switching it off).
   */
  readonly adminsWhenOff?: boolean;
  /** The user the proof names; throws an AppError saying why not (and throttles per account itself). */
  verify(ctx: ServiceContext, proof: P, meta: RequestMeta): Promise<Verified>;
}

/**
 * Failed sign-ins from one address over all accounts and ways in, at most 150 per 15 minutes. Only
 * failures that stay failures count: a sign-in that succeeds gives its attempt back (and what its
 * provider credits), and an attempt refused unchecked counts nothing.
 */
export const SIGNIN_ADDRESS_LIMIT = { name: 'login-address', points: 150, durationSec: 15 * 60 } as const satisfies LimitRule;

const methodOff = () => new AppError(ErrorCode.SIGNIN_METHOD_OFF, '该登录方式未开启，请使用其他方式登录');

async function audit(ctx: ServiceContext, provider: string, userId: string | null, result: ErrorCodeValue, meta: RequestMeta): Promise<void> {
  await insertSigninAudit(ctx.db, {
    id: newId(),
    user_id: userId,
    provider,
    result,
    ip: meta.ip.slice(0, 64),
    user_agent: meta.userAgent.slice(0, 255),
    create_time: ctx.clock.now(),
  });
}

/** A new session for the user, with what /info answers for it; marked when the user must change their password first. */
export async function issueToken(ctx: ServiceContext, userId: string, meta: RequestMeta, passChangeRequired = false): Promise<TokenResult> {
  const token = await createSession(ctx, userId, meta, passChangeRequired);
  const user = await resolveSession(ctx, token);
  const info = user && (await userInfo(ctx, user));
  if (!info) throw fail('登录失败，请重试');
  return { token, user: info, passChangeRequired };
}

/** The user's state allows signing in, or the refusal that says why not. */
export function assertMaySignIn(user: Pick<UserRow, 'state'>): void {
  if (user.state === UserState.DISABLED) throw new AppError(ErrorCode.USER_DISABLED, '账号已被禁用，请联系管理员');
  if (user.state === UserState.PENDING) throw new AppError(ErrorCode.USER_PENDING, '账号正在等待管理员审核，审核通过后即可登录');
}

/** Every way in ends here: switched on, throttled, proof checked, state checked, session issued, audited, told. */
export async function signIn<P>(ctx: ServiceContext, provider: IdentityProvider<P>, proof: P, meta: RequestMeta): Promise<TokenResult> {
  const on = provider.enabled(await getSiteConfig(ctx));
  if (!on && !provider.adminsWhenOff) throw methodOff();
  const address = ctx.limiter.for(SIGNIN_ADDRESS_LIMIT);
  if (!(await address.consume(meta.ip)).allowed) {
    // Refused unchecked: not a failure, so a burst of clicks does not prolong the wait.
    await address.refund(meta.ip);
    throw new AppError(ErrorCode.RATE_LIMITED, '登录尝试过于频繁，请稍后再试');
  }
  let verified: Verified;
  try {
    verified = await provider.verify(ctx, proof, meta);
  } catch (e) {
    if (e instanceof AppError) {
      // A provider's own limit refused it unchecked: the address gives the attempt back.
      if (e.code === ErrorCode.RATE_LIMITED) await address.refund(meta.ip);
      else await audit(ctx, provider.name, null, e.code, meta);
    }
    throw e;
  }
  const { user } = verified;
  await address.refund(meta.ip, verified.credit ?? 1);
  try {
    if (!on && (await getUserRecord(ctx, user.id)).roleType < 2) throw methodOff();
    assertMaySignIn(user);
  } catch (e) {
    if (e instanceof AppError) await audit(ctx, provider.name, user.id, e.code, meta);
    throw e;
  }
  const result = await issueToken(ctx, user.id, meta, user.pass_change_required === 1);
  await audit(ctx, provider.name, user.id, ErrorCode.OK, meta);
  await emit(ctx, 'user.signedIn', { userId: user.id, provider: provider.name });
  return result;
}
