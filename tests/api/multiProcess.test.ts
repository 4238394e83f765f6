import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, type Envelope } from '../../common/errorCodes';
import { ADMIN_PASSWORD, createPgDatabase, REDIS_URL, redisAnswers } from './helpers';

/** A port nobody listens on right now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

interface ServerProcess {
  base: string;
  child: ChildProcess;
  output: () => string;
}

function startServer(port: number, env: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: process.cwd(),
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout?.on('data', (d: Buffer) => (log += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (log += d.toString()));
  return { base: `http://127.0.0.1:${port}`, child, output: () => log };
}

/**
 * Polls GET /api/health until it answers, the process dies, or ~90 s pass: a cold `tsx` start on a
 * loaded 2-core CI machine took over 30 s once (the server had printed nothing yet).
 */
async function waitHealthy(server: ServerProcess): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) throw new Error(`server exited (${server.child.exitCode}):\n${server.output()}`);
    try {
      const res = await fetch(`${server.base}/api/health`, { signal: AbortSignal.timeout(1000) });
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server at ${server.base} not healthy within 90 s:\n${server.output()}`);
}

async function stop(server: ServerProcess | undefined): Promise<void> {
  if (!server || server.child.exitCode !== null || server.child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => server.child.once('exit', () => resolve()));
  server.child.kill('SIGTERM');
  const timer = setTimeout(() => server.child.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
}

async function call<T = any>(server: ServerProcess, url: string, body: unknown = {}, token?: string): Promise<Envelope<T>> {
  const res = await fetch(`${server.base}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { token } : {}) },
    body: JSON.stringify(body),
  });
  return (await res.json()) as Envelope<T>;
}

/**
 * Two server processes on a fresh PostgreSQL database, started at once (migrations and first-start
 * seeding must serialise), with extra environment; `stop` ends both and drops the database.
 */
function twoProcesses(extraEnv: Record<string, string> = {}) {
  const pair: { a?: ServerProcess; b?: ServerProcess } = {};
  let dropDb: (() => Promise<void>) | undefined;
  let tempDir = '';
  beforeAll(async () => {
    const created = await createPgDatabase();
    dropDb = created.drop;
    tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'examhall-mp-'));
    const distDir = path.join(tempDir, 'dist');
    fs.mkdirSync(distDir);
    const env = {
      DATABASE_URL: created.url,
      ADMIN_PASSWORD,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      DATA_DIR: path.join(tempDir, 'data'),
      DIST_DIR: distDir,
      ...extraEnv,
    };
    const [portA, portB] = [await freePort(), await freePort()];
    pair.a = startServer(portA, env);
    pair.b = startServer(portB, env);
    await Promise.all([waitHealthy(pair.a), waitHealthy(pair.b)]);
  }, 120_000);
  afterAll(async () => {
    await Promise.all([stop(pair.a), stop(pair.b)]);
    await dropDb?.();
    if (tempDir) fs.rmSync(tempDir, { recursive: true, force: true });
  }, 30_000);
  return pair;
}

describe.skipIf(!process.env.DATABASE_URL_TEST)('two server processes sharing one PostgreSQL', () => {
  const servers = twoProcesses();

  it('seeds once: one administrator, whichever process started first', async () => {
    const token = (await call(servers.a!, '/api/sys/user/login', { username: 'admin', password: ADMIN_PASSWORD })).data.token as string;
    const page = await call(servers.b!, '/api/sys/user/paging', { current: 1, size: 10, params: { userName: 'admin' } }, token);
    expect(page.code).toBe(0);
    expect(page.data.total).toBe(1);
  });

  it('a token from one process works on the other, and logout on one is refused on the other', async () => {
    const login = await call(servers.a!, '/api/sys/user/login', { username: 'admin', password: ADMIN_PASSWORD });
    expect(login.code).toBe(0);
    const token = login.data.token as string;

    const onB = await call(servers.b!, '/api/sys/user/info', {}, token);
    expect(onB.code).toBe(0);
    expect(onB.data.userName).toBe('admin');

    expect((await call(servers.a!, '/api/sys/user/logout', {}, token)).code).toBe(0);
    const afterLogout = await call(servers.b!, '/api/sys/user/info', {}, token);
    expect(afterLogout.code).toBe(ErrorCode.SESSION_INVALID);
  });

  it('a user created through one process signs in through the other', async () => {
    const token = (await call(servers.b!, '/api/sys/user/login', { username: 'admin', password: ADMIN_PASSWORD })).data.token as string;
    const saved = await call(servers.b!, '/api/sys/user/save', { userName: 'mp_learner', realName: '跨进程', password: 'Learn1234', roleIds: ['role_student'] }, token);
    expect(saved.code).toBe(0);
    const login = await call(servers.a!, '/api/sys/user/login', { username: 'mp_learner', password: 'Learn1234' });
    expect(login.code).toBe(0);
    expect(login.data.user.roleType).toBe(1);
  });
});

/**
 * With Redis, each process caches session checks for up to a minute and hears of every session
 * change from the others: a sign-out, or a user disabled, through one process is refused by the
 * other within moments (and the cache never serves a token the bus could not vouch for).
 */
describe.skipIf(!process.env.DATABASE_URL_TEST || !(await redisAnswers(REDIS_URL)))('two server processes with PostgreSQL and Redis', () => {
  const servers = twoProcesses({ REDIS_URL });

  it('refuses on one process a token signed out, or a user disabled, through the other', async () => {
    const admin = (await call(servers.a!, '/api/sys/user/login', { username: 'admin', password: ADMIN_PASSWORD })).data.token as string;
    const saved = await call(servers.a!, '/api/sys/user/save', { userName: 'mp_cached', realName: '缓存', password: 'Learn1234', roleIds: ['role_student'] }, admin);
    expect(saved.code).toBe(0);

    const first = (await call(servers.a!, '/api/sys/user/login', { username: 'mp_cached', password: 'Learn1234' })).data.token as string;
    // Checked (and cached) on B, then signed out through A.
    expect((await call(servers.b!, '/api/sys/user/info', {}, first)).code).toBe(0);
    expect((await call(servers.a!, '/api/sys/user/logout', {}, first)).code).toBe(0);
    await expect.poll(async () => (await call(servers.b!, '/api/sys/user/info', {}, first)).code, { timeout: 1_000, interval: 20 }).toBe(ErrorCode.SESSION_INVALID);

    const second = (await call(servers.a!, '/api/sys/user/login', { username: 'mp_cached', password: 'Learn1234' })).data.token as string;
    expect((await call(servers.b!, '/api/sys/user/info', {}, second)).code).toBe(0);
    expect((await call(servers.a!, '/api/sys/user/state', { ids: [saved.data.id], state: 1 }, admin)).code).toBe(0);
    await expect.poll(async () => (await call(servers.b!, '/api/sys/user/info', {}, second)).code, { timeout: 1_000, interval: 20 }).toBe(ErrorCode.SESSION_INVALID);
  });
});
