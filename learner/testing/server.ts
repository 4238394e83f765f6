import { http, HttpResponse, type JsonBodyType } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { ErrorCode } from '../../common/errorCodes';
import { dismissLoginNotice } from '../app/loginNotice';

/** The msw server of learner component tests: any request without a handler fails the test. */
export const server = setupServer();

/** Register the msw lifecycle in a test file (call once at the top level). */
export function startMockServer() {
  // Whole-app renders with MUI are slow in jsdom on a busy machine; a hung test still fails.
  vi.setConfig({ testTimeout: 30_000 });
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => {
    server.resetHandlers();
    // The sign-in page's message is held in memory: no test sees one left by another.
    dismissLoginNotice();
  });
  afterAll(() => server.close());
}

/** An envelope answer. */
export const envelope = (data: JsonBodyType, code: number = ErrorCode.OK, msg = 'ok') => HttpResponse.json({ code, msg, data });

/**
 * A handler for POST /api/{path} that answers `data` (or what `fn` returns for the request body) in
 * a success envelope; return a Response from `fn` to answer something else.
 */
export function api<B = any>(path: string, fn: JsonBodyType | ((body: B) => JsonBodyType | Response | Promise<JsonBodyType | Response>)) {
  return http.post(`*/api/${path}`, async ({ request }) => {
    if (typeof fn !== 'function') return envelope(fn);
    const body = (await request.json().catch(() => ({}))) as B;
    const out = await fn(body);
    return out instanceof Response ? out : envelope(out);
  });
}

/** A business failure: HTTP 200 with a non-zero code and a message. */
export const fail = (code: number, msg: string) => envelope(null, code, msg);
