/**
 * Scenario "import-storm": imports must never stall a live exam. BENCH_CANDIDATES learners sit an
 * exam, each saving an answer every BENCH_SAVE_INTERVAL_MS (open loop), while /api/health is probed
 * every BENCH_PROBE_MS and, after BENCH_QUIET_SECONDS of saves alone, an administrator imports one
 * after another (all generated here, nothing read from disk):
 *   - a .docx whose word/document.xml inflates to BENCH_BOMB_MB (a bomb: it must be refused, 文件解压后过大…),
 *   - a GIFT file of BENCH_GIFT_QUESTIONS questions (preview, then commit into a bank),
 *   - an Excel file of BENCH_XLSX_ROWS rows in our template (preview, then commit).
 * Saves go on for BENCH_QUIET_SECONDS after the last import (at most BENCH_MAX_SECONDS in all). Reported:
 * save p99 and /api/health p99 over the whole run and while imports ran, RSS idle (before the first
 * import) and peak, each import's time, lost saves (every acknowledged save looked for in the
 * database), and the same generator's hello-world rate on this machine. Saves outside the imports
 * are reported too: the machine's own noise, with nothing imported. The administrator runs in a
 * thread of its own (see ADMIN).
 *   BENCH_CANDIDATES (2000)  BENCH_SAVE_INTERVAL_MS (5000)  BENCH_PROBE_MS (200)  BENCH_QUIET_SECONDS (10)
 *   BENCH_MAX_SECONDS (300)  BENCH_BOMB_MB (100)  BENCH_GIFT_QUESTIONS (4800)  BENCH_XLSX_ROWS (5000)
 * Targets: save p99 ≤ 50 ms, health p99 ≤ 100 ms, RSS peak ≤ idle + 400 MB, the bomb refused in seconds.
 */
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import { deflateRawSync } from 'node:zlib';
import { request } from 'undici';
import { authApi, examApi, paperApi, quApi, repoApi, type PaperDetail } from '../../common/api';
import { DisplayMode, ExamOpenType, GenericState, QuType, ResultShow } from '../../common/codes';
import type { QuBody } from '../../common/api/qu';
import { buildQuestionWorkbook } from '../../server/modules/qu/qu.excel';
import { ADMIN_PASSWORD, api, benchLine, cannon, envNumber, failures, openLoop, pct, processFigures, seedLearners, startHelloWorld, startServer, statsOf, table, type Sent } from '../lib';

const QUESTIONS = 200;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const round1 = (x: number) => Number(x.toFixed(1));

/** A minimal zip (stored or deflated entries, no CRCs: the budget is checked before anything reads them). */
function zip(entries: Array<{ name: string; data: Buffer; deflate: boolean }>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const body = e.deflate ? deflateRawSync(e.data, { level: 9 }) : e.data;
    const name = Buffer.from(e.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(e.deflate ? 8 : 0, 8);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(e.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(e.deflate ? 8 : 0, 10);
    central.writeUInt32LE(body.length, 20);
    central.writeUInt32LE(e.data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, body);
    centrals.push(central, name);
    offset += 30 + name.length + body.length;
  }
  const dir = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dir, end]);
}

/** A Word file whose document.xml is `mb` MB of ordinary paragraphs, deflated to a few hundred KB. */
export function bombDocx(mb: number): Buffer {
  const paragraph = '<w:p><w:r><w:t>1. 下列哪一项是正确的？A. 甲 B. 乙 C. 丙 D. 丁</w:t></w:r></w:p>';
  const head = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>';
  const tail = '</w:body></w:document>';
  const one = Buffer.byteLength(paragraph);
  const document = Buffer.concat([Buffer.from(head), Buffer.from(paragraph.repeat(Math.ceil((mb * 1024 * 1024) / one))), Buffer.from(tail)]);
  return zip([
    { name: '[Content_Types].xml', data: Buffer.from('<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>'), deflate: false },
    { name: 'word/document.xml', data: document, deflate: true },
  ]);
}

/** A GIFT file of `n` questions: single and multiple choice, true/false, short answer in turn. */
export function giftFile(n: number): string {
  const blocks: string[] = [];
  for (let i = 1; i <= n; i++) {
    const kind = i % 4;
    if (kind === 0) blocks.push(`::题${i}:: 第${i}题：以下哪一项是正确的？ {=正确答案${i} ~错误答案甲 ~错误答案乙 ~错误答案丙}`);
    else if (kind === 1) blocks.push(`::题${i}:: 第${i}题：以下哪些是正确的？ {~%50%正确甲${i} ~%50%正确乙 ~%-100%错误丙 ~%-100%错误丁}`);
    else if (kind === 2) blocks.push(`::题${i}:: 第${i}题：地球绕太阳公转。 {T}`);
    else blocks.push(`::题${i}:: 第${i}题：中国的首都是哪座城市？ {=北京 =北京市}`);
  }
  return `// 压测 GIFT 题库\n$CATEGORY: 压测\n\n${blocks.join('\n\n')}\n`;
}

/** An Excel file of `n` questions in our import template, as an export writes it. */
export function excelQuestions(n: number): QuBody[] {
  return Array.from({ length: n }, (_, k): QuBody => {
    const i = k + 1;
    if (i % 3 === 0) return { quType: QuType.JUDGE, content: `<p>Excel 第${i}题：水在零度结冰。</p>`, answerList: [{ content: '正确', isRight: true }, { content: '错误', isRight: false }], analysis: '<p>常识</p>' };
    return {
      quType: QuType.SINGLE,
      content: `<p>Excel 第${i}题：下列选项中正确的是哪一个？</p>`,
      answerList: [
        { content: `正确${i}`, isRight: true },
        { content: '错误甲', isRight: false },
        { content: '错误乙', isRight: false },
        { content: '错误丙', isRight: false },
      ],
      analysis: `<p>解析${i}</p>`,
    };
  });
}

/**
 * The administrator, in a thread of its own: reading a 5,000-item preview and writing a 5,000-question
 * commit costs a client tens of milliseconds of JSON, which on the generator's thread would show up
 * as slow saves and probes that the server never caused. Plain JavaScript (no TypeScript loader in it).
 */
const ADMIN = `
const { parentPort, workerData } = require('node:worker_threads');
const { base, token, repoId, files, paths } = workerData;
const now = () => performance.now();
async function preview(name, data) {
  const form = new FormData();
  form.append('repoId', repoId);
  form.append('file', new Blob([data]), name);
  const res = await fetch(base + paths.parse, { method: 'POST', headers: { token }, body: form });
  return res.json();
}
async function commit(body) {
  const res = await fetch(base + paths.commit, { method: 'POST', headers: { token, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return res.json();
}
(async () => {
  const out = { from: now() };
  let t = now();
  const bomb = await preview('bomb.docx', files.bomb);
  out.bomb = { ms: now() - t, code: bomb.code, msg: bomb.msg };
  for (const kind of ['gift', 'xlsx']) {
    t = now();
    const p = await preview(kind === 'gift' ? 'bank.gift' : 'bank.xlsx', files[kind]);
    const items = p.data ? p.data.items : [];
    out[kind] = { previewMs: now() - t, code: p.code, msg: p.msg, items: items.length, withErrors: items.filter((x) => x.errors.length).length };
    if (p.code !== 0) continue;
    t = now();
    const c = await commit({ repoId, items: items.map((x) => x.question), warnings: items.map((x) => x.warnings.length) });
    Object.assign(out[kind], { commitMs: now() - t, commitCode: c.code, commitMsg: c.msg, created: c.data ? c.data.created : 0 });
  }
  out.to = now();
  parentPort.postMessage(out);
})().catch((e) => parentPort.postMessage({ error: String(e && e.stack || e) }));
`;

interface AdminRun {
  error?: string;
  bomb: { ms: number; code: number; msg: string };
  gift: { previewMs: number; code: number; msg: string; items: number; withErrors: number; commitMs: number; commitCode: number; commitMsg: string; created: number };
  xlsx: AdminRun['gift'];
}

function runAdmin(data: { base: string; token: string; repoId: string; files: Record<'bomb' | 'gift' | 'xlsx', Uint8Array> }): Promise<AdminRun> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(ADMIN, { eval: true, workerData: { ...data, paths: { parse: quApi.importParse.path, commit: quApi.importCommit.path } } });
    worker.once('message', (m: AdminRun) => {
      void worker.terminate();
      if (m.error) reject(new Error(m.error));
      else resolve(m);
    });
    worker.once('error', reject);
  });
}

export async function run(): Promise<void> {
  const candidates = envNumber('BENCH_CANDIDATES', 2_000);
  const interval = envNumber('BENCH_SAVE_INTERVAL_MS', 5_000);
  const probeMs = Math.max(50, envNumber('BENCH_PROBE_MS', 200));
  const quietSeconds = envNumber('BENCH_QUIET_SECONDS', 10);
  const maxSeconds = envNumber('BENCH_MAX_SECONDS', 300);
  const bombMb = envNumber('BENCH_BOMB_MB', 100);
  const giftQuestions = envNumber('BENCH_GIFT_QUESTIONS', 4_800);
  const xlsxRows = envNumber('BENCH_XLSX_ROWS', 5_000);

  console.log('Generating the files to import…');
  const bomb = bombDocx(bombMb);
  const gift = Buffer.from(giftFile(giftQuestions));
  const xlsx = await buildQuestionWorkbook(excelQuestions(xlsxRows));
  console.log(`bomb.docx ${(bomb.length / 1024).toFixed(0)} KB (inflates to ${bombMb} MB), bank.gift ${(gift.length / 1024).toFixed(0)} KB, bank.xlsx ${(xlsx.length / 1024).toFixed(0)} KB`);

  const server = await startServer();
  try {
    const { base } = server;
    const admin = (await api(base, authApi.login, { username: 'admin', password: ADMIN_PASSWORD })).token;
    const repo = await api(base, repoApi.save, { title: '考试题库', practiceOpen: false, practiceAudience: 1 }, admin);
    const items = Array.from({ length: QUESTIONS }, (_, i) => ({
      quType: QuType.SINGLE,
      content: `<p>考试单选题 ${i + 1}</p>`,
      answerList: [{ content: '甲', isRight: true }, { content: '乙', isRight: false }, { content: '丙', isRight: false }, { content: '丁', isRight: false }],
    }));
    await api(base, quApi.importCommit, { repoId: repo.id, items }, admin);
    const exam = await api(
      base,
      examApi.save,
      {
        title: '导入压测考试', content: '', openType: ExamOpenType.PUBLIC, departIds: [], userIds: [], password: '', startTime: null, endTime: null,
        totalTime: 120, qualifyScore: 60, chance: 0, handMin: 0, lateMax: 0, resultShow: ResultShow.SCORE, reviewAfterEnd: false, thanks: '',
        displayMode: DisplayMode.FULL, shuffleQuestions: true, shuffleOptions: true, leaveLimit: 0, fullscreen: false, blockPaste: false, watermark: false, idleLimit: 0,
        groups: [{ title: '单选题', quType: QuType.SINGLE, perScore: 2, draws: [{ repoId: repo.id, count: 50 }], quIds: [] }],
      },
      admin,
    );
    await api(base, examApi.state, { ids: [exam.id], state: GenericState.NORMAL }, admin);
    const target = await api(base, repoApi.save, { title: '导入目标题库', practiceOpen: false, practiceAudience: 1 }, admin);
    console.log(`Seeding ${candidates} candidates with sessions…`);
    const { tokens } = await seedLearners(server, candidates, 'is');

    // Everyone starts the exam within 10 s.
    const papers: Array<{ id: string; quIds: string[] }> = new Array(candidates);
    const started = await openLoop(
      Array.from({ length: candidates }, (_, i) => (i * 10_000) / candidates),
      candidates,
      async (i) => {
        const { id } = await api(base, paperApi.createPaper, { examId: exam.id }, tokens[i]);
        const detail: PaperDetail = await api(base, paperApi.paperDetail, { id }, tokens[i]);
        papers[i] = { id, quIds: detail.groups.flatMap((g) => g.quList.map((q) => q.quId)) };
      },
    );
    failures('start', started);

    // The load: saves on schedule until told to stop, health probes and RSS samples alongside.
    const t0 = performance.now();
    const now = () => performance.now() - t0;
    let stopAt = maxSeconds * 1000;
    const acked = new Map<string, number>();
    const seqs = new Map<string, number>();
    const saveSent: Array<Sent & { at: number }> = [];
    const reasons = new Map<string, number>();
    const saving = (async () => {
      const open = new Set<Promise<void>>();
      for (let j = 0; ; j++) {
        const due = Math.floor(j / candidates) * interval + ((j % candidates) * interval) / candidates;
        if (due >= stopAt) break;
        const wait = due - now();
        if (wait > 1) await sleep(wait);
        if (due >= stopAt) break;
        const i = j % candidates;
        const p = papers[i];
        if (!p) continue;
        const quId = p.quIds[Math.floor(j / candidates) % p.quIds.length];
        const key = `${p.id}:${quId}`;
        const seq = (seqs.get(key) ?? 0) + 1;
        seqs.set(key, seq);
        const at = now();
        const task = api(base, paperApi.fillAnswer, { paperId: p.id, quId, seq, answers: [] }, tokens[i]).then(
          (r) => {
            if (r.seq >= seq) acked.set(key, Math.max(acked.get(key) ?? 0, seq));
            saveSent.push({ i: j, latency: now() - at, ok: true, at });
          },
          (e: unknown) => {
            saveSent.push({ i: j, latency: now() - at, ok: false, at });
            const why = e instanceof Error ? e.message : String(e);
            reasons.set(why, (reasons.get(why) ?? 0) + 1);
          },
        );
        open.add(task);
        void task.finally(() => open.delete(task));
      }
      await Promise.all(open);
    })();
    const probes: Array<{ at: number; latency: number; ok: boolean }> = [];
    const rss: Array<{ at: number; mb: number }> = [];
    const probing = (async () => {
      const open = new Set<Promise<void>>();
      for (let k = 0; k * probeMs < stopAt; k++) {
        const wait = k * probeMs - now();
        if (wait > 1) await sleep(wait);
        if (k * probeMs >= stopAt) break;
        rss.push({ at: now(), mb: processFigures(server.pid).rssMb });
        const at = now();
        const probe = request(`${base}/api/health`, { headersTimeout: 30_000, bodyTimeout: 30_000 }).then(
          async (res) => {
            await res.body.dump();
            probes.push({ at, latency: now() - at, ok: res.statusCode === 200 });
          },
          () => void probes.push({ at, latency: now() - at, ok: false }),
        );
        open.add(probe);
        void probe.finally(() => open.delete(probe));
      }
      await Promise.all(open);
    })();

    // The administrator's imports, one after another, after the saves have settled.
    await sleep(quietSeconds * 1000);
    const importsFrom = now();
    const adminRun = await runAdmin({ base, token: admin, repoId: target.id, files: { bomb: new Uint8Array(bomb), gift: new Uint8Array(gift), xlsx: new Uint8Array(xlsx) } });
    const ms = Math.round;
    if (adminRun.bomb.code === 0 || !adminRun.bomb.msg.startsWith('文件解压后过大')) throw new Error(`the bomb was not refused as too big: ${adminRun.bomb.msg}`);
    for (const [kind, want] of [['gift', giftQuestions], ['xlsx', xlsxRows]] as const) {
      const r = adminRun[kind];
      if (r.code !== 0 || r.items !== want || r.withErrors) throw new Error(`${kind} preview: ${r.msg}, ${r.items} questions, ${r.withErrors} with errors`);
      if (r.commitCode !== 0 || r.created !== want) throw new Error(`${kind} commit: ${r.commitMsg}, ${r.created} created`);
    }
    const importsTo = now();
    stopAt = Math.min(stopAt, importsTo + quietSeconds * 1000);
    await Promise.all([saving, probing]);
    const seconds = now() / 1000;

    // What the database holds: every acknowledged save; the two imports in full.
    const database = server.openDatabase();
    let lost = 0;
    const stored = new Map<string, number>();
    const ids = papers.filter(Boolean).map((p) => p.id);
    for (let k = 0; k < ids.length; k += 500) {
      const rows = await database.db.selectFrom('paper_qu').select(['paper_id', 'qu_id', 'seq']).where('paper_id', 'in', ids.slice(k, k + 500)).execute();
      for (const r of rows) stored.set(`${r.paper_id}:${r.qu_id}`, r.seq);
    }
    for (const [key, seq] of acked) if ((stored.get(key) ?? 0) < seq) lost++;
    const imported = await database.db.selectFrom('qu').select((eb) => eb.fn.countAll<number>().as('n')).where('repo_id', '=', target.id).executeTakeFirst();
    await database.destroy();

    // The generator's ceiling on this machine: a bare Fastify hello-world.
    const hello = await startHelloWorld();
    let helloPerSec = 0;
    try {
      const run = await cannon({ url: `${hello.base}/hello`, method: 'POST', connections: 64, duration: 5 });
      helloPerSec = Math.round(run.requests.total / 5);
    } finally {
      await hello.stop();
    }

    const during = (at: number) => at >= importsFrom && at <= importsTo;
    const saves = statsOf(`saves (1 per ${interval / 1000} s per candidate)`, saveSent, seconds);
    const savesDuring = statsOf('saves while importing', saveSent.filter((s) => during(s.at)), (importsTo - importsFrom) / 1000);
    const savesOutside = statsOf('saves before and after the imports', saveSent.filter((s) => !during(s.at)), seconds - (importsTo - importsFrom) / 1000);
    const health = statsOf(`/api/health (every ${probeMs} ms)`, probes.map((p, i) => ({ i, latency: p.latency, ok: p.ok })), seconds);
    const healthDuring = statsOf('/api/health while importing', probes.filter((p) => during(p.at)).map((p, i) => ({ i, latency: p.latency, ok: p.ok })), (importsTo - importsFrom) / 1000);
    const before = rss.filter((r) => r.at < importsFrom).map((r) => r.mb).sort((a, b) => a - b);
    const rssIdleMb = before.length ? before[Math.floor(before.length / 2)] : 0;
    const rssPeakMb = Math.max(0, ...rss.map((r) => r.mb));
    table(`Examhall import-storm: ${candidates} candidates, ${server.dialect}`, [saves, savesDuring, savesOutside, health, healthDuring]);
    console.log(`\nsave failures: ${[...reasons].map(([why, n]) => `${n}× ${why}`).join('; ') || 'none'}`);
    console.log(`bomb.docx refused in ${ms(adminRun.bomb.ms)} ms: ${adminRun.bomb.msg}`);
    console.log(`bank.gift: preview ${ms(adminRun.gift.previewMs)} ms, commit ${ms(adminRun.gift.commitMs)} ms (${adminRun.gift.created} questions)`);
    console.log(`bank.xlsx: preview ${ms(adminRun.xlsx.previewMs)} ms, commit ${ms(adminRun.xlsx.commitMs)} ms (${adminRun.xlsx.created} questions); bank holds ${Number(imported?.n ?? 0)}`);
    console.log(`RSS idle ${rssIdleMb} MB, peak ${rssPeakMb} MB; acknowledged saves ${acked.size} keys, lost ${lost}; hello-world ${helloPerSec}/s; load ${os.loadavg()[0].toFixed(1)}`);
    benchLine({
      scenario: 'import-storm',
      database: server.dialect,
      candidates,
      savesPerSec: Math.round(saves.count / Math.max(saves.seconds, 1e-9)),
      saveP99Ms: round1(pct(saves.latencies, 99)),
      saveP99DuringImportsMs: round1(pct(savesDuring.latencies, 99)),
      saveP99OutsideImportsMs: round1(pct(savesOutside.latencies, 99)),
      saveMaxMs: round1(saves.latencies[saves.latencies.length - 1] ?? 0),
      saveErrors: saves.errors,
      healthP99Ms: round1(pct(health.latencies, 99)),
      healthP99DuringImportsMs: round1(pct(healthDuring.latencies, 99)),
      healthMaxMs: round1(health.latencies[health.latencies.length - 1] ?? 0),
      healthErrors: health.errors,
      rssIdleMb,
      rssPeakMb,
      bombRefusedMs: ms(adminRun.bomb.ms),
      giftPreviewMs: ms(adminRun.gift.previewMs),
      giftCommitMs: ms(adminRun.gift.commitMs),
      xlsxPreviewMs: ms(adminRun.xlsx.previewMs),
      xlsxCommitMs: ms(adminRun.xlsx.commitMs),
      imported: Number(imported?.n ?? 0),
      lost,
      helloReqPerSec: helloPerSec,
    });
  } finally {
    await server.stop();
  }
}
