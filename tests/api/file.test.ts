import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../common/errorCodes';
import { DIALECTS, PNG, uploadParts, useTestApp, type MultipartPart as Part } from './helpers';

const upload = uploadParts;
const file = (fileName: string, value: Buffer | string, type = 'application/octet-stream'): Part => ({ name: 'file', fileName, value, type });
const kind = (value: string): Part => ({ name: 'kind', value });

describe.each(DIALECTS)('file upload on %s', (dialect) => {
  const t = useTestApp(dialect);
  afterAll(() => fs.rmSync(t.config.dataDir, { recursive: true, force: true }));

  it('stores an avatar PNG and serves it back publicly, inline, with nosniff', async () => {
    const token = await t.adminToken();
    const r = await upload(t, [kind('avatar'), file('我的头像.png', PNG, 'image/png')], token);
    expect(r.body.code).toBe(0);
    const { id, url, name, size } = r.body.data;
    expect(url).toBe(`/api/sys/file/get/${id}`);
    // Served without a token, so the id must not be guessable (not time-ordered).
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(name).toBe('我的头像.png');
    expect(size).toBe(PNG.length);

    const got = await t.app.inject({ method: 'GET', url });
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.headers['x-content-type-options']).toBe('nosniff');
    expect(got.headers['content-disposition']).toMatch(/^inline;/);
    expect(got.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(got.rawPayload.equals(PNG)).toBe(true);

    const month = new Date();
    const stored = path.join(t.config.dataDir, 'files', String(month.getFullYear()), String(month.getMonth() + 1).padStart(2, '0'), `${id}.png`);
    expect(fs.existsSync(stored)).toBe(true);
  });

  it('refuses a fake PNG, an SVG and anything over 2 MB as an avatar', async () => {
    const token = await t.adminToken();
    const fake = await upload(t, [kind('avatar'), file('evil.png', '<html><script>alert(1)</script></html>', 'image/png')], token);
    expect(fake.body).toMatchObject({ code: ErrorCode.FAIL, msg: '仅支持 PNG、JPG、GIF、WEBP 格式的图片' });
    const svg = await upload(t, [kind('logo'), file('logo.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>', 'image/svg+xml')], token);
    expect(svg.body.code).toBe(ErrorCode.FAIL);
    const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]);
    const tooBig = await upload(t, [kind('avatar'), file('big.png', big, 'image/png')], token);
    expect(tooBig.body).toMatchObject({ code: ErrorCode.FAIL, msg: '图片不能超过 2MB' });
    const bigLogo = await upload(t, [kind('logo'), file('big.png', Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]), 'image/png')], token);
    expect(bigLogo.body).toMatchObject({ code: ErrorCode.FAIL, msg: '图片不能超过 5MB' });
    const rows = await t.database.db.selectFrom('sys_file').select('file_name').execute();
    expect(rows.map((r) => r.file_name)).not.toContain('evil.png');
  });

  it('takes allowed documents as private attachments and refuses other types', async () => {
    const token = await t.adminToken();
    const pdf = await upload(t, [kind('course'), file('讲义.pdf', '%PDF-1.4\n%test\n', 'application/pdf')], token);
    expect(pdf.body.code).toBe(0);
    const got = await t.app.inject({ method: 'GET', url: pdf.body.data.url, headers: { token } });
    expect(got.headers['content-type']).toBe('application/pdf');
    expect(got.headers['content-disposition']).toBe(`attachment; filename="??.pdf"; filename*=UTF-8''${encodeURIComponent('讲义.pdf')}`);
    expect(got.headers['cache-control']).toBe('private, no-store');
    for (const name of ['page.html', 'tool.exe', 'x.svg', 'noext']) {
      const r = await upload(t, [file(name, 'data')], token);
      expect(r.body.code, name).toBe(ErrorCode.FAIL);
      expect(r.body.msg, name).toContain('不支持的文件类型');
    }
    // The content must be what the name says (file-type reads the magic bytes).
    const fakePdf = await upload(t, [kind('course'), file('讲义.pdf', 'just text', 'application/pdf')], token);
    expect(fakePdf.body).toMatchObject({ code: ErrorCode.FAIL, msg: '文件内容与扩展名 .pdf 不符，请检查后重新上传' });
    const exeAsTxt = await upload(t, [file('notes.txt', Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200)]))], token);
    expect(exeAsTxt.body.code).toBe(ErrorCode.FAIL);
  });

  it('never builds a path from the file name', async () => {
    const token = await t.adminToken();
    const r = await upload(t, [file('../../../../etc/passwd.txt', 'hello')], token);
    expect(r.body.code).toBe(0);
    expect(r.body.data.name).toBe('passwd.txt');
    const row = await t.database.db.selectFrom('sys_file').select('storage_key').where('id', '=', r.body.data.id).executeTakeFirstOrThrow();
    expect(row.storage_key).toMatch(new RegExp(`^\\d{4}/\\d{2}/${r.body.data.id}\\.txt$`));
    const traversal = await t.app.inject({ method: 'GET', url: '/api/sys/file/get/..%2F..%2Fpackage.json' });
    expect(traversal.statusCode).toBe(404);
    expect(traversal.json().code).toBe(ErrorCode.NOT_FOUND);
  });

  it('refuses anonymous uploads and requests without a file; unknown ids answer the 404 envelope', async () => {
    const anon = await upload(t, [kind('avatar'), file('a.png', PNG, 'image/png')]);
    expect(anon.body.code).toBe(ErrorCode.SESSION_INVALID);
    const json = await t.call('/api/sys/file/upload', {}, await t.adminToken());
    expect(json.body).toMatchObject({ code: ErrorCode.FAIL, msg: '请选择要上传的文件' });
    const missing = await t.app.inject({ method: 'GET', url: '/api/sys/file/get/999999' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: ErrorCode.NOT_FOUND, data: null });
  });
});
