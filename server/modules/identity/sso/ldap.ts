import { Client, Filter, InvalidCredentialsError } from 'ldapts';
import type { LoginBody } from '../../../../common/api';
import type { LdapSettings } from '../../../../common/api/sso';
import { ErrorCode } from '../../../../common/errorCodes';
import type { ServiceContext } from '../../../context';
import { AppError } from '../../../lib/errors';
import { findUserByName } from '../../user/user.service';
import { reserveAccountTry } from '../password.provider';
import type { IdentityProvider } from '../signIn';
import { findUser } from './sso.repository';
import { followIdentityDept, isLinked, loadSsoSettings, provisionUser, type ExternalIdentity } from './sso.service';

/** Seconds the directory has to answer each step before sign-in gives up. */
const LDAP_TIMEOUT_MS = 5_000;

const unreachable = (e: unknown) =>
  new AppError(ErrorCode.SSO_PROVIDER_FAILED, `目录服务暂时无法连接，请稍后再试（${String((e as Error)?.message ?? e).slice(0, 120)}）`);

function text(entry: Record<string, unknown>, attr: string): string {
  if (!attr) return '';
  const key = Object.keys(entry).find((k) => k.toLowerCase() === attr.toLowerCase());
  const v = key ? entry[key] : undefined;
  const first = Array.isArray(v) ? v[0] : v;
  return first === undefined ? '' : Buffer.isBuffer(first) ? first.toString('utf8') : String(first).trim();
}

/**
 * Finds the user's entry (with the search account, or anonymously) and binds as it with the
 * password. Answers the identity, or null when there is no such entry or the password is wrong.
 * An empty password never binds (LDAP would take it as an anonymous bind and say yes).
 */
export async function ldapAuthenticate(s: LdapSettings, userName: string, password: string): Promise<ExternalIdentity | null> {
  if (!password || !userName) return null;
  const search = new Client({ url: s.url, timeout: LDAP_TIMEOUT_MS, connectTimeout: LDAP_TIMEOUT_MS });
  let entry: Record<string, unknown> & { dn: string };
  try {
    if (s.bindDn) await search.bind(s.bindDn, s.bindPassword);
    const match = `(${s.nameAttr}=${Filter.escape(userName)})`;
    const { searchEntries } = await search.search(s.baseDn, {
      scope: 'sub',
      filter: s.userFilter ? `(&${s.userFilter}${match})` : match,
      attributes: [s.nameAttr, s.realNameAttr, s.deptAttr].filter(Boolean),
      sizeLimit: 2,
    });
    // Two entries for one name: which person is signing in is not clear, so nobody is.
    if (searchEntries.length !== 1) return null;
    entry = searchEntries[0];
  } catch (e) {
    throw unreachable(e);
  } finally {
    await search.unbind().catch(() => undefined);
  }
  const user = new Client({ url: s.url, timeout: LDAP_TIMEOUT_MS, connectTimeout: LDAP_TIMEOUT_MS });
  try {
    await user.bind(entry.dn, password);
  } catch (e) {
    if (e instanceof InvalidCredentialsError) return null;
    throw unreachable(e);
  } finally {
    await user.unbind().catch(() => undefined);
  }
  return {
    subject: entry.dn,
    userName: text(entry, s.nameAttr) || userName,
    realName: text(entry, s.realNameAttr),
    dept: text(entry, s.deptAttr),
  };
}

/**
 * Whether a password sign-in under this name goes to the directory: LDAP is on and the user came
 * from it, or no such user exists yet and the directory may create them.
 */
export async function usesDirectory(ctx: ServiceContext, userName: string): Promise<boolean> {
  const s = (await loadSsoSettings(ctx)).ldap;
  if (!s.enabled) return false;
  const row = await findUserByName(ctx, userName);
  return row ? isLinked(ctx, row.id, 'ldap') : s.autoCreate;
}

/**
 * User name and directory password: bound against the directory, throttled per account as the
 * password is; a first successful bind creates the user when the settings allow it, and each one
 * moves the user to the department the directory names.
 */
export const ldapProvider: IdentityProvider<LoginBody> = {
  name: 'ldap',
  // Its switch is in the single sign-on settings (usesDirectory), not the site's password switch.
  enabled: () => true,
  async verify(ctx, body, meta) {
    const s = (await loadSsoSettings(ctx)).ldap;
    if (!s.enabled) throw new AppError(ErrorCode.SIGNIN_METHOD_OFF, '未启用目录登录');
    const userName = body.username.trim();
    const tried = await reserveAccountTry(ctx, userName, meta.ip);
    let row = tried.row;
    const identity = await ldapAuthenticate(s, row?.user_name ?? userName, body.password);
    if (!identity) throw new AppError(ErrorCode.BAD_CREDENTIALS, '用户名或密码错误');
    // A directory user signing in again (by name: a move in the directory changes the DN) follows its
    // department there, and is read again when it moved; a new one is created.
    if (!row || (await followIdentityDept(ctx, row.id, identity))) row = await findUser(ctx.db, row ? row.id : await provisionUser(ctx, 'ldap', identity, s));
    if (!row) throw new AppError(ErrorCode.BAD_CREDENTIALS, '用户名或密码错误');
    return { user: row, credit: await tried.succeeded() };
  },
};
