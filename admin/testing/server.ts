import { setupServer } from 'msw/node';
import { HttpResponse, http } from 'msw';
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { RouteEntry, UserInfo } from '../../common/api';
import { adminRoutes, adminUser, dashboardLive, dashboardTrend, siteConfig } from './fixtures';

/** The API of the admin component tests: msw, and any request nobody expected fails the test. */
export const server = setupServer();

export const ok = <T,>(data: T) => HttpResponse.json({ code: 0, msg: '', data });
export const fail = (code: number, msg: string) => HttpResponse.json({ code, msg, data: null });

/** The calls every signed-in shell makes: user info, routes, site settings, the dashboard's figures. */
export function sessionHandlers({ user = adminUser, routes = adminRoutes }: { user?: UserInfo; routes?: RouteEntry[] } = {}) {
  return [
    http.post('/api/sys/user/info', () => ok(user)),
    http.post('/api/sys/menu/routes', () => ok(routes)),
    http.post('/api/sys/config/detail', () => ok(siteConfig)),
    http.post('/api/sys/dashboard/live', () => ok(dashboardLive)),
    http.post('/api/sys/dashboard/trend', () => ok(dashboardTrend)),
    http.post('/api/sys/job/progress', () => ok({ state: 'unknown', ahead: 0 })),
    http.post('/api/sys/user/logout', () => ok(null)),
  ];
}

/**
 * Answers POST `path` with `data` (or what `data(body)` returns) and records the body of every
 * call (JSON, or a multipart form's fields and file), for the test to check what was sent.
 */
export function answer(path: string, data: unknown): any[] {
  const bodies: any[] = [];
  server.use(
    http.post(path, async ({ request }) => {
      const multipart = (request.headers.get('content-type') ?? '').includes('multipart/form-data');
      const body = multipart ? Object.fromEntries(await request.formData()) : await request.json();
      bodies.push(body);
      return ok(typeof data === 'function' ? data(body) : data);
    }),
  );
  return bodies;
}

/** `path` answers HTTP 500, as a crashed server would. */
export const answerServerError = (path: string) => server.use(http.post(path, () => new HttpResponse(null, { status: 500 })));
/** `path` gets no answer at all (the server is down). */
export const answerNothing = (path: string) => server.use(http.post(path, () => HttpResponse.error()));

/** Call once at the top of a test file. */
export function setupMswServer() {
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
}
