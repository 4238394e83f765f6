import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { groupCommit } from '../../db/groupCommit';
import { groupRead } from '../../db/groupRead';
import { isPostgres, prepared, rowsStatement, type Slots } from '../../db/prepared';

/** One row per role of the session's user (one row with null role columns when it has none). */
export interface SessionAccessRow {
  user_id: string;
  user_name: string;
  state: number;
  last_seen_time: number;
  expire_time: number;
  role_id: string | null;
  role_code: string | null;
  role_name: string | null;
  role_type: number | null;
  pass_change_required: number;
}

export async function insertSession(
  db: Db,
  row: { token_hash: string; user_id: string; now: number; expire_time: number; ip: string; user_agent: string; pass_change_required: boolean },
): Promise<void> {
  await db
    .insertInto('sys_session')
    .values({
      token_hash: row.token_hash,
      user_id: row.user_id,
      create_time: row.now,
      last_seen_time: row.now,
      expire_time: row.expire_time,
      ip: row.ip,
      user_agent: row.user_agent,
      pass_change_required: row.pass_change_required ? 1 : 0,
    })
    .execute();
}

const sessionAccessFrom = (db: Db) =>
  db
    .selectFrom('sys_session as s')
    .innerJoin('sys_user as u', 'u.id', 's.user_id')
    .leftJoin('sys_user_role as ur', 'ur.user_id', 'u.id')
    .leftJoin('sys_role as r', 'r.id', 'ur.role_id')
    .select(['s.user_id', 'u.user_name', 'u.state', 's.last_seen_time', 's.expire_time', 'r.id as role_id', 'r.role_code', 'r.role_name', 'r.role_type', 's.pass_change_required']);

const sessionAccess = prepared((db, v: Slots<{ tokenHash: string }>) => sessionAccessFrom(db).where('s.token_hash', '=', v.tokenHash));

/** PostgreSQL: the checks of many sessions in one query (one array parameter, whatever their number). */
const sessionsAccess = prepared((db, v: Slots<{ tokenHashes: string[] }>) =>
  sessionAccessFrom(db).select('s.token_hash').where(sql<boolean>`s.token_hash = any(${v.tokenHashes}::varchar[])`),
);

/**
 * The session, its user and the user's roles, in one indexed query: the per-request check. On
 * PostgreSQL the checks asked for together (a cohort arriving) share one query.
 */
export const findSessionAccess = groupRead<SessionAccessRow[]>(
  (db, tokenHash) => sessionAccess.rows(db, { tokenHash }),
  async (db, tokenHashes) => {
    const found = new Map<string, SessionAccessRow[]>();
    for (const { token_hash, ...row } of await sessionsAccess.rows(db, { tokenHashes: [...tokenHashes] })) {
      const rows = found.get(token_hash);
      if (rows) rows.push(row);
      else found.set(token_hash, [row]);
    }
    return found;
  },
  () => [],
  isPostgres,
);

/**
 * The session of this user whose token hash begins with `hashPrefix` (a signed course-file URL
 * names its session so), with its user and roles: [] when it is gone. The user's index narrows it
 * to their few sessions.
 */
export function findSessionAccessByPrefix(db: Db, userId: string, hashPrefix: string): Promise<SessionAccessRow[]> {
  return sessionAccessFrom(db).where('s.user_id', '=', userId).where('s.token_hash', 'like', `${hashPrefix}%`).execute();
}

type Touch = { tokenHash: string; now: number; expireTime: number };

const touchOne = prepared((db, v: Slots<Touch>) =>
  db.updateTable('sys_session').set({ last_seen_time: v.now, expire_time: v.expireTime }).where('token_hash', '=', v.tokenHash),
);

const touchMany = rowsStatement(
  [['token_hash', 'varchar(64)'], ['now', 'bigint'], ['expire_time', 'bigint']],
  (source) => `update sys_session set last_seen_time = v.now, expire_time = v.expire_time from ${source} where sys_session.token_hash = v.token_hash`,
);

/**
 * Extends sessions as they are used (once a minute each). A cohort signed in together comes due
 * together: the touches that arrive in one round go as one statement and one commit, where each went
 * as its own, a burst of single-row commits in the middle of the exam's saves. Nobody waits for a
 * touch, so one gathers the others that come due within TOUCH_GATHER_MS: a cohort whose sessions
 * come due one after another (handing in over a minute) touches in a few commits, not thousands.
 */
const TOUCH_GATHER_MS = 250;
const touches = groupCommit(
  async (db: Db, t: Touch) => void (await touchOne.run(db, t)),
  (t) => t.tokenHash,
  {
    write: async (db, ts) => {
      await touchMany(db, ts.map((t) => [t.tokenHash, t.now, t.expireTime]));
      return ts.map(() => undefined);
    },
    standalone: isPostgres,
  },
  TOUCH_GATHER_MS,
);

export async function touchSession(db: Db, tokenHash: string, now: number, expireTime: number): Promise<void> {
  await touches(db, { tokenHash, now, expireTime });
}

export async function deleteSession(db: Db, tokenHash: string): Promise<void> {
  await db.deleteFrom('sys_session').where('token_hash', '=', tokenHash).execute();
}

/** Revokes every session of these users, optionally keeping one (the caller's own). */
export async function deleteUserSessions(db: Db, userIds: string[], keepTokenHash?: string): Promise<void> {
  if (userIds.length === 0) return;
  let q = db.deleteFrom('sys_session').where('user_id', 'in', userIds);
  if (keepTokenHash) q = q.where('token_hash', '!=', keepTokenHash);
  await q.execute();
}

/** Lifts the password-change mark from a user and every session of theirs (their password has just changed). */
export async function clearPassChange(db: Db, userId: string): Promise<void> {
  await db.updateTable('sys_session').set({ pass_change_required: 0 }).where('user_id', '=', userId).where('pass_change_required', '=', 1).execute();
}

export async function deleteExpiredSessions(db: Db, now: number): Promise<void> {
  await db.deleteFrom('sys_session').where('expire_time', '<', now).execute();
}

