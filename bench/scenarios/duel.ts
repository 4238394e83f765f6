/**
 * Scenario "duel": the last commit against the working tree, side by side, so that a change of a
 * few per cent shows above this machine's noise. Two servers, each on a fresh database — the
 * last commit's from a temporary checkout of HEAD (git worktree, sharing node_modules), the working
 * tree's from here — get the same exam and candidates. Then BENCH_ROUNDS rounds (default 6), the
 * two taking turns (A B, then B A, …), each round: answer saves for BENCH_SECONDS (default 5) with
 * BENCH_CONNECTIONS (default 32), and BENCH_HANDINS (default 100) papers started and handed in.
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

async function round(side: Side, seconds: number, connections: number, handIns: number): Promise<Round> {
  const { server } = side;
  await openPapers(side);
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
  const saveCpu = processFigures(server.pid).cpuSeconds - cpu0;
  // Hand in the first papers (their learners start new ones next round).
  const closing = side.papers.splice(0, Math.min(handIns, side.papers.length));
  let k = 0;
  const cpu1 = processFigures(server.pid).cpuSeconds;
  const h = await pool('hand-in', closing.length, 8, async () => {
    const p = closing[k++];
    await api(server.base, paperApi.handExam, { id: p.id, type: HandType.LEARNER }, p.token);
  });
  const handCpu = processFigures(server.pid).cpuSeconds - cpu1;
  return {
    saveCpuUs: Math.round((saveCpu * 1e6) / Math.max(1, r.requests.total)),
    savesPerSec: Math.round(r.requests.average),
    saveErrors: r.errors + r.non2xx,
    handInCpuUs: Math.round((handCpu * 1e6) / Math.max(1, closing.length)),
    handInErrors: h.errors,
  };
}

export async function run(): Promise<void> {
  const rounds = envNumber('BENCH_ROUNDS', 6);
  const seconds = envNumber('BENCH_SECONDS', 5);
  const connections = envNumber('BENCH_CONNECTIONS', 32);
  const handIns = envNumber('BENCH_HANDINS', 100);
  const candidates = Math.max(handIns * 2, envNumber('BENCH_CANDIDATES', 300));
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
    for (const side of sides) await round(side, Math.min(2, seconds), connections, Math.min(20, handIns));
    for (let i = 0; i < rounds; i++) {
      const order = i % 2 === 0 ? sides : [...sides].reverse();
      for (const side of order) results[side.name].push(await round(side, seconds, connections, handIns));
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
