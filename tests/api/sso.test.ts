import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../common/errorCodes';
import { DIALECTS, TEST_PASSWORD, createDeptTree, insertUser, useTestApp, type TestContext } from './helpers';
import { slapdAvailable, startIdp, startSlapd, LDAP_ADMIN_DN, LDAP_ADMIN_PASSWORD, LDAP_SUFFIX, type RunningIdp, type RunningSlapd } from '../ssoServers';

const SITE = 'http://examhall.test';
const CALLBACK = `${SITE}/api/sso/oidc/callback`;

const oidcSettings = (idp: RunningIdp, over: Record<string, unknown> = {}) => ({
  enabled: true,
  issuer: idp.issuer,
  clientId: idp.clientId,
  clientSecret: idp.clientSecret,
  scopes: 'openid profile email',
  nameClaim: 'preferred_username',
  realNameClaim: 'name',
  deptClaim: 'department',
  autoCreate: true,
  roleId: 'role_student',
  publicUrl: SITE,
  ...over,
});

const ldapOff = { enabled: false, url: '', bindDn: '', bindPassword: '', baseDn: '', userFilter: '', nameAttr: 'uid', realNameAttr: 'cn', deptAttr: '', autoCreate: true, roleId: 'role_student' };
const oidcOff = { enabled: false, issuer: '', clientId: '', clientSecret: '', scopes: 'openid', nameClaim: 'preferred_username', realNameClaim: 'name', deptClaim: '', autoCreate: true, roleId: 'role_student', publicUrl: '' };

/**
 * Signs in at the IdP as a browser would: follows its redirects with its cookies, fills its
 * sign-in form with `login`, and answers the redirect back to our callback.
 */
async function idpSignIn(authUrl: string, login: string): Promise<URL> {
  const jar = new Map<string, string>();
  let url = authUrl;
  let body: string | undefined;
  for (let i = 0; i < 12; i += 1) {
    const res = await fetch(url, {
      method: body ? 'POST' : 'GET',
      body,
      redirect: 'manual',
      headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '), ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const eq = pair.indexOf('=');
      jar.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
    const location = res.headers.get('location');
    body = undefined;
    if (location) {
      const next = new URL(location, url);
      if (next.href.startsWith(CALLBACK)) return next;
      url = next.href;
      continue;
    }
    const html = await res.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    if (!action) throw new Error(`no sign-in form at ${url} (${res.status}): ${html.slice(0, 300)}`);
    url = new URL(action.replace(/&amp;/g, '&'), url).href;
    body = new URLSearchParams({ prompt: 'login', login, password: 'whatever' }).toString();
  }
  throw new Error('the IdP never sent the browser back');
}

async function start(t: TestContext, redirect = '/web/exam'): Promise<string> {
  const res = await t.app.inject({ method: 'GET', url: `/api/sso/oidc/start?redirect=${encodeURIComponent(redirect)}` });
  expect(res.statusCode).toBe(302);
  return res.headers.location as string;
}

/** Our callback's answer for the IdP's redirect: where it sends the browser, with the fragment parsed. */
async function callback(t: TestContext, back: URL) {
  const res = await t.app.inject({ method: 'GET', url: `${back.pathname}${back.search}` });
  expect(res.statusCode).toBe(302);
  const location = new URL(res.headers.location as string, SITE);
  const hash = new URLSearchParams(location.hash.slice(1));
  return { path: location.pathname, redirect: location.searchParams.get('redirect'), token: hash.get('token') ?? '', error: hash.get('error') ?? '', code: Number(hash.get('code') ?? 0) };
}

async function oidcSignIn(t: TestContext, login: string, redirect?: string) {
  return callback(t, await idpSignIn(await start(t, redirect), login));
}

describe.each(DIALECTS)('single sign-on (%s)', (dialect) => {
  const t = useTestApp(dialect);
  let idp: RunningIdp;
  let admin: string;
  let dept: { train: string; group: string; sales: string };

  beforeAll(async () => {
    idp = await startIdp(
      [
        { login: 'alice', claims: { preferred_username: 'alice', name: '爱丽丝', email: 'alice@corp.test', department: '总部/培训部/讲师组' } },
        { login: 'bob', claims: { preferred_username: 'bob', name: 'Bob', department: '销售部' } },
        { login: 'eve', claims: { preferred_username: 'eve', name: 'Eve' } },
        { login: 'noname', claims: { name: '无名' } },
      ],
      [CALLBACK],
      [`${SITE}/login`],
    );
    admin = await t.adminToken();
    dept = await createDeptTree(t);
  });
  afterAll(async () => idp?.stop());

  const save = (oidc: object, ldap: object = ldapOff, token = admin) => t.call('/api/sso/config/save', { oidc, ldap }, token);

  it('is off by default: the sign-in page is told so and the start route refuses', async () => {
    expect((await t.call('/api/sso/status')).body.data).toEqual({ oidc: false, ldap: false });
    const res = await t.app.inject({ method: 'GET', url: '/api/sso/oidc/start' });
    expect(res.headers.location).toContain(`code=${ErrorCode.SSO_DISABLED}`);
  });

  it('keeps the settings for administrators only, and never answers the secret', async () => {
    const learner = await insertUser(t, 'sso_learner');
    expect((await save(oidcSettings(idp), ldapOff, learner.token)).body.code).toBe(ErrorCode.FORBIDDEN);
    expect((await save({ ...oidcSettings(idp), issuer: 'not a url' })).body.code).toBe(ErrorCode.SSO_CONFIG_INVALID);
    expect((await save(oidcSettings(idp), { ...ldapOff, enabled: true, url: 'ldap://x', baseDn: 'dc=x', nameAttr: 'uid)(x' })).body.code).toBe(ErrorCode.SSO_CONFIG_INVALID);
    const saved = await save(oidcSettings(idp));
    expect(saved.body.code).toBe(0);
    expect(saved.body.data.oidc.clientSecret).toBe('');
    expect(saved.body.data.oidc.hasClientSecret).toBe(true);
    // Saved again with the secret blank: the stored one stays (sign-in below still works).
    expect((await save({ ...oidcSettings(idp), clientSecret: '' })).body.data.oidc.hasClientSecret).toBe(true);
    const detail = await t.call('/api/sso/config/detail', {}, admin);
    expect(detail.body.data.oidc).toMatchObject({ issuer: idp.issuer, clientSecret: '', hasClientSecret: true });
    expect((await t.call('/api/sso/status')).body.data).toEqual({ oidc: true, ldap: false });
  });

  it('start sends the browser to the IdP with PKCE (S256), state and nonce', async () => {
    const url = new URL(await start(t));
    expect(url.origin).toBe(idp.issuer);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(url.searchParams.get('state')).toBeTruthy();
    expect(url.searchParams.get('nonce')).toBeTruthy();
    expect(url.searchParams.get('redirect_uri')).toBe(CALLBACK);
    expect(url.searchParams.get('scope')?.split(' ')).toContain('openid');
  });

  it('creates the user on first sign-in (name, real name, department from claims; default role) and lands on /sync with the token', async () => {
    const r = await oidcSignIn(t, 'alice', '/web/exam');
    expect(r.error).toBe('');
    expect(r.path).toBe('/sync');
    expect(r.redirect).toBe('/web/exam');
    const info = await t.call('/api/sys/user/info', {}, r.token);
    expect(info.body.code).toBe(0);
    expect(info.body.data).toMatchObject({ userName: 'alice', realName: '爱丽丝', deptId: dept.group, roleType: 1 });
    // A second sign-in finds the same (linked) user, in the department the IdP names (moved back there).
    await t.database.db.updateTable('sys_user').set({ dept_id: dept.sales }).where('id', '=', info.body.data.id).execute();
    const again = await oidcSignIn(t, 'alice');
    const info2 = await t.call('/api/sys/user/info', {}, again.token);
    expect(info2.body.data).toMatchObject({ id: info.body.data.id, deptId: dept.group });
    const users = await t.database.db.selectFrom('sys_user').select('id').where('user_name', '=', 'alice').execute();
    expect(users).toHaveLength(1);
    // The local password does not open the account: it has none anyone knows.
    expect((await t.call('/api/sys/user/login', { username: 'alice', password: TEST_PASSWORD })).body.code).toBe(ErrorCode.BAD_CREDENTIALS);
  });

  it('a callback is single use: the same state again is refused', async () => {
    const back = await idpSignIn(await start(t), 'alice');
    expect((await callback(t, back)).token).not.toBe('');
    const replay = await callback(t, back);
    expect(replay).toMatchObject({ token: '', code: ErrorCode.SSO_FLOW_INVALID });
    const forged = await t.app.inject({ method: 'GET', url: '/api/sso/oidc/callback?code=abc&state=made-up' });
    expect(forged.headers.location).toContain(`code=${ErrorCode.SSO_FLOW_INVALID}`);
  });

  it('a code that is not the IdP\'s (or not for this flow) is refused', async () => {
    const back = await idpSignIn(await start(t), 'alice');
    back.searchParams.set('code', 'forged-authorization-code');
    expect(await callback(t, back)).toMatchObject({ token: '', code: ErrorCode.SSO_PROVIDER_FAILED });
  });

  it('start is throttled per address', async () => {
    const { OIDC_START_LIMIT } = await import('../../server/modules/identity/sso/oidc');
    const ip = '203.0.113.9';
    const hit = () => t.app.inject({ method: 'GET', url: '/api/sso/oidc/start', remoteAddress: ip });
    for (let i = 0; i < OIDC_START_LIMIT.points; i += 1) expect((await hit()).headers.location).toContain(idp.issuer);
    expect((await hit()).headers.location).toContain(`code=${ErrorCode.RATE_LIMITED}`);
  });

  it('an identity without the name claim is refused with its own code', async () => {
    expect(await oidcSignIn(t, 'noname')).toMatchObject({ token: '', code: ErrorCode.SSO_BAD_IDENTITY });
  });

  it('link-only: an existing user of that name is linked, an unknown one is refused', async () => {
    expect((await save(oidcSettings(idp, { autoCreate: false }))).body.code).toBe(0);
    const bob = await insertUser(t, 'bob', { realName: '鲍勃' });
    const r = await oidcSignIn(t, 'bob');
    const info = await t.call('/api/sys/user/info', {}, r.token);
    expect(info.body.data.id).toBe(bob.id);
    expect(await oidcSignIn(t, 'eve')).toMatchObject({ token: '', code: ErrorCode.SSO_NO_ACCOUNT });
    expect(await t.database.db.selectFrom('sys_user').select('id').where('user_name', '=', 'eve').executeTakeFirst()).toBeUndefined();
    // Bob keeps his own password as well.
    expect((await t.call('/api/sys/user/login', { username: 'bob', password: TEST_PASSWORD })).body.code).toBe(0);
  });

  it('switching password sign-in off does not close the IdP way in, and the sign-in is audited as oidc', async () => {
    await t.database.db.updateTable('sys_config').set({ login_password: 0 }).execute();
    try {
      const r = await oidcSignIn(t, 'alice');
      expect(r.error).toBe('');
      expect((await t.call('/api/sys/user/info', {}, r.token)).body.data.userName).toBe('alice');
    } finally {
      await t.database.db.updateTable('sys_config').set({ login_password: 1 }).execute();
    }
    const audit = await t.database.db.selectFrom('sys_signin_audit').select(['provider', 'result']).where('provider', '=', 'oidc').execute();
    expect(audit.length).toBeGreaterThan(0);
  });

  it('a disabled user is not signed in through the IdP', async () => {
    const eveLocal = await insertUser(t, 'eve', { state: 1 });
    expect(eveLocal.token).toBe('');
    expect(await oidcSignIn(t, 'eve')).toMatchObject({ token: '', code: ErrorCode.USER_DISABLED });
  });

  it('sign-out ends the local session and answers the IdP end-session URL for OIDC users only', async () => {
    const r = await oidcSignIn(t, 'alice');
    const out = await t.call('/api/sys/user/logout', {}, r.token);
    expect(out.body.code).toBe(0);
    const end = new URL(out.body.data.endSessionUrl);
    expect(`${end.origin}${end.pathname}`).toBe(`${idp.issuer}/session/end`);
    expect(end.searchParams.get('client_id')).toBe(idp.clientId);
    expect(end.searchParams.get('post_logout_redirect_uri')).toBe(`${SITE}/login`);
    expect((await t.call('/api/sys/user/info', {}, r.token)).body.code).toBe(ErrorCode.SESSION_INVALID);
    // The IdP knows the address: it answers its sign-out page, not an error.
    const page = await fetch(end, { redirect: 'manual' });
    expect(page.status).toBe(200);
    const local = await insertUser(t, 'plain_local');
    expect((await t.call('/api/sys/user/logout', {}, local.token)).body.data).toEqual({ endSessionUrl: '' });
  });
});

const haveSlapd = slapdAvailable();

describe.skipIf(!haveSlapd).each(DIALECTS)('LDAP sign-in (%s)', (dialect) => {
  const t = useTestApp(dialect);
  let slapd: RunningSlapd;
  let admin: string;
  let dept: { train: string; group: string; sales: string };
  const ldap = (over: Record<string, unknown> = {}) => ({
    enabled: true,
    url: slapd.url,
    bindDn: LDAP_ADMIN_DN,
    bindPassword: LDAP_ADMIN_PASSWORD,
    baseDn: `ou=people,${LDAP_SUFFIX}`,
    userFilter: '(objectClass=inetOrgPerson)',
    nameAttr: 'uid',
    realNameAttr: 'cn',
    deptAttr: 'departmentNumber',
    autoCreate: true,
    roleId: 'role_student',
    ...over,
  });
  const login = (username: string, password: string) => t.call('/api/sys/user/login', { username, password });

  beforeAll(async () => {
    slapd = await startSlapd([
      { uid: 'carol', cn: '卡萝尔', password: 'Carol-ldap-1', dept: '培训部' },
      { uid: 'dave', cn: 'Dave', password: 'Dave-ldap-1' },
      { uid: 'frank', cn: 'Frank', password: 'Frank-ldap-1' },
    ]);
    admin = await t.adminToken();
    dept = await createDeptTree(t);
  }, 30_000);
  afterAll(async () => slapd?.stop());

  it('creates a directory user on the first successful bind, with real name and department from attributes', async () => {
    expect((await t.call('/api/sso/config/save', { oidc: oidcOff, ldap: ldap() }, admin)).body.code).toBe(0);
    const r = await login('carol', 'Carol-ldap-1');
    expect(r.body.code).toBe(0);
    const info = await t.call('/api/sys/user/info', {}, r.body.data.token);
    expect(info.body.data).toMatchObject({ userName: 'carol', realName: '卡萝尔', deptId: dept.train, roleType: 1 });
    // Again: the same user, checked by the directory, and in the directory's department.
    await t.database.db.updateTable('sys_user').set({ dept_id: dept.sales }).where('id', '=', info.body.data.id).execute();
    const again = await login('carol', 'Carol-ldap-1');
    expect(again.body.data.user).toMatchObject({ id: info.body.data.id, deptId: dept.train });
    expect((await login('carol', 'wrong-password')).body.code).toBe(ErrorCode.BAD_CREDENTIALS);
  });

  it('refuses a wrong password, an unknown name and a filter trick', async () => {
    expect((await login('dave', 'nope')).body.code).toBe(ErrorCode.BAD_CREDENTIALS);
    expect((await login('nobody', 'Dave-ldap-1')).body.code).toBe(ErrorCode.BAD_CREDENTIALS);
    expect((await login('d*', 'Dave-ldap-1')).body.code).toBe(ErrorCode.BAD_CREDENTIALS);
    expect(await t.database.db.selectFrom('sys_user').select('id').where('user_name', '=', 'dave').executeTakeFirst()).toBeUndefined();
  });

  it('a local user of the same name keeps signing in with the local password, never the directory one', async () => {
    await insertUser(t, 'frank');
    expect((await login('frank', TEST_PASSWORD)).body.code).toBe(0);
    expect((await login('frank', 'Frank-ldap-1')).body.code).toBe(ErrorCode.BAD_CREDENTIALS);
  });

  it('switching password sign-in off does not block directory users (local learners are)', async () => {
    await t.database.db.updateTable('sys_config').set({ login_password: 0 }).execute();
    try {
      expect((await login('carol', 'Carol-ldap-1')).body.code).toBe(0);
      expect((await login('frank', TEST_PASSWORD)).body.code).toBe(ErrorCode.SIGNIN_METHOD_OFF);
    } finally {
      await t.database.db.updateTable('sys_config').set({ login_password: 1 }).execute();
    }
  });

  it('without auto-create nobody new comes in, and an unreachable directory says so', async () => {
    expect((await t.call('/api/sso/config/save', { oidc: oidcOff, ldap: ldap({ autoCreate: false, bindPassword: '' }) }, admin)).body.code).toBe(0);
    expect((await login('dave', 'Dave-ldap-1')).body.code).toBe(ErrorCode.BAD_CREDENTIALS);
    // Carol is a directory user already: she still signs in (the blank bind password kept the stored one).
    expect((await login('carol', 'Carol-ldap-1')).body.code).toBe(0);
    expect((await t.call('/api/sso/config/save', { oidc: oidcOff, ldap: ldap({ url: 'ldap://127.0.0.1:1' }) }, admin)).body.code).toBe(0);
    expect((await login('carol', 'Carol-ldap-1')).body.code).toBe(ErrorCode.SSO_PROVIDER_FAILED);
  });
});
