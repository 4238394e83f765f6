import { Type, type Static } from '@sinclair/typebox';
import { Perm } from '../permissions';
import { EmptyBody } from './base';
import { defineApi } from './endpoint';

/** Paths of the OIDC browser round trip (GET, not API calls: the browser itself goes there). */
export const SSO_PATHS = {
  /** ?redirect=<path>: sends the browser to the IdP. */
  oidcStart: '/api/sso/oidc/start',
  /** The redirect URI registered at the IdP. */
  oidcCallback: '/api/sso/oidc/callback',
} as const;

/** Where a user's name, real name and department come from in the IdP's ID token / userinfo. */
export const OidcSettings = Type.Object({
  enabled: Type.Boolean(),
  /** Issuer URL (its /.well-known/openid-configuration is read). */
  issuer: Type.String({ maxLength: 512 }),
  clientId: Type.String({ maxLength: 255 }),
  /** Write-only: answered empty; saving it empty keeps the stored one. */
  clientSecret: Type.String({ maxLength: 512 }),
  /** Space-separated; openid is always asked for. */
  scopes: Type.String({ maxLength: 255 }),
  /** The claim that becomes the user name: preferred_username, email, sub, … */
  nameClaim: Type.String({ minLength: 1, maxLength: 64 }),
  realNameClaim: Type.String({ maxLength: 64 }),
  /** A claim naming the department (a name or a path like 总部/研发部); empty: none. */
  deptClaim: Type.String({ maxLength: 64 }),
  /** Create unknown users on first sign-in; off: only existing users (matched by user name) are linked. */
  autoCreate: Type.Boolean(),
  /** Role given to users created here. */
  roleId: Type.String({ maxLength: 32 }),
  /** This site's address as the browser sees it (for the redirect URI); empty: the request's own. */
  publicUrl: Type.String({ maxLength: 255 }),
});
export type OidcSettings = Static<typeof OidcSettings>;

export const LdapSettings = Type.Object({
  enabled: Type.Boolean(),
  /** ldap:// or ldaps:// */
  url: Type.String({ maxLength: 512 }),
  /** The account that searches for users (empty: anonymous search). */
  bindDn: Type.String({ maxLength: 512 }),
  /** Write-only, as clientSecret. */
  bindPassword: Type.String({ maxLength: 512 }),
  baseDn: Type.String({ maxLength: 512 }),
  /** Extra filter ANDed to the user-name match, e.g. (objectClass=inetOrgPerson). */
  userFilter: Type.String({ maxLength: 512 }),
  /** The attribute holding the user name (uid, sAMAccountName, …). */
  nameAttr: Type.String({ minLength: 1, maxLength: 64 }),
  realNameAttr: Type.String({ maxLength: 64 }),
  deptAttr: Type.String({ maxLength: 64 }),
  autoCreate: Type.Boolean(),
  roleId: Type.String({ maxLength: 32 }),
});
export type LdapSettings = Static<typeof LdapSettings>;

export const SsoSettings = Type.Object({ oidc: OidcSettings, ldap: LdapSettings });
export type SsoSettings = Static<typeof SsoSettings>;

/** What the administrator sees: secrets blank, with whether one is stored. */
export const SsoSettingsView = Type.Object({
  oidc: Type.Composite([OidcSettings, Type.Object({ hasClientSecret: Type.Boolean() })]),
  ldap: Type.Composite([LdapSettings, Type.Object({ hasBindPassword: Type.Boolean() })]),
  /** The redirect URI to register at the IdP. */
  callbackPath: Type.String(),
});
export type SsoSettingsView = Static<typeof SsoSettingsView>;

/** What the sign-in page needs to know. */
export const SsoStatus = Type.Object({ oidc: Type.Boolean(), ldap: Type.Boolean() });
export type SsoStatus = Static<typeof SsoStatus>;

export const ssoApi = defineApi('sso', {
  status: { path: '/api/sso/status', access: 'public', body: EmptyBody, response: SsoStatus, summary: 'Which single sign-on ways are switched on (the sign-in page shows them)' },
  detail: { path: '/api/sso/config/detail', access: { perm: Perm.configSave }, body: EmptyBody, response: SsoSettingsView, summary: 'Single sign-on settings (secrets blank)' },
  save: { path: '/api/sso/config/save', access: { perm: Perm.configSave }, body: SsoSettings, response: SsoSettingsView, summary: 'Save single sign-on settings (a blank secret keeps the stored one)', okMsg: '保存成功' },
});
