import type { FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import { EmptyBody, Envelope, LoginBody, RegisterBody, RegisterResult, TokenResult, UserInfo } from '../../../common/api';
import { ok } from '../../lib/envelope';
import { caller, type App } from '../../types';
import { login, register, userInfo } from './auth.service';
import { revokeSession } from './session.service';

const tags = ['auth'];
const meta = (req: FastifyRequest) => ({ ip: req.ip, userAgent: String(req.headers['user-agent'] ?? '') });

export default async function authRoutes(app: App) {
  app.post(
    '/api/sys/user/login',
    { config: { access: 'public' }, schema: { tags, summary: 'Sign in with user name and password', body: LoginBody, response: { 200: Envelope(TokenResult) } } },
    async (req) => ok(await login(app.ctx, req.body, meta(req)), '登录成功'),
  );

  app.post(
    '/api/sys/user/reg',
    { config: { access: 'public' }, schema: { tags, summary: 'Learner self-registration', body: RegisterBody, response: { 200: Envelope(RegisterResult) } } },
    async (req) => {
      const result = await register(app.ctx, req.body, meta(req));
      return ok(result, result.pending ? '注册成功，请等待管理员审核' : '注册成功');
    },
  );

  app.post(
    '/api/sys/user/info',
    { schema: { tags, summary: 'The signed-in user', body: EmptyBody, response: { 200: Envelope(UserInfo) } } },
    async (req) => ok(await userInfo(app.db, caller(req))),
  );

  app.post(
    '/api/sys/user/logout',
    { config: { access: 'public' }, schema: { tags, summary: 'Revoke the current session', body: EmptyBody, response: { 200: Envelope(Type.Null()) } } },
    async (req) => {
      if (req.user) await revokeSession(app.ctx, req.user.tokenHash);
      return ok(null, '已退出登录');
    },
  );
}
