import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../../common/errorCodes';
import { useTestApp } from './helpers';

/** A stand-in for `npm run build`'s output: both apps' index pages and one asset each. */
function fakeDist(): string {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'examhall-dist-'));
  for (const name of ['learner', 'admin']) {
    fs.mkdirSync(path.join(dist, name, 'assets'), { recursive: true });
    fs.writeFileSync(path.join(dist, name, 'index.html'), `<!doctype html><title>${name} app</title><div id="root"></div>`);
    fs.writeFileSync(path.join(dist, name, 'assets', `${name}-abc123.js`), `console.log('${name}')`);
  }
  return dist;
}

describe('the front door', () => {
  const dist = fakeDist();
  const t = useTestApp('sqlite', { DIST_DIR: dist });
  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it('serves the learner app at / and the admin app at /admin/, as the printed address and the README say', async () => {
    for (const [url, app] of [['/', 'learner'], ['/admin/', 'admin'], ['/admin', 'admin']] as const) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toContain('text/html');
      expect(res.body, url).toContain(`<title>${app} app</title>`);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('answers any client route, on refresh, with its app', async () => {
    for (const [url, app] of [
      ['/login', 'learner'],
      ['/web/notice/detail/123', 'learner'],
      ['/admin/sys/user', 'admin'],
      ['/admin/dashboard?x=1', 'admin'],
    ] as const) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain(`<title>${app} app</title>`);
    }
  });

  it('serves hashed assets for a year and a missing file as a plain 404', async () => {
    const js = await get('/assets/learner-abc123.js');
    expect(js.statusCode).toBe(200);
    expect(js.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const adminJs = await get('/admin/assets/admin-abc123.js');
    expect(adminJs.body).toContain("console.log('admin')");
    const missing = await get('/assets/nothing.js');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toContain('text/plain');
  });

  it('answers unknown /api paths with the 404 envelope, signed in or not', async () => {
    const token = await t.adminToken();
    for (const method of ['GET', 'POST'] as const) {
      for (const headers of [{}, { token }]) {
        const res = await t.app.inject({ method, url: '/api/no/such/thing', headers, ...(method === 'POST' ? { payload: {} } : {}) });
        expect(res.statusCode, method).toBe(404);
        expect(res.json(), method).toMatchObject({ code: ErrorCode.API_NOT_FOUND, data: null });
        expect(res.headers['cache-control']).toBe('no-store');
      }
    }
  });
});
