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
export const TokenResult = Type.Object({ token: Type.String(), user: UserInfo });
export type TokenResult = Static<typeof TokenResult>;
/** reg -> data: with review switched on the account waits (pending) and no token is issued. */
export const RegisterResult = Type.Object({ token: Type.String(), pending: Type.Boolean(), user: Type.Optional(UserInfo) });
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
export const UserStateBody = Type.Object({ ids: Type.Array(Id, { minItems: 1, maxItems: 1000 }), state: UserState.schema });
export type ResetPassBody = Static<typeof ResetPassBody>;
export type BatchDeptBody = Static<typeof BatchDeptBody>;
export type BatchRoleBody = Static<typeof BatchRoleBody>;
export type UserStateBody = Static<typeof UserStateBody>;

/** Signing in and the signed-in user's own account: /api/sys/user/{login,reg,info,logout,update,update-pass} */
/** After sign-out: the identity provider's end-session address to go to, or '' (stay here). */
export const LogoutResult = Type.Object({ endSessionUrl: Type.String() });
export type LogoutResult = Static<typeof LogoutResult>;

export const authApi = defineApi('auth', {
  login: { path: '/api/sys/user/login', access: 'public', body: LoginBody, response: TokenResult, summary: 'Sign in with user name and password', okMsg: '登录成功' },
  reg: { path: '/api/sys/user/reg', access: 'public', body: RegisterBody, response: RegisterResult, summary: 'Learner self-registration' },
  info: { path: '/api/sys/user/info', access: 'login', body: EmptyBody, response: UserInfo, summary: 'The signed-in user' },
  logout: { path: '/api/sys/user/logout', access: 'public', body: EmptyBody, response: LogoutResult, summary: 'Revoke the current session; endSessionUrl: the IdP sign-out to go to next (OIDC users), else empty', okMsg: '已退出登录' },
  update: { path: '/api/sys/user/update', access: 'login', body: ProfileUpdateBody, response: UserInfo, summary: 'Update my own profile', okMsg: '保存成功' },
  updatePass: { path: '/api/sys/user/update-pass', access: 'login', body: UpdatePassBody, response: Done, summary: 'Change my password (signs out my other sessions)', okMsg: '密码修改成功' },
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
  unlock: { path: '/api/sys/user/unlock', access: { perm: Perm.userState }, body: IdsBody, response: Done, summary: 'Clear the sign-in locks of users', okMsg: '已解除登录锁定' },
  delete: { path: '/api/sys/user/delete', access: { perm: Perm.userDelete }, body: IdsBody, response: Done, summary: 'Delete users (never yourself, never the last administrator)', okMsg: '删除成功' },
  export: { path: '/api/sys/user/export', access: { perm: Perm.userExport }, transport: 'download', body: UserExportBody, response: Done, summary: 'Users matching the filters as an .xlsx file (JSON envelope on error)' },
});
