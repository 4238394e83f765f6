import { hash, randomBytes } from 'node:crypto';
import { UserState } from '../../../common/codes';
import type { AuthUser } from '../../caller';
import type { ServiceContext } from '../../context';

export type { AuthUser } from '../../caller';
import { permissionsOfRoles } from '../access/grants.service';
import * as repo from './session.repository';

/** What every authenticated request knows about its caller. */

/** Sliding expiry is written at most this often, so reads stay reads. */
const TOUCH_EVERY_MS = 60_000;

export const hashToken = (token: string) => hash('sha256', token, 'hex');

/** A new session; `passChangeRequired` marks it as able only to change its password or sign out. */
export async function createSession(ctx: ServiceContext, userId: string, meta: { ip: string; userAgent: string }, passChangeRequired = false): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const now = ctx.clock.now();
  await repo.insertSession(ctx.db, {
    token_hash: hashToken(token),
    user_id: userId,
    now,
    expire_time: now + ctx.config.sessionTtl * 1000,
    ip: meta.ip.slice(0, 64),
    user_agent: meta.userAgent.slice(0, 255),
    pass_change_required: passChangeRequired,
  });
  return token;
}

/**
 * Permission tags change only when an administrator edits roles or menus, which clears this
 * process's cache at once (other processes see the change within the cache's few seconds).
 */
export function invalidatePermissionCache(ctx: ServiceContext): void {
  ctx.caches.permissions.clear();
  forgetSessions(ctx);
}

/**
 * Drops every cached session check: call after a write to users, their roles or their sessions
 * has committed (and, for revocations, also inside the transaction, so this process never answers
 * from a revoked entry).
 */
export function forgetSessions(ctx: ServiceContext): void {
  ctx.caches.sessions.clear();
  ctx.sessionBus?.publish();
}

/** Unknown tokens are not kept: guessing must not fill the cache. */
const known = (found: readonly repo.SessionAccessRow[]) => found.length > 0;

/**
 * Kept session rows, read (and kept, when known) where none are. They are kept by the token itself,
 * so that a kept check costs no hash: the token is in this process's memory while its request is
 * anyway, and only its hash is ever stored.
 */
const keptAccess = (ctx: ServiceContext, cache: ServiceContext['caches']['sessions'], token: string) =>
  cache.getOrLoad(token, () => repo.findSessionAccess(ctx.db, hashToken(token)), known);

/** A session's identity as its rows and token give it (its permissions aside), and the key of its roles' permissions. */
type Identity = Omit<AuthUser, 'permissions'> & { rolesKey: string };

/** Worked out once per rows read (a kept check answers many requests), never per request. */
const identities = new WeakMap<readonly repo.SessionAccessRow[], Identity>();

function identityOf(rows: readonly repo.SessionAccessRow[], token: string): Identity {
  let identity = identities.get(rows);
  if (!identity) {
    const roles = rows.filter((r) => r.role_id !== null);
    const roleIds = roles.map((r) => r.role_id!);
    identity = {
      tokenHash: hashToken(token),
      id: rows[0].user_id,
      userName: rows[0].user_name,
      roleType: Math.max(1, ...roles.map((r) => r.role_type!)),
      roleIds,
      roleCodes: roles.map((r) => r.role_code!),
      roleNames: roles.map((r) => r.role_name!),
      rolesKey: [...roleIds].sort().join(','),
      passChangeRequired: rows[0].pass_change_required === 1,
    };
    identities.set(rows, identity);
  }
  return identity;
}

/** The caller as a request sees it. Written out: copying by spread costs more than the rest of a kept check. */
const callerOf = (i: Identity, permissions: string[]): AuthUser => ({
  id: i.id,
  userName: i.userName,
  roleType: i.roleType,
  roleIds: i.roleIds,
  roleCodes: i.roleCodes,
  roleNames: i.roleNames,
  permissions,
  tokenHash: i.tokenHash,
  passChangeRequired: i.passChangeRequired,
});

/**
 * Whether this process may keep session checks: where one process serves the database (SQLite), or
 * where every process hears of session changes (the Redis bus, while it is live), since a sign-out
 * through one must be refused by the others.
 */
const keepsChecks = (ctx: ServiceContext) => ctx.config.dialect === 'sqlite' || ctx.sessionBus?.live === true;

/**
 * The caller behind a token, or null when the token is unknown, expired, revoked or its user is not
 * active. A check this process keeps is answered at once (not as a promise): nothing to read or
 * wait for.
 */
export function resolveSession(ctx: ServiceContext, token: string): AuthUser | null | Promise<AuthUser | null> {
  if (!token || token.length > 128) return null;
  const rows = keepsChecks(ctx) ? ctx.caches.sessions.get(token) : undefined;
  const row = rows?.[0];
  if (rows && row) {
    const now = ctx.clock.now();
    if (row.expire_time > now) {
      if (row.state !== UserState.NORMAL) return null;
      const i = identityOf(rows, token);
      const permissions = ctx.caches.permissions.get(i.rolesKey);
      if (permissions) {
        extendIfDue(ctx, i.tokenHash, row, now);
        return callerOf(i, permissions);
      }
    }
  }
  return checkSession(ctx, token);
}

/**
 * Extends a session used a minute or more after its last extension; otherwise does nothing, so reads
 * stay reads. The request does not wait for the write: a cohort's sessions come due together, and
 * each of its requests would otherwise wait for a round trip that changes nothing it answers. The
 * rows are moved on here at once (so this process asks once) and the write goes with the round's
 * others; a write that fails puts them back, so that the next request asks again.
 */
function extendIfDue(ctx: ServiceContext, tokenHash: string, row: repo.SessionAccessRow, now: number): void {
  if (now - row.last_seen_time <= TOUCH_EVERY_MS) return;
  const before = { last_seen_time: row.last_seen_time, expire_time: row.expire_time };
  const expireTime = now + ctx.config.sessionTtl * 1000;
  row.last_seen_time = now;
  row.expire_time = expireTime;
  repo.touchSession(ctx.db, tokenHash, now, expireTime).catch(() => {
    if (row.last_seen_time === now) Object.assign(row, before);
  });
}

/** resolveSession where the check is not kept, has expired as this process saw it, or the permissions are not. */
async function checkSession(ctx: ServiceContext, token: string): Promise<AuthUser | null> {
  const cache = keepsChecks(ctx) ? ctx.caches.sessions : undefined;
  const now = ctx.clock.now();
  let rows = cache ? await keptAccess(ctx, cache, token) : await repo.findSessionAccess(ctx.db, hashToken(token));
  if (cache && rows[0] && rows[0].expire_time <= now) {
    // Expired as this process last saw it; another process may have extended it since.
    cache.delete(token);
    rows = await keptAccess(ctx, cache, token);
  }
  const row = rows[0];
  if (!row || row.expire_time <= now || row.state !== UserState.NORMAL) return null;
  const i = identityOf(rows, token);
  extendIfDue(ctx, i.tokenHash, row, now);
  return callerOf(i, ctx.caches.permissions.get(i.rolesKey) ?? (await permissionsOfRoles(ctx, i.rolesKey, i.roleIds)));
}

/** How many hex characters of a token's hash name its session outside the server (128 bits). */
export const SESSION_REF_LENGTH = 32;

/** What a signed link may carry to name the session that asked for it: never the token, only the start of its hash. */
export const sessionRef = (tokenHash: string) => tokenHash.slice(0, SESSION_REF_LENGTH);

/**
 * Whether the session a signed link names (its user and sessionRef) still stands: 'ok', 'gone'
 * (signed out, expired or revoked) or 'disabled' (its user is not active). Kept like the token
 * checks, under a key no token can take, so a video's many range requests cost no query; a
 * sign-out or a disabled user drops every kept check at once.
 */
export async function sessionStanding(ctx: ServiceContext, userId: string, ref: string): Promise<'ok' | 'gone' | 'disabled'> {
  if (ref.length !== SESSION_REF_LENGTH || !/^[0-9a-f]+$/.test(ref)) return 'gone';
  const load = () => repo.findSessionAccessByPrefix(ctx.db, userId, ref);
  const cache = keepsChecks(ctx) ? ctx.caches.sessions : undefined;
  // Tokens are base64url: a key with ':' is never one.
  const key = `ref:${userId}:${ref}`;
  const now = ctx.clock.now();
  let rows = cache ? await cache.getOrLoad(key, load, known) : await load();
  if (cache && rows[0] && rows[0].expire_time <= now) {
    // Expired as this process last saw it; its use since may have extended it.
    cache.delete(key);
    rows = await cache.getOrLoad(key, load, known);
  }
  const row = rows[0];
  if (!row || row.expire_time <= now) return 'gone';
  return row.state === UserState.NORMAL ? 'ok' : 'disabled';
}

/** The user's password has changed: the user and every session of theirs may go on as usual (within the caller's transaction). */
export async function liftPassChange(ctx: ServiceContext, userId: string): Promise<void> {
  await repo.clearPassChange(ctx.db, userId);
}

export async function revokeSession(ctx: ServiceContext, tokenHash: string): Promise<void> {
  // Kept checks go by token, which is not known here: this process drops them all now, and every
  // process again once the row is gone.
  ctx.caches.sessions.clear();
  await repo.deleteSession(ctx.db, tokenHash);
  forgetSessions(ctx);
}

/** Revokes the users' sessions; the caller runs forgetSessions again once its transaction commits. */
export async function revokeUserSessions(ctx: ServiceContext, userIds: string[], keepTokenHash?: string): Promise<void> {
  forgetSessions(ctx);
  await repo.deleteUserSessions(ctx.db, userIds, keepTokenHash);
}

/** Removes sessions past their expiry (they are already refused); the session-purge job runs this. */
export const purgeExpiredSessions = (ctx: ServiceContext) => repo.deleteExpiredSessions(ctx.db, ctx.clock.now());
