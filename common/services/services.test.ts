import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setupServer } from 'msw/node';
import { http as mock, HttpResponse } from 'msw';
import { ErrorCode } from '../errorCodes';
import { setSessionInvalidHandler } from '../http/client';
import { subscribeNotify, type Notification } from '../http/notify';
import { getToken, setToken } from '../http/token';
import { countUnread, fetchSiteConfig, fetchUserInfo, logout, uploadFile } from '.';

const server = setupServer();
let shown: Notification[] = [];
let stop: () => void = () => {};
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  shown = [];
  stop = subscribeNotify((n) => shown.push(n));
});
afterEach(() => {
  stop();
  server.resetHandlers();
});

const ok = <T>(data: T) => HttpResponse.json({ code: 0, msg: '', data });

describe('services', () => {
  it('fetchUserInfo shows a refusal unless asked to be silent', async () => {
    server.use(mock.post('/api/sys/user/info', () => HttpResponse.json({ code: ErrorCode.USER_DISABLED, msg: '账号已被禁用', data: null })));
    await expect(fetchUserInfo()).rejects.toThrow('账号已被禁用');
    expect(shown.map((n) => n.message)).toEqual(['账号已被禁用']);
    await expect(fetchUserInfo({ silent: true })).rejects.toThrow('账号已被禁用');
    expect(shown).toHaveLength(1);
  });

  it('fetchSiteConfig asks for record 1 and stays silent on failure', async () => {
    let body: unknown;
    server.use(
      mock.post('/api/sys/config/detail', async ({ request }) => {
        body = await request.json();
        return new HttpResponse(null, { status: 500 });
      }),
    );
    await expect(fetchSiteConfig()).rejects.toThrow();
    expect(body).toEqual({ id: 1 });
    expect(shown).toEqual([]);
  });

  it('countUnread answers the number and is silent', async () => {
    server.use(mock.post('/api/sys/user/msg/count-unread', () => ok(7)));
    await expect(countUnread()).resolves.toBe(7);
    server.use(mock.post('/api/sys/user/msg/count-unread', () => HttpResponse.error()));
    await expect(countUnread()).rejects.toThrow();
    expect(shown).toEqual([]);
  });

  it('logout never throws, shows nothing and leaves the session handler alone', async () => {
    let reloaded = false;
    setSessionInvalidHandler(() => {
      reloaded = true;
    });
    setToken('t');
    server.use(mock.post('/api/sys/user/logout', () => HttpResponse.json({ code: ErrorCode.SESSION_INVALID, msg: '失效', data: null })));
    await expect(logout()).resolves.toBe('');
    server.use(mock.post('/api/sys/user/logout', () => HttpResponse.error()));
    await expect(logout()).resolves.toBe('');
    expect(shown).toEqual([]);
    expect(reloaded).toBe(false);
    expect(getToken()).toBe('t');
  });

  it('logout answers the IdP end-session address the server gives (OIDC users)', async () => {
    const end = 'https://idp.test/session/end?client_id=examhall';
    server.use(mock.post('/api/sys/user/logout', () => HttpResponse.json({ code: 0, msg: '', data: { endSessionUrl: end } })));
    await expect(logout()).resolves.toBe(end);
  });

  it('uploadFile sends the kind with the file', async () => {
    let kind: FormDataEntryValue | null = null;
    server.use(
      mock.post('/api/sys/file/upload', async ({ request }) => {
        kind = (await request.formData()).get('kind');
        return ok({ id: 'f', url: '/api/sys/file/get/f', name: 'logo.png', size: 1 });
      }),
    );
    const result = await uploadFile(new Blob(['x']), 'logo', { fileName: 'logo.png' });
    expect(kind).toBe('logo');
    expect(result.url).toBe('/api/sys/file/get/f');
  });
});
