import { setupServer } from 'msw/node';
import { HttpResponse, http } from 'msw';
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { RouteEntry, UserInfo } from '../../common/api';
import { adminRoutes, adminUser, dashboardStat, siteConfig } from './fixtures';

/** The API of the admin component tests: msw, and any request nobody expected fails the test. */
export const server = setupServer();

export const ok = <T,>(data: T) => HttpResponse.json({ code: 0, msg: '', data });
export const fail = (code: number, msg: string) => HttpResponse.json({ code, msg, data: null });

/** The calls every signed-in shell makes: user info, routes, site settings, dashboard counts. */
export function sessionHandlers({ user = adminUser, routes = adminRoutes }: { user?: UserInfo; routes?: RouteEntry[] } = {}) {
  return [
    http.post('/api/sys/user/info', () => ok(user)),
    http.post('/api/sys/menu/routes', () => ok(routes)),
    http.post('/api/sys/config/detail', () => ok(siteConfig)),
    http.post('/api/sys/dashboard/stat', () => ok(dashboardStat)),
    http.post('/api/sys/user/logout', () => ok(null)),
  ];
}

/** Call once at the top of a test file. */
export function setupMswServer() {
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
}
