/**
 * Real identity servers for the single sign-on tests: an OpenID provider (the certified
 * `oidc-provider` package) and Debian's slapd, each on a random loopback port, each started by the
 * test that needs it and stopped after it. Shared by the API and browser tests.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import Provider, { type Configuration } from 'oidc-provider';

export const SLAPD = '/usr/sbin/slapd';
export const LDAP_SUFFIX = 'dc=examhall,dc=test';
export const LDAP_ADMIN_DN = `cn=admin,${LDAP_SUFFIX}`;
export const LDAP_ADMIN_PASSWORD = 'ldap-admin-secret';

/** A free TCP port on 127.0.0.1 (asked of the kernel, then released). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/**
 * Whether slapd can run here. Absent: the LDAP tests skip with a line saying so, except in CI
 * (`CI` set), where its absence is a failure (.ci/run installs it).
 */
export function slapdAvailable(): boolean {
  const present = existsSync(SLAPD) && spawnSync('ldapadd', ['-VV'], { stdio: 'ignore' }).error === undefined;
  if (!present) {
    if (process.env.CI) throw new Error(`slapd (${SLAPD}) or ldapadd is missing: CI must install slapd and ldap-utils (.ci/run)`);
    console.warn(`SKIPPED: LDAP tests need Debian's slapd at ${SLAPD} and ldapadd (apt-get install slapd ldap-utils)`);
  }
  return present;
}

export interface LdapUser {
  uid: string;
  cn: string;
  password: string;
  /** Goes to the departmentNumber attribute. */
  dept?: string;
}

export interface RunningSlapd {
  url: string;
  stop(): Promise<void>;
}

/** slapd with a throwaway config and database in a temp folder, holding ou=people with `users`. */
export async function startSlapd(users: LdapUser[]): Promise<RunningSlapd> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'examhall-slapd-'));
  mkdirSync(path.join(dir, 'db'));
  const port = await freePort();
  const url = `ldap://127.0.0.1:${port}`;
  const conf = path.join(dir, 'slapd.conf');
  writeFileSync(
    conf,
    [
      'include /etc/ldap/schema/core.schema',
      'include /etc/ldap/schema/cosine.schema',
      'include /etc/ldap/schema/inetorgperson.schema',
      `pidfile ${dir}/slapd.pid`,
      'modulepath /usr/lib/ldap',
      'moduleload back_mdb',
      'database mdb',
      `suffix "${LDAP_SUFFIX}"`,
      `rootdn "${LDAP_ADMIN_DN}"`,
      `rootpw ${LDAP_ADMIN_PASSWORD}`,
      `directory ${dir}/db`,
      'maxsize 16777216',
      // Anyone may bind as themselves; only bound users read.
      'access to attrs=userPassword by self write by anonymous auth by * none',
      'access to * by users read by * none',
      '',
    ].join('\n'),
  );
  // -d: stay in the foreground (this process owns it); stats off.
  const child: ChildProcess = spawn(SLAPD, ['-f', conf, '-h', `${url}/`, '-d', '0'], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (d) => (stderr += String(d)));
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
    rmSync(dir, { recursive: true, force: true });
  };
  for (let i = 0; ; i += 1) {
    const up = await new Promise<boolean>((resolve) => {
      const s = net.connect(port, '127.0.0.1', () => (s.end(), resolve(true)));
      s.once('error', () => resolve(false));
    });
    if (up) break;
    if (child.exitCode !== null || i > 100) {
      await stop();
      throw new Error(`slapd did not start: ${stderr}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const ldif = [
    `dn: ${LDAP_SUFFIX}\nobjectClass: dcObject\nobjectClass: organization\no: Examhall Test\ndc: examhall\n`,
    `dn: ou=people,${LDAP_SUFFIX}\nobjectClass: organizationalUnit\nou: people\n`,
    ...users.map(
      (u) =>
        `dn: uid=${u.uid},ou=people,${LDAP_SUFFIX}\nobjectClass: inetOrgPerson\nuid: ${u.uid}\ncn:: ${Buffer.from(u.cn).toString('base64')}\nsn: ${u.uid}\nuserPassword: ${u.password}\n` +
        (u.dept ? `departmentNumber:: ${Buffer.from(u.dept).toString('base64')}\n` : ''),
    ),
  ].join('\n');
  const add = spawnSync('ldapadd', ['-x', '-H', url, '-D', LDAP_ADMIN_DN, '-w', LDAP_ADMIN_PASSWORD], { input: ldif, encoding: 'utf8' });
  if (add.status !== 0) {
    await stop();
    throw new Error(`ldapadd failed: ${add.stderr}`);
  }
  return { url, stop };
}

/** An account at the IdP: `login` is what its sign-in form takes and becomes the sub. */
export interface OidcAccount {
  login: string;
  claims: { preferred_username?: string; name?: string; email?: string; department?: string };
}

export interface RunningIdp {
  issuer: string;
  clientId: string;
  clientSecret: string;
  stop(): Promise<void>;
}

/**
 * An OpenID provider (oidc-provider) on a random loopback port with one confidential client. Its
 * own development sign-in form takes any login name; the account is looked up in `accounts` by
 * that name (sub = the account's sub). PKCE is required, consent is granted at once.
 */
export async function startIdp(accounts: OidcAccount[], redirectUris: string[], postLogoutRedirectUris: string[]): Promise<RunningIdp> {
  const port = await freePort();
  const issuer = `http://127.0.0.1:${port}`;
  const clientId = 'examhall';
  const clientSecret = 'examhall-client-secret-0123456789';
  const byLogin = new Map(accounts.map((a) => [a.login, a]));
  const configuration: Configuration = {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: redirectUris,
        post_logout_redirect_uris: postLogoutRedirectUris,
        response_types: ['code'],
        grant_types: ['authorization_code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    pkce: { required: () => true },
    claims: { openid: ['sub'], profile: ['name', 'preferred_username', 'department'], email: ['email'] },
    features: { devInteractions: { enabled: true }, rpInitiatedLogout: { enabled: true } },
    cookies: { keys: ['examhall-test-cookie-key'] },
    ttl: { Interaction: 600, Grant: 600, Session: 600, AccessToken: 600, IdToken: 600, AuthorizationCode: 60 },
    async findAccount(_ctx, id) {
      const account = byLogin.get(id);
      if (!account) return undefined;
      return { accountId: account.login, claims: async () => ({ sub: account.login, ...account.claims }) };
    },
    async loadExistingGrant(ctx) {
      const session = ctx.oidc.session;
      const clientIdOf = ctx.oidc.client?.clientId;
      if (!session?.accountId || !clientIdOf) return undefined;
      const existing = session.grantIdFor(clientIdOf);
      if (existing) return ctx.oidc.provider.Grant.find(existing);
      const grant = new ctx.oidc.provider.Grant({ accountId: session.accountId, clientId: clientIdOf });
      grant.addOIDCScope('openid profile email');
      grant.addOIDCClaims(['name', 'preferred_username', 'department', 'email']);
      await grant.save();
      session.ensureClientContainer(clientIdOf);
      session.grantIdFor(clientIdOf, grant.jti);
      return grant;
    },
  };
  const provider = new Provider(issuer, configuration);
  provider.on('server_error', (_ctx, err) => console.error('oidc-provider', err));
  const callback = provider.callback();
  const server = http.createServer(callback);
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    issuer,
    clientId,
    clientSecret,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
