import type { FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import { SSO_PATHS, ssoApi } from '../../../../common/api/sso';
import { AppError } from '../../../lib/errors';
import { route } from '../../../lib/route';
import type { App } from '../../../types';
import { signIn } from '../signIn';
import { finishOidc, oidcProvider, startOidc } from './oidc';
import { saveSsoSettings, ssoSettingsView, ssoStatus } from './sso.service';

/** The site's origin as this request reached it (TRUST_PROXY decides whether forwarded headers count). */
const originOf = (req: FastifyRequest) => `${req.protocol}://${req.host}`;

const fragment = (values: Record<string, string>) => new URLSearchParams(values).toString();

const StartQuery = Type.Object({ redirect: Type.Optional(Type.String({ maxLength: 512 })) });
const CallbackQuery = Type.Object(
  {
    code: Type.Optional(Type.String({ maxLength: 2048 })),
    state: Type.Optional(Type.String({ maxLength: 128 })),
    iss: Type.Optional(Type.String({ maxLength: 512 })),
    error: Type.Optional(Type.String({ maxLength: 256 })),
    error_description: Type.Optional(Type.String({ maxLength: 1024 })),
    session_state: Type.Optional(Type.String({ maxLength: 512 })),
  },
  { additionalProperties: false },
);

/**
 * Single sign-on: settings, and the OIDC browser round trip. The callback ends on /sync with the
 * new token (or the refusal's text) in the URL fragment: a fragment never reaches a server log or
 * a Referer header, and /sync takes it out of the address at once.
 */
export default async function ssoRoutes(app: App) {
  const { ctx } = app;
  route(app, ssoApi.status, () => ssoStatus(ctx));
  route(app, ssoApi.detail, () => ssoSettingsView(ctx));
  route(app, ssoApi.save, (req) => saveSsoSettings(ctx, req.body));

  app.get<{ Querystring: { redirect?: string } }>(
    SSO_PATHS.oidcStart,
    { config: { access: 'public' }, schema: { tags: ['sso'], summary: 'Go to the OIDC provider to sign in (browser redirect)', querystring: StartQuery } },
    async (req, reply) => {
      // Only a path of ours, never another site: /sync checks it again for the role.
      const raw = req.query.redirect ?? '';
      const redirect = raw.startsWith('/') && !raw.startsWith('//') && !/[\\\s]/.test(raw) ? raw : '';
      try {
        return reply.redirect(await startOidc(ctx, originOf(req), redirect, req.ip), 302);
      } catch (e) {
        if (!(e instanceof AppError)) throw e;
        return reply.redirect(`/sync#${fragment({ error: e.message, code: String(e.code) })}`, 302);
      }
    },
  );

  app.get<{ Querystring: Record<string, string> }>(
    SSO_PATHS.oidcCallback,
    { config: { access: 'public' }, schema: { tags: ['sso'], summary: 'The OIDC redirect URI: signs in and goes on to /sync', querystring: CallbackQuery } },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      try {
        const { userId, redirect } = await finishOidc(ctx, originOf(req), req.query);
        const { token } = await signIn(ctx, oidcProvider(userId), null, { ip: req.ip, userAgent: String(req.headers['user-agent'] ?? '') });
        const search = redirect ? `?${new URLSearchParams({ redirect })}` : '';
        return reply.redirect(`/sync${search}#${fragment({ token })}`, 302);
      } catch (e) {
        if (!(e instanceof AppError)) throw e;
        req.log.warn({ code: e.code, msg: e.message }, 'oidc sign-in refused');
        return reply.redirect(`/sync#${fragment({ error: e.message, code: String(e.code) })}`, 302);
      }
    },
  );
}
