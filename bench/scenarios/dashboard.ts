/**
 * Scenario "dashboard": what the administrator's dashboard and an exam's ranking cost on a busy
 * month. Seeds straight into the database: BENCH_PAPERS papers (default 60,000) handed in over 30
 * days across 20 exams, BENCH_ANSWERS practice answers (default 300,000) over the same days,
 * 20,000 course enrolments over 50 courses, and one exam ranking BENCH_RANKED learners (default
 * 10,000, with ties). Then, one request at a time and 4 at once: /live, /trend (the first call
 * computes and keeps the past days; the rest read them), a ranking page at the top and deep in it,
 * and a learner's result with their rank. Ends with hello-world's rate on the same machine.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { authApi, dashboardApi, paperApi, rankingApi } from '../../common/api';
import { PaperState } from '../../common/codes';
import { ADMIN_PASSWORD, api, benchLine, envNumber, pct, pool, processFigures, seedLearners, helloWorldStats, startServer, table, type Stats } from '../lib';

const DAY = 86_400_000;
/** A paper's copy of its exam's rules (scores shown, no review). */
const SETTINGS = JSON.stringify({
  displayMode: 1, shuffleQuestions: false, shuffleOptions: false, leaveLimit: 0, fullscreen: false, blockPaste: false, watermark: false, idleLimit: 0,
  handMin: 0, resultShow: 2, reviewAfterEnd: false, endTime: null, thanks: '', watermarkText: '',
});

export async function run(): Promise<void> {
  const papers = envNumber('BENCH_PAPERS', 60_000);
  const answers = envNumber('BENCH_ANSWERS', 300_000);
  const ranked = envNumber('BENCH_RANKED', 10_000);
  const requests = envNumber('BENCH_REQUESTS', 200);
  const server = await startServer();
  try {
    const { base } = server;
    const admin = (await api(base, authApi.login, { username: 'admin', password: ADMIN_PASSWORD })).token;
    const { tokens, ids } = await seedLearners(server, ranked, 'bd');
    const now = Date.now();
    const database = server.openDatabase();
    const run = randomBytes(3).toString('hex');
    const t0 = performance.now();
    let rankedPaper = '';
    try {
      const db = database.db;
      const examIds = Array.from({ length: 20 }, (_, i) => `bde${run}${i}`);
      await db
        .insertInto('exam')
        .values(
          examIds.map((id, i) => ({
            id, title: `看板压测考试${i}`, content: '', open_type: 1, password: '', start_time: now - 40 * DAY, end_time: i < 5 ? now + (i + 1) * DAY : null, total_time: 60,
            qualify_score: 60, chance: 0, hand_min: 0, late_max: 0, result_show: 2, review_after_end: 0, practice_during: 0, rank_open: i === 0 ? 1 : 0, rank_names: 1,
            thanks: '', settings: '{}', groups: '[]', total_score: 100, qu_count: 10, state: 0, publish_time: now - 40 * DAY, create_by: '', create_time: now - 40 * DAY, update_time: now,
          })),
        )
        .execute();
      // Papers over 30 days: most finished, some awaiting marking; the first exam's are the ranked ones.
      for (let from = 0; from < papers; from += 1000) {
        const rows = [];
        for (let k = from; k < Math.min(papers, from + 1000); k++) {
          const hand = now - Math.floor((k / papers) * 30 * DAY) - 1000;
          const state = k % 20 === 0 ? PaperState.AWAITING_MARK : PaperState.FINISHED;
          const score = state === PaperState.FINISHED ? 40 + (k % 61) : null;
          rows.push({
            id: `bdp${run}${k}`, exam_id: examIds[k % 20], user_id: ids[k % ids.length], title: '看板压测', state, total_score: 100, qualify_score: 60, obj_score: score ?? 0, subj_score: 0,
            user_score: score, passed: score === null ? null : score >= 60 ? 1 : 0, hand_type: 0, leave_count: 0, idle_time: null, deadline: hand + 1000,
            settings: SETTINGS, groups: '[]', create_time: hand - 600_000 - (k % 900) * 1000, hand_time: hand, update_time: hand,
          });
        }
        await db.insertInto('paper').values(rows).execute();
      }
      // The ranked exam: each learner's record, scores and times with ties.
      for (let from = 0; from < ranked; from += 1000) {
        const rows = [];
        for (let k = from; k < Math.min(ranked, from + 1000); k++) {
          rows.push({ id: `bdr${run}${k}`, exam_id: examIds[0], user_id: ids[k], try_count: 1, max_score: 40 + (k % 61), last_score: 40 + (k % 61), passed: 1, best_paper_id: `bdp${run}${k * 20}`, best_time: 600 + (k % 300), update_time: now });
        }
        await db.insertInto('exam_record').values(rows).execute();
      }
      // The last ranked learner's best paper, whose result they open.
      rankedPaper = `bdp${run}mine`;
      const k = ranked - 1;
      await db
        .insertInto('paper')
        .values({
          id: rankedPaper, exam_id: examIds[0], user_id: ids[k], title: '看板压测', state: PaperState.FINISHED, total_score: 100, qualify_score: 60, obj_score: 40 + (k % 61), subj_score: 0,
          user_score: 40 + (k % 61), passed: 1, hand_type: 0, leave_count: 0, idle_time: null, deadline: now, settings: SETTINGS, groups: '[]',
          create_time: now - 3_600_000, hand_time: now - 3_000_000, update_time: now,
        })
        .execute();
      await db.updateTable('exam_record').set({ best_paper_id: rankedPaper }).where('user_id', '=', ids[k]).where('exam_id', '=', examIds[0]).execute();
      // Practice answers over the 30 days.
      const trainIds = Array.from({ length: 200 }, (_, i) => `bdt${run}${i}`);
      await db
        .insertInto('practice_train')
        .values(trainIds.map((id, i) => ({ id, user_id: ids[i % ids.length], repo_id: 'r', mode: 1, qu_type: null, tag: '', items: '[]', total: 0, position: 1, answered: 0, right_count: 0, pending_count: 0, self_count: 0, self_right: 0, finished: 0, create_time: now - 31 * DAY, update_time: now })))
        .execute();
      for (let from = 0; from < answers; from += 2000) {
        const rows = [];
        for (let k = from; k < Math.min(answers, from + 2000); k++) {
          rows.push({ train_id: trainIds[k % 200], qu_id: `q${Math.floor(k / 200)}`, answer: '{}', is_right: k % 3 === 0 ? 0 : 1, assess: 0, create_time: now - Math.floor((k / answers) * 30 * DAY) - 1000 });
        }
        await db.insertInto('practice_answer').values(rows).execute();
      }
      // Courses and their learners.
      const courseIds = Array.from({ length: 50 }, (_, i) => `bdc${run}${i}`);
      await db
        .insertInto('course')
        .values(courseIds.map((id, i) => ({ id, title: `压测课程${i}`, cover: '', content: '', cat_id: null, teacher: '', class_hours: 1, audience: 1, required: 0, state: 1, deadline: null, unlock_in_order: 0, exam_id: '', check_minutes: 0, no_skip: 0, create_by: '', publish_time: now, create_time: now, update_time: now })))
        .execute();
      for (let from = 0; from < 20_000; from += 1000) {
        const rows = [];
        for (let k = from; k < from + 1000; k++) {
          const course = k % 50;
          rows.push({ user_id: ids[Math.floor(k / 50) % ids.length], course_id: courseIds[course], start_time: now - 31 * DAY, finish_time: k % 50 < course ? null : now - (k % 30) * DAY - 1000 });
        }
        await db.insertInto('course_learner').values(rows).onConflict((oc) => oc.doNothing()).execute();
      }
      // As autovacuum would have by then: the planner sees the tables as they are, and index-only
      // scans need not visit rows a bulk load has just written.
      if (server.dialect === 'postgres') await sql`vacuum analyze`.execute(db);
    } finally {
      await database.destroy();
    }
    const seedSeconds = (performance.now() - t0) / 1000;
    const learner = tokens[ranked - 1];
    const examId = `bde${run}0`;

    // The first trend call computes the 29 past days and keeps them.
    const c0 = performance.now();
    await api(base, dashboardApi.trend, { days: 30 }, admin);
    const trendColdMs = performance.now() - c0;

    const measure = (name: string, task: () => Promise<unknown>, concurrency: number): Promise<Stats> => pool(name, requests, concurrency, async () => void (await task()));
    const deepPage = Math.max(1, Math.floor(ranked / 20 / 2));
    const steps: Array<[string, () => Promise<unknown>]> = [
      ['live', () => api(base, dashboardApi.live, {}, admin)],
      ['trend (30 days, past days kept)', () => api(base, dashboardApi.trend, { days: 30 }, admin)],
      ['ranking page 1', () => api(base, rankingApi.ranking, { examId, current: 1, size: 20 }, admin)],
      [`ranking page ${deepPage}`, () => api(base, rankingApi.ranking, { examId, current: deepPage, size: 20 }, admin)],
      ['learner: ranking page 1', () => api(base, rankingApi.ranking, { examId, current: 1, size: 20 }, learner)],
      ['learner: result with rank', () => api(base, paperApi.paperResult, { id: rankedPaper }, learner)],
    ];
    const rows: Stats[] = [];
    for (const [name, task] of steps) {
      await task();
      rows.push(await measure(`${name}, 1 at a time`, task, 1));
      rows.push(await measure(`${name}, 4 at once`, task, 4));
    }
    const cpu = processFigures(server.pid);

    const h = await helloWorldStats();
    const helloRate = Math.round(h.count / h.seconds);
    rows.push(h);

    table(`Examhall dashboard and ranking: ${papers} papers, ${answers} practice answers, ${ranked} ranked, ${server.dialect} (seeded in ${seedSeconds.toFixed(0)} s)`, rows);
    console.log(`\nfirst trend call (computes the past days): ${trendColdMs.toFixed(0)} ms; server RSS ${cpu.rssMb} MB`);
    const p95 = (i: number) => Number(pct(rows[i].latencies, 95).toFixed(1));
    benchLine({
      scenario: 'dashboard',
      database: server.dialect,
      papers,
      practiceAnswers: answers,
      ranked,
      trendColdMs: Math.round(trendColdMs),
      liveP95Ms: p95(0),
      trendP95Ms: p95(2),
      rankingTopP95Ms: p95(4),
      rankingDeepP95Ms: p95(6),
      learnerRankingP95Ms: p95(8),
      resultWithRankP95Ms: p95(10),
      errors: rows.reduce((n, r) => n + r.errors, 0),
      helloWorldPerSec: helloRate,
      rssMb: cpu.rssMb,
    });
  } finally {
    await server.stop();
  }
}
