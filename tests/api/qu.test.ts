import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import type { ImportParseResult, QuDetail, RepoRecord } from '../../common/api';
import { PracticeMode, QuType } from '../../common/codes';
import { ErrorCode } from '../../common/errorCodes';
import { registerRepoUsage } from '../../server/modules/qu/repo.service';
import { DIALECTS, insertUser, multipart, useTestApp, type TestContext } from './helpers';

async function saveRepo(t: TestContext, body: Record<string, unknown> = {}): Promise<RepoRecord> {
  const r = await t.call<RepoRecord>('/api/repo/save', { title: '消防安全题库', practiceOpen: false, practiceAudience: 1, ...body }, await t.adminToken());
  expect(r.body.code, r.body.msg).toBe(0);
  return r.body.data;
}

async function saveQu(t: TestContext, body: Record<string, unknown>): Promise<QuDetail> {
  const r = await t.call<QuDetail>('/api/qu/qu/save', body, await t.adminToken());
  expect(r.body.code, r.body.msg).toBe(0);
  return r.body.data;
}

const single = (repoId: string, content = '<p>使用干粉灭火器时，第一步应当？</p>') => ({
  repoId,
  quType: QuType.SINGLE,
  content,
  analysis: '<p>先拔保险销。</p>',
  tags: ['灭火器'],
  answerList: [
    { content: '拔出保险销', isRight: true },
    { content: '对准火焰顶部', isRight: false },
  ],
});

const TEXT = `1. 【单选题】使用干粉灭火器时，第一步应当（\u3000）。
A. 拔出保险销
B. 对准火焰顶部喷射
答案：A
解析：先拔保险销。

2. 【多选题】火灾的三要素包括
A. 可燃物
B. 助燃物
C. 点火源
D. 水
答案：ABC

3. 地球是圆的。
答案：正确

4. 中国的首都是____。
答案：北京

5. 【单选题】没有答案的题
A. 甲
B. 乙
`;

describe.each(DIALECTS)('question banks and questions on %s', (dialect) => {
  const t = useTestApp(dialect);
  afterAll(() => fs.rmSync(t.config.dataDir, { recursive: true, force: true }));

  it('refuses learners and administrators without the tags on every bank and question call', async () => {
    const learner = await insertUser(t, `learner_${dialect}_auth`);
    const calls: Array<[string, unknown]> = [
      ['/api/repo/catalog/save', { title: 'x' }],
      ['/api/repo/paging', { current: 1, size: 10 }],
      ['/api/repo/save', { title: 'x', practiceOpen: false, practiceAudience: 1 }],
      ['/api/repo/delete', { ids: ['x'] }],
      ['/api/repo/list-stat', { id: 'x' }],
      ['/api/qu/qu/paging', { current: 1, size: 10 }],
      ['/api/qu/qu/detail', { id: 'x' }],
      ['/api/qu/qu/save', single('x')],
      ['/api/qu/qu/delete', { ids: ['x'] }],
      ['/api/qu/qu/import/commit', { repoId: 'x', items: [single('x')] }],
      ['/api/qu/qu/import/parse', { format: 'text', text: TEXT }],
      ['/api/qu/qu/export', {}],
    ];
    for (const [url, body] of calls) {
      const r = await t.call(url, body, learner.token);
      expect(r.body.code, url).toBe(ErrorCode.FORBIDDEN);
      expect(JSON.stringify(r.body), url).not.toContain('isRight');
    }
  });

  it('files banks under categories, counts questions per type and level, and refuses deletion while something draws from a bank', async () => {
    const admin = await t.adminToken();
    const cat = (await t.call('/api/repo/catalog/save', { title: '安全生产' }, admin)).body.data;
    const bank = await saveRepo(t, { catId: cat.id, title: '  消防题库 ' });
    expect(bank).toMatchObject({ title: '消防题库', catName: '安全生产', quCount: 0 });
    await saveQu(t, single(bank.id));
    await saveQu(t, { ...single(bank.id, '<p>第二题</p>'), level: 2 });
    const stat = (await t.call('/api/repo/list-stat', { id: bank.id }, admin)).body.data;
    expect(stat).toEqual([
      { quType: QuType.SINGLE, level: 1, count: 1 },
      { quType: QuType.SINGLE, level: 2, count: 1 },
    ]);
    const tree = (await t.call('/api/repo/catalog/tree', {}, admin)).body.data;
    expect(tree.find((n: { id: string }) => n.id === cat.id)).toMatchObject({ repoCount: 1 });
    const listed = (await t.call('/api/repo/paging', { current: 1, size: 10, params: { catId: cat.id } }, admin)).body.data;
    expect(listed.records.map((r: RepoRecord) => [r.title, r.quCount])).toEqual([['消防题库', 2]]);
    expect((await t.call('/api/repo/catalog/delete', { ids: [cat.id] }, admin)).body.msg).toBe('分类“安全生产”下还有题库，请先移走或删除这些题库');

    registerRepoUsage(t.app.ctx, async (_ctx, ids) => (ids.includes(bank.id) ? '考试“期末考试”正在使用该题库，不能删除' : null));
    const refused = await t.call('/api/repo/delete', { ids: [bank.id] }, admin);
    expect(refused.body).toMatchObject({ code: ErrorCode.FAIL, msg: '考试“期末考试”正在使用该题库，不能删除' });
  });

  it('saves every type sanitized, refuses questions that cannot be answered, and keeps practice audiences', async () => {
    const admin = await t.adminToken();
    const bank = await saveRepo(t);
    const saved = await saveQu(t, { ...single(bank.id, '<p onclick="x()">题干<script>alert(1)</script></p>') });
    expect(saved.content).toBe('<p>题干</p>');
    expect(saved.answerList!.every((o) => /^[a-z0-9]{6}$/.test(o.id!))).toBe(true);

    const noRight = await t.call('/api/qu/qu/save', { ...single(bank.id), answerList: [{ content: 'A', isRight: false }, { content: 'B', isRight: false }] }, admin);
    expect(noRight.body.code).toBe(ErrorCode.FAIL);
    expect(noRight.body.msg).toMatch(/正确答案|正确选项/);
    const empty = await t.call('/api/qu/qu/save', { ...single(bank.id), content: '<p> </p>' }, admin);
    expect(empty.body.code).toBe(ErrorCode.FAIL);

    const fill = await saveQu(t, {
      repoId: bank.id,
      quType: QuType.FILL,
      content: '<p>中国的首都是<span data-blank="1"></span>。</p>',
      blanks: [{ answers: ['北京', 'Beijing'] }],
    });
    expect(fill.blanks).toEqual([{ answers: ['北京', 'Beijing'] }]);
    const noBlankAnswer = await t.call('/api/qu/qu/save', { repoId: bank.id, quType: QuType.FILL, content: '<p>空<span data-blank="1"></span></p>', blanks: [{ answers: [] }] }, admin);
    expect(noBlankAnswer.body.code).toBe(ErrorCode.FAIL);

    const combined = await saveQu(t, {
      repoId: bank.id,
      quType: QuType.COMBINED,
      content: '<p>材料</p>',
      subList: [
        { quType: QuType.JUDGE, share: 1, content: '<p>对吗？</p>', answerList: [{ content: '正确', isRight: true }, { content: '错误', isRight: false }] },
        { quType: QuType.SHORT, share: 2, content: '<p>为什么？</p>', refAnswer: '<p>因为</p>' },
      ],
    });
    expect(combined.subList!.map((s) => typeof s.id)).toEqual(['string', 'string']);
    const edited = await saveQu(t, { ...combined, content: '<p>新材料</p>' });
    expect(edited.subList!.map((s) => s.id)).toEqual(combined.subList!.map((s) => s.id));

    const nobody = await t.call('/api/repo/save', { id: bank.id, title: 'x', practiceOpen: true, practiceAudience: 3, userIds: [] }, admin);
    expect(nobody.body.msg).toBe('请选择可以练习的人员');
    const learner = await insertUser(t, `learner_${dialect}_aud`);
    const opened = await saveRepo(t, { id: bank.id, practiceOpen: true, practiceAudience: 3, userIds: [learner.id] });
    expect(opened).toMatchObject({ practiceOpen: true, practiceAudience: 3, userIds: [learner.id] });
  }, 20_000);

  it('moves, copies, levels and tags questions in batches and filters by them', async () => {
    const admin = await t.adminToken();
    const from = await saveRepo(t, { title: '源题库' });
    const to = await saveRepo(t, { title: '目标题库' });
    const a = await saveQu(t, single(from.id, '<p>甲题</p>'));
    const b = await saveQu(t, single(from.id, '<p>乙题</p>'));
    expect((await t.call('/api/qu/qu/batch', { ids: [a.id], repoId: to.id, action: 'copy' }, admin)).body.data).toBe(1);
    expect((await t.call('/api/qu/qu/batch', { ids: [b.id], repoId: to.id, action: 'move' }, admin)).body.data).toBe(1);
    const page = async (params: Record<string, unknown>) =>
      (await t.call('/api/qu/qu/paging', { current: 1, size: 20, params }, admin)).body.data.records.map((r: { content: string }) => r.content);
    expect(await page({ repoId: from.id })).toEqual(['<p>甲题</p>']);
    expect(await page({ repoId: to.id })).toEqual(['<p>甲题</p>', '<p>乙题</p>']);
    await t.call('/api/qu/qu/batch-level', { ids: [a.id], level: 2 }, admin);
    expect(await page({ repoId: from.id, level: 2 })).toEqual(['<p>甲题</p>']);
    await t.call('/api/qu/qu/batch-tag', { ids: [a.id], tags: ['防火'], mode: 'add' }, admin);
    expect(await page({ tag: '防火' })).toEqual(['<p>甲题</p>']);
    expect((await t.call('/api/qu/qu/tags', { repoId: from.id }, admin)).body.data).toEqual([
      { name: '灭火器', count: 1 },
      { name: '防火', count: 1 },
    ]);
    expect(await page({ repoId: to.id, content: '乙' })).toEqual(['<p>乙题</p>']);
    await t.call('/api/qu/qu/delete', { ids: [b.id] }, admin);
    expect(await page({ repoId: to.id })).toEqual(['<p>甲题</p>']);
  });

  it('pages a bank in its order with the right totals, filtered or not, past the end, and after edits', async () => {
    const admin = await t.adminToken();
    const bank = await saveRepo(t, { title: '分页题库' });
    const items = Array.from({ length: 25 }, (_, i) => ({ ...single(bank.id, `<p>分页题 ${i + 1}</p>`), level: i % 2 === 0 ? 1 : 2 }));
    expect((await t.call('/api/qu/qu/import/commit', { repoId: bank.id, items }, admin)).body.data.created).toBe(25);
    const paging = async (current: number, params: Record<string, unknown>) => {
      const data = (await t.call('/api/qu/qu/paging', { current, size: 10, params: { repoId: bank.id, ...params } }, admin)).body.data;
      return { total: data.total, pages: data.pages, contents: data.records.map((r: { content: string }) => r.content) };
    };
    const all = await paging(3, {});
    expect(all).toEqual({ total: 25, pages: 3, contents: Array.from({ length: 5 }, (_, i) => `<p>分页题 ${21 + i}</p>`) });
    const harder = await paging(1, { quType: QuType.SINGLE, level: 2 });
    expect(harder.total).toBe(12);
    expect(harder.contents).toEqual([2, 4, 6, 8, 10, 12, 14, 16, 18, 20].map((n) => `<p>分页题 ${n}</p>`));
    expect(await paging(1, { content: '题 1' })).toMatchObject({ total: 11, pages: 2 });
    expect(await paging(5, { content: '题 1' })).toEqual({ total: 11, pages: 2, contents: [] });
    expect(await paging(9, {})).toEqual({ total: 25, pages: 3, contents: [] });
    await saveQu(t, { ...single(bank.id, '<p>分页题 26</p>'), level: 2 });
    expect(await paging(3, { level: 2 })).toEqual({ total: 13, pages: 2, contents: [] });
    expect((await paging(2, { level: 2 })).contents.at(-1)).toBe('<p>分页题 26</p>');
  });

  it('previews an import with every problem and duplicates, commits it, and exports it back to Excel', async () => {
    const admin = await t.adminToken();
    const bank = await saveRepo(t, { title: '导入题库' });
    await saveQu(t, single(bank.id, '<p>使用干粉灭火器时，第一步应当（\u3000）。</p>'));
    const parsed = await t.call<ImportParseResult>('/api/qu/qu/import/parse', { format: 'text', text: TEXT, repoId: bank.id }, admin);
    expect(parsed.body.code, parsed.body.msg).toBe(0);
    const items = parsed.body.data.items;
    expect(items.map((i) => i.question.quType)).toEqual([QuType.SINGLE, QuType.MULTIPLE, QuType.JUDGE, QuType.FILL, QuType.SINGLE]);
    expect(items[0].duplicate).toBe(true);
    expect(items[1].duplicate).toBe(false);
    expect(items[4].errors.length).toBeGreaterThan(0);
    expect(items.slice(0, 4).every((i) => i.errors.length === 0)).toBe(true);

    const refused = await t.call('/api/qu/qu/import/commit', { repoId: bank.id, items: items.map((i) => i.question) }, admin);
    expect(refused.body.code).toBe(ErrorCode.FAIL);
    expect(refused.body.msg).toMatch(/^第5题：/);
    const committed = await t.call('/api/qu/qu/import/commit', { repoId: bank.id, items: items.slice(1, 4).map((i) => i.question) }, admin);
    expect(committed.body).toMatchObject({ code: 0, data: { created: 3 }, msg: '导入成功' });

    const res = await t.app.inject({ method: 'POST', url: '/api/qu/qu/export', payload: { params: { repoId: bank.id } }, headers: { token: admin } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const body = multipart([
      { name: 'repoId', value: bank.id },
      { name: 'file', value: res.rawPayload, fileName: 'export.xlsx', type: 'application/octet-stream' },
    ]);
    const again = await t.app.inject({ method: 'POST', url: '/api/qu/qu/import/parse', payload: body.payload, headers: { 'content-type': body.contentType, token: admin } });
    const back = again.json().data as ImportParseResult;
    expect(back.format).toBe('xlsx');
    expect(back.items).toHaveLength(4);
    expect(back.items.every((i) => i.duplicate && i.errors.length === 0)).toBe(true);

    const template = await t.app.inject({ method: 'POST', url: '/api/qu/qu/import/template', payload: {}, headers: { token: admin } });
    expect(template.statusCode).toBe(200);
    const unknown = multipart([{ name: 'file', value: 'x', fileName: 'a.pdf' }]);
    const pdf = await t.app.inject({ method: 'POST', url: '/api/qu/qu/import/parse', payload: unknown.payload, headers: { 'content-type': unknown.contentType, token: admin } });
    expect(pdf.json().msg).toContain('不支持的文件格式');
  }, 30_000);

  it('shows a learner a question with its answer only once they earned it (here: by practising it)', async () => {
    const bank = await saveRepo(t, { title: '查看题库', practiceOpen: true });
    const q = await saveQu(t, single(bank.id, '<p>可以看吗？</p>'));
    const learner = await insertUser(t, `learner_${dialect}_view`);
    const refused = await t.call('/api/user/qu/detail', { id: q.id }, learner.token);
    expect(refused.body.code).toBe(ErrorCode.FORBIDDEN);
    expect(JSON.stringify(refused.body)).not.toMatch(/isRight|analysis|拔出保险销/);
    const trainId = (await t.call('/api/user/repo/start', { repoId: bank.id, mode: PracticeMode.SEQUENTIAL }, learner.token)).body.data.trainId as string;
    expect((await t.call('/api/user/repo/fill', { trainId, quId: q.id, answers: [] }, learner.token)).body.code).toBe(0);
    const shown = await t.call('/api/user/qu/detail', { id: q.id }, learner.token);
    expect(shown.body.code).toBe(0);
    expect(shown.body.data).toMatchObject({ id: q.id, analysis: '<p>先拔保险销。</p>' });
    const other = await insertUser(t, `learner_${dialect}_other`);
    expect((await t.call('/api/user/qu/detail', { id: q.id }, other.token)).body.code).toBe(ErrorCode.FORBIDDEN);
  });
});

describe('the demo bank', () => {
  const t = useTestApp('sqlite', { SEED_DEMO: 'true' });
  afterAll(() => fs.rmSync(t.config.dataDir, { recursive: true, force: true }));

  it('holds at least 30 questions of every type and both levels, open for practice to everyone', async () => {
    const admin = await t.adminToken();
    const banks = (await t.call('/api/repo/paging', { current: 1, size: 10 }, admin)).body.data.records as RepoRecord[];
    const demo = banks.find((b) => b.title.includes('演示'))!;
    expect(demo).toMatchObject({ practiceOpen: true, practiceAudience: 1 });
    expect(demo.quCount).toBeGreaterThanOrEqual(30);
    expect(new Set(demo.stats.map((s) => s.quType))).toEqual(new Set(QuType.items.map((i) => i.value)));
    expect(new Set(demo.stats.map((s) => s.level))).toEqual(new Set([1, 2]));
  });

  it('gives its matching questions random item ids, not ids named after their pairs', async () => {
    const admin = await t.adminToken();
    const demo = ((await t.call('/api/repo/paging', { current: 1, size: 10 }, admin)).body.data.records as RepoRecord[]).find((b) => b.title.includes('演示'))!;
    const list = (await t.call('/api/qu/qu/paging', { current: 1, size: 50, params: { repoId: demo.id, quType: QuType.MATCH } }, admin)).body.data.records as Array<{ id: string }>;
    expect(list.length).toBeGreaterThanOrEqual(3);
    const ids: string[] = [];
    for (const { id } of list) {
      const q = (await t.call<QuDetail>('/api/qu/qu/detail', { id }, admin)).body.data;
      const right = (q.rightList ?? []).map((r) => r.id!);
      expect(right.length).toBeGreaterThan(0);
      // Each left item still names one of the question's right items: the pairs are unchanged.
      for (const l of q.leftList ?? []) expect(right).toContain(l.rightId);
      ids.push(...right);
    }
    for (const id of ids) expect(id).toMatch(/^[a-z0-9]{6}$/);
    expect(ids.filter((id) => /^[rx]\d+$/.test(id))).toEqual([]);
    // Random, so the questions do not share ids (positional ids would repeat r1, r2… in each).
    expect(new Set(ids).size).toBe(ids.length);
  });
});
