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

/**
 * Permission tags per set of roles, kept briefly in this process: they change only when an
 * administrator edits roles or menus, which clears this process's copy at once (other processes
 * see the change within PERMISSION_TTL_MS).
 */
const PERMISSION_TTL_MS = 5_000;
const permissionCache = new Map<string, { tags: string[]; until: number }>();

export function invalidatePermissionCache(): void {
  permissionCache.clear();
}

async function permissionsOf(db: Kysely<DB>, roleIds: string[]): Promise<string[]> {
  const key = [...roleIds].sort().join(',');
  const hit = permissionCache.get(key);
  if (hit && hit.until > Date.now()) return hit.tags;
  const tags = await repo.findRolePermissionTags(db, roleIds);
  permissionCache.set(key, { tags, until: Date.now() + PERMISSION_TTL_MS });
  return tags;
}

/** The caller behind a token, or null when the token is unknown, expired, revoked or its user is not active. */
export async function resolveSession(db: Kysely<DB>, token: string, ttlSeconds: number): Promise<AuthUser | null> {
  if (!token || token.length > 128) return null;
  const tokenHash = hashToken(token);
  const rows = await repo.findSessionAccess(db, tokenHash);
  const row = rows[0];
  const now = Date.now();
  if (!row || row.expire_time <= now || row.state !== 0) return null;
  if (now - row.last_seen_time > TOUCH_EVERY_MS) {
    await repo.touchSession(db, tokenHash, now, now + ttlSeconds * 1000);
  }
  const roles = rows.filter((r) => r.role_id !== null);
  const roleIds = roles.map((r) => r.role_id!);
  return {
    id: row.user_id,
    userName: row.user_name,
    roleType: Math.max(1, ...roles.map((r) => r.role_type!)),
    roleIds,
    roleCodes: roles.map((r) => r.role_code!),
    roleNames: roles.map((r) => r.role_name!),
    permissions: await permissionsOf(db, roleIds),
    tokenHash,
  };
}

export const revokeSession = (db: Kysely<DB>, tokenHash: string) => repo.deleteSession(db, tokenHash);
export const revokeUserSessions = (db: Kysely<DB>, userIds: string[], keepTokenHash?: string) =>
  repo.deleteUserSessions(db, userIds, keepTokenHash);
