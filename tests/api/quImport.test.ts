import fs from 'node:fs';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import type { ImportParseResult, RepoRecord } from '../../common/api';
import { TINY_PNG } from '../../server/modules/qu/import/testing';
import { DIALECTS, multipart, useTestApp, type TestContext } from './helpers';

/** A Moodle GIFT export, saved as .txt the way Moodle offers it. */
const GIFT = `// ===第一部分===

$CATEGORY: $course$/top/消防

::电话:: 火警电话是 {~%50%110 =119 ~120}

::断电:: 电器着火应先切断电源。{T#不对#对}

::安全色:: 以下属于安全色的有 {~%50%红色 ~%50%黄色 ~%-100%紫色}
`;

async function upload(t: TestContext, token: string, fileName: string, content: string | Buffer, fields: Record<string, string> = {}) {
  const body = multipart([...Object.entries(fields).map(([name, value]) => ({ name, value })), { name: 'file', value: content, fileName, type: 'text/plain' }]);
  const res = await t.app.inject({ method: 'POST', url: '/api/qu/qu/import/parse', payload: body.payload, headers: { 'content-type': body.contentType, token } });
  return res.json() as { code: number; msg: string; data: ImportParseResult };
}

describe.each(DIALECTS)('imports read by content, with warnings, on %s', (dialect) => {
  const t = useTestApp(dialect);
  afterAll(() => fs.rmSync(t.config.dataDir, { recursive: true, force: true }));

  it('reads a GIFT export uploaded as .txt as GIFT, says so, and counts the items with warnings', async () => {
    const admin = await t.adminToken();
    const parsed = await upload(t, admin, 'moodle-export.txt', GIFT);
    expect(parsed.code, parsed.msg).toBe(0);
    expect(parsed.data.format).toBe('gift');
    expect(parsed.data.namedFormat).toBe('text');
    expect(parsed.data.warned).toBe(3);
    expect(parsed.data.items.map((i) => [i.source, i.question.quType, i.errors, i.warnings.map((w) => w.message)])).toEqual([
      ['第1题（第5行，电话）', 1, [], ['权重已忽略：选项A（50%）改按错误选项计分，正确答案只有选项B']],
      ['第2题（第7行，断电）', 3, [], ['判断题的反馈已并入解析']],
      [
        '第3题（第9行，安全色）',
        2,
        [],
        ['权重已忽略：选项A（50%）、选项B（50%）、选项C（-100%）。正确答案为选项A、B，全部选对且不错选才得满分，漏选按试卷大题的“漏选得分”计分'],
      ],
    ]);
    expect(parsed.data.items[0].question.answerList!.map((o) => o.isRight)).toEqual([false, true, false]);
    expect(parsed.data.items[0].warnings[0].field).toBe('answerList');
  });

  it('reads exactly the format the administrator chose, and plain text as text', async () => {
    const admin = await t.adminToken();
    const chosen = await upload(t, admin, 'moodle-export.txt', GIFT, { format: 'text' });
    expect(chosen.code, chosen.msg).toBe(0);
    expect(chosen.data.format).toBe('text');
    expect(chosen.data).not.toHaveProperty('namedFormat');
    const plain = await upload(t, admin, '题库.txt', '1. 地球是圆的\n答案：对');
    expect(plain.data).toMatchObject({ format: 'text', warned: 0, items: [{ question: { quType: 3 }, warnings: [] }] });
    expect(plain.data).not.toHaveProperty('namedFormat');
  });

  it('a pasted <quiz> is Moodle XML when asked to detect, and exactly the chosen format when not; its Moodle 1.9 picture is stored', async () => {
    const admin = await t.adminToken();
    const xml = `<?xml version="1.0"?><quiz><question type="truefalse"><name><text>图</text></name><questiontext format="html"><text>图中是干粉灭火器。</text></questiontext><image>fire.png</image><image_base64>${TINY_PNG.toString('base64')}</image_base64><answer fraction="100"><text>true</text></answer><answer fraction="0"><text>false</text></answer></question></quiz>`;
    const detected = await t.call<ImportParseResult>('/api/qu/qu/import/parse', { format: 'text', text: xml, detect: true }, admin);
    expect(detected.body.code, detected.body.msg).toBe(0);
    expect(detected.body.data).toMatchObject({ format: 'xml', namedFormat: 'text', warned: 0 });
    const content = detected.body.data.items[0].question.content;
    const src = /<img[^>]*src="([^"]+)"/.exec(content)?.[1];
    expect(src).toMatch(/^\/api\/sys\/file\/get\//);
    const picture = await t.app.inject({ method: 'GET', url: src!, headers: { token: admin } });
    expect(picture.statusCode).toBe(200);
    expect(picture.rawPayload.equals(TINY_PNG)).toBe(true);

    const exact = await t.call<ImportParseResult>('/api/qu/qu/import/parse', { format: 'text', text: xml }, admin);
    expect(exact.body.data.format).toBe('text');
    expect(exact.body.data).not.toHaveProperty('namedFormat');
  });

  it('the commit report counts the questions saved with warnings', async () => {
    const admin = await t.adminToken();
    const bank = (await t.call<RepoRecord>('/api/repo/save', { title: '提醒题库', practiceOpen: false, practiceAudience: 1 }, admin)).body.data;
    const parsed = await upload(t, admin, 'moodle-export.txt', GIFT, { repoId: bank.id });
    const items = parsed.data.items;
    const committed = await t.call('/api/qu/qu/import/commit', { repoId: bank.id, items: items.map((i) => i.question), warnings: items.map((i) => i.warnings.length) }, admin);
    expect(committed.body).toEqual({ code: 0, msg: '导入成功', data: { created: 3, warned: 3 } });
    const plain = await t.call('/api/qu/qu/import/commit', { repoId: bank.id, items: [items[0].question] }, admin);
    expect(plain.body.data).toEqual({ created: 1, warned: 0 });
  });
});

/** A single-choice question for a commit body. */
const single = (content: string) => ({ quType: 1, content, answerList: [{ content: '对', isRight: true }, { content: '错', isRight: false }] });

describe.each(DIALECTS)('an import commit, read in a worker, on %s', (dialect) => {
  const t = useTestApp(dialect);
  afterAll(() => fs.rmSync(t.config.dataDir, { recursive: true, force: true }));
  const raw = async (token: string, payload: string) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/qu/qu/import/commit', payload, headers: { 'content-type': 'application/json', token } });
    return { status: res.statusCode, body: res.json() as { code: number; msg: string; data: unknown } };
  };
  const bankSize = async (repoId: string) => Number((await t.database.db.selectFrom('qu').select((eb) => eb.fn.countAll().as('n')).where('repo_id', '=', repoId).executeTakeFirstOrThrow()).n);
  const newBank = async (admin: string, title: string) => (await t.call<RepoRecord>('/api/repo/save', { title, practiceOpen: false, practiceAudience: 1 }, admin)).body.data;

  it('refuses what every call refuses, with the same answers: a schema breach, NUL, __proto__, deep nesting, broken JSON', async () => {
    const admin = await t.adminToken();
    const bank = await newBank(admin, '校验题库');
    const schema = await raw(admin, JSON.stringify({ repoId: bank.id, items: [{ content: '缺题型' }] }));
    expect([schema.status, schema.body.code, schema.body.msg]).toEqual([400, 10010001, "参数不正确：items.0.quType must have required property 'quType'"]);
    const nul = await raw(admin, JSON.stringify({ repoId: bank.id, items: [single('空\u0000字符')] }));
    expect([nul.status, nul.body.msg]).toEqual([400, '内容含有不可见的控制字符，请删除后重试']);
    const proto = await raw(admin, `{"repoId":"${bank.id}","items":[${JSON.stringify(single('原型'))}],"__proto__":{"x":1}}`);
    expect([proto.status, proto.body.code]).toEqual([400, 10010001]);
    const deep = await raw(admin, `{"repoId":"${bank.id}","items":${'['.repeat(40)}${']'.repeat(40)}}`);
    expect([deep.status, deep.body.msg]).toEqual([400, '请求内容嵌套过深']);
    const broken = await raw(admin, `{"repoId":"${bank.id}","items":[`);
    expect([broken.status, broken.body.code]).toEqual([400, 10010001]);
    expect(await bankSize(bank.id)).toBe(0);
  });

  it('answers where a job stands by its ticket, to a signed-in caller, and checks the ticket', async () => {
    const admin = await t.adminToken();
    expect((await t.call('/api/sys/job/progress', { ticket: 'no-such-ticket-0000' }, admin)).body).toEqual({ code: 0, msg: '操作成功', data: { state: 'unknown', ahead: 0 } });
    const bad = await t.call('/api/sys/job/progress', { ticket: 'short' }, admin);
    expect([bad.status, bad.body.code]).toEqual([400, 10010001]);
    expect((await t.call('/api/sys/job/progress', { ticket: 'no-such-ticket-0000' })).body.code).not.toBe(0);
  });

  it('names the first unanswerable question and saves none; drops fields the schema does not list', async () => {
    const admin = await t.adminToken();
    const bank = await newBank(admin, '整批题库');
    const items = [single('第一题'), { quType: 1, content: '没有正确选项', answerList: [{ content: '甲', isRight: false }, { content: '乙', isRight: false }] }, single('第三题')];
    const refused = await raw(admin, JSON.stringify({ repoId: bank.id, items }));
    expect(refused.body.code).not.toBe(0);
    expect(refused.body.msg).toMatch(/^第2题：/);
    expect(await bankSize(bank.id)).toBe(0);
    const extra = await raw(admin, JSON.stringify({ repoId: bank.id, items: [{ ...single('多余字段'), secret: 'x' }], extra: 1 }));
    expect(extra.body).toEqual({ code: 0, msg: '导入成功', data: { created: 1, warned: 0 } });
  });

  it('saves a large commit in bank order, and all or none when the database refuses a row midway', async () => {
    const admin = await t.adminToken();
    const bank = await newBank(admin, '大批题库');
    const many = Array.from({ length: 450 }, (_, i) => single(`<p>第${i + 1}题</p>`));
    const ok = await raw(admin, JSON.stringify({ repoId: bank.id, items: many }));
    expect(ok.body.data).toEqual({ created: 450, warned: 0 });
    const order = await t.database.db.selectFrom('qu').select(['content', 'sort']).where('repo_id', '=', bank.id).orderBy('sort').execute();
    expect(order.map((r) => r.content)).toEqual(many.map((q) => q.content));

    // A row the database refuses, in the third part of 200: the parts before it are taken back.
    const other = await newBank(admin, '中途失败题库');
    if (dialect === 'sqlite') {
      await sql`CREATE TRIGGER refuse_boom BEFORE INSERT ON qu WHEN NEW.content LIKE '%boom%' BEGIN SELECT RAISE(ABORT, 'boom'); END`.execute(t.database.db);
    } else {
      await sql`CREATE OR REPLACE FUNCTION refuse_boom() RETURNS trigger AS $$ BEGIN IF NEW.content LIKE '%boom%' THEN RAISE EXCEPTION 'boom'; END IF; RETURN NEW; END $$ LANGUAGE plpgsql`.execute(t.database.db);
      await sql`CREATE TRIGGER refuse_boom BEFORE INSERT ON qu FOR EACH ROW EXECUTE FUNCTION refuse_boom()`.execute(t.database.db);
    }
    try {
      const failing = many.map((q, i) => (i === 420 ? single('<p>boom</p>') : q));
      const refused = await raw(admin, JSON.stringify({ repoId: other.id, items: failing }));
      expect(refused.body.code).not.toBe(0);
      expect(await bankSize(other.id)).toBe(0);
    } finally {
      await sql`DROP TRIGGER refuse_boom${dialect === 'sqlite' ? sql`` : sql` ON qu`}`.execute(t.database.db);
    }
  });
});
