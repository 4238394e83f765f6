/**
 * Scenario "duel": the last commit against the working tree, side by side, so that a change of a
 * few per cent shows above this machine's noise. Two servers, each on a fresh database — the
 * last commit's from a temporary checkout of HEAD (git worktree, sharing node_modules), the working
 * tree's from here — get the same exam and candidates. Then BENCH_ROUNDS rounds (default 6), the
 * two taking turns (A B, then B A, …), each round: answer saves for BENCH_SECONDS (default 5) with
 * BENCH_CONNECTIONS (default 32), the sides alternating in BENCH_SAVE_SLICES (default 5) slices;
 * then BENCH_HANDINS (default 100) papers started and handed in, the sides alternating in slices of
 * BENCH_HANDIN_SLICE (default 50), each BENCH_HANDIN_CONCURRENCY (default 8) at a time (1: one by
 * one, as a cohort's hand-ins spread over a minute arrive). A hand-in's CPU is counted until
 * BENCH_SETTLE_MS (default 1500) after the last one answered, so the work it sets off after commit
 * (wrong book, the statistics batch) is in it.
 * Reported per side: server CPU per save and per hand-in (µs), saves per second, and the ratio
 * working tree ÷ last commit (median of the rounds) — below 1 is cheaper or faster.
 * PostgreSQL: BENCH_DATABASE_URL for the working tree and BENCH_DATABASE_URL_BASE for the last
 * commit (two scratch databases); SQLite otherwise.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { authApi, examApi, paperApi, quApi, repoApi } from '../../common/api';
import { DisplayMode, ExamOpenType, GenericState, HandType, QuType, ResultShow } from '../../common/codes';
import { ADMIN_PASSWORD, api, benchLine, cannon, envNumber, pool, processFigures, root, seedLearners, helloWorldStats, startServer, type BenchServer } from '../lib';

interface Side {
  name: 'base' | 'work';
  server: BenchServer;
  examId: string;
  tokens: string[];
  papers: Array<{ id: string; token: string; quIds: string[] }>;
  seq: number;
}

interface Round {
  saveCpuUs: number;
  savesPerSec: number;
  saveErrors: number;
  handInCpuUs: number;
  handInErrors: number;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2) : 0;
};

/** A checkout of HEAD beside the tree, sharing its node_modules; removed afterwards. */
function checkoutHead(): { dir: string; commit: string; remove(): void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'examhall-duel-'));
  const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
  execFileSync('git', ['worktree', 'add', '--detach', '--force', dir, 'HEAD'], { cwd: root, stdio: 'ignore' });
  fs.symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'));
  return {
    dir,
    commit,
    remove() {
      execFileSync('git', ['worktree', 'remove', '--force', dir], { cwd: root, stdio: 'ignore' });
    },
  };
}

async function prepare(name: Side['name'], server: BenchServer, candidates: number): Promise<Side> {
  const { base } = server;
  const admin = (await api(base, authApi.login, { username: 'admin', password: ADMIN_PASSWORD })).token;
  const repo = await api(base, repoApi.save, { title: '对比题库', practiceOpen: false, practiceAudience: 1 }, admin);
  const items = Array.from({ length: 100 }, (_, i) => ({
    quType: QuType.SINGLE,
    content: `<p>对比单选题 ${i + 1}</p>`,
    answerList: [{ content: '甲', isRight: true }, { content: '乙', isRight: false }],
  }));
  await api(base, quApi.importCommit, { repoId: repo.id, items }, admin);
  const exam = await api(
    base,
    examApi.save,
    {
      title: '对比考试', content: '', openType: ExamOpenType.PUBLIC, departIds: [], userIds: [], password: '', startTime: null, endTime: null,
      totalTime: 120, qualifyScore: 60, chance: 0, handMin: 0, lateMax: 0, resultShow: ResultShow.SCORE, reviewAfterEnd: false, thanks: '',
      displayMode: DisplayMode.FULL, shuffleQuestions: true, shuffleOptions: true, leaveLimit: 0, fullscreen: false, blockPaste: false, watermark: false, idleLimit: 0,
      groups: [{ title: '单选题', quType: QuType.SINGLE, perScore: 2, draws: [{ repoId: repo.id, count: 50 }], quIds: [] }],
    },
    admin,
  );
  await api(base, examApi.state, { ids: [exam.id], state: GenericState.NORMAL }, admin);
  const { tokens } = await seedLearners(server, candidates, `du${name[0]}`);
  return { name, server, examId: exam.id, tokens, papers: [], seq: 0 };
}

/** Every candidate with an open paper (a hand-in round closes some). */
async function openPapers(side: Side): Promise<void> {
  const base = side.server.base;
  const open = new Set(side.papers.map((p) => p.token));
  for (const token of side.tokens) {
    if (open.has(token)) continue;
    const { id } = await api(base, paperApi.createPaper, { examId: side.examId }, token);
    const detail = await api(base, paperApi.paperDetail, { id }, token);
    side.papers.push({ id, token, quIds: detail.groups.flatMap((g) => g.quList.map((q) => q.quId)) });
  }
}

interface RoundArgs {
  seconds: number;
  connections: number;
  handIns: number;
  handInConcurrency: number;
  handInSlice: number;
  saveSlices: number;
  settleMs: number;
}

/** One side's answer saves for `seconds`: server CPU seconds, saves answered, errors, and the seconds they took. */
async function saves(side: Side, seconds: number, connections: number): Promise<{ cpu: number; total: number; errors: number; seconds: number }> {
  const { server } = side;
  const cpu0 = processFigures(server.pid).cpuSeconds;
  const r = await cannon({
    url: server.base,
    connections,
    duration: seconds,
    requests: [
      {
        method: 'POST',
        path: paperApi.fillAnswer.path,
        setupRequest: (req) => {
          const n = side.seq++;
          const p = side.papers[n % side.papers.length];
          const body = JSON.stringify({ paperId: p.id, quId: p.quIds[n % p.quIds.length], seq: n + 1, answers: [] });
          return { ...req, body, headers: { 'content-type': 'application/json', token: p.token } };
        },
      },
    ],
  });
  return { cpu: processFigures(server.pid).cpuSeconds - cpu0, total: r.requests.total, errors: r.errors + r.non2xx, seconds: r.duration };
}

/**
 * A round: the sides' saves in turn (`order`), in `saveSlices` slices each, then both sides'
 * hand-ins in alternating slices of `handInSlice`, so a machine whose speed drifts within the
 * round weighs on both alike. Each server's CPU is read over the whole hand-in phase and the
 * settle after it (the other side's slices cost its process nothing).
 */
async function round(order: Side[], a: RoundArgs): Promise<Map<Side, Round>> {
  for (const side of order) await openPapers(side);
  const saved = new Map(order.map((side) => [side, { cpu: 0, total: 0, errors: 0, seconds: 0 }]));
  for (let i = 0; i < a.saveSlices; i++) {
    for (const side of order) {
      const r = await saves(side, a.seconds / a.saveSlices, a.connections);
      const sum = saved.get(side)!;
      sum.cpu += r.cpu;
      sum.total += r.total;
      sum.errors += r.errors;
      sum.seconds += r.seconds;
    }
  }
  // Hand in the first papers (their learners start new ones next round).
  const closing = new Map(order.map((side) => [side, side.papers.splice(0, Math.min(a.handIns, side.papers.length))]));
  const cpu1 = new Map(order.map((side) => [side, processFigures(side.server.pid).cpuSeconds]));
  const errors = new Map(order.map((side) => [side, 0]));
  for (let from = 0; from < a.handIns; from += a.handInSlice) {
    for (const side of order) {
      const slice = closing.get(side)!.slice(from, from + a.handInSlice);
      let k = 0;
      const h = await pool('hand-in', slice.length, a.handInConcurrency, async () => {
        const p = slice[k++];
        await api(side.server.base, paperApi.handExam, { id: p.id, type: HandType.LEARNER }, p.token);
      });
      errors.set(side, errors.get(side)! + h.errors);
    }
  }
  await new Promise((resolve) => setTimeout(resolve, a.settleMs));
  return new Map(
    order.map((side) => {
      const handCpu = processFigures(side.server.pid).cpuSeconds - cpu1.get(side)!;
      const handInCpuUs = Math.round((handCpu * 1e6) / Math.max(1, closing.get(side)!.length));
      const sv = saved.get(side)!;
      const saveCpuUs = Math.round((sv.cpu * 1e6) / Math.max(1, sv.total));
      return [side, { saveCpuUs, savesPerSec: Math.round(sv.total / Math.max(sv.seconds, 1e-9)), saveErrors: sv.errors, handInCpuUs, handInErrors: errors.get(side)! }];
    }),
  );
}

export async function run(): Promise<void> {
  const rounds = envNumber('BENCH_ROUNDS', 6);
  const seconds = envNumber('BENCH_SECONDS', 5);
  const connections = envNumber('BENCH_CONNECTIONS', 32);
  const handIns = envNumber('BENCH_HANDINS', 100);
  const candidates = Math.max(handIns * 2, envNumber('BENCH_CANDIDATES', 300));
  const handInConcurrency = envNumber('BENCH_HANDIN_CONCURRENCY', 8);
  const settleMs = envNumber('BENCH_SETTLE_MS', 1_500);
  const handInSlice = envNumber('BENCH_HANDIN_SLICE', 50);
  const saveSlices = envNumber('BENCH_SAVE_SLICES', 5);
  const checkout = checkoutHead();
  let base: BenchServer | undefined;
  let work: BenchServer | undefined;
  try {
    const pgBase = process.env.BENCH_DATABASE_URL_BASE;
    if (process.env.BENCH_DATABASE_URL && !pgBase) throw new Error('PostgreSQL duel: set BENCH_DATABASE_URL_BASE to a second scratch database for the last commit');
    base = await startServer(pgBase ? { DATABASE_URL: pgBase } : {}, checkout.dir);
    work = await startServer();
    const sides = [await prepare('base', base, candidates), await prepare('work', work, candidates)];
    const results: Record<Side['name'], Round[]> = { base: [], work: [] };
    // One warm-up round each, not counted.
    const args: RoundArgs = { seconds, connections, handIns, handInConcurrency, handInSlice, saveSlices, settleMs };
    await round(sides, { ...args, seconds: Math.min(2, seconds), handIns: Math.min(20, handIns) });
    for (let i = 0; i < rounds; i++) {
      const order = i % 2 === 0 ? sides : [...sides].reverse();
      const done = await round(order, args);
      for (const side of sides) results[side.name].push(done.get(side)!);
    }
    const h = await helloWorldStats();
    const helloRate = Math.round(h.count / h.seconds);

    const m = (side: Side['name'], key: keyof Round) => median(results[side].map((r) => r[key]));
    const ratio = (key: keyof Round) => {
      const per = results.work.map((w, i) => w[key] / Math.max(1, results.base[i][key]));
      return Number(median(per).toFixed(3));
    };
    console.log(`\nExamhall duel: last commit ${checkout.commit} (A) against the working tree (B), ${rounds} rounds, ${base.dialect}`);
    console.log('| round | A save µs | B save µs | A saves/s | B saves/s | A hand-in µs | B hand-in µs |');
    console.log('|---:|---:|---:|---:|---:|---:|---:|');
    for (let i = 0; i < rounds; i++) {
      const a = results.base[i];
      const b = results.work[i];
      console.log(`| ${i + 1} | ${a.saveCpuUs} | ${b.saveCpuUs} | ${a.savesPerSec} | ${b.savesPerSec} | ${a.handInCpuUs} | ${b.handInCpuUs} |`);
    }
    console.log(`| median | ${m('base', 'saveCpuUs')} | ${m('work', 'saveCpuUs')} | ${m('base', 'savesPerSec')} | ${m('work', 'savesPerSec')} | ${m('base', 'handInCpuUs')} | ${m('work', 'handInCpuUs')} |`);
    benchLine({
      scenario: 'duel',
      database: base.dialect,
      baseCommit: checkout.commit,
      rounds,
      handIns,
      handInConcurrency,
      handInSlice,
      baseSaveCpuUs: m('base', 'saveCpuUs'),
      workSaveCpuUs: m('work', 'saveCpuUs'),
      saveCpuRatio: ratio('saveCpuUs'),
      baseSavesPerSec: m('base', 'savesPerSec'),
      workSavesPerSec: m('work', 'savesPerSec'),
      saveRateRatio: ratio('savesPerSec'),
      baseHandInCpuUs: m('base', 'handInCpuUs'),
      workHandInCpuUs: m('work', 'handInCpuUs'),
      handInCpuRatio: ratio('handInCpuUs'),
      errors: [...results.base, ...results.work].reduce((n, r) => n + r.saveErrors + r.handInErrors, 0),
      helloWorldPerSec: helloRate,
    });
  } finally {
    await base?.stop();
    await work?.stop();
    checkout.remove();
  }
}
