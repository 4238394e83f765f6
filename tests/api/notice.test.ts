import { beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../common/errorCodes';
import type { NoticeRecord } from '../../common/api';
import { sanitizeRichText } from '../../server/lib/sanitize';
import { createDeptTree, DIALECTS, insertUser, useTestApp, type TestContext } from './helpers';


const makeLearner = async (t: TestContext, userName: string, deptId: string) => (await insertUser(t, userName, { deptId })).token;

describe('rich text sanitizer', () => {
  it('keeps formatting, tables, safe links and images', () => {
    const html =
      '<h2>标题</h2><p style="text-align:center">居中 <strong>加粗</strong></p><ul><li>一</li></ul>' +
      '<table><tbody><tr><td colspan="2">格</td></tr></tbody></table>' +
      '<a href="https://example.com/a">链接</a><img src="/api/sys/file/get/123" alt="图">';
    const out = sanitizeRichText(html);
    expect(out).toContain('<h2>标题</h2>');
    expect(out).toContain('<p style="text-align:center">');
    expect(out).toContain('<td colspan="2">格</td>');
    expect(out).toContain('<a rel="noopener noreferrer" target="_blank" href="https://example.com/a">链接</a>');
    expect(out).toContain('<img alt="图" src="/api/sys/file/get/123" />');
  });

  it('removes scripts, styles, frames, handlers and dangerous URLs', () => {
    const out = sanitizeRichText(
      '<p onclick="x()">正文</p><script>alert(1)</script><style>p{}</style><iframe src="https://evil"></iframe>' +
        '<a href="javascript:alert(1)">坏链接</a><img src="x" onerror="alert(1)"><img src="data:image/png;base64,AAAA">' +
        '<p style="position:fixed;color:#f00">色</p>',
    );
    expect(out).not.toMatch(/script|alert|onclick|onerror|iframe|javascript|data:|<style|position/);
    expect(out).toContain('<p>正文</p>');
    expect(out).toContain('<a rel="noopener noreferrer" target="_blank">坏链接</a>');
    expect(out).toContain('<p style="color:#f00">色</p>');
    expect(out).not.toContain('<img');
  });
});

describe.each(DIALECTS)('notices on %s', (dialect) => {
  const t = useTestApp(dialect);
  const dept = { train: '', group: '', sales: '' };
  const tokens = { group: '', sales: '', none: '' };

  beforeAll(async () => {
    Object.assign(dept, await createDeptTree(t));
    tokens.group = await makeLearner(t, 'n_group', dept.group);
    tokens.sales = await makeLearner(t, 'n_sales', dept.sales);
    tokens.none = await makeLearner(t, 'n_none', '');
  });

  const save = async (body: Record<string, unknown>) => {
    const r = await t.call<NoticeRecord>('/api/sys/notice/save', body, await t.adminToken());
    expect(r.body.code, r.body.msg).toBe(0);
    return r.body.data;
  };
  const myTitles = async (token: string, title: string) =>
    ((await t.call('/api/sys/notice/my-paging', { current: 1, size: 50, params: { title } }, token)).body.data.records as NoticeRecord[]).map((n) => n.title);

  it('saves sanitized content and stamps the publish time when published', async () => {
    const draft = await save({ title: '草稿', content: '<p>你好</p><script>alert(1)</script><img src="x" onerror="alert(1)">', state: 0, targetType: 1 });
    expect(draft).toMatchObject({ title: '草稿', content: '<p>你好</p>', state: 0, targetType: 1, deptIds: [], createByName: '系统管理员', publishTime: null });
    const published = await save({ id: draft.id, title: '草稿', content: draft.content, state: 1, targetType: 1 });
    expect(published.publishTime).toBe(t.clock.now());
    t.clock.advance(60_000);
    const again = await save({ id: draft.id, title: '改标题', content: draft.content, state: 1, targetType: 1 });
    expect(again.publishTime).toBe(published.publishTime);
    const detail = await t.call('/api/sys/notice/detail', { id: draft.id }, await t.adminToken());
    expect(detail.body.data).toEqual(again);
  });

  it('refuses empty content and department notices without valid departments', async () => {
    const admin = await t.adminToken();
    const empty = await t.call('/api/sys/notice/save', { title: 'x', content: '<p>&nbsp;</p><script>alert(1)</script>', state: 1, targetType: 1 }, admin);
    expect(empty.body.msg).toBe('公告内容不能为空');
    const noDepts = await t.call('/api/sys/notice/save', { title: 'x', content: '<p>y</p>', state: 1, targetType: 2, deptIds: [] }, admin);
    expect(noDepts.body.code).toBe(ErrorCode.FAIL);
    const ghost = await t.call('/api/sys/notice/save', { title: 'x', content: '<p>y</p>', state: 1, targetType: 2, deptIds: ['ghost'] }, admin);
    expect(ghost.body.code).toBe(ErrorCode.FAIL);
  });

  it('shows learners the published notices for everyone and for their department or any above it', async () => {
    // Published a minute apart: readers see the latest first.
    await save({ title: '可见-全员', content: '<p>e</p>', state: 1, targetType: 1 });
    t.clock.advance(60_000);
    await save({ title: '可见-培训部', content: '<p>a</p>', state: 1, targetType: 2, deptIds: [dept.train] });
    t.clock.advance(60_000);
    await save({ title: '可见-总部', content: '<p>b</p>', state: 1, targetType: 2, deptIds: ['dept_root'] });
    t.clock.advance(60_000);
    await save({ title: '可见-销售部', content: '<p>c</p>', state: 1, targetType: 2, deptIds: [dept.sales] });
    await save({ title: '可见-未发布', content: '<p>d</p>', state: 0, targetType: 1 });
    expect(await myTitles(tokens.group, '可见')).toEqual(['可见-总部', '可见-培训部', '可见-全员']);
    expect(await myTitles(tokens.sales, '可见')).toEqual(['可见-销售部', '可见-总部', '可见-全员']);
    expect(await myTitles(tokens.none, '可见')).toEqual(['可见-全员']);
    const filtered = await t.call('/api/sys/notice/my-paging', { current: 1, size: 10, params: { title: '可见-总' } }, tokens.group);
    expect(filtered.body.data.total).toBe(1);
  });

  it('opens a notice only for those who may see it', async () => {
    const sales = await save({ title: '打开-销售部', content: '<p>c</p>', state: 1, targetType: 2, deptIds: [dept.sales] });
    const draft = await save({ title: '打开-草稿', content: '<p>d</p>', state: 0, targetType: 1 });
    expect(sales.deptIds).toEqual([dept.sales]);
    expect((await t.call('/api/sys/notice/my-detail', { id: sales.id }, tokens.sales)).body.data).toMatchObject({ title: '打开-销售部', content: '<p>c</p>' });
    expect((await t.call('/api/sys/notice/my-detail', { id: sales.id }, tokens.group)).body.code).toBe(ErrorCode.NOT_FOUND);
    expect((await t.call('/api/sys/notice/my-detail', { id: draft.id }, tokens.sales)).body.code).toBe(ErrorCode.NOT_FOUND);
  });

  it('pages and deletes for administrators, and keeps learners out', async () => {
    const admin = await t.adminToken();
    const draft = await save({ title: '分页-草稿', content: '<p>d</p>', state: 0, targetType: 2, deptIds: [dept.train] });
    await save({ title: '分页-已发布', content: '<p>p</p>', state: 1, targetType: 1 });
    const drafts = await t.call('/api/sys/notice/paging', { current: 1, size: 10, params: { state: 0, title: '分页' } }, admin);
    expect(drafts.body.data.records.map((n: NoticeRecord) => n.title)).toEqual(['分页-草稿']);
    for (const url of ['/api/sys/notice/paging', '/api/sys/notice/detail', '/api/sys/notice/save', '/api/sys/notice/delete']) {
      const r = await t.call(url, { current: 1, size: 10, id: draft.id, ids: [draft.id], title: 'x', content: '<p>x</p>', state: 1, targetType: 1 }, tokens.group);
      expect(r.body.code, url).toBe(ErrorCode.FORBIDDEN);
    }
    expect((await t.call('/api/sys/notice/delete', { ids: [draft.id] }, admin)).body.code).toBe(0);
    expect((await t.call('/api/sys/notice/detail', { id: draft.id }, admin)).body.code).toBe(ErrorCode.NOT_FOUND);
    // Its target departments went with it.
    const targets = await t.database.db.selectFrom('sys_notice_depart').select('dept_id').where('notice_id', '=', draft.id).execute();
    expect(targets).toEqual([]);
  });
});
