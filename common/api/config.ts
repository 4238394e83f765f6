import { Type, type Static } from '@sinclair/typebox';
import { Perm } from '../permissions';
import { defineApi } from './endpoint';

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
});
export type SiteConfig = Static<typeof SiteConfig>;
export const ConfigSaveBody = Type.Object({
  id: Type.Optional(Type.String({ maxLength: 32 })),
  siteName: Type.String({ minLength: 1, maxLength: 64 }),
  frontLogo: Type.Optional(Type.String({ maxLength: 512 })),
  backLogo: Type.Optional(Type.String({ maxLength: 512 })),
  copyRight: Type.Optional(Type.String({ maxLength: 255 })),
  allowRegister: Type.Boolean(),
  registerReview: Type.Boolean(),
});
export type ConfigSaveBody = Static<typeof ConfigSaveBody>;

/** Record id 1 (spec section 9); numbers and strings both accepted, as clients send either. */
export const ConfigDetailBody = Type.Object({ id: Type.Union([Type.Literal(1), Type.Literal('1')]) });

export const configApi = defineApi('config', {
  detail: { path: '/api/sys/config/detail', access: 'public', body: ConfigDetailBody, response: SiteConfig, summary: 'Site settings (public: the sign-in page shows them)' },
  save: { path: '/api/sys/config/save', access: { perm: Perm.configSave }, body: ConfigSaveBody, response: SiteConfig, summary: 'Save site settings', okMsg: '保存成功' },
});
