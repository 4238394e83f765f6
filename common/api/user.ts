import { Type, type Static } from '@sinclair/typebox';
import { Id, Millis, OptText, PageRequest } from './base';

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

/** User states: 0 normal, 1 disabled, 2 pending review. */
export const UserState = Type.Union([Type.Literal(0), Type.Literal(1), Type.Literal(2)]);

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
  state: Type.Optional(UserState),
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
  state: Type.Integer(),
  createTime: Millis,
  updateTime: Millis,
});
export type UserRecord = Static<typeof UserRecord>;

export const UserFilters = Type.Object({
  userName: OptText(),
  realName: OptText(),
  deptId: OptText(32),
  roleId: OptText(32),
  state: Type.Optional(Type.Union([UserState, Type.Literal('')])),
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
export const UserStateBody = Type.Object({ ids: Type.Array(Id, { minItems: 1, maxItems: 1000 }), state: UserState });
export type ResetPassBody = Static<typeof ResetPassBody>;
export type BatchDeptBody = Static<typeof BatchDeptBody>;
export type BatchRoleBody = Static<typeof BatchRoleBody>;
export type UserStateBody = Static<typeof UserStateBody>;
