import * as client from 'openid-client';
import type { OidcSettings } from '../../../../common/api/sso';
import { SSO_PATHS } from '../../../../common/api/sso';
import { ErrorCode } from '../../../../common/errorCodes';
import type { ServiceContext } from '../../../context';
import { AppError } from '../../../lib/errors';
import type { LimitRule } from '../../../lib/rateLimit';
import type { IdentityProvider } from '../signIn';
import * as repo from './sso.repository';
import { isLinked, loadSsoSettings, provisionUser, type ExternalIdentity } from './sso.service';

/** An OIDC sign-in must come back from the IdP within this time. */
export const OIDC_FLOW_TTL_MS = 10 * 60_000;
/** OIDC sign-ins started per address and window (each keeps a row until its callback or expiry). */
export const OIDC_START_LIMIT: LimitRule = { name: 'oidc-start', points: 30, durationSec: 10 * 60 };
/** The IdP's discovery document is read again after this long (or when the settings change). */
const DISCOVERY_TTL_MS = 10 * 60_000;

const providerFailed = (msg = '统一身份认证失败，请重试或联系管理员') => new AppError(ErrorCode.SSO_PROVIDER_FAILED, msg);

/** Plain http is allowed only to an IdP on this machine (development and the tests). */
function isLoopback(url: URL): boolean {
  return ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
}

const discovered = new Map<string, { at: number; config: client.Configuration }>();

async function clientConfig(s: OidcSettings): Promise<client.Configuration> {
  const key = JSON.stringify([s.issuer, s.clientId, s.clientSecret]);
  const hit = discovered.get(key);
  if (hit && Date.now() - hit.at < DISCOVERY_TTL_MS) return hit.config;
  const issuer = new URL(s.issuer);
  try {
    const config = await client.discovery(
      issuer,
      s.clientId,
      s.clientSecret || undefined,
      s.clientSecret ? client.ClientSecretPost(s.clientSecret) : client.None(),
      { execute: issuer.protocol === 'http:' && isLoopback(issuer) ? [client.allowInsecureRequests] : [], timeout: 10 },
    );
    discovered.clear();
    discovered.set(key, { at: Date.now(), config });
    return config;
  } catch (e) {
    throw providerFailed(`无法连接统一身份认证服务：${(e as Error).message.slice(0, 200)}`);
  }
}

async function enabledSettings(ctx: ServiceContext): Promise<OidcSettings> {
  const s = (await loadSsoSettings(ctx)).oidc;
  if (!s.enabled) throw new AppError(ErrorCode.SSO_DISABLED, '未启用统一身份认证登录');
  return s;
}

/** This site's origin as the browser sees it: the setting, else the request's own. */
const callbackUrl = (s: OidcSettings, requestOrigin: string) => `${s.publicUrl || requestOrigin}${SSO_PATHS.oidcCallback}`;

/** Where to send the browser to sign in at the IdP; the flow (state, nonce, PKCE verifier) is kept until the callback. */
export async function startOidc(ctx: ServiceContext, requestOrigin: string, redirect: string, ip: string): Promise<string> {
  const s = await enabledSettings(ctx);
  if (!(await ctx.limiter.for(OIDC_START_LIMIT).consume(ip)).allowed) {
    throw new AppError(ErrorCode.RATE_LIMITED, '登录尝试过于频繁，请稍后再试');
  }
  const config = await clientConfig(s);
  const verifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const nonce = client.randomNonce();
  const now = ctx.clock.now();
  await repo.deleteFlowsBefore(ctx.db, now - OIDC_FLOW_TTL_MS);
  await repo.insertFlow(ctx.db, { state, nonce, verifier, redirect: redirect.slice(0, 512), create_time: now });
  const scopes = new Set(['openid', ...s.scopes.split(/\s+/).filter(Boolean)]);
  return client
    .buildAuthorizationUrl(config, {
      redirect_uri: callbackUrl(s, requestOrigin),
      scope: [...scopes].join(' '),
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    })
    .toString();
}

function claimText(claims: Record<string, unknown>, name: string): string {
  if (!name) return '';
  const v = claims[name];
  if (typeof v === 'string') return v.trim();
  if (typeof v === 'number') return String(v);
  if (Array.isArray(v) && typeof v[0] === 'string') return v[0].trim();
  return '';
}

/**
 * The IdP's answer at the callback: the flow is taken (single use, in time), the code exchanged
 * with the PKCE verifier, the ID token's signature, issuer, audience and nonce checked
 * (openid-client), then the local user found, linked or created. Answers the user and where to go.
 */
export async function finishOidc(ctx: ServiceContext, requestOrigin: string, query: Record<string, string>): Promise<{ userId: string; redirect: string }> {
  const s = await enabledSettings(ctx);
  const flow = query.state ? await repo.takeFlow(ctx.db, query.state) : undefined;
  if (!flow || ctx.clock.now() - flow.create_time > OIDC_FLOW_TTL_MS) {
    throw new AppError(ErrorCode.SSO_FLOW_INVALID, '登录请求已失效，请重新登录');
  }
  if (query.error) throw providerFailed(`统一身份认证未通过：${(query.error_description || query.error).slice(0, 200)}`);
  const config = await clientConfig(s);
  const callback = new URL(callbackUrl(s, requestOrigin));
  for (const [k, v] of Object.entries(query)) callback.searchParams.set(k, v);
  let claims: Record<string, unknown>;
  try {
    const tokens = await client.authorizationCodeGrant(config, callback, {
      pkceCodeVerifier: flow.verifier,
      expectedState: flow.state,
      expectedNonce: flow.nonce,
      idTokenExpected: true,
    });
    claims = { ...(tokens.claims() ?? {}) };
    if (tokens.access_token && config.serverMetadata().userinfo_endpoint) {
      // The ID token may carry only sub: the userinfo answer fills in the rest (it never overrides sub).
      const info = await client.fetchUserInfo(config, tokens.access_token, String(claims.sub));
      claims = { ...info, ...claims };
    }
  } catch (e) {
    if (e instanceof AppError) throw e;
    throw providerFailed(`统一身份认证失败：${(e as Error).message.slice(0, 200)}`);
  }
  const identity: ExternalIdentity = {
    subject: String(claims.sub),
    userName: claimText(claims, s.nameClaim),
    realName: claimText(claims, s.realNameClaim),
    dept: claimText(claims, s.deptClaim),
  };
  if (!identity.userName) throw new AppError(ErrorCode.SSO_BAD_IDENTITY, `身份信息中缺少声明 ${s.nameClaim}，请联系管理员`);
  const userId = await provisionUser(ctx, 'oidc', identity, s);
  return { userId, redirect: flow.redirect };
}

/**
 * The IdP's end-session address for a user who came through OIDC, when the IdP offers one
 * (else ''): the apps go there after the local session has ended.
 */
export async function oidcEndSessionUrl(ctx: ServiceContext, userId: string, requestOrigin: string): Promise<string> {
  const s = (await loadSsoSettings(ctx)).oidc;
  if (!s.enabled || !(await isLinked(ctx, userId, 'oidc'))) return '';
  try {
    const config = await clientConfig(s);
    if (!config.serverMetadata().end_session_endpoint) return '';
    return client
      .buildEndSessionUrl(config, { client_id: s.clientId, post_logout_redirect_uri: `${s.publicUrl || requestOrigin}/login` })
      .toString();
  } catch {
    // The IdP is unreachable: the local sign-out stands on its own.
    return '';
  }
}

/**
 * The user the IdP named, as a way in: signIn then does what it does for every way (state,
 * session, audit, event). The IdP's proof was checked by finishOidc.
 */
export const oidcProvider = (userId: string): IdentityProvider<null> => ({
  name: 'oidc',
  // Its switch is in the single sign-on settings (finishOidc refuses when it is off).
  enabled: () => true,
  async verify(ctx) {
    const user = await repo.findUser(ctx.db, userId);
    if (!user) throw new AppError(ErrorCode.SSO_NO_ACCOUNT, '系统中没有与您身份对应的账号，请联系管理员开通');
    return { user };
  },
});
