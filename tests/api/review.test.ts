import { describe, expect, it, vi } from 'vitest';
import { ErrorCode } from '../../common/errorCodes';
import { DIALECTS, insertUser, useTestApp } from './helpers';

describe.each(DIALECTS)('registration review (%s)', (dialect) => {
  const t = useTestApp(dialect);
  const reg = (userName: string) => t.call('/api/sys/user/reg', { userName, realName: `新人${userName}`, password: 'Abc12345' });

  it('keeps new registrations pending until approved, shows them first, and tells the approved user', async () => {
    const admin = await t.adminToken();
    await t.call('/api/sys/config/save', { siteName: 'Examhall', allowRegister: true, registerReview: true }, admin);
    await insertUser(t, 'older');
    const a = await reg('pend_a');
    expect(a.body).toMatchObject({ code: 0, msg: '注册成功，请等待管理员审核', data: { token: '', pending: true } });
    await reg('pend_b');
    await insertUser(t, 'newer');

    const login = await t.call('/api/sys/user/login', { username: 'pend_a', password: 'Abc12345' });
    expect(login.body).toMatchObject({ code: ErrorCode.USER_PENDING, msg: '账号正在等待管理员审核，审核通过后即可登录' });

    // Pending first, whatever the order asked.
    const page = await t.call('/api/sys/user/paging', { current: 1, size: 10, orders: [{ column: 'createTime', asc: false }] }, admin);
    const names = page.body.data.records.map((r: { userName: string }) => r.userName);
    expect(names.slice(0, 2).sort()).toEqual(['pend_a', 'pend_b']);
    expect(names.indexOf('newer')).toBeGreaterThan(1);

    const ids = page.body.data.records.filter((r: { state: number }) => r.state === 2).map((r: { id: string }) => r.id);
    const idOf = (name: string) => page.body.data.records.find((r: { userName: string }) => r.userName === name).id as string;
    // Only pending users are reviewed.
    expect((await t.call('/api/sys/user/review', { ids: [idOf('older')], approve: true }, admin)).body.msg).toBe('只能审核待审核的用户，请刷新后重试');
    // A learner may not review.
    const learner = await insertUser(t, 'plain');
    expect((await t.call('/api/sys/user/review', { ids, approve: true }, learner.token)).body.code).toBe(ErrorCode.FORBIDDEN);

    expect((await t.call('/api/sys/user/review', { ids: [idOf('pend_a')], approve: true }, admin)).body).toMatchObject({ code: 0, msg: '已通过审核' });
    const signedIn = await t.call('/api/sys/user/login', { username: 'pend_a', password: 'Abc12345' });
    expect(signedIn.body.code).toBe(0);
    expect(signedIn.body.data.user.unreadMsg).toBe(1);

    expect((await t.call('/api/sys/user/review', { ids: [idOf('pend_b')], approve: false }, admin)).body).toMatchObject({ code: 0, msg: '已拒绝注册' });
    expect((await t.call('/api/sys/user/login', { username: 'pend_b', password: 'Abc12345' })).body.code).toBe(ErrorCode.BAD_CREDENTIALS);
    // The rejected name is free again.
    expect((await reg('pend_b')).body.code).toBe(0);
  });

  it('switches the password off for learners only: administrators keep it, and refusals are audited', async () => {
    const admin = await t.adminToken();
    await insertUser(t, 'pwlearner');
    await t.call('/api/sys/config/save', { siteName: 'Examhall', allowRegister: true, registerReview: false, loginPassword: false }, admin);
    const refused = await t.call('/api/sys/user/login', { username: 'pwlearner', password: 'Abc12345' });
    expect(refused.body).toMatchObject({ code: ErrorCode.SIGNIN_METHOD_OFF, msg: '该登录方式未开启，请使用其他方式登录' });
    expect((await t.call('/api/sys/user/login', { username: 'admin', password: 'Admin1234' })).body.code).toBe(0);
    const audit = await t.database.db
      .selectFrom('sys_signin_audit as a')
      .innerJoin('sys_user as u', 'u.id', 'a.user_id')
      .select(['u.user_name', 'a.provider', 'a.result'])
      .where('u.user_name', 'in', ['pwlearner', 'admin'])
      .execute();
    expect(audit).toContainEqual({ user_name: 'pwlearner', provider: 'password', result: ErrorCode.SIGNIN_METHOD_OFF });
    expect(audit).toContainEqual({ user_name: 'admin', provider: 'password', result: 0 });
    await t.call('/api/sys/config/save', { siteName: 'Examhall', allowRegister: true, registerReview: false, loginPassword: true }, admin);
    expect((await t.call('/api/sys/user/login', { username: 'pwlearner', password: 'Abc12345' })).body.code).toBe(0);
  });
});

describe.each(DIALECTS)('review notices by SMS (%s)', (dialect) => {
  const t = useTestApp(dialect, { SMS_PROVIDER: 'log' });

  it('texts the result to reviewed users who gave a phone number, and only to them', async () => {
    const lines: string[] = [];
    vi.spyOn(t.app.ctx.log, 'warn').mockImplementation((line: string) => void lines.push(line));
    const admin = await t.adminToken();
    await t.call('/api/sys/config/save', { siteName: 'Examhall', allowRegister: true, registerReview: true }, admin);
    const reg = (userName: string, mobile?: string) => t.call('/api/sys/user/reg', { userName, realName: `新人${userName}`, password: 'Abc12345', ...(mobile ? { mobile } : {}) });
    for (const [name, mobile] of [['sms_yes', '13900000011'], ['sms_no', '13900000012'], ['sms_none', undefined]] as const) {
      expect((await reg(name, mobile)).body.code).toBe(0);
    }
    const page = await t.call('/api/sys/user/paging', { current: 1, size: 10, params: { userName: 'sms_' } }, admin);
    const idOf = (name: string) => page.body.data.records.find((r: { userName: string }) => r.userName === name).id as string;

    expect((await t.call('/api/sys/user/review', { ids: [idOf('sms_yes'), idOf('sms_none')], approve: true }, admin)).body.code).toBe(0);
    expect((await t.call('/api/sys/user/review', { ids: [idOf('sms_no')], approve: false }, admin)).body.code).toBe(0);
    await vi.waitFor(() => expect(lines.filter((l) => l.includes('notice=review'))).toHaveLength(2));
    expect(lines.filter((l) => l.includes('notice=review'))).toEqual([
      '[sms:log] to=139****0011 notice=review result=通过',
      '[sms:log] to=139****0012 notice=review result=未通过',
    ]);
    vi.restoreAllMocks();
  });
});
