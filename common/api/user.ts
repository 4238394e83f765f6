import { Type, type Static } from '@sinclair/typebox';
import { UserState } from '../codes';
import { Perm } from '../permissions';
import { defineApi } from './endpoint';
import { Done, EmptyBody, Id, IdBody, IdsBody, Millis, OptText, Page, PageRequest } from './base';

/** POST /api/sys/user/login */
export const LoginBody = Type.Object({
  username: Type.String({ minLength: 1, maxLength: 64 }),
  password: Type.String({ minLength: 1, maxLength: 128 }),
});
export type LoginBody = Static<typeof LoginBody>;

/**
 * POST /api/sys/user/reg. Here and below, the password and mobile rules of spec section 5 are
 * checked by the server with their exact messages; the schemas only bound the lengths.
 */
export const RegisterBody = Type.Object({
  userName: Type.String({ minLength: 2, maxLength: 32 }),
  password: Type.String({ maxLength: 64 }),
  realName: Type.String({ minLength: 1, maxLength: 32 }),
  mobile: Type.Optional(Type.String({ maxLength: 20 })),
});
export type RegisterBody = Static<typeof RegisterBody>;

/** /api/sys/user/info -> data */
export const UserInfo = Type.Object({
  id: Id,
  userName: Type.String(),
  realName: Type.String(),
  avatar: Type.String(),
  roleType: Type.Integer(),
  /** Role codes (spec section 3). */
  roles: Type.Array(Type.String()),
  /** Role names, for display. */
  roleNames: Type.Array(Type.String()),
  permissions: Type.Array(Type.String()),
  mobile: Type.String(),
  email: Type.String(),
  deptId: Type.String(),
  deptName: Type.String(),
  unreadMsg: Type.Integer(),
});
export type UserInfo = Static<typeof UserInfo>;

/** login / reg -> data */
export const TokenResult = Type.Object({
  token: Type.String(),
  user: UserInfo,
  /** The session may only change its password (or sign out) until it does: the apps open the change-password page. */
  passChangeRequired: Type.Boolean(),
});
export type TokenResult = Static<typeof TokenResult>;
/** reg -> data: with review switched on the account waits (pending) and no token is issued. */
export const RegisterResult = Type.Object({ token: Type.String(), pending: Type.Boolean(), user: Type.Optional(UserInfo), passChangeRequired: Type.Optional(Type.Boolean()) });
export type RegisterResult = Static<typeof RegisterResult>;

/** /api/sys/user/update: own profile */
export const ProfileUpdateBody = Type.Object({
  realName: Type.String({ minLength: 1, maxLength: 32 }),
  avatar: Type.Optional(Type.String({ maxLength: 512 })),
  mobile: Type.Optional(Type.String({ maxLength: 20 })),
  email: Type.Optional(Type.String({ maxLength: 128 })),
});
export type ProfileUpdateBody = Static<typeof ProfileUpdateBody>;

/** /api/sys/user/update-pass */
export const UpdatePassBody = Type.Object({
  oldPassword: Type.String({ minLength: 1, maxLength: 64 }),
  password: Type.String({ maxLength: 64 }),
});
export type UpdatePassBody = Static<typeof UpdatePassBody>;

/** /api/sys/user/save (admin). password is required on create, ignored on update. */
export const UserSaveBody = Type.Object({
  id: Type.Optional(Id),
  userName: Type.String({ minLength: 2, maxLength: 32 }),
  realName: Type.String({ minLength: 1, maxLength: 32 }),
  password: Type.Optional(Type.String({ maxLength: 64 })),
  roleIds: Type.Array(Id, { minItems: 1, maxItems: 50 }),
  deptId: Type.Optional(Type.String({ maxLength: 32 })),
  mobile: Type.Optional(Type.String({ maxLength: 20 })),
  email: Type.Optional(Type.String({ maxLength: 128 })),
  avatar: Type.Optional(Type.String({ maxLength: 512 })),
  state: Type.Optional(UserState.schema),
});
export type UserSaveBody = Static<typeof UserSaveBody>;

/** One row of /paging and the /detail answer (admin). Never carries the password. */
export const UserRecord = Type.Object({
  id: Id,
  userName: Type.String(),
  realName: Type.String(),
  avatar: Type.String(),
  mobile: Type.String(),
  email: Type.String(),
  deptId: Type.String(),
  deptName: Type.String(),
  roleIds: Type.Array(Id),
  roleNames: Type.Array(Type.String()),
  roleType: Type.Integer(),
  state: UserState.schema,
  createTime: Millis,
  updateTime: Millis,
  /** The user has a face enrolment (the list shows it; the descriptor itself never leaves the server). */
  faceEnrolled: Type.Optional(Type.Boolean()),
});
export type UserRecord = Static<typeof UserRecord>;

export const UserFilters = Type.Object({
  /** Exactly these users (react-admin's getMany asks for several records in one request). */
  ids: Type.Optional(Type.Array(Id, { maxItems: 200 })),
  userName: OptText(),
  realName: OptText(),
  deptId: OptText(32),
  roleId: OptText(32),
  state: Type.Optional(Type.Union([UserState.schema, Type.Literal('')])),
});
export type UserFilters = Static<typeof UserFilters>;
export const UserPagingBody = PageRequest(UserFilters);
export type UserPagingBody = Static<typeof UserPagingBody>;
/** /export takes the same filters as /paging (no paging). */
export const UserExportBody = Type.Object({ params: Type.Optional(UserFilters) });
export type UserExportBody = Static<typeof UserExportBody>;

export const ResetPassBody = Type.Object({
  ids: Type.Array(Id, { minItems: 1, maxItems: 1000 }),
  password: Type.String({ maxLength: 64 }),
});
export const BatchDeptBody = Type.Object({ ids: Type.Array(Id, { minItems: 1, maxItems: 1000 }), deptId: Id });
export const BatchRoleBody = Type.Object({
  ids: Type.Array(Id, { minItems: 1, maxItems: 1000 }),
  roleIds: Type.Array(Id, { minItems: 1, maxItems: 50 }),
});
/** Approve (state 0) or reject (delete) registrations awaiting review. */
export const UserReviewBody = Type.Object({ ids: Type.Array(Id, { minItems: 1, maxItems: 1000 }), approve: Type.Boolean() });
export type UserReviewBody = Static<typeof UserReviewBody>;
export const UserStateBody = Type.Object({ ids: Type.Array(Id, { minItems: 1, maxItems: 1000 }), state: UserState.schema });
export type ResetPassBody = Static<typeof ResetPassBody>;
export type BatchDeptBody = Static<typeof BatchDeptBody>;
export type BatchRoleBody = Static<typeof BatchRoleBody>;
export type UserStateBody = Static<typeof UserStateBody>;

/** /api/sys/user/pass-change: require (or no longer require) a password change at the users' next sign-in. */
export const PassChangeBody = Type.Object({ ids: Type.Array(Id, { minItems: 1, maxItems: 1000 }), required: Type.Boolean() });
export type PassChangeBody = Static<typeof PassChangeBody>;

// ---------- import ----------

/** Largest user import file, and most users one import may create. */
export const USER_IMPORT_MAX_BYTES = 10 * 1024 * 1024;
export const USER_IMPORT_MAX_ROWS = 10_000;

/**
 * The multipart fields of /import/parse and /import/commit, before the part `file` (an .xlsx in
 * the template's columns): createDepts '1' creates departments the file names that do not exist.
 */
export const UserImportFields = Type.Object({ createDepts: Type.Optional(Type.Union([Type.Literal('0'), Type.Literal('1')])) });
export type UserImportFields = Static<typeof UserImportFields>;

export const UserImportRow = Type.Object({
  /** The spreadsheet row it came from (1-based, as Excel numbers it). */
  row: Type.Integer(),
  userName: Type.String(),
  realName: Type.String(),
  mobile: Type.String(),
  email: Type.String(),
  deptPath: Type.String(),
  roleNames: Type.Array(Type.String()),
  /** given: the file sets the initial password; generated: the server makes one, shown once after the import. */
  password: Type.Union([Type.Literal('given'), Type.Literal('generated')]),
  /** The department path does not exist yet and will be created (createDepts). */
  newDept: Type.Boolean(),
  /** A user of this name already exists: the row is skipped (an export imported again). */
  existing: Type.Boolean(),
  /** Every problem of the row; one row with errors refuses the whole import. */
  errors: Type.Array(Type.String()),
});
export type UserImportRow = Static<typeof UserImportRow>;

export const UserImportPreview = Type.Object({
  rows: Type.Array(UserImportRow),
  /** Rows that will be created. */
  ready: Type.Integer(),
  /** Rows with errors. */
  invalid: Type.Integer(),
  /** Rows skipped as existing users. */
  existing: Type.Integer(),
  /** Department paths that will be created. */
  newDepts: Type.Array(Type.String()),
});
export type UserImportPreview = Static<typeof UserImportPreview>;

export const UserImportResult = Type.Object({
  created: Type.Integer(),
  skipped: Type.Integer(),
  departsCreated: Type.Integer(),
  /** How many initial passwords the server generated (they are in passwordFile, and nowhere else). */
  generated: Type.Integer(),
  /** The new accounts with their generated initial passwords, an .xlsx as base64: this answer is the only copy. */
  passwordFile: Type.String(),
  fileName: Type.String(),
});
export type UserImportResult = Static<typeof UserImportResult>;

/** A picture captcha, asked of an address or number that has been sent a code before. */
export const CaptchaAnswer = {
  captchaId: Type.Optional(Type.String({ maxLength: 32 })),
  captcha: Type.Optional(Type.String({ maxLength: 8 })),
};
export const Captcha = Type.Object({ id: Type.String(), svg: Type.String() });
export type Captcha = Static<typeof Captcha>;

export const CodeScene = Type.Union([Type.Literal('login'), Type.Literal('reset'), Type.Literal('bind')]);
/** /api/sys/user/sms/send. Binding a phone needs a signed-in user. */
export const SmsSendBody = Type.Object({ mobile: Type.String({ maxLength: 20 }), scene: CodeScene, ...CaptchaAnswer });
export type SmsSendBody = Static<typeof SmsSendBody>;
/** /api/sys/user/mail/send (password reset only). */
export const MailSendBody = Type.Object({ email: Type.String({ maxLength: 128 }), scene: Type.Literal('reset'), ...CaptchaAnswer });
export type MailSendBody = Static<typeof MailSendBody>;
/** A code was sent (or, for a target nobody owns, the same answer): seconds before another may be asked. */
export const CodeSent = Type.Object({ interval: Type.Integer() });
export type CodeSent = Static<typeof CodeSent>;

const SmsCode = Type.String({ minLength: 1, maxLength: 8 });
/** /api/sys/user/mobile-login */
export const MobileLoginBody = Type.Object({ mobile: Type.String({ maxLength: 20 }), code: SmsCode });
export type MobileLoginBody = Static<typeof MobileLoginBody>;
/** /api/sys/user/bind-mobile */
export const BindMobileBody = Type.Object({ mobile: Type.String({ maxLength: 20 }), code: SmsCode });
export type BindMobileBody = Static<typeof BindMobileBody>;
/** /api/sys/user/forgot/reset: the code sent to the phone or e-mail address, and the new password. */
export const ForgotResetBody = Type.Object({
  channel: Type.Union([Type.Literal('sms'), Type.Literal('email')]),
  target: Type.String({ minLength: 1, maxLength: 128 }),
  code: SmsCode,
  password: Type.String({ maxLength: 64 }),
});
export type ForgotResetBody = Static<typeof ForgotResetBody>;

/** Signing in and the signed-in user's own account: /api/sys/user/{login,reg,info,logout,update,update-pass} */
/** After sign-out: the identity provider's end-session address to go to, or '' (stay here). */
export const LogoutResult = Type.Object({ endSessionUrl: Type.String() });
export type LogoutResult = Static<typeof LogoutResult>;

export const authApi = defineApi('auth', {
  login: { path: '/api/sys/user/login', access: 'public', body: LoginBody, response: TokenResult, summary: 'Sign in with user name and password', okMsg: '登录成功' },
  reg: { path: '/api/sys/user/reg', access: 'public', body: RegisterBody, response: RegisterResult, summary: 'Learner self-registration' },
  mobileLogin: { path: '/api/sys/user/mobile-login', access: 'public', body: MobileLoginBody, response: TokenResult, summary: 'Sign in with a code sent by SMS', okMsg: '登录成功' },
  captcha: { path: '/api/sys/user/captcha', access: 'public', body: EmptyBody, response: Captcha, summary: 'A picture captcha (asked before a repeated code)' },
  smsSend: { path: '/api/sys/user/sms/send', access: 'public', body: SmsSendBody, response: CodeSent, summary: 'Send a code by SMS (login, reset; bind when signed in)', okMsg: '验证码已发送' },
  mailSend: { path: '/api/sys/user/mail/send', access: 'public', body: MailSendBody, response: CodeSent, summary: 'E-mail a password reset code', okMsg: '验证码已发送' },
  forgotReset: { path: '/api/sys/user/forgot/reset', access: 'public', body: ForgotResetBody, response: Done, summary: 'Set a new password with a reset code (ends every session)', okMsg: '密码已重置，请使用新密码登录' },
  bindMobile: { path: '/api/sys/user/bind-mobile', access: 'login', body: BindMobileBody, response: UserInfo, summary: 'Bind or change my phone with a code sent to it', okMsg: '手机号绑定成功' },
  info: { path: '/api/sys/user/info', access: 'login', body: EmptyBody, response: UserInfo, summary: 'The signed-in user' },
  logout: { path: '/api/sys/user/logout', access: 'public', body: EmptyBody, response: LogoutResult, summary: 'Revoke the current session; endSessionUrl: the IdP sign-out to go to next (OIDC users), else empty', okMsg: '已退出登录' },
  update: { path: '/api/sys/user/update', access: 'login', body: ProfileUpdateBody, response: UserInfo, summary: 'Update my own profile', okMsg: '保存成功' },
  updatePass: {
    path: '/api/sys/user/update-pass',
    access: 'login',
    duringPassChange: true,
    body: UpdatePassBody,
    response: Done,
    summary: 'Change my password (signs out my other sessions; lifts a required change)',
    okMsg: '密码修改成功',
  },
});

/** User administration: /api/sys/user/* */
export const userApi = defineApi('user', {
  save: { path: '/api/sys/user/save', access: { perm: Perm.userSave }, body: UserSaveBody, response: UserRecord, summary: 'Create (no id) or update a user', okMsg: '保存成功' },
  detail: { path: '/api/sys/user/detail', access: { perm: Perm.userList }, body: IdBody, response: UserRecord, summary: 'One user' },
  paging: { path: '/api/sys/user/paging', access: { perm: Perm.userList }, body: UserPagingBody, response: Page(UserRecord), summary: 'Users, filtered (deptId includes sub-departments) and paged' },
  resetPass: { path: '/api/sys/user/reset-pass', access: { perm: Perm.userResetPass }, body: ResetPassBody, response: Done, summary: 'Set a new password on users (signs them out)', okMsg: '密码已重置' },
  batchDept: { path: '/api/sys/user/batch-dept', access: { perm: Perm.userBatch }, body: BatchDeptBody, response: Done, summary: 'Move users to a department' },
  batchRole: { path: '/api/sys/user/batch-role', access: { perm: Perm.userBatch }, body: BatchRoleBody, response: Done, summary: 'Replace the roles of users' },
  state: { path: '/api/sys/user/state', access: { perm: Perm.userState }, body: UserStateBody, response: Done, summary: 'Enable (0), disable (1) or set pending (2)' },
  passChange: {
    path: '/api/sys/user/pass-change',
    access: { perm: Perm.userResetPass },
    body: PassChangeBody,
    response: Done,
    summary: 'Require (or no longer require) users to change their password at their next sign-in',
  },
  importTemplate: { path: '/api/sys/user/import/template', access: { perm: Perm.userImport }, transport: 'download', body: Type.Object({}), response: Done, summary: 'The Excel template of a user import' },
  importParse: {
    path: '/api/sys/user/import/parse',
    access: { perm: Perm.userImport },
    transport: 'upload',
    body: UserImportFields,
    response: UserImportPreview,
    summary: 'Read a user import (multipart: createDepts, then file) into a preview with every row\'s errors; saves nothing',
    bodyLimit: USER_IMPORT_MAX_BYTES + 64 * 1024,
  },
  importCommit: {
    path: '/api/sys/user/import/commit',
    access: { perm: Perm.userImport },
    transport: 'upload',
    body: UserImportFields,
    response: UserImportResult,
    summary: 'Create the users of an import (the same multipart as parse), all or none; answers the generated passwords once',
    okMsg: '导入成功',
    bodyLimit: USER_IMPORT_MAX_BYTES + 64 * 1024,
  },

  review: { path: '/api/sys/user/review', access: { perm: Perm.userState }, body: UserReviewBody, response: Done, summary: 'Approve or reject (delete) registrations awaiting review; the users are told' },
  unlock: { path: '/api/sys/user/unlock', access: { perm: Perm.userState }, body: IdsBody, response: Done, summary: 'Clear the sign-in locks of users', okMsg: '已解除登录锁定' },
  delete: { path: '/api/sys/user/delete', access: { perm: Perm.userDelete }, body: IdsBody, response: Done, summary: 'Delete users (never yourself, never the last administrator)', okMsg: '删除成功' },
  export: { path: '/api/sys/user/export', access: { perm: Perm.userExport }, transport: 'download', body: UserExportBody, response: Done, summary: 'Users matching the filters as an .xlsx file (JSON envelope on error)' },
});
