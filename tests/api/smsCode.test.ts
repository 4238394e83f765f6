import svgCaptcha from 'svg-captcha';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ErrorCode } from '../../common/errorCodes';
import { Msg } from '../../common/validators';
import { CODE_RULES } from '../../server/modules/identity/code.service';
import { DIALECTS, insertUser, TEST_PASSWORD, useTestApp, type TestContext } from './helpers';

const MINUTE = 60_000;

/** The SMS log gateway's lines (SMS_PROVIDER=log), read as the e2e test reads the server log. */
function smsLog(t: TestContext) {
  const lines: string[] = [];
  vi.spyOn(t.app.ctx.log, 'warn').mockImplementation((line: string) => void lines.push(line));
  return {
    lines,
    /** The code of the last message to a number (its last four digits are in the line). */
    codeFor(mobile: string): string | undefined {
      const line = lines.filter((l) => l.includes(`to=${mobile.slice(0, 3)}****${mobile.slice(-4)}`)).at(-1);
      return line?.match(/code=(\d{6})/)?.[1];
    },
  };
}

/** The last captcha's answer, read where the captcha is made (a test's hook, not the product's). */
const createCaptcha = svgCaptcha.create.bind(svgCaptcha);
let lastCaptcha = '';
function hookCaptchas() {
  vi.spyOn(svgCaptcha, 'create').mockImplementation((opts) => {
    const c = createCaptcha(opts);
    lastCaptcha = c.text;
    return c;
  });
}

describe.each(DIALECTS)('SMS codes and sign-in (%s)', (dialect) => {
  const t = useTestApp(dialect, { SMS_PROVIDER: 'log' });
  let ip = 0;
  /** Each test its own address, so address budgets only meet where a test means them to. */
  let from = '';
  const post = async (url: string, body: object, token?: string, address = from) => {
    const res = await t.app.inject({ method: 'POST', url, payload: body, remoteAddress: address, headers: token ? { token } : {} });
    return res.json();
  };
  const captcha = async (address = from) => {
    const r = await post('/api/sys/user/captcha', {}, undefined, address);
    expect(r.code).toBe(0);
    expect(r.data.svg).toMatch(/^<svg/);
    return { captchaId: r.data.id as string, captcha: lastCaptcha };
  };
  const send = (mobile: string, extra: object = {}, token?: string, scene = 'login') => post('/api/sys/user/sms/send', { mobile, scene, ...extra }, token);
  let mobileOf: Record<string, string> = {};

  beforeAll(async () => {
    const admin = await t.adminToken();
    const site = (await t.call('/api/sys/config/detail', { id: 1 })).body.data;
    expect(site).toMatchObject({ loginPassword: true, loginSms: false, resetSms: false, smsReady: true });
    // Off by default: neither sending nor signing in.
    expect((await post('/api/sys/user/sms/send', { mobile: '13800000000', scene: 'login' })).code).toBe(ErrorCode.SIGNIN_METHOD_OFF);
    expect((await post('/api/sys/user/mobile-login', { mobile: '13800000000', code: '123456' })).code).toBe(ErrorCode.SIGNIN_METHOD_OFF);
    await t.call('/api/sys/config/save', { siteName: 'Examhall', allowRegister: true, registerReview: false, loginSms: true }, admin);
    mobileOf = {};
    for (const [name, mobile] of [['smsa', '13800000001'], ['smsb', '13800000002'], ['smsc', '13800000003'], ['smsd', '13800000004']]) {
      const u = await insertUser(t, name);
      await t.database.db.updateTable('sys_user').set({ mobile }).where('id', '=', u.id).execute();
      mobileOf[name] = mobile;
    }
  });
  beforeEach(hookCaptchas);
  afterEach(() => {
    vi.restoreAllMocks();
  });
  const fresh = () => {
    from = `10.9.${dialect === 'sqlite' ? 1 : 2}.${++ip}`;
    // A day later: every target's and address's earlier codes are past their windows.
    t.clock.advance(25 * 60 * MINUTE);
  };

  it('signs in with a 6-digit code sent by SMS, which works once only', async () => {
    fresh();
    const log = smsLog(t);
    const sent = await send(mobileOf.smsa);
    expect(sent).toMatchObject({ code: 0, msg: '验证码已发送', data: { interval: 60 } });
    expect(log.lines).toHaveLength(1);
    expect(log.lines[0]).toMatch(/^\[sms:log\] to=138\*\*\*\*0001 scene=login code=\d{6}$/);
    const code = log.codeFor(mobileOf.smsa)!;
    const r = await post('/api/sys/user/mobile-login', { mobile: mobileOf.smsa, code });
    expect(r.code).toBe(0);
    expect(r.data.user.userName).toBe('smsa');
    expect((await t.call('/api/sys/user/info', {}, r.data.token)).body.code).toBe(0);
    const again = await post('/api/sys/user/mobile-login', { mobile: mobileOf.smsa, code });
    expect(again).toMatchObject({ code: ErrorCode.CODE_INVALID, msg: '验证码错误或已过期' });
    // Stored hashed: the code itself is nowhere in the table.
    const rows = await t.database.db.selectFrom('sys_verify_code').select(['code_hash']).where('target', '=', mobileOf.smsa).execute();
    expect(rows.every((row) => row.code_hash !== code && row.code_hash?.length === 64)).toBe(true);
    // Audited as an SMS sign-in.
    const audit = await t.database.db.selectFrom('sys_signin_audit').select(['provider', 'result']).where('user_id', '=', r.data.user.id).execute();
    expect(audit).toContainEqual({ provider: 'sms', result: 0 });
  });

  it('checks the phone rule of the spec', async () => {
    fresh();
    expect((await send('12345678901')).msg).toBe(Msg.mobile);
    expect((await post('/api/sys/user/mobile-login', { mobile: '1380000', code: '123456' })).msg).toBe(Msg.mobile);
  });

  it('answers an unknown number exactly as a known one, and sends it nothing', async () => {
    fresh();
    const log = smsLog(t);
    const known = await send(mobileOf.smsb);
    from = `${from}9`;
    const unknown = await send('13999999999');
    expect(unknown).toEqual(known);
    expect(log.lines).toHaveLength(1);
    // A guess at the code reads alike too, down to the too-many-checks answer.
    for (let i = 0; i < CODE_RULES.maxChecks; i += 1) {
      const a = await post('/api/sys/user/mobile-login', { mobile: mobileOf.smsb, code: '000000' });
      const b = await post('/api/sys/user/mobile-login', { mobile: '13999999999', code: '000000' });
      expect(b).toEqual(a);
    }
    const a = await post('/api/sys/user/mobile-login', { mobile: mobileOf.smsb, code: '000000' });
    const b = await post('/api/sys/user/mobile-login', { mobile: '13999999999', code: '000000' });
    expect(a).toEqual({ code: ErrorCode.CODE_INVALID, msg: '验证码错误次数过多，请重新获取', data: null });
    expect(b).toEqual(a);
  });

  it('refuses the right code after 5 wrong checks, and after 5 minutes', async () => {
    fresh();
    const log = smsLog(t);
    await send(mobileOf.smsc);
    const code = log.codeFor(mobileOf.smsc)!;
    const wrong = code === '111111' ? '222222' : '111111';
    for (let i = 0; i < CODE_RULES.maxChecks; i += 1) {
      expect((await post('/api/sys/user/mobile-login', { mobile: mobileOf.smsc, code: wrong })).code).toBe(ErrorCode.CODE_INVALID);
    }
    expect(await post('/api/sys/user/mobile-login', { mobile: mobileOf.smsc, code })).toMatchObject({ code: ErrorCode.CODE_INVALID, msg: '验证码错误次数过多，请重新获取' });

    t.clock.advance(MINUTE + 1000);
    const sent = await send(mobileOf.smsc, await captcha());
    expect(sent.code).toBe(0);
    const second = log.codeFor(mobileOf.smsc)!;
    t.clock.advance(CODE_RULES.ttlMs + 1);
    expect(await post('/api/sys/user/mobile-login', { mobile: mobileOf.smsc, code: second })).toMatchObject({ code: ErrorCode.CODE_INVALID, msg: '验证码错误或已过期' });
  });

  it('waits 60 s between sends to a number, asks a captcha once it has been sent to, and stops at 10 a day', async () => {
    fresh();
    const log = smsLog(t);
    expect((await send(mobileOf.smsd)).code).toBe(0);
    // Too soon: said before any captcha, with the seconds left.
    t.clock.advance(20_000);
    expect(await send(mobileOf.smsd)).toMatchObject({ code: ErrorCode.CODE_TOO_SOON, msg: '发送过于频繁，请40秒后再试' });
    t.clock.advance(41_000);
    // Sent before: a captcha now, and a wrong one is refused (and used up).
    expect((await send(mobileOf.smsd)).code).toBe(ErrorCode.CAPTCHA_REQUIRED);
    const c = await captcha();
    expect((await send(mobileOf.smsd, { ...c, captcha: 'zzzz' })).code).toBe(ErrorCode.CAPTCHA_INVALID);
    expect((await send(mobileOf.smsd, c)).code).toBe(ErrorCode.CAPTCHA_INVALID);
    for (let i = 2; i <= CODE_RULES.perTargetPerDay; i += 1) {
      // From another address each time: the number's own budget is what is counted here.
      from = `10.8.${dialect === 'sqlite' ? 1 : 2}.${i}`;
      expect((await send(mobileOf.smsd, await captcha())).code).toBe(0);
      t.clock.advance(MINUTE + 1);
    }
    expect(log.lines).toHaveLength(CODE_RULES.perTargetPerDay);
    from = '10.8.9.99';
    expect(await send(mobileOf.smsd, await captcha())).toMatchObject({ code: ErrorCode.CODE_BUDGET_SPENT, msg: '该手机号今日获取验证码次数已达上限，请明天再试' });
    expect(log.lines).toHaveLength(CODE_RULES.perTargetPerDay);
    // The refused attempt took no slot: a day on, the number is served again.
    t.clock.advance(24 * 60 * MINUTE);
    expect((await send(mobileOf.smsd, await captcha())).code).toBe(0);
  });

  it('holds an address to its budget over all numbers', async () => {
    fresh();
    for (let i = 0; i < CODE_RULES.perAddressPerHour; i += 1) {
      const extra = i === 0 ? {} : await captcha();
      expect((await send(`1370000${String(i).padStart(4, '0')}`, extra)).code).toBe(0);
    }
    expect(await send('13700009999', await captcha())).toMatchObject({ code: ErrorCode.CODE_BUDGET_SPENT, msg: '获取验证码过于频繁，请一小时后再试' });
    t.clock.advance(61 * MINUTE);
    expect((await send('13700009999', await captcha())).code).toBe(0);
  });

  it('gives one of many parallel sends to a number its slot', async () => {
    fresh();
    const log = smsLog(t);
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => post('/api/sys/user/sms/send', { mobile: mobileOf.smsa, scene: 'login' }, undefined, `10.7.${ip}.${i}`)));
    expect(answers.filter((a) => a.code === 0).length).toBeLessThanOrEqual(1);
    expect(log.lines.length).toBe(answers.filter((a) => a.code === 0).length);
  });

  it('binds and changes the phone of a signed-in user with a code sent to it', async () => {
    fresh();
    const log = smsLog(t);
    const u = await insertUser(t, `binder${dialect}`);
    expect((await send('15900000001', {}, undefined, 'bind')).code).toBe(ErrorCode.SESSION_INVALID);
    expect((await send('15900000001', {}, u.token, 'bind')).code).toBe(0);
    const code = log.codeFor('15900000001')!;
    expect((await post('/api/sys/user/bind-mobile', { mobile: '15900000001', code: '000000' }, u.token)).code).toBe(ErrorCode.CODE_INVALID);
    const bound = await post('/api/sys/user/bind-mobile', { mobile: '15900000001', code }, u.token);
    expect(bound).toMatchObject({ code: 0, msg: '手机号绑定成功', data: { mobile: '15900000001' } });
    // Where SMS works, the profile cannot set a number without a code.
    expect((await post('/api/sys/user/update', { realName: 'x', mobile: '15900000002' }, u.token)).msg).toBe('请通过短信验证码绑定或更换手机号');
    // A number another account holds is refused.
    t.clock.advance(MINUTE + 1);
    expect((await send(mobileOf.smsa, await captcha(), u.token, 'bind')).code).toBe(0);
    const taken = await post('/api/sys/user/bind-mobile', { mobile: mobileOf.smsa, code: log.codeFor(mobileOf.smsa)! }, u.token);
    expect(taken.code).toBe(ErrorCode.MOBILE_TAKEN);
    // The bound number signs in.
    t.clock.advance(MINUTE + 1);
    expect((await send('15900000001', await captcha())).code).toBe(0);
    const r = await post('/api/sys/user/mobile-login', { mobile: '15900000001', code: log.codeFor('15900000001')! });
    expect(r.data.user.userName).toBe(`binder${dialect}`);
  });

  it('refuses a disabled user a session even with the right code', async () => {
    fresh();
    const log = smsLog(t);
    const u = await insertUser(t, `gone${dialect}`, { state: 1 });
    await t.database.db.updateTable('sys_user').set({ mobile: '15800000009' }).where('id', '=', u.id).execute();
    await send('15800000009');
    const r = await post('/api/sys/user/mobile-login', { mobile: '15800000009', code: log.codeFor('15800000009')! });
    expect(r.code).toBe(ErrorCode.USER_DISABLED);
    void TEST_PASSWORD;
  });
});
