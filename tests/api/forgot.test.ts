import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ErrorCode } from '../../common/errorCodes';
import { Msg } from '../../common/validators';
import { DIALECTS, insertUser, TEST_PASSWORD, useTestApp } from './helpers';

/** A real SMTP server for the tests: every message it takes is kept, whole. */
async function startSmtp(): Promise<{ port: number; messages: Array<{ to: string[]; raw: string }>; close: () => Promise<void> }> {
  const messages: Array<{ to: string[]; raw: string }> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        messages.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as { port: number }).port;
  return { port, messages, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** The six digits of a reset mail (the body is quoted-printable or base64; decode what nodemailer chose). */
function codeOf(raw: string): string | undefined {
  const body = raw.split(/\r?\n\r?\n/).slice(1).join('\n');
  const b64 = /Content-Transfer-Encoding: base64/i.test(raw) ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8') : '';
  const qp = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
  const text = b64 || Buffer.from(qp, 'latin1').toString('utf8');
  return text.match(/验证码：(\d{6})/)?.[1];
}

const smtp = await startSmtp();
afterAll(() => smtp.close());

describe.each(DIALECTS)('forgot password (%s)', (dialect) => {
  const t = useTestApp(dialect, { SMS_PROVIDER: 'log', SMTP_URL: `smtp://127.0.0.1:${smtp.port}` });
  let user: { id: string; token: string };
  const email = `Reset.${dialect}@Example.com`;

  beforeAll(async () => {
    user = await insertUser(t, `forget${dialect}`);
    await t.database.db.updateTable('sys_user').set({ email, mobile: dialect === 'sqlite' ? '13600000001' : '13600000002' }).where('id', '=', user.id).execute();
  });

  it('is off until a reset channel is switched on', async () => {
    const site = (await t.call('/api/sys/config/detail', { id: 1 })).body.data;
    expect(site).toMatchObject({ resetSms: false, resetEmail: false, mailReady: true });
    expect((await t.call('/api/sys/user/mail/send', { email, scene: 'reset' })).body.code).toBe(ErrorCode.SIGNIN_METHOD_OFF);
    expect((await t.call('/api/sys/user/forgot/reset', { channel: 'email', target: email, code: '123456', password: 'New12345' })).body.code).toBe(ErrorCode.SIGNIN_METHOD_OFF);
    await t.call('/api/sys/config/save', { siteName: 'Examhall', allowRegister: true, registerReview: false, resetEmail: true, resetSms: true }, await t.adminToken());
  });

  it('resets by an e-mailed code read from a real SMTP server, and ends every session', async () => {
    const before = smtp.messages.length;
    const sent = await t.call('/api/sys/user/mail/send', { email: email.toLowerCase(), scene: 'reset' });
    expect(sent.body).toMatchObject({ code: 0, data: { interval: 60 } });
    await vi.waitFor(() => expect(smtp.messages.length).toBe(before + 1));
    const mail = smtp.messages.at(-1)!;
    expect(mail.to).toEqual([email.toLowerCase()]);
    const code = codeOf(mail.raw)!;
    expect(code).toMatch(/^\d{6}$/);

    const reset = (password: string, c = code) => t.call('/api/sys/user/forgot/reset', { channel: 'email', target: email, code: c, password });
    // The spec's strength rule, checked before the code is spent.
    expect((await reset('abcdef')).body.msg).toBe(Msg.password);
    expect((await reset('New12345')).body).toMatchObject({ code: 0, msg: '密码已重置，请使用新密码登录' });
    expect((await t.call('/api/sys/user/info', {}, user.token)).body.code).toBe(ErrorCode.SESSION_INVALID);
    expect((await t.call('/api/sys/user/login', { username: `forget${dialect}`, password: TEST_PASSWORD })).body.code).toBe(ErrorCode.BAD_CREDENTIALS);
    expect((await t.call('/api/sys/user/login', { username: `forget${dialect}`, password: 'New12345' })).body.code).toBe(0);
    // Used once.
    expect((await reset('Other123')).body.code).toBe(ErrorCode.CODE_INVALID);
  });

  it('sends no mail to an address nobody has, with the same answer', async () => {
    t.clock.advance(24 * 3600_000);
    const before = smtp.messages.length;
    const known = await t.app.inject({ method: 'POST', url: '/api/sys/user/mail/send', payload: { email, scene: 'reset' }, remoteAddress: '10.5.0.1' });
    const unknown = await t.app.inject({ method: 'POST', url: '/api/sys/user/mail/send', payload: { email: 'nobody@example.com', scene: 'reset' }, remoteAddress: '10.5.0.2' });
    expect(unknown.json()).toEqual(known.json());
    await vi.waitFor(() => expect(smtp.messages.length).toBe(before + 1));
    await new Promise((r) => setTimeout(r, 100));
    expect(smtp.messages.length).toBe(before + 1);
  });

  it('resets by an SMS code to the bound phone', async () => {
    t.clock.advance(24 * 3600_000);
    const lines: string[] = [];
    vi.spyOn(t.app.ctx.log, 'warn').mockImplementation((line: string) => void lines.push(line));
    const mobile = dialect === 'sqlite' ? '13600000001' : '13600000002';
    expect((await t.app.inject({ method: 'POST', url: '/api/sys/user/sms/send', payload: { mobile, scene: 'reset' }, remoteAddress: '10.5.1.1' })).json().code).toBe(0);
    const code = lines.at(-1)!.match(/scene=reset code=(\d{6})/)![1];
    // A login code is no reset code.
    expect((await t.call('/api/sys/user/mobile-login', { mobile, code })).body.code).not.toBe(0);
    expect((await t.call('/api/sys/user/forgot/reset', { channel: 'sms', target: mobile, code, password: 'Sms12345' })).body.code).toBe(0);
    expect((await t.call('/api/sys/user/login', { username: `forget${dialect}`, password: 'Sms12345' })).body.code).toBe(0);
    vi.restoreAllMocks();
  });

  it('e-mails the outcome of a registration review', async () => {
    const admin = await t.adminToken();
    await t.call('/api/sys/config/save', { siteName: 'Examhall', allowRegister: true, registerReview: true }, admin);
    const reg = await t.call('/api/sys/user/reg', { userName: `rev${dialect}`, realName: '待审', password: 'Abc12345' });
    expect(reg.body.data.pending).toBe(true);
    const row = await t.database.db.selectFrom('sys_user').select('id').where('user_name', '=', `rev${dialect}`).executeTakeFirstOrThrow();
    await t.database.db.updateTable('sys_user').set({ email: `rev.${dialect}@example.com` }).where('id', '=', row.id).execute();
    const before = smtp.messages.length;
    expect((await t.call('/api/sys/user/review', { ids: [row.id], approve: true }, admin)).body.code).toBe(0);
    await vi.waitFor(() => expect(smtp.messages.length).toBe(before + 1));
    expect(smtp.messages.at(-1)!.to).toEqual([`rev.${dialect}@example.com`]);
  });
});
