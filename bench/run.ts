/**
 * `npm run bench`: load scenarios against a real server process on loopback (SQLite by default;
 * BENCH_DATABASE_URL=postgres://… for PostgreSQL). Prints a table of throughput and latency.
 *
 * Scenario "cohort-signin": a cohort of learners signs in within the same few seconds, then each
 * polls what the learner header polls (user info + unread count) for a fixed time. This is the
 * front door of "a whole cohort starting the same exam at once": sign-in and the per-request
 * session check must stay cheap.
 *
 *   BENCH_USERS (default 200)  BENCH_CONCURRENCY (default 50)  BENCH_SECONDS (default 15)
 * Bounded in count and time; only 127.0.0.1 is ever a target.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const USERS = Number(process.env.BENCH_USERS ?? 200);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const ADMIN_PASSWORD = 'Admin1234';
const USER_PASSWORD = 'Bench1234';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

async function waitHealthy(base: string, child: ChildProcess) {
  const until = Date.now() + 60_000;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error('server exited during start');
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('server did not become healthy in 60 s');
}

async function call(base: string, url: string, body: unknown, token?: string) {
  const res = await fetch(base + url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { token } : {}) },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { code: number; msg: string; data: any };
  if (json.code !== 0) throw new Error(`${url}: ${json.msg}`);
  return json.data;
}

interface Stats { name: string; count: number; errors: number; seconds: number; latencies: number[] }

function pct(sorted: number[], p: number) {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : 0;
}

/** Runs `task(i)` for i in [0, n) with at most `concurrency` in flight, timing each. */
async function pool(name: string, n: number, concurrency: number, task: (i: number) => Promise<void>, deadline?: number): Promise<Stats> {
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
  await Promise.all(Array.from({ length: concurrency }, worker));
  return { name, count: latencies.length, errors, seconds: (performance.now() - start) / 1000, latencies: latencies.sort((a, b) => a - b) };
}

function report(rows: Stats[]) {
  console.log('\n| scenario | requests | errors | req/s | p50 ms | p95 ms | p99 ms |');
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  for (const s of rows) {
    const f = (x: number) => x.toFixed(1);
    console.log(`| ${s.name} | ${s.count} | ${s.errors} | ${f(s.count / s.seconds)} | ${f(pct(s.latencies, 50))} | ${f(pct(s.latencies, 95))} | ${f(pct(s.latencies, 99))} |`);
  }
}

async function main() {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'examhall-bench-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '',
      ADMIN_PASSWORD,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
    },
  });
  try {
    await waitHealthy(base, child);
    const admin = (await call(base, '/api/sys/user/login', { username: 'admin', password: ADMIN_PASSWORD })).token as string;
    const roles = (await call(base, '/api/sys/role/list', {}, admin)) as Array<{ id: string; roleType: number }>;
    const learnerRole = roles.find((r) => r.roleType === 1)!.id;
    const runId = Date.now().toString(36);
    const names = Array.from({ length: USERS }, (_, i) => `b${runId}${i}`);
    console.log(`Creating ${USERS} learners…`);
    await pool('create', USERS, 4, async (i) => {
      await call(base, '/api/sys/user/save', { userName: names[i], realName: `压测${i}`, password: USER_PASSWORD, roleIds: [learnerRole] }, admin);
    });

    const tokens: string[] = [];
    const signin = await pool('cohort sign-in (argon2id)', USERS, CONCURRENCY, async (i) => {
      tokens[i] = (await call(base, '/api/sys/user/login', { username: names[i], password: USER_PASSWORD })).token;
    });
    const live = tokens.filter(Boolean);
    const deadline = Date.now() + SECONDS * 1000;
    const poll = await pool('header poll: info + count-unread', Number.MAX_SAFE_INTEGER, CONCURRENCY, async (i) => {
      const t = live[i % live.length];
      await call(base, '/api/sys/user/info', {}, t);
      await call(base, '/api/sys/user/msg/count-unread', {}, t);
    }, deadline);
    console.log(`\nExamhall bench: ${USERS} learners, concurrency ${CONCURRENCY}, ${SECONDS}s poll, ${process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'SQLite'}, ${os.cpus().length} cores`);
    report([signin, poll]);
  } finally {
    child.kill('SIGTERM');
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
