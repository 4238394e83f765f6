import type { ConfigSaveBody, SiteConfig } from '../../../common/api';
import type { ServiceContext } from '../../context';
import type { ConfigRow } from '../../db/schema';
import { fail, notFound } from '../../lib/errors';
import { isImageUrl } from '../../lib/imageUrl';
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

/** The one settings record (id 1). */
export async function getSiteConfig(ctx: ServiceContext): Promise<SiteConfig> {
  const row = await repo.findConfig(ctx.db, SITE_CONFIG_ID);
  if (!row) throw notFound('站点设置不存在');
  return configRowToSiteConfig(row);
}

/** A logo is an image the apps put in <img src>: our own upload or an http(s) address, like an avatar. */
function checkLogo(raw: string | undefined, current: string, label: string): string {
  if (raw === undefined) return current;
  const url = raw.trim();
  if (url && !isImageUrl(url)) throw fail(`${label}地址不正确，请重新上传`);
  return url;
}

export async function saveSiteConfig(ctx: ServiceContext, body: ConfigSaveBody): Promise<SiteConfig> {
  if (body.id !== undefined && body.id !== SITE_CONFIG_ID) throw notFound('站点设置不存在');
  const current = await getSiteConfig(ctx);
  const siteName = body.siteName.trim();
  if (!siteName) throw fail('站点名称不能为空');
  await repo.updateConfig(ctx.db, current.id, {
    site_name: siteName,
    front_logo: checkLogo(body.frontLogo, current.frontLogo, '前台 Logo '),
    back_logo: checkLogo(body.backLogo, current.backLogo, '后台 Logo '),
    copy_right: body.copyRight?.trim() ?? current.copyRight,
    allow_register: body.allowRegister ? 1 : 0,
    register_review: body.registerReview ? 1 : 0,
    update_time: ctx.clock.now(),
  });
  return getSiteConfig(ctx);
}
