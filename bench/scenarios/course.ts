/**
 * Scenario "course": a cohort studies a course at once, each learner's page sending the learning
 * heartbeat every 15 s with its page session (open loop: beats leave on schedule whether or not
 * earlier ones answered).
 * The first round creates each learner's row; the steady rounds are the hot path (one lookup,
 * one guarded write per beat). Afterwards the stored figures are checked: each learner was
 * credited about the time they played, never more.
 *   BENCH_USERS (default 2000)  BENCH_SECONDS (default 60, steady rounds)  BENCH_MAX_IN_FLIGHT (default 512)
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { authApi, courseApi, courseFileApi, courseLearnApi, type CourseFileRecord } from '../../common/api';
import { COURSE_BEAT_MS } from '../../common/api/course';
import { ADMIN_PASSWORD, api, benchLine, envNumber, openLoop, pct, processFigures, root, seedLearners, startServer, statsOf, table } from '../lib';

async function uploadVideo(base: string, token: string, courseId: string): Promise<CourseFileRecord> {
  const form = new FormData();
  form.append('courseId', courseId);
  form.append('needSeconds', '36000');
  form.append('file', new Blob([fs.readFileSync(path.join(root, 'server/seed/assets/demo-intro.mp4'))]), 'lesson.mp4');
  const res = await fetch(base + courseFileApi.upload.path, { method: 'POST', headers: { token }, body: form });
  const json = (await res.json()) as { code: number; msg: string; data: CourseFileRecord };
  if (json.code !== 0) throw new Error(`upload: ${json.msg}`);
  return json.data;
}

export async function run(): Promise<void> {
  const learners = envNumber('BENCH_USERS', 2000);
  const seconds = envNumber('BENCH_SECONDS', 60);
  const maxInFlight = envNumber('BENCH_MAX_IN_FLIGHT', 512);
  const server = await startServer();
  try {
    const { base } = server;
    const admin = (await api(base, authApi.login, { username: 'admin', password: ADMIN_PASSWORD })).token;
    const course = await api(
      base,
      courseApi.save,
      {
        title: '压测课程', cover: '', content: '', catId: '', teacher: '', classHours: 1, audience: 1, departIds: [], userIds: [],
        required: true, state: 1, deadline: null, unlockInOrder: false, examId: '', checkMinutes: 0, noSkip: true,
      },
      admin,
    );
    const video = await uploadVideo(base, admin, course.id);
    console.log(`Seeding ${learners} learners with sessions…`);
    const { tokens, ids } = await seedLearners(server, learners, 'bc');

    const period = COURSE_BEAT_MS;
    const rounds = Math.max(1, Math.round((seconds * 1000) / period));
    // One timeline: learner i beats at offset(i), then every 15 s; round 0 creates their row.
    const offset = (i: number) => (i * period) / learners;
    const due: number[] = [];
    for (let k = 0; k <= rounds; k++) for (let i = 0; i < learners; i++) due.push(k * period + offset(i));
    // Each learner's page stays open the whole run: one page session each, sent with every beat.
    const pageSessions = tokens.map(() => randomBytes(16).toString('hex'));
    const beat = (j: number) =>
      api(
        base,
        courseLearnApi.beat,
        { courseId: course.id, fileId: video.id, pageSession: pageSessions[j % learners], position: Math.floor(j / learners) * (period / 1000), playing: true, visible: true },
        tokens[j % learners],
      ).then(() => undefined);

    const cpu0 = processFigures(server.pid).cpuSeconds;
    const load0 = os.loadavg()[0];
    console.log(`${learners} learners open the course within ${period / 1000} s, then beat every ${period / 1000} s for ${rounds} rounds…`);
    const loop = await openLoop(due, maxInFlight, beat);
    const cpu = processFigures(server.pid);
    const first = statsOf('first beat (creates the row)', loop.sent.filter((s) => s.i < learners), period / 1000);
    const steady = statsOf('steady beats (lookup + guarded update)', loop.sent.filter((s) => s.i >= learners), (rounds * period) / 1000, loop.dropped);

    // What was stored: each learner played rounds × 15 s between their first and last beat; never credit more.
    const database = server.openDatabase();
    const stored = await database.db.selectFrom('course_learn').select(['user_id', 'learned_ms']).where('course_id', '=', course.id).execute();
    await database.destroy();
    const learned = new Map(stored.map((r) => [r.user_id, Number(r.learned_ms)]));
    const played = rounds * period;
    // Upper bound per learner: from their first beat's send to their last beat's answer.
    const slowest = new Array<number>(learners).fill(0);
    for (const s of loop.sent) slowest[s.i % learners] = Math.max(slowest[s.i % learners], s.latency);
    const bound = new Map(ids.map((id, i) => [id, played + pct(loop.lateMs, 100) + slowest[i]]));
    const overCredited = stored.filter((r) => Number(r.learned_ms) > bound.get(r.user_id)!).length;
    const avgCreditedS = [...learned.values()].reduce((a, b) => a + b, 0) / Math.max(1, learned.size) / 1000;

    table(`Examhall course: ${learners} learners beating every ${period / 1000} s, ${rounds} steady rounds, ${server.dialect}`, [first, steady]);
    const load = os.loadavg()[0];
    console.log(`\nsend lag p95 ${pct(loop.lateMs, 95).toFixed(1)} ms (how late the generator sent beats); server CPU ${(cpu.cpuSeconds - cpu0).toFixed(1)} s, RSS ${cpu.rssMb} MB; machine load ${load0.toFixed(1)} → ${load.toFixed(1)}`);
    console.log(`credited per learner: average ${avgCreditedS.toFixed(1)} s of ${played / 1000} s played; over-credited learners: ${overCredited}`);
    benchLine({
      scenario: 'course',
      database: server.dialect,
      learners,
      beatEverySeconds: period / 1000,
      steadyRounds: rounds,
      beatsPerSec: Math.round(steady.count / steady.seconds),
      beatP50Ms: Number(pct(steady.latencies, 50).toFixed(1)),
      beatP95Ms: Number(pct(steady.latencies, 95).toFixed(1)),
      beatP99Ms: Number(pct(steady.latencies, 99).toFixed(1)),
      firstBeatP95Ms: Number(pct(first.latencies, 95).toFixed(1)),
      errors: first.errors + steady.errors,
      avgCreditedSeconds: Number(avgCreditedS.toFixed(1)),
      playedSeconds: played / 1000,
      overCreditedLearners: overCredited,
      serverCpuSeconds: Number((cpu.cpuSeconds - cpu0).toFixed(1)),
      serverRssMb: cpu.rssMb,
      loadAvg: [Number(load0.toFixed(1)), Number(load.toFixed(1))],
    });
  } finally {
    await server.stop();
  }
}
