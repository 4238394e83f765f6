/**
 * Shared pieces of the load scenarios (bench/scenarios/*.ts): a real server process on loopback
 * with its own data folder, a bare Fastify process for the ceiling, a bounded request pool,
 * autocannon, percentiles, process figures, and the report (a table, then one `BENCH {json}` line).
 * Only 127.0.0.1 is ever a target; every loop is bounded in count and time.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { Agent, request } from 'undici';
import type { BodyOf, DataOf, Endpoint } from '../common/api/endpoint';
import { createDatabase, type Database } from '../server/db/database';
import { hashToken } from '../server/modules/identity/session.service';
import { STUDENT_ROLE_ID } from '../server/seed/constants';

export const root = path.resolve(import.meta.dirname, '..');
export const ADMIN_PASSWORD = 'Admin1234';

export const envNumber = (name: string, fallback: number) => {
  const raw = process.env[name];
  const n = raw === undefined || raw === '' ? fallback : Number(raw);
  if (!Number.isFinite(n) || n < 0) throw new Error(`${name} must be a non-negative number`);
  return n;
};

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

async function waitHealthy(base: string, child: ChildProcess, timeoutMs = 120_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error('server exited during start');
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('server did not become healthy in time');
}

export interface BenchServer {
  base: string;
  pid: number;
  dataDir: string;
  /** postgres://… or the SQLite file path. */
  databaseUrl: string;
  dialect: 'sqlite' | 'postgres';
  child: ChildProcess;
  /** A second connection to the server's database (seeding, checking what was stored). */
  openDatabase(): Database;
  stop(): Promise<void>;
}

/**
 * Starts `server/main.ts` (of this tree, or of the checkout at `cwd`) on a free loopback port with a fresh data folder: SQLite by default,
 * PostgreSQL when BENCH_DATABASE_URL is set (that database is used as is: point it at a scratch one).
 */
export async function startServer(env: Record<string, string> = {}, cwd: string = root): Promise<BenchServer> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'examhall-bench-'));
  const pgUrl = env.DATABASE_URL ?? process.env.BENCH_DATABASE_URL ?? '';
  const dialect = pgUrl ? 'postgres' : 'sqlite';
  const databaseUrl = pgUrl || path.join(dataDir, 'examhall.db');
  // BENCH_SERVER_ARGS: extra node flags for the server process, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof".
  const extra = (process.env.BENCH_SERVER_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...extra, '--import', 'tsx', 'server/main.ts'], {
    cwd,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: pgUrl,
      ADMIN_PASSWORD,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      ...env,
    },
  });
  await waitHealthy(base, child);
  return {
    base,
    pid: child.pid!,
    dataDir,
    databaseUrl,
    dialect,
    child,
    openDatabase: () => createDatabase({ dialect, url: databaseUrl, poolSize: 4 }),
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** hello-world's closed-loop rate on this machine now, 4 requests at once: reported beside every figure, so a slow machine shows as such. */
export async function helloWorldStats(): Promise<Stats> {
  const hello = await startHelloWorld();
  try {
    return await pool('hello-world, 4 at once', 4000, 4, async () => void (await fetch(`${hello.base}/hello`, { method: 'POST' })).text());
  } finally {
    await hello.stop();
  }
}

/** A bare Fastify hello-world process: what the load generator reaches with no application cost. */
export async function startHelloWorld(): Promise<{ base: string; pid: number; stop(): Promise<void> }> {
  const port = await freePort();
  const code = `
    const app = require('fastify')({ logger: false });
    app.post('/hello', async () => ({ code: 0, msg: 'ok', data: null }));
    app.listen({ port: ${port}, host: '127.0.0.1' });`;
  const child = spawn(process.execPath, ['-e', code], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  const base = `http://127.0.0.1:${port}`;
  const until = Date.now() + 30_000;
  for (;;) {
    try {
      await fetch(`${base}/hello`, { method: 'POST' });
      break;
    } catch {
      if (Date.now() > until) throw new Error('hello-world did not start');
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return {
    base,
    pid: child.pid!,
    async stop() {
      child.kill('SIGTERM');
    },
  };
}

/**
 * The load generator's HTTP client: undici's own request API over a pool of keep-alive connections
 * (fetch costs the generator several times as much per call and became the bottleneck of the open
 * loops). At most this many connections per server; calls beyond them wait for one, as the time a
 * browser waits for its connection would count.
 */
const generator = new Agent({ connections: 1024, keepAliveTimeout: 60_000, pipelining: 1 });

/** One API call (POST JSON, token header); resolves data, rejects on a non-zero code. */
export async function api<E extends Endpoint>(base: string, endpoint: E, body: BodyOf<E>, token?: string): Promise<DataOf<E>> {
  const res = await request(base + endpoint.path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { token } : {}) },
    body: JSON.stringify(body ?? {}),
    dispatcher: generator,
  });
  const json = (await res.body.json()) as { code: number; msg: string; data: DataOf<E> };
  if (json.code !== 0) throw new Error(`${endpoint.path}: ${json.msg}`);
  return json.data;
}

export interface Stats {
  name: string;
  count: number;
  errors: number;
  seconds: number;
  /** Sorted ascending, milliseconds. */
  latencies: number[];
}

export function pct(sorted: readonly number[], p: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : 0;
}

/** Runs task(i) for i in [0, n) with at most `concurrency` in flight (and until `deadline`), timing each. */
export async function pool(
  name: string,
  n: number,
  concurrency: number,
  task: (i: number) => Promise<void>,
  deadline?: number,
): Promise<Stats> {
  const latencies: number[] = [];
  let errors = 0;
  let next = 0;
  const start = performance.now();
  const worker = async () => {
    while (next < n && (!deadline || Date.now() < deadline)) {
      const i = next++;
      const t = performance.now();
      try {
        await task(i);
        latencies.push(performance.now() - t);
      } catch {
        errors++;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker));
  return { name, count: latencies.length, errors, seconds: (performance.now() - start) / 1000, latencies: latencies.sort((a, b) => a - b) };
}

/**
 * autocannon, awaited; `requests` (or `setupClient`) lets each connection send its own bodies.
 * `onStart` runs once every connection is set up, as the measured run begins.
 */
export function cannon(opts: autocannon.Options, onStart?: () => void): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    const instance = autocannon(opts, (err, result) => (err ? reject(err) : resolve(result)));
    if (onStart) instance.on('start', onStart);
  });
}

/** Resident memory (MB) and CPU seconds of a process, from /proc. */
export function processFigures(pid: number): { rssMb: number; cpuSeconds: number } {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const rssKb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    const ticks = Number(stat[11]) + Number(stat[12]);
    return { rssMb: Math.round(rssKb / 1024), cpuSeconds: ticks / 100 };
  } catch {
    return { rssMb: 0, cpuSeconds: 0 };
  }
}

/**
 * CPU (in cores) of the server and of this generator in each whole second until stop(): whether a
 * slow second was a busy one, and whose.
 */
export function cpuBySecond(pid: number): { stop(): { server: number[]; generator: number[] } } {
  const server: number[] = [];
  const generator: number[] = [];
  let last = { server: processFigures(pid).cpuSeconds, at: performance.now() };
  let generatorShare = generatorCpu();
  const timer = setInterval(() => {
    const now = { server: processFigures(pid).cpuSeconds, at: performance.now() };
    server.push(Number(((now.server - last.server) / ((now.at - last.at) / 1000)).toFixed(2)));
    generator.push(Number(generatorShare().toFixed(2)));
    generatorShare = generatorCpu();
    last = now;
  }, 1000);
  return {
    stop() {
      clearInterval(timer);
      return { server, generator };
    },
  };
}

/** CPU share (0–1 of one core) this load-generator process used over a span. */
export function generatorCpu(): () => number {
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  return () => {
    const used = process.cpuUsage(cpu0);
    return (used.user + used.system) / 1000 / (performance.now() - t0);
  };
}

const f1 = (x: number) => x.toFixed(1);

/** Prints rows as a markdown table of throughput and latency. */
export function table(title: string, rows: Stats[]): void {
  console.log(`\n${title}`);
  console.log('| step | requests | errors | req/s | p50 ms | p95 ms | p99 ms |');
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  for (const s of rows) {
    console.log(`| ${s.name} | ${s.count} | ${s.errors} | ${f1(s.count / Math.max(s.seconds, 1e-9))} | ${f1(pct(s.latencies, 50))} | ${f1(pct(s.latencies, 95))} | ${f1(pct(s.latencies, 99))} |`);
  }
}

/** The scenario's figures as its last line: `BENCH {json}`. */
export function benchLine(figures: Record<string, unknown>): void {
  console.log(`BENCH ${JSON.stringify({ ...figures, cores: os.cpus().length, node: process.version })}`);
}

/** Learners and their sessions written straight into the server's database (sign-in is the signin scenario's subject). */
export async function seedLearners(server: BenchServer, count: number, prefix: string): Promise<{ tokens: string[]; ids: string[] }> {
  const database = server.openDatabase();
  const tokens: string[] = [];
  const ids: string[] = [];
  const now = Date.now();
  const run = randomBytes(3).toString('hex');
  try {
    for (let from = 0; from < count; from += 500) {
      const users = [];
      const sessions = [];
      const roles = [];
      for (let i = from; i < Math.min(count, from + 500); i++) {
        const id = `${prefix}${run}${String(i).padStart(6, '0')}`;
        const token = randomBytes(32).toString('base64url');
        tokens.push(token);
        ids.push(id);
        users.push({ id, user_name: id, real_name: `学员${i}`, password_hash: 'x', avatar: '', mobile: '', email: '', dept_id: null, state: 0, create_time: now, update_time: now });
        roles.push({ user_id: id, role_id: STUDENT_ROLE_ID });
        sessions.push({ token_hash: hashToken(token), user_id: id, create_time: now, last_seen_time: now, expire_time: now + 86_400_000, ip: '127.0.0.1', user_agent: 'bench' });
      }
      await database.db.insertInto('sys_user').values(users).execute();
      await database.db.insertInto('sys_user_role').values(roles).execute();
      await database.db.insertInto('sys_session').values(sessions).execute();
    }
  } finally {
    await database.destroy();
  }
  return { tokens, ids };
}


const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));


export interface Sent {
  /** Index of the beat in the schedule. */
  i: number;
  latency: number;
  ok: boolean;
}

/**
 * Sends task(i) at start + due[i] for every i (due ascending), without waiting for earlier ones,
 * at most `maxInFlight` at once (a beat due while that many are open is dropped and counted).
 * Answers each beat's outcome and how late the generator sent it.
 */
export async function openLoop(due: readonly number[], maxInFlight: number, task: (i: number) => Promise<void>) {
  const sent: Sent[] = [];
  const lateMs: number[] = [];
  const open = new Set<Promise<void>>();
  /** Why beats failed (message → count), for the report. */
  const reasons = new Map<string, number>();
  let dropped = 0;
  const start = performance.now();
  for (let i = 0; i < due.length; i++) {
    const wait = start + due[i] - performance.now();
    if (wait > 1) await sleep(wait);
    lateMs.push(Math.max(0, performance.now() - start - due[i]));
    if (open.size >= maxInFlight) {
      dropped++;
      continue;
    }
    const t0 = performance.now();
    const p: Promise<void> = task(i).then(
      () => void sent.push({ i, latency: performance.now() - t0, ok: true }),
      (e: unknown) => {
        sent.push({ i, latency: performance.now() - t0, ok: false });
        const why = e instanceof Error ? e.message : String(e);
        reasons.set(why, (reasons.get(why) ?? 0) + 1);
      },
    );
    open.add(p);
    void p.finally(() => open.delete(p));
  }
  await Promise.all(open);
  return { sent, dropped, reasons, lateMs: lateMs.sort((a, b) => a - b), seconds: (performance.now() - start) / 1000 };
}

/** Prints why beats of a step failed or were dropped, if any did. */
export function failures(step: string, run: { dropped: number; reasons: Map<string, number> }): void {
  const parts = [...run.reasons].sort((a, b) => b[1] - a[1]).slice(0, 5).map(([why, n]) => `${n}× ${why}`);
  if (run.dropped) parts.unshift(`${run.dropped} dropped (too many in flight)`);
  if (parts.length) console.log(`${step} failures: ${parts.join('; ')}`);
}

export function statsOf(name: string, sent: Sent[], seconds: number, dropped = 0): Stats {
  const ok = sent.filter((s) => s.ok);
  return { name, count: ok.length, errors: sent.length - ok.length + dropped, seconds, latencies: ok.map((s) => s.latency).sort((a, b) => a - b) };
}

