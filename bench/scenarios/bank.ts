/**
 * Scenario "bank": a bank of BENCH_QUESTIONS questions (default 10,000, imported through the API in
 * batches); then question paging (filtered by bank, by type, by text, deep pages) and list-stat
 * under BENCH_CONNECTIONS concurrent callers for BENCH_SECONDS each; then one import of 1,000
 * pasted text questions end to end (parse preview, then commit).
 */
import { authApi, quApi, repoApi } from '../../common/api';
import { QuType } from '../../common/codes';
import { ADMIN_PASSWORD, api, benchLine, envNumber, pct, pool, startServer, table } from '../lib';

function question(i: number) {
  const type = [QuType.SINGLE, QuType.MULTIPLE, QuType.JUDGE, QuType.FILL][i % 4];
  const level = (i % 3 === 0 ? 2 : 1) as 1 | 2;
  if (type === QuType.JUDGE) return { quType: type, level, content: `<p>判断题 ${i}：安全第一。</p>`, answerList: [{ content: '正确', isRight: true }, { content: '错误', isRight: false }] };
  if (type === QuType.FILL) return { quType: type, level, content: `<p>填空题 ${i}：首都是<span data-blank="1"></span>。</p>`, blanks: [{ answers: ['北京'] }] };
  return {
    quType: type,
    level,
    content: `<p>${type === QuType.SINGLE ? '单选' : '多选'}题 ${i}：下列哪些是正确的做法？</p>`,
    tags: [`知识点${i % 20}`],
    answerList: [{ content: '甲', isRight: true }, { content: '乙', isRight: type === QuType.MULTIPLE }, { content: '丙', isRight: false }],
  };
}

function pasted(n: number): string {
  return Array.from({ length: n }, (_, i) => `${i + 1}. 【单选题】导入题 ${i + 1}：灭火器第一步应当（\u3000）。\nA. 拔出保险销\nB. 对准火焰顶部\n答案：A\n解析：先拔保险销。`).join('\n\n');
}

export async function run(): Promise<void> {
  const total = envNumber('BENCH_QUESTIONS', 10_000);
  const seconds = envNumber('BENCH_SECONDS', 10);
  const connections = envNumber('BENCH_CONNECTIONS', 16);
  const server = await startServer();
  try {
    const { base } = server;
    const admin = (await api(base, authApi.login, { username: 'admin', password: ADMIN_PASSWORD })).token;
    const repo = await api(base, repoApi.save, { title: '压测题库', practiceOpen: false, practiceAudience: 1 }, admin);
    console.log(`Importing ${total} questions…`);
    for (let from = 0; from < total; from += 1000) {
      await api(base, quApi.importCommit, { repoId: repo.id, items: Array.from({ length: Math.min(1000, total - from) }, (_, k) => question(from + k)) as never }, admin);
    }
    const pages = Math.ceil(total / 20);
    const timed = (name: string, task: (i: number) => Promise<unknown>) => pool(name, 1_000_000, connections, async (i) => void (await task(i)), Date.now() + seconds * 1000);
    const paging = await timed('question paging (bank, random page of 20)', (i) =>
      api(base, quApi.paging, { current: 1 + ((i * 7919) % pages), size: 20, params: { repoId: repo.id } }, admin),
    );
    const filtered = await timed('question paging (type + text + level)', (i) =>
      api(base, quApi.paging, { current: 1, size: 20, params: { repoId: repo.id, quType: QuType.MULTIPLE, level: 2, content: `题 ${i % 100}` } }, admin),
    );
    const stat = await timed('list-stat', () => api(base, repoApi.listStat, { id: repo.id }, admin));

    const text = pasted(1000);
    const t0 = performance.now();
    const preview = await api(base, quApi.importParse, { format: 'text', text, repoId: repo.id }, admin);
    const parsedMs = performance.now() - t0;
    const target = await api(base, repoApi.save, { title: '导入压测', practiceOpen: false, practiceAudience: 1 }, admin);
    await api(base, quApi.importCommit, { repoId: target.id, items: preview.items.map((it) => it.question) }, admin);
    const importMs = performance.now() - t0;
    const errors = preview.items.filter((it) => it.errors.length).length;

    table(`Examhall bank: ${total} questions, ${connections} callers, ${server.dialect}`, [paging, filtered, stat]);
    console.log(`\nimport of 1000 pasted questions: preview ${parsedMs.toFixed(0)} ms, end to end ${importMs.toFixed(0)} ms, ${errors} with errors`);
    benchLine({
      scenario: 'bank',
      database: server.dialect,
      questions: total,
      pagingP95Ms: Number(pct(paging.latencies, 95).toFixed(1)),
      filteredPagingP95Ms: Number(pct(filtered.latencies, 95).toFixed(1)),
      listStatP95Ms: Number(pct(stat.latencies, 95).toFixed(1)),
      importPreviewMs: Math.round(parsedMs),
      import1000Ms: Math.round(importMs),
      importErrors: errors,
      errors: paging.errors + filtered.errors + stat.errors,
    });
  } finally {
    await server.stop();
  }
}
