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
  });

  it('answers unknown api paths with the 404 envelope', async () => {
    const r = await t.call('/api/no/such/thing');
    expect(r.status).toBe(404);
    expect(r.body.code).toBe(ErrorCode.API_NOT_FOUND);
  });
});
