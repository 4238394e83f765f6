import type { ConfigSaveBody, SiteConfig, SmsConfig, SmsConfigSaveBody } from '../../../common/api';
import type { ServiceContext } from '../../context';
import type { ConfigRow } from '../../db/schema';
import { fail, notFound } from '../../lib/errors';
import { isImageUrl } from '../../lib/imageUrl';
import { smsGateway, smsSettingsComplete, type SmsGateway, type SmsSettings } from '../../lib/sms';
import { SITE_CONFIG_ID } from '../../seed/constants';
import * as repo from './config.repository';

function parseSmsSettings(json: string): SmsSettings {
  try {
    const value: unknown = JSON.parse(json);
    return value && typeof value === 'object' ? (value as SmsSettings) : {};
  } catch {
    return {};
  }
}

export function configRowToSiteConfig(row: ConfigRow, ctx: Pick<ServiceContext, 'config' | 'mailer'>): SiteConfig {
  return {
    id: row.id,
    siteName: row.site_name,
    frontLogo: row.front_logo,
    backLogo: row.back_logo,
    copyRight: row.copy_right,
    allowRegister: row.allow_register === 1,
    registerReview: row.register_review === 1,
    loginPassword: row.login_password === 1,
    loginSms: row.login_sms === 1,
    resetSms: row.reset_sms === 1,
    resetEmail: row.reset_email === 1,
    loginFace: row.login_face === 1,
    faceKeepPhoto: row.face_keep_photo === 1,
    faceThreshold: row.face_threshold,
    faceLiveness: row.face_liveness,
    smsReady: ctx.config.smsToLog || smsSettingsComplete(row.sms_provider, parseSmsSettings(row.sms_settings)),
    mailReady: ctx.mailer !== null,
  };
}

async function configRow(ctx: ServiceContext): Promise<ConfigRow> {
  const row = await repo.findConfig(ctx.db, SITE_CONFIG_ID);
  if (!row) throw notFound('站点设置不存在');
  return row;
}

/** The one settings record (id 1). */
export async function getSiteConfig(ctx: ServiceContext): Promise<SiteConfig> {
  return configRowToSiteConfig(await configRow(ctx), ctx);
}

/** Where text messages go now, or null when no way to send them is configured. */
export async function currentSmsGateway(ctx: ServiceContext): Promise<SmsGateway | null> {
  const row = await configRow(ctx);
  return smsGateway({ logTo: ctx.config.smsToLog ? ctx.log.warn : null, provider: row.sms_provider, settings: parseSmsSettings(row.sms_settings) });
}

/** A logo is an image the apps put in <img src>: our own upload or an http(s) address, like an avatar. */
function checkLogo(raw: string | undefined, current: string, label: string): string {
  if (raw === undefined) return current;
  const url = raw.trim();
  if (url && !isImageUrl(url)) throw fail(`${label}地址不正确，请重新上传`);
  return url;
}

const flag = (value: boolean | undefined, current: boolean) => ((value ?? current) ? 1 : 0);

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
    login_password: flag(body.loginPassword, current.loginPassword),
    login_sms: flag(body.loginSms, current.loginSms),
    reset_sms: flag(body.resetSms, current.resetSms),
    reset_email: flag(body.resetEmail, current.resetEmail),
    login_face: flag(body.loginFace, current.loginFace),
    face_keep_photo: flag(body.faceKeepPhoto, current.faceKeepPhoto),
    face_threshold: body.faceThreshold ?? current.faceThreshold,
    face_liveness: body.faceLiveness ?? current.faceLiveness,
    update_time: ctx.clock.now(),
  });
  return getSiteConfig(ctx);
}

const text = (v: string | undefined) => (typeof v === 'string' ? v : '');

export async function getSmsConfig(ctx: ServiceContext): Promise<SmsConfig> {
  const row = await configRow(ctx);
  const s = parseSmsSettings(row.sms_settings);
  const secret = row.sms_provider === 'tencent' ? s.secretKey : s.accessKeySecret;
  return {
    provider: row.sms_provider,
    accessKeyId: text(s.accessKeyId),
    signName: text(s.signName),
    templateCode: text(s.templateCode),
    reviewTemplateCode: text(s.reviewTemplateCode),
    secretId: text(s.secretId),
    sdkAppId: text(s.sdkAppId),
    templateId: text(s.templateId),
    reviewTemplateId: text(s.reviewTemplateId),
    region: text(s.region),
    hasSecret: Boolean(secret),
    toLog: ctx.config.smsToLog,
  };
}

export async function saveSmsConfig(ctx: ServiceContext, body: SmsConfigSaveBody): Promise<SmsConfig> {
  const row = await configRow(ctx);
  const old = parseSmsSettings(row.sms_settings);
  const keep = (v: string | undefined, prior: string | undefined) => (v?.trim() ? v.trim() : (prior ?? ''));
  const settings: SmsSettings = {
    accessKeyId: body.accessKeyId?.trim() ?? '',
    accessKeySecret: keep(body.accessKeySecret, old.accessKeySecret),
    signName: body.signName?.trim() ?? '',
    templateCode: body.templateCode?.trim() ?? '',
    reviewTemplateCode: body.reviewTemplateCode?.trim() ?? '',
    secretId: body.secretId?.trim() ?? '',
    secretKey: keep(body.secretKey, old.secretKey),
    sdkAppId: body.sdkAppId?.trim() ?? '',
    templateId: body.templateId?.trim() ?? '',
    reviewTemplateId: body.reviewTemplateId?.trim() ?? '',
    region: body.region?.trim() ?? '',
  };
  if (body.provider && !smsSettingsComplete(body.provider, settings)) throw fail('短信服务配置不完整，请填写所有必填项');
  await repo.updateSmsConfig(ctx.db, row.id, body.provider, JSON.stringify(settings), ctx.clock.now());
  return getSmsConfig(ctx);
}
