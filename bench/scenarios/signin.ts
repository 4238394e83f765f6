/**
 * Scenario "signin": a cohort of learners signs in within the same few seconds, then each polls
 * what the learner header polls (user info + unread count) for a fixed time. The front door of "a
 * whole cohort starting the same exam at once": sign-in and the per-request session check must
 * stay cheap.
 *   BENCH_USERS (default 200)  BENCH_CONCURRENCY (default 50)  BENCH_SECONDS (default 15)
 */
import { authApi, myMsgApi, roleApi, userApi } from '../../common/api';
import { RoleType } from '../../common/codes';
import { ADMIN_PASSWORD, api, benchLine, envNumber, pct, pool, startServer, table } from '../lib';

const USER_PASSWORD = 'Bench1234';

export async function run(): Promise<void> {
  const users = envNumber('BENCH_USERS', 200);
  const concurrency = envNumber('BENCH_CONCURRENCY', 50);
  const seconds = envNumber('BENCH_SECONDS', 15);
  const server = await startServer();
  try {
    const { base } = server;
    const admin = (await api(base, authApi.login, { username: 'admin', password: ADMIN_PASSWORD })).token;
    const roles = await api(base, roleApi.list, {}, admin);
    const learnerRole = roles.find((r) => r.roleType === RoleType.LEARNER)!.id;
    const runId = Date.now().toString(36);
    const names = Array.from({ length: users }, (_, i) => `b${runId}${i}`);
    console.log(`Creating ${users} learners…`);
    await pool('create', users, 4, async (i) => {
      await api(base, userApi.save, { userName: names[i], realName: `压测${i}`, password: USER_PASSWORD, roleIds: [learnerRole] }, admin);
    });

    const tokens: string[] = [];
    const signin = await pool('cohort sign-in (argon2id)', users, concurrency, async (i) => {
      tokens[i] = (await api(base, authApi.login, { username: names[i], password: USER_PASSWORD })).token;
    });
    const live = tokens.filter(Boolean);
    const deadline = Date.now() + seconds * 1000;
    const poll = await pool(
      'header poll: info + count-unread',
      Number.MAX_SAFE_INTEGER,
      concurrency,
      async (i) => {
        const t = live[i % live.length];
        await api(base, authApi.info, {}, t);
        await api(base, myMsgApi.countUnread, {}, t);
      },
      deadline,
    );
    table(`Examhall signin: ${users} learners, concurrency ${concurrency}, ${seconds}s poll, ${server.dialect}`, [signin, poll]);
    benchLine({
      scenario: 'signin',
      database: server.dialect,
      users,
      signinPerSec: Math.round(signin.count / signin.seconds),
      signinP95Ms: Math.round(pct(signin.latencies, 95)),
      pollPerSec: Math.round(poll.count / poll.seconds),
      pollP95Ms: Math.round(pct(poll.latencies, 95)),
      errors: signin.errors + poll.errors,
    });
  } finally {
    await server.stop();
  }
}
