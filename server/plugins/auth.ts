import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ErrorCode } from '../../common/errorCodes';
import { RoleType } from '../../common/codes';
import { AppError, forbidden, sessionInvalid } from '../lib/errors';
import { resolveSession } from '../modules/identity/session.service';
import type { Access } from '../types';

export const TOKEN_HEADER = 'token';

function tokenOf(req: FastifyRequest): string {
  const raw = req.headers[TOKEN_HEADER];
  return (Array.isArray(raw) ? raw[0] : raw) ?? '';
}

/** Throws unless the caller may use a route with this access rule. */
export function assertAccess(req: FastifyRequest, access: Access): void {
  if (access === 'public') return;
  const user = req.user;
  if (!user) throw sessionInvalid();
  if (access === 'login') return;
  if (user.roleType !== RoleType.ADMIN) throw forbidden('您无权访问管理功能');
  if (access === 'admin') return;
  if (!user.permissions.includes(access.perm)) {
    throw new AppError(ErrorCode.FORBIDDEN, '您没有此功能的权限，请联系管理员授权');
  }
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
      assertAccess(req, req.routeOptions.config.access ?? 'login');
    } catch (e) {
      return done(e as Error);
    }
    done();
  });
}

export default fp(authPlugin, { name: 'auth' });
