import type { FastifyRequest } from 'fastify';
import { authApi } from '../../../common/api';
import { route, withMsg } from '../../lib/route';
import { caller, type App } from '../../types';
import { updatePassword, updateProfile } from '../user/user.service';
import { currentUser, login, register } from './auth.service';
import { createCaptcha } from './code.service';
import { bindMyMobile, resetForgotten, sendMailCode, sendSmsCode } from './recovery.service';
import { revokeSession } from './session.service';
import { signIn, type RequestMeta } from './signIn';
import { smsProvider } from './sms.provider';
import { oidcEndSessionUrl } from './sso/oidc';

const meta = (req: FastifyRequest): RequestMeta => ({ ip: req.ip, userAgent: String(req.headers['user-agent'] ?? '') });

/** Signing in and out, registration, codes and recovery, and the signed-in user's own account. */
export default async function authRoutes(app: App) {
  const { ctx } = app;
  route(app, authApi.login, (req) => login(ctx, req.body, meta(req)));
  route(app, authApi.mobileLogin, (req) => signIn(ctx, smsProvider, req.body, meta(req)));
  route(app, authApi.captcha, (req) => createCaptcha(ctx, meta(req)));
  route(app, authApi.smsSend, (req) => sendSmsCode(ctx, req.body, req.user, meta(req)));
  route(app, authApi.mailSend, (req) => sendMailCode(ctx, req.body, meta(req)));
  route(app, authApi.forgotReset, async (req) => {
    await resetForgotten(ctx, req.body);
    return null;
  });
  route(app, authApi.bindMobile, (req) => bindMyMobile(ctx, caller(req), req.body));
  route(app, authApi.reg, async (req) => {
    const result = await register(ctx, req.body, meta(req));
    return withMsg(result, result.pending ? '注册成功，请等待管理员审核' : '注册成功');
  });
  route(app, authApi.info, (req) => currentUser(ctx, caller(req)));
  route(app, authApi.logout, async (req) => {
    if (!req.user) return { endSessionUrl: '' };
    await revokeSession(ctx, req.user.tokenHash);
    // A user who came through OIDC also leaves the IdP's session when the IdP offers that.
    return { endSessionUrl: await oidcEndSessionUrl(ctx, req.user.id, `${req.protocol}://${req.host}`) };
  });
  route(app, authApi.update, (req) => updateProfile(ctx, caller(req), req.body));
  route(app, authApi.updatePass, async (req) => {
    await updatePassword(ctx, caller(req), req.body);
    return null;
  });
}
