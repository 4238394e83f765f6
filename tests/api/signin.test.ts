import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../../common/errorCodes';
import { loadConfig, ConfigError } from '../../server/config';
import { REGISTER_LIMIT } from '../../server/modules/identity/auth.service';
import { LOGIN_LIMITS, LOGIN_SLOWDOWN, slowdownMs } from '../../server/modules/identity/password.provider';
import { hashToken } from '../../server/modules/identity/session.service';
import { newId } from '../../server/lib/ids';
import { hashPassword } from '../../server/lib/password';
import { DIALECTS, insertUser, REDIS_URL, redisAnswers, TEST_PASSWORD, useTestApp, type TestContext } from './helpers';

const HAVE_REDIS = await redisAnswers(REDIS_URL);

/** A sign-in from a given client address (the socket's, as inject lets us set it). */
const loginFrom = (t: TestContext, address: string, username: string, password: string, headers: Record<string, string> = {}) =>
  t.app
    .inject({ method: 'POST', url: '/api/sys/user/login', payload: { username, password }, remoteAddress: address, headers })
    .then((r) => r.json() as { code: number; msg: string; data: { token: string } | null });

/** The address recorded on the session the token opened. */
async function sessionAddress(t: TestContext, token: string): Promise<string> {
  const row = await t.database.db.selectFrom('sys_session').select('ip').where('token_hash', '=', hashToken(token)).executeTakeFirstOrThrow();
  return row.ip;
}

const verified = (r: { code: number }) => r.code === 0 || r.code === ErrorCode.BAD_CREDENTIALS;

/** `count` learners named `${prefix}${i}`, written in one go (one hash of TEST_PASSWORD for all). */
async function insertLearners(t: TestContext, prefix: string, count: number): Promise<string[]> {
  const hash = await hashPassword(TEST_PASSWORD);
  const now = Date.now();
  const rows = Array.from({ length: count }, (_, i) => ({
    id: newId(), user_name: `${prefix}${i}`, real_name: `${prefix}${i}`, password_hash: hash, avatar: '', mobile: '', email: '', dept_id: 'dept_root', state: 0, create_time: now, update_time: now,
  }));
  await t.database.db.insertInto('sys_user').values(rows).execute();
  await t.database.db.insertInto('sys_user_role').values(rows.map((r) => ({ user_id: r.id, role_id: 'role_student' }))).execute();
  return rows.map((r) => r.user_name);
}

/** Runs `task(i)` for i < count, at most `width` at a time. */
async function inPool(count: number, width: number, task: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: width }, async () => {
    while (next < count) await task(next++);
  }));
}

/** Failures the address limit counts for `address` now. */
const addressDebt = (t: TestContext, address: string) => t.app.ctx.limiter.for(LOGIN_LIMITS.address).count(address);

/**
 * 1,000 guesses from one address, round-robin over `accounts` (so no account's own limits stop
 * them first), `width` at a time, with `between` run after every tenth; the number that were
 * checked (answered with a verdict, not refused unchecked).
 */
async function guess(t: TestContext, address: string, accounts: string[], between?: () => Promise<void>): Promise<number> {
  let checked = 0;
  await inPool(100, 1, async (round) => {
    const answers = await Promise.all(Array.from({ length: 10 }, (_, k) => loginFrom(t, address, accounts[(round * 10 + k) % accounts.length], `Guess${round}x${k}`)));
    checked += answers.filter(verified).length;
    expect(answers.some((a) => a.code === 0)).toBe(false);
    await between?.();
  });
  return checked;
}

function sharedAddress(store: string, t: TestContext) {
  it(`lets a class of 300 behind one address in, 120 mistyping first, each within three tries (${store})`, async () => {
    const lab = `10.30.${store === 'redis' ? 2 : 1}.1`;
    const learners = await insertLearners(t, `lab_${store}_`, 300);
    const mistypers = learners.filter((_, i) => i % 5 < 2);
    expect(mistypers).toHaveLength(120);
    const tries = new Map<string, number>();
    const tryOnce = async (name: string, password: string) => {
      tries.set(name, (tries.get(name) ?? 0) + 1);
      return loginFrom(t, lab, name, password);
    };
    // The worst order: every mistake arrives before anyone tries again.
    const first = await Promise.all(mistypers.map((name) => tryOnce(name, 'Mistyped1')));
    expect(first.every((a) => a.code === ErrorCode.BAD_CREDENTIALS)).toBe(true);
    // Then the whole class types the right password, 20 at the same moment; a refused click is tried again.
    const signedIn = new Set<string>();
    await inPool(learners.length, 20, async (i) => {
      const name = learners[i];
      while ((tries.get(name) ?? 0) < 3 && !signedIn.has(name)) {
        const r = await tryOnce(name, TEST_PASSWORD);
        if (r.code === 0) signedIn.add(name);
        else expect(r.code).toBe(ErrorCode.RATE_LIMITED);
      }
    });
    expect(signedIn.size).toBe(300);
    expect(Math.max(...tries.values())).toBeLessThanOrEqual(3);
    // Mistakes the learners then made good are forgiven: the address owes nothing.
    expect(await addressDebt(t, lab)).toBe(0);

    // The same address then guessing 1,000 times over 100 accounts is stopped after 150: the
    // class left it no more room than any other address has.
    const accounts = await insertLearners(t, `target_${store}_`, 100);
    const checked = await guess(t, lab, accounts);
    expect(checked).toBeLessThanOrEqual(150);
    expect(checked).toBe(LOGIN_LIMITS.address.points);
    // The 850 refused unchecked count nothing: the address owes its 150 failures, no more.
    expect(await addressDebt(t, lab)).toBe(LOGIN_LIMITS.address.points);
    const late = await loginFrom(t, lab, learners[0], TEST_PASSWORD);
    expect(late).toMatchObject({ code: ErrorCode.RATE_LIMITED, msg: '登录尝试过于频繁，请稍后再试' });
    // Elsewhere the same learner signs in as usual.
    expect((await loginFrom(t, '10.30.9.9', learners[0], TEST_PASSWORD)).code).toBe(0);
  }, 120_000);

  it(`stops a guesser with an account of their own after at most 150 guesses at others (${store})`, async () => {
    const den = `10.31.${store === 'redis' ? 2 : 1}.1`;
    const [mole] = await insertLearners(t, `mole_${store}_`, 1);
    const accounts = await insertLearners(t, `prey_${store}_`, 100);
    let moleIn = 0;
    // After every ten guesses the guesser signs in to their own account to earn credit back, the
    // first rounds after a mistake (few enough that the account's own slowdown stays out of it).
    let round = 0;
    const checked = await guess(t, den, accounts, async () => {
      if (round++ < LOGIN_SLOWDOWN.freeFailures - 1) await loginFrom(t, den, mole, 'Mistyped1');
      if ((await loginFrom(t, den, mole, TEST_PASSWORD)).code === 0) moleIn += 1;
    });
    expect(moleIn).toBeGreaterThan(0);
    expect(checked).toBeLessThanOrEqual(150);
    expect(checked).toBe(LOGIN_LIMITS.address.points);
  }, 120_000);

  it(`never gives back more than a key holds, so a late refund opens no credit (${store})`, async () => {
    const limiter = t.app.ctx.limiter.for({ name: `refund-test-${store}`, points: 2, durationSec: 60 });
    await limiter.consume('k');
    await limiter.refund('k', 5);
    expect(await limiter.count('k')).toBe(0);
    await limiter.refund('gone', 3);
    const answers = [];
    for (let i = 0; i < 3; i += 1) answers.push((await limiter.consume('k')).allowed, (await limiter.consume('gone')).allowed);
    expect(answers).toEqual([true, true, true, true, false, false]);
  });
}

function parallelGuesses(store: string, t: TestContext) {
  it(`checks at most 5 of 41 parallel guesses at one account, so the right one among them does not get through (${store})`, async () => {
    await insertUser(t, `par_${store}`);
    const guesses = [...Array.from({ length: 40 }, (_, i) => `Wrong${i}pass`), TEST_PASSWORD];
    const answers = await Promise.all(guesses.map((p) => loginFrom(t, '10.1.1.1', `par_${store}`, p)));
    expect(answers.filter(verified).length).toBeLessThanOrEqual(LOGIN_LIMITS.pair.points);
    expect(answers.filter((a) => a.code === ErrorCode.RATE_LIMITED).length).toBeGreaterThanOrEqual(41 - LOGIN_LIMITS.pair.points);
    expect(answers[40].code).toBe(ErrorCode.RATE_LIMITED);
  });
}

describe.each(DIALECTS)('sign-in limits on %s', (dialect) => {
  const t = useTestApp(dialect);

  parallelGuesses('memory', t);
  sharedAddress('memory', t);

  it('locks one account for one address only: a stranger elsewhere cannot lock the owner out', async () => {
    await insertUser(t, 'victim');
    for (let i = 0; i < 5; i += 1) expect((await loginFrom(t, '203.0.113.9', 'victim', `Bad${i}pass`)).code).toBe(ErrorCode.BAD_CREDENTIALS);
    const attacker = await loginFrom(t, '203.0.113.9', 'victim', TEST_PASSWORD);
    expect(attacker).toMatchObject({ code: ErrorCode.RATE_LIMITED, msg: '登录失败次数过多，请15分钟后再试' });
    // The owner, from their own address, signs in as usual.
    expect((await loginFrom(t, '198.51.100.7', 'victim', TEST_PASSWORD)).code).toBe(0);
    // Locking the administrator works no better.
    for (let i = 0; i < 6; i += 1) await loginFrom(t, '203.0.113.9', 'ADMIN', `Bad${i}pass`);
    expect((await loginFrom(t, '198.51.100.8', 'admin', 'Admin1234')).code).toBe(0);
  });

  it('slows, but never refuses, an account guessed at from many addresses', async () => {
    expect([4, 5, 6, 7, 8, 30].map(slowdownMs)).toEqual([0, 250, 500, 1000, 2000, 5000]);
    await insertUser(t, 'spread');
    const failures = 8;
    const answers = await Promise.all(Array.from({ length: failures }, (_, i) => loginFrom(t, `192.0.2.${i + 1}`, 'spread', `Bad${i}pass`)));
    expect(answers.every((a) => a.code === ErrorCode.BAD_CREDENTIALS)).toBe(true);
    const started = Date.now();
    const owner = await loginFrom(t, '192.0.2.200', 'spread', TEST_PASSWORD);
    expect(owner.code).toBe(0);
    expect(Date.now() - started).toBeGreaterThanOrEqual(slowdownMs(failures) - 50);
  });

  it('lets an administrator clear a user\'s locks', async () => {
    const user = await insertUser(t, 'locked_out');
    for (let i = 0; i < 5; i += 1) await loginFrom(t, '198.51.100.50', 'locked_out', `Bad${i}pass`);
    expect((await loginFrom(t, '198.51.100.50', 'locked_out', TEST_PASSWORD)).code).toBe(ErrorCode.RATE_LIMITED);
    const unlock = await t.call('/api/sys/user/unlock', { ids: [user.id] }, await t.adminToken());
    expect(unlock.body).toMatchObject({ code: 0, msg: '已解除登录锁定' });
    expect((await loginFrom(t, '198.51.100.50', 'locked_out', TEST_PASSWORD)).code).toBe(0);
    // Only administrators with the permission may.
    const other = await insertUser(t, 'not_admin');
    expect((await t.call('/api/sys/user/unlock', { ids: [user.id] }, other.token)).body.code).toBe(ErrorCode.FORBIDDEN);
  });

  it('reserves old-password checks before verifying them too', async () => {
    const user = await insertUser(t, 'pass_guess');
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => t.call('/api/sys/user/update-pass', { oldPassword: `Wrong${i}x`, password: 'Newpass123' }, user.token)),
    );
    expect(answers.filter((a) => a.body.msg === '旧密码不正确').length).toBeLessThanOrEqual(5);
    expect(answers.filter((a) => a.body.code === ErrorCode.RATE_LIMITED).length).toBeGreaterThanOrEqual(15);
  });

  it('limits registrations per address, reserving before the password is hashed', async () => {
    const register = (i: number, address: string) =>
      t.app
        .inject({ method: 'POST', url: '/api/sys/user/reg', remoteAddress: address, payload: { userName: `reg_${address.replace(/\./g, '_')}_${i}`, password: 'Abc12345', realName: '学员' } })
        .then((r) => r.json() as { code: number; msg: string });
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => register(i, '198.51.100.30')));
    expect(answers.filter((a) => a.code === 0)).toHaveLength(REGISTER_LIMIT.points);
    expect(answers.filter((a) => a.code === ErrorCode.RATE_LIMITED).every((a) => a.msg === '注册过于频繁，请稍后再试')).toBe(true);
    expect((await register(0, '198.51.100.31')).code).toBe(0);
  });

  it('finds accounts whatever the case of the name, and keeps names unique that way', async () => {
    await insertUser(t, 'MixedCase');
    expect((await loginFrom(t, '198.51.100.60', 'mixedcase', TEST_PASSWORD)).code).toBe(0);
    expect((await loginFrom(t, '198.51.100.60', 'MIXEDCASE', TEST_PASSWORD)).code).toBe(0);
    const reg = await t.app.inject({ method: 'POST', url: '/api/sys/user/reg', remoteAddress: '198.51.100.61', payload: { userName: 'mixedCASE', password: 'Abc12345', realName: '学员' } });
    expect(reg.json()).toMatchObject({ code: ErrorCode.DUPLICATE });
    await expect(insertUser(t, 'MIXEDCASE')).rejects.toThrow();
  });

  it('ignores X-Forwarded-For unless TRUST_PROXY names the proxy', async () => {
    await insertUser(t, 'xff_default');
    const login = await loginFrom(t, '198.51.100.70', 'xff_default', TEST_PASSWORD, { 'x-forwarded-for': '6.6.6.6' });
    expect(await sessionAddress(t, login.data!.token)).toBe('198.51.100.70');
  });
});

describe('TRUST_PROXY', () => {
  it('is off by default and takes a hop count or proxy addresses, never "trust everyone"', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1 ,::1' }).trustProxy).toEqual(['10.0.0.0/8', '127.0.0.1', '::1']);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(ConfigError);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.1; rm' })).toThrow(ConfigError);
  });

  describe.each(DIALECTS)('behind a named proxy on %s', (dialect) => {
    const t = useTestApp(dialect, { TRUST_PROXY: '10.0.0.0/8' });

    it('takes the client address from X-Forwarded-For only when the proxy sent it', async () => {
      await insertUser(t, 'xff_proxied');
      const viaProxy = await loginFrom(t, '10.0.0.5', 'xff_proxied', TEST_PASSWORD, { 'x-forwarded-for': '203.0.113.44' });
      expect(await sessionAddress(t, viaProxy.data!.token)).toBe('203.0.113.44');
      const direct = await loginFrom(t, '198.51.100.80', 'xff_proxied', TEST_PASSWORD, { 'x-forwarded-for': '203.0.113.45' });
      expect(await sessionAddress(t, direct.data!.token)).toBe('198.51.100.80');
    });
  });
});

describe.runIf(HAVE_REDIS).each(DIALECTS)('sign-in limits shared through Redis on %s', (dialect) => {
  const t = useTestApp(dialect, { REDIS_URL });
  parallelGuesses('redis', t);
  sharedAddress('redis', t);

  it('keeps the counts in Redis, where another server process sees them', async () => {
    await insertUser(t, 'redis_seen');
    await loginFrom(t, '10.2.2.2', 'redis_seen', 'Bad1pass');
    const { Redis } = await import('ioredis');
    const redis = new Redis(REDIS_URL);
    try {
      const user = await t.database.db.selectFrom('sys_user').select('id').where('user_name', '=', 'redis_seen').executeTakeFirstOrThrow();
      expect(await redis.get(`${t.rateLimitPrefix}:login-pair:u:${user.id}:0|10.2.2.2`)).toBe('1');
    } finally {
      redis.disconnect();
    }
  });
});
