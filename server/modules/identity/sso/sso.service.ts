import { randomBytes } from 'node:crypto';
import { Value } from '@sinclair/typebox/value';
import { SsoSettings, type SsoSettingsView, type SsoStatus } from '../../../../common/api/sso';
import { SSO_PATHS } from '../../../../common/api/sso';
import { UserState } from '../../../../common/codes';
import { ErrorCode } from '../../../../common/errorCodes';
import { inTransaction, type ServiceContext } from '../../../context';
import { isUniqueViolation } from '../../../db/errors';
import { AppError } from '../../../lib/errors';
import { newId } from '../../../lib/ids';
import { hashPassword } from '../../../lib/password';
import { SITE_CONFIG_ID, STUDENT_ROLE_ID } from '../../../seed/constants';
import { departTree } from '../../depart/depart.service';
import { findUserByName, followDirectoryDept, insertUser } from '../../user/user.service';
import { checkRealName, checkUserName } from '../../user/user.rules';
import * as repo from './sso.repository';
import type { SsoProvider } from './sso.repository';

export const DEFAULT_SSO_SETTINGS: SsoSettings = {
  oidc: {
    enabled: false,
    issuer: '',
    clientId: '',
    clientSecret: '',
    scopes: 'openid profile email',
    nameClaim: 'preferred_username',
    realNameClaim: 'name',
    deptClaim: '',
    autoCreate: true,
    roleId: STUDENT_ROLE_ID,
    publicUrl: '',
  },
  ldap: {
    enabled: false,
    url: '',
    bindDn: '',
    bindPassword: '',
    baseDn: '',
    userFilter: '',
    nameAttr: 'uid',
    realNameAttr: 'cn',
    deptAttr: '',
    autoCreate: true,
    roleId: STUDENT_ROLE_ID,
  },
};

/** Attribute names as LDAP spells them: checked before they reach a filter. */
export const LDAP_ATTRIBUTE = /^[A-Za-z][A-Za-z0-9-]{0,63}$/;

const invalid = (msg: string) => new AppError(ErrorCode.SSO_CONFIG_INVALID, msg);

/** The stored settings, secrets included (server only). Fields added later take their defaults. */
export async function loadSsoSettings(ctx: ServiceContext): Promise<SsoSettings> {
  const raw = await repo.findSettings(ctx.db, SITE_CONFIG_ID);
  if (!raw) return structuredClone(DEFAULT_SSO_SETTINGS);
  const stored = JSON.parse(raw) as Partial<SsoSettings>;
  const merged = {
    oidc: { ...DEFAULT_SSO_SETTINGS.oidc, ...stored.oidc },
    ldap: { ...DEFAULT_SSO_SETTINGS.ldap, ...stored.ldap },
  };
  return Value.Check(SsoSettings, merged) ? merged : structuredClone(DEFAULT_SSO_SETTINGS);
}

function view(s: SsoSettings): SsoSettingsView {
  return {
    oidc: { ...s.oidc, clientSecret: '', hasClientSecret: Boolean(s.oidc.clientSecret) },
    ldap: { ...s.ldap, bindPassword: '', hasBindPassword: Boolean(s.ldap.bindPassword) },
    callbackPath: SSO_PATHS.oidcCallback,
  };
}

export async function ssoSettingsView(ctx: ServiceContext): Promise<SsoSettingsView> {
  return view(await loadSsoSettings(ctx));
}

export async function ssoStatus(ctx: ServiceContext): Promise<SsoStatus> {
  const s = await loadSsoSettings(ctx);
  return { oidc: s.oidc.enabled, ldap: s.ldap.enabled };
}

const isHttpUrl = (raw: string, protocols: string[]) => {
  try {
    return protocols.includes(new URL(raw).protocol);
  } catch {
    return false;
  }
};

/** Saves both providers' settings; a blank secret keeps the stored one. A provider switched on must be complete. */
export async function saveSsoSettings(ctx: ServiceContext, body: SsoSettings): Promise<SsoSettingsView> {
  const current = await loadSsoSettings(ctx);
  const trim = <T extends Record<string, unknown>>(o: T): T =>
    Object.fromEntries(Object.entries(o).map(([k, v]) => [k, typeof v === 'string' && !/secret|password/i.test(k) ? v.trim() : v])) as T;
  const oidc = trim(body.oidc);
  const ldap = trim(body.ldap);
  oidc.clientSecret ||= current.oidc.clientSecret;
  ldap.bindPassword ||= current.ldap.bindPassword;
  oidc.issuer = oidc.issuer.replace(/\/+$/, '');
  oidc.publicUrl = oidc.publicUrl.replace(/\/+$/, '');
  if (oidc.enabled) {
    if (!isHttpUrl(oidc.issuer, ['https:', 'http:'])) throw invalid('请填写正确的 OIDC 颁发者地址（https://…）');
    if (!oidc.clientId) throw invalid('请填写 OIDC 客户端 ID');
    if (!oidc.nameClaim) throw invalid('请填写作为用户名的声明');
  }
  if (oidc.publicUrl && !isHttpUrl(oidc.publicUrl, ['https:', 'http:'])) throw invalid('站点地址不正确（https://…）');
  if (ldap.enabled) {
    if (!isHttpUrl(ldap.url, ['ldap:', 'ldaps:'])) throw invalid('请填写正确的 LDAP 地址（ldap:// 或 ldaps://）');
    if (!ldap.baseDn) throw invalid('请填写 LDAP 搜索起点（Base DN）');
    if (!LDAP_ATTRIBUTE.test(ldap.nameAttr)) throw invalid('请填写正确的用户名属性（如 uid）');
    for (const attr of [ldap.realNameAttr, ldap.deptAttr]) if (attr && !LDAP_ATTRIBUTE.test(attr)) throw invalid(`属性名 ${attr} 不正确`);
    if (ldap.userFilter && !/^\(.*\)$/.test(ldap.userFilter)) throw invalid('附加过滤条件须以括号包围，如 (objectClass=person)');
  }
  for (const roleId of [oidc.roleId, ldap.roleId]) {
    if (roleId && !(await repo.roleExists(ctx.db, roleId))) throw invalid('所选默认角色不存在');
  }
  const next: SsoSettings = { oidc, ldap };
  await repo.saveSettings(ctx.db, SITE_CONFIG_ID, JSON.stringify(next), ctx.clock.now());
  return view(next);
}

/** Who the provider says the user is. */
export interface ExternalIdentity {
  /** The IdP's sub or the directory entry's DN. */
  subject: string;
  userName: string;
  realName: string;
  /** A department name or a path like 总部/研发部 ('' none). */
  dept: string;
}

/** The department a name or a path of names (总部/研发部) points at, when exactly one does. */
async function deptIdOfPath(ctx: ServiceContext, value: string): Promise<string | null> {
  const parts = value.split('/').map((p) => p.trim()).filter(Boolean);
  if (!parts.length) return null;
  const roots = await departTree(ctx);
  if (parts.length === 1) {
    const found: string[] = [];
    const walk = (nodes: typeof roots) => nodes.forEach((n) => (n.deptName === parts[0] && found.push(n.id), walk(n.children)));
    walk(roots);
    return found.length === 1 ? found[0] : null;
  }
  let level = roots;
  let id: string | null = null;
  for (const part of parts) {
    const node = level.find((n) => n.deptName === part);
    if (!node) return null;
    id = node.id;
    level = node.children;
  }
  return id;
}

/**
 * The local user for an identity: the one linked to it; else the user of the same name, now
 * linked; else, when the provider may create users, a new one (its role and department from the
 * settings and the identity). Answers the user id. The directory keeps the department: a user it
 * names one for is moved there at each sign-in (a name that matches no department changes nothing).
 */
export async function provisionUser(
  ctx: ServiceContext,
  provider: SsoProvider,
  identity: ExternalIdentity,
  rules: { autoCreate: boolean; roleId: string },
): Promise<string> {
  const known = await knownUser(ctx, provider, identity);
  if (!known) return createUser(ctx, provider, identity, rules);
  await followIdentityDept(ctx, known, identity);
  return known;
}

/** Moves a known user to the department the identity names, when it names one that exists; answers whether it moved. */
export async function followIdentityDept(ctx: ServiceContext, userId: string, identity: ExternalIdentity): Promise<boolean> {
  const deptId = identity.dept ? await deptIdOfPath(ctx, identity.dept) : null;
  return deptId ? followDirectoryDept(ctx, userId, deptId) : false;
}

/** The identity's user name, if it is one Examhall accepts. */
function nameOf(identity: ExternalIdentity): string {
  try {
    return checkUserName(identity.userName);
  } catch {
    throw new AppError(ErrorCode.SSO_BAD_IDENTITY, `身份信息中的用户名“${identity.userName.slice(0, 64)}”不可用，请联系管理员`);
  }
}

/** The user linked to the identity, or the user of the same name, linked to it now; null when none. */
async function knownUser(ctx: ServiceContext, provider: SsoProvider, identity: ExternalIdentity): Promise<string | null> {
  const linked = await repo.findLinkBySubject(ctx.db, provider, identity.subject);
  if (linked) return linked.user_id;
  const userName = nameOf(identity);
  const now = ctx.clock.now();
  const existing = await findUserByName(ctx, userName);
  if (existing) {
    // One link per user and provider: a second identity claiming the same name is refused.
    if (await repo.findLinkOfUser(ctx.db, existing.id, provider)) throw new AppError(ErrorCode.SSO_BAD_IDENTITY, '该用户名已关联其他身份，请联系管理员');
    await repo.insertLink(ctx.db, { user_id: existing.id, provider, subject: identity.subject, create_time: now });
    return existing.id;
  }
  return null;
}

/** A new user for the identity, where the provider may create users. */
async function createUser(ctx: ServiceContext, provider: SsoProvider, identity: ExternalIdentity, rules: { autoCreate: boolean; roleId: string }): Promise<string> {
  const userName = nameOf(identity);
  const now = ctx.clock.now();
  if (!rules.autoCreate) throw new AppError(ErrorCode.SSO_NO_ACCOUNT, '系统中没有与您身份对应的账号，请联系管理员开通');
  let realName: string;
  try {
    realName = checkRealName(identity.realName.slice(0, 64));
  } catch {
    realName = userName;
  }
  const deptId = identity.dept ? await deptIdOfPath(ctx, identity.dept) : null;
  const roleId = rules.roleId && (await repo.roleExists(ctx.db, rules.roleId)) ? rules.roleId : STUDENT_ROLE_ID;
  // No local password: the provider is the only way in (this hash matches no password anyone knows).
  const passwordHash = await hashPassword(randomBytes(32).toString('base64'));
  const id = newId();
  try {
    await inTransaction(ctx, async (tx) => {
      await insertUser(
        tx,
        { id, user_name: userName, real_name: realName, password_hash: passwordHash, avatar: '', mobile: '', email: '', dept_id: deptId, state: UserState.NORMAL, create_time: now, update_time: now },
        [roleId],
      );
      await repo.insertLink(tx.db, { user_id: id, provider, subject: identity.subject, create_time: now });
    });
  } catch (e) {
    // The same person signing in twice at once: the other request created it.
    if (!isUniqueViolation(e)) throw e;
    const again = await repo.findLinkBySubject(ctx.db, provider, identity.subject);
    if (!again) throw e;
    return again.user_id;
  }
  return id;
}

/** Whether the user signs in through the provider (was created by or linked to it). */
export async function isLinked(ctx: ServiceContext, userId: string, provider: SsoProvider): Promise<boolean> {
  return Boolean(await repo.findLinkOfUser(ctx.db, userId, provider));
}
