import { aliyunGateway, type AliyunSmsSettings } from './aliyun';
import type { SmsGateway } from './gateway';
import { logGateway } from './log';
import { tencentGateway, type TencentSmsSettings } from './tencent';

export { SmsRefused, maskMobile, type CodeMessage, type NoticeMessage, type SmsGateway } from './gateway';
export type { AliyunSmsSettings } from './aliyun';
export type { TencentSmsSettings } from './tencent';

/** The SMS providers site settings can choose. */
export const SMS_PROVIDERS = ['aliyun', 'tencent'] as const;
export type SmsProviderName = (typeof SMS_PROVIDERS)[number];

/** Every field either provider takes (site settings keep them as one JSON object). */
export type SmsSettings = Partial<AliyunSmsSettings & TencentSmsSettings>;

const filled = (s: SmsSettings, keys: Array<keyof SmsSettings>) => keys.every((k) => Boolean(s[k]?.trim()));

/** Whether the settings name everything the provider needs. */
export function smsSettingsComplete(provider: string, s: SmsSettings): boolean {
  if (provider === 'aliyun') return filled(s, ['accessKeyId', 'accessKeySecret', 'signName', 'templateCode']);
  if (provider === 'tencent') return filled(s, ['secretId', 'secretKey', 'sdkAppId', 'signName', 'templateId']);
  return false;
}

/**
 * The gateway messages go through: the log when the server was started with SMS_PROVIDER=log,
 * else the provider site settings name (null when none is configured completely).
 */
export function smsGateway(options: { logTo: ((line: string) => void) | null; provider: string; settings: SmsSettings }): SmsGateway | null {
  if (options.logTo) return logGateway(options.logTo);
  if (!smsSettingsComplete(options.provider, options.settings)) return null;
  const s = options.settings as Required<SmsSettings>;
  return options.provider === 'aliyun' ? aliyunGateway(s) : tencentGateway(s);
}
