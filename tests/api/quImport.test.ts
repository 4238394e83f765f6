import fs from 'node:fs';
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
