/**
 * Scenario "overhead": where a request's server time goes, layer by layer. The same autocannon
 * load (BENCH_CONNECTIONS, BENCH_SECONDS each) against a bare Fastify hello-world, the health
 * probe (public, one trivial query), an authenticated trivial call (session check + one count)
 * and an answer save; for each the rate and the server's CPU time per request, which stays
 * meaningful when other work shares the machine.
 *   BENCH_CANDIDATES (200)  BENCH_SECONDS (5)  BENCH_CONNECTIONS (64)
 */
import { authApi, examApi, myMsgApi, paperApi, quApi, repoApi } from '../../common/api';
import { DisplayMode, ExamOpenType, GenericState, QuType, ResultShow } from '../../common/codes';
import { ADMIN_PASSWORD, api, benchLine, cannon, envNumber, generatorCpu, processFigures, seedLearners, startHelloWorld, startServer } from '../lib';

interface Row {
  name: string;
  perSec: number;
  errors: number;
  cpuUs: number;
  generator: number;
}

export async function run(): Promise<void> {
  const candidates = envNumber('BENCH_CANDIDATES', 200);
  const seconds = envNumber('BENCH_SECONDS', 5);
  const connections = envNumber('BENCH_CONNECTIONS', 64);
  const rows: Row[] = [];
  const measure = async (name: string, pid: number, opts: Parameters<typeof cannon>[0]) => {
    const cpu0 = processFigures(pid).cpuSeconds;
    const gen = generatorCpu();
    const r = await cannon({ connections, duration: seconds, ...opts });
    const generator = gen();
    const cpu = processFigures(pid).cpuSeconds - cpu0;
    rows.push({ name, perSec: Math.round(r.requests.average), errors: r.errors + r.non2xx, cpuUs: Math.round((cpu * 1e6) / Math.max(1, r.requests.total)), generator });
  };

  const hello = await startHelloWorld();
  await measure('hello-world (bare Fastify)', hello.pid, { url: `${hello.base}/hello`, method: 'POST' });
  await hello.stop();

  const server = await startServer();
  try {
    const { base } = server;
    const admin = (await api(base, authApi.login, { username: 'admin', password: ADMIN_PASSWORD })).token;
    const repo = await api(base, repoApi.save, { title: '压测题库', practiceOpen: false, practiceAudience: 1 }, admin);
    const items = Array.from({ length: 100 }, (_, i) => ({
      quType: QuType.SINGLE,
      content: `<p>压测单选题 ${i + 1}</p>`,
      answerList: [{ content: '甲', isRight: true }, { content: '乙', isRight: false }],
    }));
    await api(base, quApi.importCommit, { repoId: repo.id, items }, admin);
    const exam = await api(
      base,
      examApi.save,
      {
        title: '压测考试', content: '', openType: ExamOpenType.PUBLIC, departIds: [], userIds: [], password: '', startTime: null, endTime: null,
        totalTime: 120, qualifyScore: 60, chance: 0, handMin: 0, lateMax: 0, resultShow: ResultShow.SCORE, reviewAfterEnd: false, thanks: '',
        displayMode: DisplayMode.FULL, shuffleQuestions: true, shuffleOptions: true, leaveLimit: 0, fullscreen: false, blockPaste: false, watermark: false, idleLimit: 0,
        groups: [{ title: '单选题', quType: QuType.SINGLE, perScore: 2, draws: [{ repoId: repo.id, count: 50 }], quIds: [] }],
      },
      admin,
    );
    // A new exam is a draft until published: learners could not start it.
    await api(base, examApi.state, { ids: [exam.id], state: GenericState.NORMAL }, admin);
    const { tokens } = await seedLearners(server, candidates, 'ov');
    const papers: Array<{ id: string; token: string; quIds: string[] }> = [];
    for (const token of tokens) {
      const { id } = await api(base, paperApi.createPaper, { examId: exam.id }, token);
      const detail = await api(base, paperApi.paperDetail, { id }, token);
      papers.push({ id, token, quIds: detail.groups.flatMap((g) => g.quList.map((q) => q.quId)) });
    }

    await measure('health (public, select 1)', server.pid, { url: `${base}/api/health`, method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } });
    let k = 0;
    await measure('count-unread (session + count)', server.pid, {
      url: base,
      requests: [{ method: 'POST', path: myMsgApi.countUnread.path, setupRequest: (req) => ({ ...req, body: '{}', headers: { 'content-type': 'application/json', token: tokens[k++ % tokens.length] } }) }],
    });
    let seq = 0;
    await measure('fill-answer (session + guarded update)', server.pid, {
      url: base,
      requests: [
        {
          method: 'POST',
          path: paperApi.fillAnswer.path,
          setupRequest: (req) => {
            const n = seq++;
            const p = papers[n % papers.length];
            const body = JSON.stringify({ paperId: p.id, quId: p.quIds[n % p.quIds.length], seq: n + 1, answers: [] });
            return { ...req, body, headers: { 'content-type': 'application/json', token: p.token } };
          },
        },
      ],
    });
  } finally {
    await server.stop();
  }

  console.log(`\nExamhall per-request overhead: ${connections} connections, ${seconds} s each, ${server.dialect}`);
  console.log('| call | req/s | errors | server CPU µs/req | generator CPU |');
  console.log('|---|---:|---:|---:|---:|');
  for (const r of rows) console.log(`| ${r.name} | ${r.perSec} | ${r.errors} | ${r.cpuUs} | ${(r.generator * 100).toFixed(0)} % |`);
  const [hw, , unread, save] = rows;
  benchLine({
    scenario: 'overhead',
    database: server.dialect,
    helloPerSec: hw.perSec,
    helloCpuUs: hw.cpuUs,
    healthCpuUs: rows[1].cpuUs,
    unreadPerSec: unread.perSec,
    unreadCpuUs: unread.cpuUs,
    savePerSec: save.perSec,
    saveCpuUs: save.cpuUs,
    errors: rows.reduce((n, r) => n + r.errors, 0),
    cpuRatio: Number((hw.cpuUs / Math.max(1, save.cpuUs)).toFixed(3)),
  });
}
