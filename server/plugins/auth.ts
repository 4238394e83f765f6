import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { resolveSession } from '../modules/identity/session.service';
import { assertMayCall } from '../modules/access/grants.service';

export const TOKEN_HEADER = 'token';

function tokenOf(req: FastifyRequest): string {
  const raw = req.headers[TOKEN_HEADER];
  return (Array.isArray(raw) ? raw[0] : raw) ?? '';
}

/**
 * Resolves the `token` header on every /api request and enforces the route's `config.access`
 * (default 'login': a route is closed unless it says otherwise). Never reads the cookie.
 */
async function authPlugin(app: FastifyInstance) {
  app.decorateRequest('user', null);
  app.addHook('onRequest', (req, _reply, done) => {
    const token = req.url.startsWith('/api/') ? tokenOf(req) : '';
    if (!token) return done();
    // A kept check answers at once; only one to read waits.
    const user = resolveSession(app.ctx, token);
    if (!(user instanceof Promise)) {
      req.user = user;
      return done();
    }
    user.then((u) => {
      req.user = u;
      done();
    }, done);
  });
  app.addHook('preHandler', (req, _reply, done) => {
    // The rule belongs to the matched route: API routes are closed unless they say otherwise.
    // Anything else (the apps' files, whose catch-all also sees unknown /api/ paths and answers
    // them the 404 envelope) and the OpenAPI document are open.
    const routeUrl = req.routeOptions.url ?? '';
    if (!routeUrl.startsWith('/api/') || routeUrl.startsWith('/api/docs') || req.is404) return done();
    try {
      assertMayCall(req.user, req.routeOptions.config.access ?? 'login', req.routeOptions.config.duringPassChange === true);
    } catch (e) {
      return done(e as Error);
    }
    done();
  });
}

export default fp(authPlugin, { name: 'auth' });
