import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Config } from './config';
import type { AuthUser } from './caller';
import type { Access } from '../common/api/endpoint';
import type { ServiceContext } from './context';

export type { Access };

declare module 'fastify' {
  interface FastifyInstance {
    /** What every service takes first. */
    ctx: ServiceContext;
    config: Config;
  }
  interface FastifyRequest {
    user: AuthUser | null;
  }
  interface FastifyContextConfig {
    access?: Access;
    /** Open to a session that must change its password first (Endpoint.duringPassChange). */
    duringPassChange?: boolean;
    /** The JSON body reaches the handler as its bytes, parsed and checked elsewhere (route.ts routeRawJson). */
    rawJson?: boolean;
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
