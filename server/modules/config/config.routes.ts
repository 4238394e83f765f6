import { configApi } from '../../../common/api';
import { route } from '../../lib/route';
import type { App } from '../../types';
import { getSiteConfig, getSmsConfig, saveSiteConfig, saveSmsConfig } from './config.service';

export default async function configRoutes(app: App) {
  const { ctx } = app;
  // The body's id is always the one settings record (spec section 9); the schema accepts 1 or '1' only.
  route(app, configApi.detail, () => getSiteConfig(ctx));
  route(app, configApi.save, (req) => saveSiteConfig(ctx, req.body));
  route(app, configApi.smsDetail, () => getSmsConfig(ctx));
  route(app, configApi.smsSave, (req) => saveSmsConfig(ctx, req.body));
}
