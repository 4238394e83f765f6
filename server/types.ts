import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Kysely } from 'kysely';
import type { Config } from './config';
import type { DB } from './db/schema';
import type { AuthUser } from './modules/auth/session.service';
import type { PermTag } from '../common/permissions';
import type { RateLimiter } from './lib/rateLimit';

/**
 * Who may call a route:
 * - 'public': no token needed (request.user is set when a valid one is sent);
 * - 'login': any signed-in user (the default);
 * - 'admin': a signed-in user of role type 2;
 * - { perm }: role type 2 holding that permission tag.
 */
export type Access = 'public' | 'login' | 'admin' | { perm: PermTag };

declare module 'fastify' {
  interface FastifyInstance {
    db: Kysely<DB>;
    config: Config;
    rateLimiter: RateLimiter;
  }
  interface FastifyRequest {
    user: AuthUser | null;
  }
  interface FastifyContextConfig {
    access?: Access;
  }
}

/** The app with TypeBox typing, as every module's routes receive it. */
export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression<RawServerDefault>,
  RawReplyDefaultExpression<RawServerDefault>,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;

/** The caller of a route whose access is not 'public'. */
export function caller(req: { user: AuthUser | null }): AuthUser {
  if (!req.user) throw new Error('caller() used on a public route');
  return req.user;
}
