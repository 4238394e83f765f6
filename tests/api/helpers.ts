import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { loadConfig, type Config, type Dialect } from '../../server/config';
import { buildApp } from '../../server/app';
import { createDatabase, type Database } from '../../server/db/database';
import type { App } from '../../server/types';
import type { Envelope } from '../../common/errorCodes';
import { newId } from '../../server/lib/ids';
import { hashPassword } from '../../server/lib/password';
import { manualClock, type ManualClock } from '../../server/lib/clock';

/** SQLite always; PostgreSQL when DATABASE_URL_TEST is set (CI sets it). */
export const DIALECTS: Dialect[] = process.env.DATABASE_URL_TEST ? ['sqlite', 'postgres'] : ['sqlite'];

export const ADMIN_PASSWORD = 'Admin1234';
/** Password of the users that insertUser makes. */
export const TEST_PASSWORD = 'Abc12345';

/** A fresh, empty PostgreSQL database for one test file; dropped by the returned function. */
export async function createPgDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const base = process.env.DATABASE_URL_TEST;
  if (!base) throw new Error('DATABASE_URL_TEST is not set');
  const name = `eh_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      // A closed pool's clients are still saying goodbye for a moment; cutting them off mid-way
      // makes their error reach no listener. Wait (briefly) until they are gone.
      for (let i = 0; i < 100; i += 1) {
        const { rows } = await c.query('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
        if (rows[0].n === 0) break;
        await new Promise((r) => setTimeout(r, 20));
      }
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export interface TestContext {
  app: App;
  /** The clock every service of this app reads: move it with clock.advance(ms). */
  clock: ManualClock;
  config: Config;
  database: Database;
  /** Prefix of this app's rate-limit keys in Redis. */
  rateLimitPrefix: string;
  /** POST a JSON body; returns HTTP status and the parsed envelope. */
  call<T = any>(url: string, body?: unknown, token?: string): Promise<{ status: number; body: Envelope<T> }>;
  /** Signs in and returns the token (throws when sign-in fails). */
  login(username: string, password: string): Promise<string>;
  adminToken(): Promise<string>;
}

/** POSTs a JSON body to `app` (TestContext.call, or a second app on the same database). */
export async function callApp<T = any>(app: App, url: string, body: unknown = {}, token?: string): Promise<{ status: number; body: Envelope<T> }> {
  const res = await app.inject({ method: 'POST', url, payload: body as object, headers: token ? { token } : {} });
  return { status: res.statusCode, body: res.json() };
}

/**
 * Builds the app on a fresh migrated database of the given dialect for the current test file.
 * Call at the top of a describe block; the context fills in beforeAll.
 */
export function useTestApp(dialect: Dialect, env: Record<string, string> = {}, overrides: Partial<Config> = {}): TestContext {
  // Background jobs do not run on a timer here: a test moves the clock and calls app.ctx.jobs.tick().
  const ctx = {} as TestContext;
  let dropPg: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    let url = ':memory:';
    if (dialect === 'postgres') {
      const created = await createPgDatabase();
      url = created.url;
      dropPg = created.drop;
    }
    const config = loadConfig(
      { ADMIN_PASSWORD, SEED_DEMO: 'false', LOG_LEVEL: 'silent', DATA_DIR: `.tmp/test-data-${randomBytes(4).toString('hex')}`, ...env },
      { dialect, databaseUrl: url, ...overrides },
    );
    const database = createDatabase({ dialect, url, poolSize: 4 });
    const clock = manualClock();
    // A Redis-backed app keeps its rate-limit keys apart from every other test's.
    const rateLimitPrefix = `examhall-test:${randomBytes(6).toString('hex')}`;
    const { app } = await buildApp(config, { database, logger: false, clock, startJobs: false, rateLimitPrefix });
    await app.ready();
    let admin: string | undefined;
    Object.assign(ctx, {
      app,
      clock,
      config,
      database,
      rateLimitPrefix,
      call: (u: string, body?: unknown, token?: string) => callApp(app, u, body, token),
      async login(username: string, password: string) {
        const r = await ctx.call('/api/sys/user/login', { username, password });
        if (r.body.code !== 0) throw new Error(`login ${username} failed: ${r.body.msg}`);
        return r.body.data.token as string;
      },
      async adminToken() {
        admin ??= await ctx.login('admin', ADMIN_PASSWORD);
        return admin;
      },
    });
  });
  afterAll(async () => {
    await ctx.app?.close();
    await ctx.database?.destroy();
    await dropPg?.();
  });
  return ctx;
}

/**
 * Inserts a user straight into the database (so a test need not depend on the user admin API)
 * and signs it in when it is active; `token` is '' for a disabled or pending user.
 */
export async function insertUser(
  t: TestContext,
  userName: string,
  { roleIds = ['role_student'], deptId = 'dept_root', state = 0, realName = userName }: { roleIds?: string[]; deptId?: string | null; state?: number; realName?: string } = {},
): Promise<{ id: string; token: string }> {
  const id = newId();
  const now = Date.now();
  await t.database.db
    .insertInto('sys_user')
    .values({ id, user_name: userName, real_name: realName, password_hash: await hashPassword(TEST_PASSWORD), avatar: '', mobile: '', email: '', dept_id: deptId || null, state, create_time: now, update_time: now })
    .execute();
  if (roleIds.length) await t.database.db.insertInto('sys_user_role').values(roleIds.map((role_id) => ({ user_id: id, role_id }))).execute();
  return { id, token: state === 0 ? await t.login(userName, TEST_PASSWORD) : '' };
}

/** The department tree several tests reach into: 总部 > 培训部 > 讲师组, and 总部 > 销售部. */
export async function createDeptTree(t: TestContext): Promise<{ train: string; group: string; sales: string }> {
  const admin = await t.adminToken();
  const save = async (parentId: string, deptName: string) => {
    const r = await t.call('/api/sys/depart/save', { parentId, deptName }, admin);
    if (r.body.code !== 0) throw new Error(`department ${deptName}: ${r.body.msg}`);
    return r.body.data.id as string;
  };
  const train = await save('dept_root', '培训部');
  const group = await save(train, '讲师组');
  const sales = await save('dept_root', '销售部');
  return { train, group, sales };
}

/** A real 1×1 PNG. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

export interface MultipartPart {
  name: string;
  value: string | Buffer;
  fileName?: string;
  type?: string;
}

/** A multipart/form-data body built by hand, fields in the given order. */
export function multipart(parts: MultipartPart[]) {
  const boundary = `----examhall${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.fileName !== undefined ? `; filename="${p.fileName}"` : ''}`;
    const head = `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${p.type ? `Content-Type: ${p.type}\r\n` : ''}\r\n`;
    chunks.push(Buffer.from(head), Buffer.isBuffer(p.value) ? p.value : Buffer.from(p.value), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** POSTs a multipart upload to /api/sys/file/upload. */
export async function uploadParts(t: TestContext, parts: MultipartPart[], token?: string) {
  const body = multipart(parts);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/sys/file/upload',
    payload: body.payload,
    headers: { 'content-type': body.contentType, ...(token ? { token } : {}) },
  });
  return { status: res.statusCode, body: res.json() };
}

export { REDIS_URL, redisAnswers } from '../redis';
