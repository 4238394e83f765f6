import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../../common/errorCodes';
import { DIALECTS, useTestApp } from './helpers';

describe.each(DIALECTS)('site settings on %s', (dialect) => {
  const t = useTestApp(dialect);

  it('serves the settings record without a token', async () => {
    const r = await t.call('/api/sys/config/detail', { id: 1 });
    expect(r.body.code).toBe(0);
    expect(r.body.data).toMatchObject({ id: '1', siteName: 'Examhall 在线考试', allowRegister: true });
  });

  it('refuses to save without a token, and names the missing field on a bad body', async () => {
    const anon = await t.call('/api/sys/config/save', { siteName: 'x', allowRegister: true, registerReview: false });
    expect(anon.body.code).toBe(ErrorCode.SESSION_INVALID);
    const bad = await t.call('/api/sys/config/save', { allowRegister: true }, await t.adminToken());
    expect(bad.status).toBe(400);
    expect(bad.body.data).toMatchObject({ field: 'siteName' });
  });

  it('saves the site name for an administrator', async () => {
    const token = await t.adminToken();
    const r = await t.call('/api/sys/config/save', { siteName: '培训考试中心', allowRegister: false, registerReview: true }, token);
    expect(r.body.code).toBe(0);
    const after = await t.call('/api/sys/config/detail', { id: '1' });
    expect(after.body.data).toMatchObject({ siteName: '培训考试中心', allowRegister: false, registerReview: true });
    await t.call('/api/sys/config/save', { siteName: 'Examhall 在线考试', allowRegister: true, registerReview: false }, token);
  });

  it('takes logos only from our own files or http(s) addresses, as avatars', async () => {
    const token = await t.adminToken();
    const save = (fields: Record<string, unknown>) =>
      t.call('/api/sys/config/save', { siteName: 'Examhall 在线考试', allowRegister: true, registerReview: false, ...fields }, token);
    for (const bad of ['javascript:alert(1)', 'data:image/svg+xml;base64,PHN2Zz4=', '//evil.example/x.png', '/api/sys/file/get/../../x', 'https://x.example/a" onerror="alert(1)']) {
      expect((await save({ frontLogo: bad })).body, bad).toMatchObject({ code: ErrorCode.FAIL, msg: '前台 Logo 地址不正确，请重新上传' });
      expect((await save({ backLogo: bad })).body, bad).toMatchObject({ code: ErrorCode.FAIL, msg: '后台 Logo 地址不正确，请重新上传' });
    }
    const good = await save({ frontLogo: '/api/sys/file/get/0123456789abcdef0123456789abcdef', backLogo: 'https://cdn.example.com/logo.png' });
    expect(good.body.code).toBe(0);
    expect(good.body.data).toMatchObject({ frontLogo: '/api/sys/file/get/0123456789abcdef0123456789abcdef', backLogo: 'https://cdn.example.com/logo.png' });
    const cleared = await save({ frontLogo: '', backLogo: '' });
    expect(cleared.body.data).toMatchObject({ frontLogo: '', backLogo: '' });
  });

  it('answers unknown api paths with the 404 envelope', async () => {
    const r = await t.call('/api/no/such/thing');
    expect(r.status).toBe(404);
    expect(r.body.code).toBe(ErrorCode.API_NOT_FOUND);
  });
});
