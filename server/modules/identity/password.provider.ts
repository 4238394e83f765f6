import { setTimeout as sleep } from 'node:timers/promises';
import type { LoginBody } from '../../../common/api';
import { ErrorCode } from '../../../common/errorCodes';
import { AppError } from '../../lib/errors';
import type { LimitRule } from '../../lib/rateLimit';
import { verifyPassword } from '../../lib/password';
import type { ServiceContext } from '../../context';
import type { UserRow } from '../../db/schema';
import { findUserByName } from '../user/user.service';
import { SIGNIN_ADDRESS_LIMIT, type IdentityProvider } from './signIn';

/**
 * Password limits, on top of signIn's per-address one, all reserved before the password is checked:
 * - pair: one account from one address — 5 failures per 15 minutes, then that address waits
 *   (a stranger elsewhere cannot lock the account's owner out);
 * - account: counted from every address; past a few failures each further attempt is slowed by a
 *   growing delay, never refused (see LOGIN_SLOWDOWN);
 * - address: signIn's. When an account signs in from the address, its own failures from there
 *   (at most the pair's 5) are given back, so a school lab behind one address, where learners
 *   mistype and then get in, never piles up a debt, while a guesser gets at most 150 checked
 *   guesses per window: the only failures a success gives back are those at the account that
 *   succeeded, so an account of the guesser's own earns nothing for guesses at others.
 * An administrator clears a user's locks with /api/sys/user/unlock.
 */
export const LOGIN_LIMITS = {
  pair: { name: 'login-pair', points: 5, durationSec: 15 * 60 },
  account: { name: 'login-account', points: Number.MAX_SAFE_INTEGER, durationSec: 15 * 60 },
  address: SIGNIN_ADDRESS_LIMIT,
} as const satisfies Record<string, LimitRule>;

/** Account-wide failures before sign-in slows down, and the delay's first step and ceiling. */
export const LOGIN_SLOWDOWN = { freeFailures: 5, firstMs: 250, maxMs: 5_000 } as const;

/** The delay before checking a password when the account already has `failures` failures in the window. */
export function slowdownMs(failures: number): number {
  const over = failures - LOGIN_SLOWDOWN.freeFailures;
  return over < 0 ? 0 : Math.min(LOGIN_SLOWDOWN.firstMs * 2 ** over, LOGIN_SLOWDOWN.maxMs);
}

/**
 * The per-account limits of a sign-in by user name and a secret (a password, a directory bind),
 * reserved before the secret is checked: the pair's slot, then the account's, slowed past its
 * free failures. `succeeded` is called once the secret was right: this attempt was no guess, and
 * neither were this account's earlier failures from this address (the pair counted them, at most
 * its 5 points); it answers what signIn gives back to the address.
 */
export async function reserveAccountTry(ctx: ServiceContext, rawUserName: string, ip: string): Promise<{ row: UserRow | undefined; succeeded: () => Promise<number> }> {
  const pair = ctx.limiter.for(LOGIN_LIMITS.pair);
  const account = ctx.limiter.for(LOGIN_LIMITS.account);
  const userName = rawUserName.trim();
  const row = await findUserByName(ctx, userName);
  // The epoch moves when an administrator unlocks the user: every older key is left behind.
  const accountKey = row ? `u:${row.id}:${row.login_epoch}` : `n:${userName.toLowerCase()}`;
  const pairKey = `${accountKey}|${ip}`;
  const tries = await pair.consume(pairKey);
  if (!tries.allowed) throw new AppError(ErrorCode.RATE_LIMITED, '登录失败次数过多，请15分钟后再试');
  const attempt = await account.consume(accountKey);
  const delay = slowdownMs(attempt.consumed - 1);
  if (delay) await sleep(delay);
  return {
    row,
    succeeded: async () => {
      await Promise.all([pair.reset(pairKey), account.refund(accountKey)]);
      return tries.consumed;
    },
  };
}

// Verified against when the user does not exist, so timing does not reveal which names exist.
const DUMMY_HASH = '$argon2id$v=19$m=19456,t=2,p=1$NoPkoXAITeifvnEbL4Vnng$17MD+RYYkAOmtjo4/8bic8YVmoYiWBAuIwPE4jaOi60';

/** User name and password. */
export const passwordProvider: IdentityProvider<LoginBody> = {
  name: 'password',
  enabled: (site) => site.loginPassword,
  adminsWhenOff: true,
  async verify(ctx, body, meta) {
    const tried = await reserveAccountTry(ctx, body.username, meta.ip);
    const row = tried.row;
    const valid = await verifyPassword(row?.password_hash ?? DUMMY_HASH, body.password);
    if (!row || !valid) throw new AppError(ErrorCode.BAD_CREDENTIALS, '用户名或密码错误');
    return { user: row, credit: await tried.succeeded() };
  },
};
