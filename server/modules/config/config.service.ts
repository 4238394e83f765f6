import type { Kysely } from 'kysely';
import type { ConfigSaveBody, SiteConfig } from '../../../common/api';
import type { ConfigRow, DB } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { SITE_CONFIG_ID } from '../../seed/constants';
import * as repo from './config.repository';

export function configRowToSiteConfig(row: ConfigRow): SiteConfig {
  return {
    id: row.id,
    siteName: row.site_name,
    frontLogo: row.front_logo,
    backLogo: row.back_logo,
    copyRight: row.copy_right,
    allowRegister: row.allow_register === 1,
    registerReview: row.register_review === 1,
  };
}

/** There is one settings record (id 1); any other id is refused. */
export async function getSiteConfig(db: Kysely<DB>, id: string = SITE_CONFIG_ID): Promise<SiteConfig> {
  const row = id === SITE_CONFIG_ID ? await repo.findConfig(db, id) : undefined;
  if (!row) throw notFound('站点设置不存在');
  return configRowToSiteConfig(row);
}

export async function saveSiteConfig(db: Kysely<DB>, body: ConfigSaveBody): Promise<SiteConfig> {
  const current = await getSiteConfig(db, body.id ?? SITE_CONFIG_ID);
  await repo.updateConfig(db, current.id, {
    site_name: body.siteName.trim(),
    front_logo: body.frontLogo ?? current.frontLogo,
    back_logo: body.backLogo ?? current.backLogo,
    copy_right: body.copyRight ?? current.copyRight,
    allow_register: body.allowRegister ? 1 : 0,
    register_review: body.registerReview ? 1 : 0,
    update_time: Date.now(),
  });
  return getSiteConfig(db, current.id);
}
