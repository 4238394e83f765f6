import { Type } from '@sinclair/typebox';
import { ConfigSaveBody, Envelope, SiteConfig } from '../../../common/api';
import { Perm } from '../../../common/permissions';
import { ok } from '../../lib/envelope';
import type { App } from '../../types';
import { getSiteConfig, saveSiteConfig } from './config.service';

const tags = ['config'];

export default async function configRoutes(app: App) {
  app.post(
    '/api/sys/config/detail',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Site settings (no token needed)',
        body: Type.Object({ id: Type.Optional(Type.Union([Type.String({ maxLength: 32 }), Type.Integer()])) }),
        response: { 200: Envelope(SiteConfig) },
      },
    },
    async (req) => ok(await getSiteConfig(app.db, String(req.body.id ?? '1'))),
  );

  app.post(
    '/api/sys/config/save',
    {
      config: { access: { perm: Perm.configSave } },
      schema: { tags, summary: 'Save site settings', body: ConfigSaveBody, response: { 200: Envelope(SiteConfig) } },
    },
    async (req) => ok(await saveSiteConfig(app.db, req.body), '保存成功'),
  );
}
