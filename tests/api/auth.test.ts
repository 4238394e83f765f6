import { describe, expect, it, vi } from 'vitest';
import type { UserInfo } from '../../common/api';
import { ErrorCode } from '../../common/errorCodes';
import { Msg } from '../../common/validators';
import { hashToken, resolveSession } from '../../server/modules/identity/session.service';
import { STUDENT_ROLE_ID } from '../../server/seed/constants';
import { ADMIN_PASSWORD, DIALECTS, useTestApp, type TestContext } from './helpers';

const PASSWORD = 'Learn1234';

async function createUser(t: TestContext, userName: string, state = 0): Promise<string> {
  const r = await t.call(
    '/api/sys/user/save',
    { userName, realName: `学员${userName}`, password: PASSWORD, roleIds: [STUDENT_ROLE_ID], state },
    await t.adminToken(),
  );
  if (r.body.code !== 0) throw new Error(`create ${userName} failed: ${r.body.msg}`);
  return r.body.data.id as string;
}

const setSite = (t: TestContext, allowRegister: boolean, registerReview: boolean) =>
  t.adminToken().then((token) => t.call('/api/sys/config/save', { siteName: 'Examhall 在线考试', allowRegister, registerReview }, token));

describe.each(DIALECTS)('sign-in and sessions on %s', (dialect) => {
  const t = useTestApp(dialect);

  it('signs the administrator in with a token and the user', async () => {
    const r = await t.call('/api/sys/user/login', { username: 'admin', password: ADMIN_PASSWORD });
    expect(r.body.code).toBe(0);
    expect(r.body.data.token).toMatch(/^[\w-]{20,}$/);
    expect(r.body.data.user).toMatchObject({ userName: 'admin', roleType: 2, roles: ['sa'] });
    expect(r.body.data.user.permissions).toContain('sys:user:list');
  });

  it('answers the same message for a wrong password and an unknown user', async () => {
    const wrong = await t.call('/api/sys/user/login', { username: 'admin', password: 'Wrong1234' });
    expect(wrong.body).toMatchObject({ code: ErrorCode.BAD_CREDENTIALS, msg: '用户名或密码错误' });
    const unknown = await t.call('/api/sys/user/login', { username: 'nobody_here', password: 'Wrong1234' });
    expect(unknown.body).toMatchObject({ code: ErrorCode.BAD_CREDENTIALS, msg: '用户名或密码错误' });
  });

  it('refuses disabled and pending accounts with their own messages', async () => {
    await createUser(t, 'disabled_u', 1);
    await createUser(t, 'pending_u', 2);
    const disabled = await t.call('/api/sys/user/login', { username: 'disabled_u', password: PASSWORD });
    expect(disabled.body).toMatchObject({ code: ErrorCode.USER_DISABLED, msg: '账号已被禁用，请联系管理员' });
    const pending = await t.call('/api/sys/user/login', { username: 'pending_u', password: PASSWORD });
    expect(pending.body).toMatchObject({ code: ErrorCode.USER_PENDING, msg: '账号正在等待管理员审核，审核通过后即可登录' });
  });

  it('locks an account after 5 failures, answering at once, even for the right password', async () => {
    await createUser(t, 'limited_u');
    for (let i = 0; i < 5; i += 1) {
      const r = await t.call('/api/sys/user/login', { username: 'limited_u', password: `Bad${i}pass` });
      expect(r.body.code).toBe(ErrorCode.BAD_CREDENTIALS);
    }
    const started = Date.now();
    const locked = await t.call('/api/sys/user/login', { username: 'limited_u', password: PASSWORD });
    expect(Date.now() - started).toBeLessThan(2000);
    expect(locked.status).toBe(200);
    expect(locked.body.code).toBe(ErrorCode.RATE_LIMITED);
    expect(locked.body.msg).toContain('15分钟');
    // Other accounts are not affected.
    await expect(t.login('admin', ADMIN_PASSWORD)).resolves.toBeTruthy();
  });

  it('registers with the rules enforced on the server', async () => {
    const reg = (body: Record<string, unknown>) =>
      t.call('/api/sys/user/reg', { userName: 'reg_u', password: PASSWORD, realName: '注册学员', ...body });
    expect((await reg({ password: 'abcdef' })).body.msg).toBe(Msg.password);
    expect((await reg({ password: '12' })).body.msg).toBe(Msg.password);
    expect((await reg({ mobile: '1381234567' })).body.msg).toBe(Msg.mobile);
    expect((await reg({ userName: 'bad name!' })).body.code).toBe(ErrorCode.FAIL);
    const ok = await reg({ mobile: '13812345678' });
    expect(ok.body.code).toBe(0);
    expect(ok.body.data).toMatchObject({ pending: false, user: { userName: 'reg_u', roleType: 1, roles: ['student'], mobile: '13812345678' } });
    expect((await t.call('/api/sys/user/info', {}, ok.body.data.token)).body.data.userName).toBe('reg_u');
    expect((await reg({})).body.code).toBe(ErrorCode.DUPLICATE);
  });

  it('closes registration, or holds it for review, as site settings say', async () => {
    await setSite(t, false, false);
    const closed = await t.call('/api/sys/user/reg', { userName: 'closed_u', password: PASSWORD, realName: '关闭' });
    expect(closed.body.code).toBe(ErrorCode.REGISTER_CLOSED);

    await setSite(t, true, true);
    const held = await t.call('/api/sys/user/reg', { userName: 'review_u', password: PASSWORD, realName: '待审' });
    expect(held.body.code).toBe(0);
    expect(held.body.data).toMatchObject({ token: '', pending: true });
    expect((await t.call('/api/sys/user/login', { username: 'review_u', password: PASSWORD })).body.code).toBe(ErrorCode.USER_PENDING);
    const token = await t.adminToken();
    const page = await t.call('/api/sys/user/paging', { current: 1, size: 10, params: { userName: 'review_u', state: 2 } }, token);
    expect(page.body.data.total).toBe(1);
    await t.call('/api/sys/user/state', { ids: [page.body.data.records[0].id], state: 0 }, token);
    await expect(t.login('review_u', PASSWORD)).resolves.toBeTruthy();
    await setSite(t, true, false);
  });

  it('answers /info with the profile, department and unread count', async () => {
    const id = await createUser(t, 'info_u');
    const db = t.database.db;
    const now = Date.now();
    await db.insertInto('sys_msg').values({ id: 'msg_info', title: '通知', content: '内容', target_type: 1, sender_id: null, receiver_count: 1, create_time: now }).execute();
    await db
      .insertInto('sys_user_msg')
      .values([
        { id: 'um_info_1', msg_id: 'msg_info', user_id: id, read_state: 0, read_time: null, create_time: now },
        { id: 'um_info_2', msg_id: 'msg_info', user_id: id, read_state: 1, read_time: now, create_time: now },
      ])
      .execute();
    const token = await t.login('info_u', PASSWORD);
    const info = await t.call<UserInfo>('/api/sys/user/info', {}, token);
    expect(info.body.code).toBe(0);
    expect(info.body.data).toMatchObject({ id, userName: 'info_u', realName: '学员info_u', roleType: 1, roles: ['student'], roleNames: ['学员'], permissions: [], unreadMsg: 1, deptId: '', deptName: '' });
    expect(Object.keys(info.body.data).sort()).toEqual(
      ['avatar', 'deptId', 'deptName', 'email', 'id', 'mobile', 'permissions', 'realName', 'roleNames', 'roleType', 'roles', 'unreadMsg', 'userName'],
    );
  });

  it('logs out server-side: the token then answers 10010002', async () => {
    await createUser(t, 'logout_u');
    const token = await t.login('logout_u', PASSWORD);
    expect((await t.call('/api/sys/user/info', {}, token)).body.code).toBe(0);
    expect((await t.call('/api/sys/user/logout', {}, token)).body.code).toBe(0);
    const after = await t.call('/api/sys/user/info', {}, token);
    expect(after.body.code).toBe(ErrorCode.SESSION_INVALID);
  });

  it('tells each caller of many arriving at once who they are (their session checks read together)', async () => {
    const names = ['many_a', 'many_b', 'many_c', 'many_d', 'many_e'];
    for (const n of names) await createUser(t, n);
    const tokens = await Promise.all(names.map((n) => t.login(n, PASSWORD)));
    const answers = await Promise.all([...tokens, 'not-a-real-token', tokens[0]].map((token) => t.call('/api/sys/user/info', {}, token)));
    expect(answers.map((a) => a.body.data?.userName ?? a.body.code)).toEqual([...names, ErrorCode.SESSION_INVALID, names[0]]);
  });

  it('extends the sessions used a minute after their last use, many at once, and leaves the others', async () => {
    const names = ['touch_a', 'touch_b', 'touch_c', 'touch_idle'];
    for (const n of names) await createUser(t, n);
    const tokens = await Promise.all(names.map((n) => t.login(n, PASSWORD)));
    const sessionsOf = async () =>
      new Map(
        (await t.database.db.selectFrom('sys_session as s').innerJoin('sys_user as u', 'u.id', 's.user_id').select(['u.user_name', 's.last_seen_time', 's.expire_time']).where('u.user_name', 'in', names).execute()).map(
          (r) => [r.user_name, { seen: Number(r.last_seen_time), expires: Number(r.expire_time) }],
        ),
      );
    const before = await sessionsOf();
    t.clock.advance(61_000);
    const now = t.clock.now();
    // The first three arrive together (one of them twice); the last is not used.
    const answers = await Promise.all([tokens[0], tokens[1], tokens[2], tokens[0]].map((token) => t.call('/api/sys/user/info', {}, token)));
    expect(answers.map((a) => a.body.code)).toEqual([0, 0, 0, 0]);
    // The requests do not wait for the extension: it lands with its round.
    await vi.waitFor(async () => {
      const after = await sessionsOf();
      for (const n of names.slice(0, 3)) expect(after.get(n)).toEqual({ seen: now, expires: now + t.config.sessionTtl * 1000 });
    });
    expect((await sessionsOf()).get('touch_idle')).toEqual(before.get('touch_idle'));
  });

  it('answers a kept session check at once, and extends the session a minute on without a wait', async () => {
    await createUser(t, 'kept_u');
    const token = await t.login('kept_u', PASSWORD);
    expect((await t.call('/api/sys/user/info', {}, token)).body.code).toBe(0);
    const seen = async () => Number((await t.database.db.selectFrom('sys_session').select('last_seen_time').where('token_hash', '=', hashToken(token)).executeTakeFirstOrThrow()).last_seen_time);
    // SQLite keeps checks (one process); PostgreSQL only with the Redis session bus, which this app has not.
    const kept = dialect === 'sqlite';
    const first = resolveSession(t.app.ctx, token);
    if (kept) expect(first).toMatchObject({ userName: 'kept_u', roleIds: [STUDENT_ROLE_ID] });
    else expect(first).toBeInstanceOf(Promise);
    t.clock.advance(61_000);
    // A minute on, the permissions are read again, and the session is extended without a wait.
    expect(await resolveSession(t.app.ctx, token)).toMatchObject({ userName: 'kept_u' });
    await vi.waitFor(async () => expect(await seen()).toBe(t.clock.now()));
    const again = resolveSession(t.app.ctx, token);
    if (kept) expect(again).toMatchObject({ userName: 'kept_u' });
    else expect(again).toBeInstanceOf(Promise);
  });

  it('answers 10010002 for a missing or unknown token on a protected endpoint', async () => {
    const missing = await t.call('/api/sys/user/info', {});
    expect(missing.body.code).toBe(ErrorCode.SESSION_INVALID);
    const unknown = await t.call('/api/sys/user/paging', { current: 1, size: 10 }, 'not-a-real-token');
    expect(unknown.body.code).toBe(ErrorCode.SESSION_INVALID);
    expect(unknown.body.data?.records).toBeUndefined();
  });

  it('refuses a learner on an admin endpoint with FORBIDDEN and no data', async () => {
    await createUser(t, 'nosy_u');
    const token = await t.login('nosy_u', PASSWORD);
    const r = await t.call('/api/sys/user/paging', { current: 1, size: 10 }, token);
    expect(r.body.code).toBe(ErrorCode.FORBIDDEN);
    expect(r.body.data?.records).toBeUndefined();
    const detail = await t.call('/api/sys/user/detail', { id: 'anything' }, token);
    expect(detail.body.code).toBe(ErrorCode.FORBIDDEN);
    expect(detail.body.data?.userName).toBeUndefined();
  });

  it('changes the own password: checks the old one and the rule, keeps this session, ends the others', async () => {
    await createUser(t, 'pass_u');
    const here = await t.login('pass_u', PASSWORD);
    const elsewhere = await t.login('pass_u', PASSWORD);
    const change = (oldPassword: string, password: string) => t.call('/api/sys/user/update-pass', { oldPassword, password }, here);
    expect((await change('Wrong1234', 'Newpass123')).body.msg).toBe('旧密码不正确');
    expect((await change(PASSWORD, 'short')).body.msg).toBe(Msg.password);
    expect((await change(PASSWORD, PASSWORD)).body.msg).toBe('新密码不能与旧密码相同');
    expect((await t.call('/api/sys/user/info', {}, elsewhere)).body.code).toBe(0);
    expect((await change(PASSWORD, 'Newpass123')).body.code).toBe(0);
    expect((await t.call('/api/sys/user/info', {}, here)).body.code).toBe(0);
    expect((await t.call('/api/sys/user/info', {}, elsewhere)).body.code).toBe(ErrorCode.SESSION_INVALID);
    expect((await t.call('/api/sys/user/login', { username: 'pass_u', password: PASSWORD })).body.code).toBe(ErrorCode.BAD_CREDENTIALS);
    await expect(t.login('pass_u', 'Newpass123')).resolves.toBeTruthy();
  });

  it('updates the own profile with the mobile and email rules', async () => {
    await createUser(t, 'profile_u');
    const token = await t.login('profile_u', PASSWORD);
    const update = (body: Record<string, unknown>) => t.call<UserInfo>('/api/sys/user/update', { realName: '新名字', ...body }, token);
    expect((await update({ mobile: '1234' })).body.msg).toBe(Msg.mobile);
    expect((await update({ email: 'a@b' })).body.msg).toBe('邮箱格式不正确');
    expect((await update({ avatar: 'javascript:alert(1)' })).body.code).toBe(ErrorCode.FAIL);
    const r = await update({ mobile: '15912345678', email: 'me@example.com', avatar: '/api/sys/file/get/123' });
    expect(r.body.code).toBe(0);
    expect(r.body.data).toMatchObject({ realName: '新名字', mobile: '15912345678', email: 'me@example.com', avatar: '/api/sys/file/get/123' });
    const cleared = await update({ mobile: '' });
    expect(cleared.body.data).toMatchObject({ mobile: '', email: 'me@example.com' });
    expect((await t.call('/api/sys/user/info', {}, token)).body.data.realName).toBe('新名字');
  });

});

describe.each(DIALECTS)('a session check kept in memory on %s', (dialect) => {
  // Sessions shorter than the minute a check is kept, so that the kept row goes out of date.
  const t = useTestApp(dialect, {}, { sessionTtl: 30 });

  it('keeps a session another process extended, past the expiry this one saw, and ends it at its time', async () => {
    const userId = await createUser(t, 'extended_u');
    const token = await t.login('extended_u', PASSWORD);
    expect((await t.call('/api/sys/user/info', {}, token)).body.code).toBe(0);
    // Another server process touched the session meanwhile: the database holds a later expiry.
    const extendedTo = t.clock.now() + 60_000;
    await t.database.db.updateTable('sys_session').set({ expire_time: extendedTo }).where('user_id', '=', userId).execute();
    t.clock.advance(31_000);
    expect((await t.call('/api/sys/user/info', {}, token)).body.code).toBe(0);
    t.clock.set(extendedTo);
    expect((await t.call('/api/sys/user/info', {}, token)).body.code).toBe(ErrorCode.SESSION_INVALID);
  });
});
