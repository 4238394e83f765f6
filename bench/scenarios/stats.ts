/**
 * Scenario "stats": exam statistics on a large exam. Seeds straight into the database one exam of
 * BENCH_PAPERS finished papers (default 10,000) × BENCH_QUESTIONS questions (default 50, single
 * choice with knowledge points), one paper per learner over 20 departments. Then:
 * - full recompute from scratch: the first summary call records every paper into the read model
 *   (from the papers' own rows) and computes the figures in the worker;
 * - a recompute of the figures alone (the read model unchanged, its version bumped);
 * - incremental update per hand-in: a rebuild records every paper again from its rows, as a hand-in
 *   or a marking records its one; server CPU of the rebuild / papers;
 * - every statistics call with figures kept, 1 at a time and 4 at once.
 * Ends with hello-world's rate on the same machine.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { authApi, statsApi } from '../../common/api';
import { PaperState, QuType } from '../../common/codes';
import { ADMIN_PASSWORD, api, benchLine, envNumber, pct, pool, processFigures, seedLearners, helloWorldStats, startServer, table, type Stats } from '../lib';

const TAGS = ['安全', '消防', '急救', '用电', '化学品', '应急', '设备', '规章'];

export async function run(): Promise<void> {
  const papers = envNumber('BENCH_PAPERS', 10_000);
  const questions = envNumber('BENCH_QUESTIONS', 50);
  const requests = envNumber('BENCH_REQUESTS', 200);
  const server = await startServer();
  try {
    const { base } = server;
    const admin = (await api(base, authApi.login, { username: 'admin', password: ADMIN_PASSWORD })).token;
    const { ids } = await seedLearners(server, papers, 'bs');
    const now = Date.now();
    const run = randomBytes(3).toString('hex');
    const examId = `bse${run}`;
    const t0 = performance.now();
    const database = server.openDatabase();
    try {
      const db = database.db;
      const deptIds = Array.from({ length: 20 }, (_, i) => `bsd${run}${i}`);
      await db
        .insertInto('sys_depart')
        .values(deptIds.map((id, i) => ({ id, parent_id: null, dept_name: `压测部门${i}`, dept_code: `bsd${run}${i}`, sort: i, create_time: now })))
        .execute();
      for (let i = 0; i < ids.length; i += 1000) {
        const slice = ids.slice(i, i + 1000);
        for (const [d, dept] of deptIds.entries()) {
          const members = slice.filter((_, k) => (i + k) % 20 === d);
          if (members.length) await db.updateTable('sys_user').set({ dept_id: dept }).where('id', 'in', members).execute();
        }
      }
      await db
        .insertInto('exam')
        .values({
          id: examId, title: '统计压测考试', content: '', open_type: 1, password: '', start_time: null, end_time: null, total_time: 60, qualify_score: 60, chance: 0, hand_min: 0,
          late_max: 0, result_show: 3, review_after_end: 0, practice_during: 0, rank_open: 0, rank_names: 1, excellent_score: null, thanks: '', settings: '{}', groups: '[]',
          total_score: questions * 2, qu_count: questions, state: 0, publish_time: now, create_by: '', create_time: now, update_time: now,
        })
        .execute();
      const quIds = Array.from({ length: questions }, (_, q) => `bsq${run}${q}`);
      const copies = quIds.map((id, q) =>
        JSON.stringify({
          quType: QuType.SINGLE,
          content: `<p>统计压测题${q + 1}</p>`,
          tags: [TAGS[q % TAGS.length]],
          answerList: ['A', 'B', 'C', 'D'].map((c, o) => ({ id: `${id}o${o}`, content: `选项${c}`, isRight: o === 0 })),
        }),
      );
      // Learner k's ability and question q's difficulty decide the answer, with some noise: real-looking figures.
      const rand = (() => {
        let s = 12345;
        return () => ((s = (s * 1103515245 + 12345) % 2147483648) / 2147483648);
      })();
      for (let from = 0; from < papers; from += 200) {
        const rows = [];
        const qus = [];
        for (let k = from; k < Math.min(papers, from + 200); k++) {
          const id = `bsp${run}${k}`;
          const ability = rand();
          let total = 0;
          for (let q = 0; q < questions; q++) {
            const right = rand() < 0.25 + 0.7 * ability * (1 - (q % 10) / 15);
            const pick = right ? 0 : 1 + Math.floor(rand() * 3);
            total += right ? 2 : 0;
            qus.push({
              paper_id: id, qu_id: quIds[q], parent_id: '', group_index: 0, sort: q, qu_type: QuType.SINGLE, score: 2, question: copies[q],
              answer: JSON.stringify({ answers: [`${quIds[q]}o${pick}`] }), seq: 1, answered: 1, mark: 0, is_right: right ? 1 : 0, actual_score: right ? 2 : 0,
              needs_mark: 0, comment: '', update_time: now,
            });
          }
          rows.push({
            id, exam_id: examId, user_id: ids[k], title: '统计压测考试', state: PaperState.FINISHED, total_score: questions * 2, qualify_score: 60, obj_score: total, subj_score: 0,
            user_score: total, passed: total >= 60 ? 1 : 0, hand_type: 0, leave_count: 0, idle_time: null, deadline: now, settings: '{}', groups: '[]',
            create_time: now - 3_600_000, hand_time: now - 600_000 - (k % 1800) * 1000, update_time: now - 600_000,
          });
        }
        await db.insertInto('paper').values(rows).execute();
        for (let i = 0; i < qus.length; i += 1000) await db.insertInto('paper_qu').values(qus.slice(i, i + 1000)).execute();
      }
      if (server.dialect === 'postgres') await sql`vacuum analyze`.execute(db);
    } finally {
      await database.destroy();
    }
    const seedSeconds = (performance.now() - t0) / 1000;

    const timed = async (task: () => Promise<unknown>) => {
      const cpu0 = processFigures(server.pid).cpuSeconds;
      const w0 = performance.now();
      await task();
      return { ms: performance.now() - w0, cpuMs: (processFigures(server.pid).cpuSeconds - cpu0) * 1000 };
    };
    const summary = (attempts: 'first' | 'best' | 'all' = 'all') => api(base, statsApi.summary, { examId, attempts }, admin);

    // From scratch: every paper into the read model, then the figures.
    const full = await timed(() => summary());
    const check = await summary();
    if (check.attempts !== papers) throw new Error(`expected ${papers} attempts, the summary counts ${check.attempts}`);

    // The figures alone, twice (the second is the one compared).
    const bump = async () => {
      const db = server.openDatabase();
      try {
        await db.db.updateTable('stats_version').set({ version: sql<number>`version + 1` }).where('exam_id', '=', examId).execute();
      } finally {
        await db.destroy();
      }
    };
    // Figures computed moments ago are answered while fresh ones are computed behind: wait that out.
    const settle = () => new Promise((resolve) => setTimeout(resolve, 11_000));
    await settle();
    await bump();
    const figuresOnly = await timed(() => summary());

    // A rebuild records every paper again from its rows (what one hand-in or marking costs, times
    // the papers): server CPU per paper.
    await settle();
    const rebuild = await timed(async () => {
      await api(base, statsApi.rebuild, { examId }, admin);
      while ((await api(base, statsApi.rebuildProgress, { examId }, admin)).running) await new Promise((resolve) => setTimeout(resolve, 100));
    });
    const perPaperCpuMs = rebuild.cpuMs / papers;

    const measure = (name: string, task: () => Promise<unknown>, concurrency: number): Promise<Stats> => pool(name, requests, concurrency, async () => void (await task()));
    const steps: Array<[string, () => Promise<unknown>]> = [
      ['summary', () => summary()],
      ['questions', () => api(base, statsApi.questions, { examId, attempts: 'all' }, admin)],
      ['mastery (exam)', () => api(base, statsApi.mastery, { examId }, admin)],
    ];
    const rows: Stats[] = [];
    for (const [name, task] of steps) {
      await task();
      rows.push(await measure(`${name}, 1 at a time`, task, 1));
      rows.push(await measure(`${name}, 4 at once`, task, 4));
    }
    const figures = processFigures(server.pid);

    const h = await helloWorldStats();
    const helloRate = Math.round(h.count / h.seconds);
    rows.push(h);

    table(`Examhall statistics: ${papers} papers × ${questions} questions, ${server.dialect} (seeded in ${seedSeconds.toFixed(0)} s)`, rows);
    console.log(`\nfull recompute from scratch: ${full.ms.toFixed(0)} ms (server CPU ${full.cpuMs.toFixed(0)} ms)`);
    console.log(`figures only: ${figuresOnly.ms.toFixed(0)} ms (server CPU ${figuresOnly.cpuMs.toFixed(0)} ms)`);
    console.log(`rebuild, every paper recorded again: ${rebuild.ms.toFixed(0)} ms (server CPU ${rebuild.cpuMs.toFixed(0)} ms) → ${perPaperCpuMs.toFixed(2)} ms CPU per paper`);
    const p95 = (i: number) => Number(pct(rows[i].latencies, 95).toFixed(1));
    benchLine({
      scenario: 'stats',
      database: server.dialect,
      papers,
      questions,
      fullRecomputeMs: Math.round(full.ms),
      figuresOnlyMs: Math.round(figuresOnly.ms),
      incrementalCpuMsPerPaper: Number(perPaperCpuMs.toFixed(2)),
      summaryP95Ms: Math.max(p95(0), p95(1)),
      questionsP95Ms: Math.max(p95(2), p95(3)),
      masteryP95Ms: Math.max(p95(4), p95(5)),
      errors: rows.reduce((n, r) => n + r.errors, 0),
      helloWorldPerSec: helloRate,
      rssMb: figures.rssMb,
    });
  } finally {
    await server.stop();
  }
}
