import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import * as repo from './session.repository';

/** What every authenticated request knows about its caller. */
export interface AuthUser {
  id: string;
  userName: string;
  /** Highest role type of the user's roles: 1 learner, 2 administrator. */
  roleType: number;
  roleIds: string[];
  roleCodes: string[];
  roleNames: string[];
  permissions: string[];
  tokenHash: string;
}

/** Sliding expiry is written at most this often, so reads stay reads. */
const TOUCH_EVERY_MS = 60_000;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export async function createSession(
  db: Kysely<DB>,
  userId: string,
  ttlSeconds: number,
  meta: { ip: string; userAgent: string },
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const now = Date.now();
  await repo.insertSession(db, {
    token_hash: hashToken(token),
    user_id: userId,
    now,
    expire_time: now + ttlSeconds * 1000,
    ip: meta.ip.slice(0, 64),
    user_agent: meta.userAgent.slice(0, 255),
  });
  return token;
}

/** The caller behind a token, or null when the token is unknown, expired, revoked or its user is not active. */
export async function resolveSession(db: Kysely<DB>, token: string, ttlSeconds: number): Promise<AuthUser | null> {
  if (!token || token.length > 128) return null;
  const tokenHash = hashToken(token);
  const row = await repo.findSessionUser(db, tokenHash);
  const now = Date.now();
  if (!row || row.expire_time <= now || row.state !== 0) return null;
  if (now - row.last_seen_time > TOUCH_EVERY_MS) {
    await repo.touchSession(db, tokenHash, now, now + ttlSeconds * 1000);
  }
  const access = await repo.findUserAccess(db, row.user_id);
  return {
    id: row.user_id,
    userName: row.user_name,
    roleType: Math.max(1, ...access.roles.map((r) => r.role_type)),
    roleIds: access.roles.map((r) => r.id),
    roleCodes: access.roles.map((r) => r.role_code),
    roleNames: access.roles.map((r) => r.role_name),
    permissions: access.permissionTags,
    tokenHash,
  };
}

export const revokeSession = (db: Kysely<DB>, tokenHash: string) => repo.deleteSession(db, tokenHash);
export const revokeUserSessions = (db: Kysely<DB>, userIds: string[], keepTokenHash?: string) =>
  repo.deleteUserSessions(db, userIds, keepTokenHash);
