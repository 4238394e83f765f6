/**
 * Scenario "practice": BENCH_USERS learners (default 200) practise one bank at once, each reading a
 * question and answering it every BENCH_THINK_MS (default 3000: a brisk learner; open loop, steps
 * leave on schedule) for BENCH_SECONDS. A practice answer is one short transaction: `fill` p95 is
 * the figure. A closed loop afterwards (every learner answering as soon as the verdict arrives)
 * shows the most practice steps per second the server takes.
 */
import { authApi, practiceApi, quApi, repoApi } from '../../common/api';
import { PracticeMode, QuType } from '../../common/codes';
import { ADMIN_PASSWORD, api, benchLine, envNumber, openLoop, pct, pool, processFigures, seedLearners, startServer, table } from '../lib';

export async function run(): Promise<void> {
  const users = envNumber('BENCH_USERS', 200);
  const seconds = envNumber('BENCH_SECONDS', 20);
  const think = envNumber('BENCH_THINK_MS', 3000);
  const server = await startServer();
  try {
    const { base } = server;
    const admin = (await api(base, authApi.login, { username: 'admin', password: ADMIN_PASSWORD })).token;
    const repo = await api(base, repoApi.save, { title: '练习压测', practiceOpen: true, practiceAudience: 1 }, admin);
    const items = Array.from({ length: 500 }, (_, i) => ({
      quType: QuType.SINGLE,
      content: `<p>练习题 ${i + 1}</p>`,
      answerList: [{ content: '甲', isRight: true }, { content: '乙', isRight: false }, { content: '丙', isRight: false }],
    }));
    await api(base, quApi.importCommit, { repoId: repo.id, items }, admin);
    const { tokens } = await seedLearners(server, users, 'bp');
    const trains = await Promise.all(tokens.map((tk) => api(base, practiceApi.start, { repoId: repo.id, mode: PracticeMode.RANDOM }, tk)));
    const position = new Array<number>(users).fill(1);
    let nextTimes: number[] = [];
    let fillTimes: number[] = [];
    const step = async (i: number) => {
      const u = i % users;
      const t0 = performance.now();
      const q = await api(base, practiceApi.next, { trainId: trains[u].trainId, sequence: position[u] }, tokens[u]);
      nextTimes.push(performance.now() - t0);
      position[u] = (position[u] % q.total) + 1;
      const t1 = performance.now();
      await api(base, practiceApi.fill, { trainId: trains[u].trainId, quId: q.question.quId, answers: [q.question.answerList[0].id] }, tokens[u]);
      fillTimes.push(performance.now() - t1);
    };

    const rounds = Math.max(1, Math.floor((seconds * 1000) / think));
    const due: number[] = [];
    for (let k = 0; k < rounds; k++) for (let u = 0; u < users; u++) due.push(k * think + (u * think) / users);
    const loop = await openLoop(due, 1024, step);
    const ok = loop.sent.filter((x) => x.ok);
    const sortedNext = nextTimes.sort((a, b) => a - b);
    const sortedFill = fillTimes.sort((a, b) => a - b);
    const rows = [
      { name: `practice step every ${think / 1000} s (next + fill)`, count: ok.length, errors: loop.sent.length - ok.length + loop.dropped, seconds: loop.seconds, latencies: ok.map((x) => x.latency).sort((a, b) => a - b) },
      { name: 'next (read the question)', count: sortedNext.length, errors: 0, seconds: loop.seconds, latencies: sortedNext },
      { name: 'fill (judge + record)', count: sortedFill.length, errors: 0, seconds: loop.seconds, latencies: sortedFill },
    ];
    nextTimes = [];
    fillTimes = [];
    const closed = await pool('closed loop: steps as fast as answered', 1_000_000, users, step, Date.now() + 10_000);
    const figures = processFigures(server.pid);
    table(`Examhall practice: ${users} learners, ${server.dialect}`, [...rows, closed]);
    console.log(`\nserver RSS ${figures.rssMb} MB`);
    benchLine({
      scenario: 'practice',
      database: server.dialect,
      users,
      thinkMs: think,
      answersPerSec: Math.round(sortedFill.length / loop.seconds),
      fillP50Ms: Number(pct(sortedFill, 50).toFixed(1)),
      fillP95Ms: Number(pct(sortedFill, 95).toFixed(1)),
      fillP99Ms: Number(pct(sortedFill, 99).toFixed(1)),
      nextP95Ms: Number(pct(sortedNext, 95).toFixed(1)),
      maxStepsPerSec: Math.round(closed.count / closed.seconds),
      errors: rows[0].errors + closed.errors,
      rssMb: figures.rssMb,
    });
  } finally {
    await server.stop();
  }
}
