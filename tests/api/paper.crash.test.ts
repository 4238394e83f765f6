import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { QuType } from '../../common/codes';
import { examBody } from './exam.helpers';
import { ADMIN_PASSWORD, createPgDatabase, DIALECTS } from './helpers';

/**
 * The promise the exam page makes: an answer the server acknowledged survives the server dying.
 * A real server process takes saves from several learners at once, is killed with SIGKILL in the
 * middle of them, and restarted on the same database: every acknowledged save is there.
 */

const root = path.resolve(import.meta.dirname, '../..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

async function startServer(env: Record<string, string>): Promise<{ base: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'ignore'],
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', ADMIN_PASSWORD, SEED_DEMO: 'false', LOG_LEVEL: 'silent', ...env },
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return { base, child };
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill('SIGKILL');
  throw new Error('server did not start');
}

async function call<T = any>(base: string, url: string, body: unknown, token?: string): Promise<{ code: number; msg: string; data: T }> {
  const res = await fetch(base + url, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { token } : {}) }, body: JSON.stringify(body) });
  return (await res.json()) as { code: number; msg: string; data: T };
}

describe.each(DIALECTS)('answers survive a killed server on %s', (dialect) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'examhall-crash-'));
  let drop: (() => Promise<void>) | undefined;
  const children: ChildProcess[] = [];
  afterAll(async () => {
    for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
    await new Promise((r) => setTimeout(r, 300));
    await drop?.();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('finds every acknowledged save after kill -9 and a restart', async () => {
    const env: Record<string, string> = { DATA_DIR: dataDir };
    if (dialect === 'postgres') {
      const db = await createPgDatabase();
      drop = db.drop;
      env.DATABASE_URL = db.url;
    }
    let server = await startServer(env);
    children.push(server.child);
    const admin = (await call(server.base, '/api/sys/user/login', { username: 'admin', password: ADMIN_PASSWORD })).data.token;
    const repo = (await call(server.base, '/api/repo/save', { title: '崩溃测试', practiceOpen: false, practiceAudience: 1 }, admin)).data;
    const items = Array.from({ length: 20 }, (_, i) => ({ quType: QuType.SHORT, content: `<p>简答${i}</p>`, refAnswer: '<p>参考</p>' }));
    expect((await call(server.base, '/api/qu/qu/import/commit', { repoId: repo.id, items }, admin)).code).toBe(0);
    const exam = (await call(server.base, '/api/exam/exam/save', examBody(repo.id, { groups: [{ title: '简答', quType: QuType.SHORT, perScore: 5, draws: [{ repoId: repo.id, count: 20 }], quIds: [] }] }), admin)).data;
    // A new exam is a draft: published before learners start it.
    expect((await call(server.base, '/api/exam/exam/state', { ids: [exam.id], state: 0 }, admin)).code).toBe(0);

    const learners: Array<{ token: string; paperId: string; quIds: string[] }> = [];
    for (let i = 0; i < 4; i++) {
      const userName = `crash_${dialect}_${i}`;
      expect((await call(server.base, '/api/sys/user/save', { userName, realName: `考生${i}`, password: 'Abc12345', roleIds: ['role_student'] }, admin)).code).toBe(0);
      const token = (await call(server.base, '/api/sys/user/login', { username: userName, password: 'Abc12345' })).data.token;
      const paperId = (await call(server.base, '/api/paper/paper/create-paper', { examId: exam.id }, token)).data.id;
      const detail = (await call(server.base, '/api/paper/paper/paper-detail', { id: paperId }, token)).data;
      learners.push({ token, paperId, quIds: detail.groups.flatMap((g: { quList: Array<{ quId: string }> }) => g.quList.map((q) => q.quId)) });
    }

    // A question as the first process showed it (the restarted one reads its base from the database).
    const shown = (await call(server.base, '/api/paper/paper/qu-detail', { paperId: learners[0].paperId, quId: learners[0].quIds[3] }, learners[0].token)).data;

    // Each learner saves as fast as the server acknowledges; the server dies mid-stream.
    const acked = new Map<string, { seq: number; text: string; learner: number }>();
    let killed = false;
    const workers = learners.map(async (l, li) => {
      for (let n = 1; !killed; n++) {
        const quId = l.quIds[n % l.quIds.length];
        const text = `第${n}次作答`;
        try {
          const r = await call(server.base, '/api/paper/paper/fill-answer', { paperId: l.paperId, quId, seq: n, answer: text }, l.token);
          if (r.code === 0 && r.data.seq === n) acked.set(`${l.paperId}:${quId}`, { seq: n, text, learner: li });
        } catch {
          return; // the connection died with the server
        }
      }
    });
    await new Promise((r) => setTimeout(r, 1500));
    server.child.kill('SIGKILL');
    killed = true;
    await Promise.all(workers);
    expect(acked.size).toBeGreaterThan(10);

    server = await startServer(env);
    children.push(server.child);
    for (const [key, want] of acked) {
      const [paperId, quId] = key.split(':');
      const r = await call(server.base, '/api/paper/paper/qu-detail', { paperId, quId }, learners[want.learner].token);
      expect(r.code, r.msg).toBe(0);
      expect(r.data.saved.seq).toBeGreaterThanOrEqual(want.seq);
      if (r.data.saved.seq === want.seq) expect(r.data.saved.answer).toBe(want.text);
    }
    const again = (await call(server.base, '/api/paper/paper/qu-detail', { paperId: learners[0].paperId, quId: learners[0].quIds[3] }, learners[0].token)).data;
    expect({ ...again, saved: undefined }).toEqual({ ...shown, saved: undefined });
    server.child.kill('SIGTERM');
  }, 120_000);
});
