import { Type, type Static } from '@sinclair/typebox';
import { Perm } from '../permissions';
import { defineApi } from './endpoint';
import { EmptyBody } from './base';

export const SiteConfig = Type.Object({
  id: Type.String(),
  siteName: Type.String(),
  frontLogo: Type.String(),
  backLogo: Type.String(),
  copyRight: Type.String(),
  /** Learners may register themselves. */
  allowRegister: Type.Boolean(),
  /** New registrations wait for an administrator (user state 2). */
  registerReview: Type.Boolean(),
  /** Ways in switched on: user name and password (on by default; administrators keep it when off), SMS code. */
  loginPassword: Type.Boolean(),
  loginSms: Type.Boolean(),
  /** Ways to reset a forgotten password: SMS code to the bound phone, e-mailed code. */
  resetSms: Type.Boolean(),
  resetEmail: Type.Boolean(),
  /** Face sign-in (刷脸登录) switched on; enrolment photos kept on the server (else no picture leaves the browser). */
  loginFace: Type.Boolean(),
  faceKeepPhoto: Type.Boolean(),
  /** Percent: the similarity a face must reach to match its enrolment, and the liveness a capture must reach. */
  faceThreshold: Type.Integer(),
  faceLiveness: Type.Integer(),
  /** Whether text messages can be sent (a provider is configured, or the server logs them). */
  smsReady: Type.Boolean(),
  /** Whether e-mail can be sent (SMTP_URL is set). */
  mailReady: Type.Boolean(),
});
export type SiteConfig = Static<typeof SiteConfig>;
/** The face match threshold an administrator may set (percent): below 40 strangers match, above 95 nobody does. */
export const FACE_THRESHOLD_RANGE = [40, 95] as const;
export const ConfigSaveBody = Type.Object({
  id: Type.Optional(Type.String({ maxLength: 32 })),
  siteName: Type.String({ minLength: 1, maxLength: 64 }),
  frontLogo: Type.Optional(Type.String({ maxLength: 512 })),
  backLogo: Type.Optional(Type.String({ maxLength: 512 })),
  copyRight: Type.Optional(Type.String({ maxLength: 255 })),
  allowRegister: Type.Boolean(),
  registerReview: Type.Boolean(),
  loginPassword: Type.Optional(Type.Boolean()),
  loginSms: Type.Optional(Type.Boolean()),
  resetSms: Type.Optional(Type.Boolean()),
  resetEmail: Type.Optional(Type.Boolean()),
  loginFace: Type.Optional(Type.Boolean()),
  faceKeepPhoto: Type.Optional(Type.Boolean()),
  faceThreshold: Type.Optional(Type.Integer({ minimum: FACE_THRESHOLD_RANGE[0], maximum: FACE_THRESHOLD_RANGE[1] })),
  faceLiveness: Type.Optional(Type.Integer({ minimum: 0, maximum: 99 })),
});
export type ConfigSaveBody = Static<typeof ConfigSaveBody>;

const SmsField = (max = 128) => Type.String({ maxLength: max });
/** The SMS gateway's settings as an administrator sees them: the secret is never sent back, only whether one is kept. */
export const SmsConfig = Type.Object({
  /** '' none, 'aliyun' or 'tencent'. */
  provider: Type.String(),
  accessKeyId: Type.String(),
  signName: Type.String(),
  templateCode: Type.String(),
  /** Optional: Aliyun's template for the review notice, one variable ${result}. */
  reviewTemplateCode: Type.String(),
  secretId: Type.String(),
  sdkAppId: Type.String(),
  templateId: Type.String(),
  /** Optional: Tencent's template for the review notice, one parameter (the result). */
  reviewTemplateId: Type.String(),
  region: Type.String(),
  hasSecret: Type.Boolean(),
  /** The server was started with SMS_PROVIDER=log: messages go to its log whatever is set here. */
  toLog: Type.Boolean(),
});
export type SmsConfig = Static<typeof SmsConfig>;
/** An empty or missing secret keeps the one stored. */
export const SmsConfigSaveBody = Type.Object({
  provider: Type.Union([Type.Literal(''), Type.Literal('aliyun'), Type.Literal('tencent')]),
  accessKeyId: Type.Optional(SmsField()),
  accessKeySecret: Type.Optional(SmsField()),
  signName: Type.Optional(SmsField(64)),
  templateCode: Type.Optional(SmsField(64)),
  reviewTemplateCode: Type.Optional(SmsField(64)),
  secretId: Type.Optional(SmsField()),
  secretKey: Type.Optional(SmsField()),
  sdkAppId: Type.Optional(SmsField(32)),
  templateId: Type.Optional(SmsField(32)),
  reviewTemplateId: Type.Optional(SmsField(32)),
  region: Type.Optional(SmsField(32)),
});
export type SmsConfigSaveBody = Static<typeof SmsConfigSaveBody>;

/** Record id 1 (spec section 9); numbers and strings both accepted, as clients send either. */
export const ConfigDetailBody = Type.Object({ id: Type.Union([Type.Literal(1), Type.Literal('1')]) });

export const configApi = defineApi('config', {
  detail: { path: '/api/sys/config/detail', access: 'public', body: ConfigDetailBody, response: SiteConfig, summary: 'Site settings (public: the sign-in page shows them)' },
  smsDetail: { path: '/api/sys/config/sms-detail', access: { perm: Perm.configSave }, body: EmptyBody, response: SmsConfig, summary: 'SMS gateway settings (the secret is never sent back)' },
  smsSave: { path: '/api/sys/config/sms-save', access: { perm: Perm.configSave }, body: SmsConfigSaveBody, response: SmsConfig, summary: 'Save the SMS gateway settings', okMsg: '保存成功' },
  save: { path: '/api/sys/config/save', access: { perm: Perm.configSave }, body: ConfigSaveBody, response: SiteConfig, summary: 'Save site settings', okMsg: '保存成功' },
});
