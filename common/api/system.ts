import { Type, type Static } from '@sinclair/typebox';
import { Id, Millis, OptText, PageRequest } from './base';

// ---------- departments: /api/sys/depart/* ----------
export const DepartNode = Type.Recursive(
  (Self) =>
    Type.Object({
      id: Id,
      parentId: Type.String(),
      deptName: Type.String(),
      deptCode: Type.String(),
      sort: Type.Integer(),
      userCount: Type.Integer(),
      children: Type.Array(Self),
    }),
  { $id: 'DepartNode' },
);
export type DepartNode = Static<typeof DepartNode>;
export const DepartSaveBody = Type.Object({
  id: Type.Optional(Id),
  /** '' or '0' for a top-level department. */
  parentId: Type.Optional(Type.String({ maxLength: 32 })),
  deptName: Type.String({ minLength: 1, maxLength: 64 }),
  deptCode: Type.Optional(Type.String({ maxLength: 64 })),
  sort: Type.Optional(Type.Integer()),
});
export type DepartSaveBody = Static<typeof DepartSaveBody>;
export const DepartRecord = Type.Object({
  id: Id,
  parentId: Type.String(),
  deptName: Type.String(),
  deptCode: Type.String(),
  sort: Type.Integer(),
});
export type DepartRecord = Static<typeof DepartRecord>;
/** /sort: move one department up (-1) or down (+1) among its siblings, or to an explicit sort value. */
export const SortBody = Type.Object({ id: Id, sort: Type.Integer() });
export type SortBody = Static<typeof SortBody>;

// ---------- roles: /api/sys/role/* ----------
export const RoleType = Type.Union([Type.Literal(1), Type.Literal(2)]);
export const RoleRecord = Type.Object({
  id: Id,
  roleCode: Type.String(),
  roleName: Type.String(),
  roleType: Type.Integer(),
  remark: Type.String(),
  menuIds: Type.Array(Id),
  userCount: Type.Integer(),
  createTime: Millis,
});
export type RoleRecord = Static<typeof RoleRecord>;
export const RoleSaveBody = Type.Object({
  id: Type.Optional(Id),
  roleCode: Type.String({ minLength: 1, maxLength: 32, pattern: '^[A-Za-z][A-Za-z0-9_]*$' }),
  roleName: Type.String({ minLength: 1, maxLength: 32 }),
  roleType: RoleType,
  remark: Type.Optional(Type.String({ maxLength: 255 })),
  menuIds: Type.Array(Id, { maxItems: 2000 }),
});
export type RoleSaveBody = Static<typeof RoleSaveBody>;
/** roleType '' (or absent) means any type. */
export const RolePagingBody = PageRequest(
  Type.Object({ roleName: OptText(), roleType: Type.Optional(Type.Union([Type.Integer(), Type.Literal('')])) }),
);

// ---------- menus: /api/sys/menu/* ----------
/** Menu types: 1 menu, 2 function (carries a permission tag), 3 route. */
export const MenuType = Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3)]);
export const MenuMeta = Type.Object({
  title: Type.String(),
  icon: Type.Optional(Type.String()),
  noCache: Type.Optional(Type.Boolean()),
  affix: Type.Optional(Type.Boolean()),
});
/** One entry of /api/sys/menu/routes (spec section 2). */
export const RouteEntry = Type.Recursive(
  (Self) =>
    Type.Object({
      path: Type.String(),
      name: Type.String(),
      component: Type.String(),
      redirect: Type.Optional(Type.String()),
      alwaysShow: Type.Boolean(),
      hidden: Type.Boolean(),
      meta: MenuMeta,
      children: Type.Array(Self),
    }),
  { $id: 'RouteEntry' },
);
export type RouteEntry = Static<typeof RouteEntry>;
export const MenuNode = Type.Recursive(
  (Self) =>
    Type.Object({
      id: Id,
      parentId: Type.String(),
      menuType: Type.Integer(),
      title: Type.String(),
      path: Type.String(),
      name: Type.String(),
      component: Type.String(),
      redirect: Type.String(),
      permissionTag: Type.String(),
      icon: Type.String(),
      hidden: Type.Boolean(),
      alwaysShow: Type.Boolean(),
      noCache: Type.Boolean(),
      affix: Type.Boolean(),
      sort: Type.Integer(),
      children: Type.Array(Self),
    }),
  { $id: 'MenuNode' },
);
export type MenuNode = Static<typeof MenuNode>;
export const MenuSaveBody = Type.Object({
  id: Type.Optional(Id),
  parentId: Type.Optional(Type.String({ maxLength: 32 })),
  menuType: MenuType,
  title: Type.String({ minLength: 1, maxLength: 64 }),
  path: Type.Optional(Type.String({ maxLength: 255 })),
  name: Type.Optional(Type.String({ maxLength: 64 })),
  component: Type.Optional(Type.String({ maxLength: 128 })),
  redirect: Type.Optional(Type.String({ maxLength: 255 })),
  permissionTag: Type.Optional(Type.String({ maxLength: 128 })),
  icon: Type.Optional(Type.String({ maxLength: 64 })),
  hidden: Type.Optional(Type.Boolean()),
  alwaysShow: Type.Optional(Type.Boolean()),
  noCache: Type.Optional(Type.Boolean()),
  affix: Type.Optional(Type.Boolean()),
  sort: Type.Optional(Type.Integer()),
});
export type MenuSaveBody = Static<typeof MenuSaveBody>;

// ---------- site settings: /api/sys/config/* ----------
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

// ---------- messages ----------
/** A message as its recipient sees it: /api/sys/user/msg/* */
export const UserMsg = Type.Object({
  id: Id,
  msgId: Id,
  title: Type.String(),
  content: Type.String(),
  senderName: Type.String(),
  /** 0 unread, 1 read */
  readState: Type.Integer(),
  readTime: Type.Union([Millis, Type.Null()]),
  createTime: Millis,
});
export type UserMsg = Static<typeof UserMsg>;
export const UserMsgPagingBody = PageRequest(
  Type.Object({ readState: Type.Optional(Type.Union([Type.Literal(0), Type.Literal(1), Type.Literal('')])), title: OptText() }),
);
/** /api/sys/msg/send (admin): to named users, to departments (with their sub-departments), or to everyone. */
export const MsgSendBody = Type.Object({
  title: Type.String({ minLength: 1, maxLength: 128 }),
  content: Type.String({ minLength: 1, maxLength: 5000 }),
  /** 1 named users, 2 departments, 3 everyone */
  targetType: Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3)]),
  userIds: Type.Optional(Type.Array(Id, { maxItems: 5000 })),
  deptIds: Type.Optional(Type.Array(Id, { maxItems: 500 })),
});
export type MsgSendBody = Static<typeof MsgSendBody>;
/** A sent message as the administrator sees it: /api/sys/msg/paging, /detail */
export const SentMsg = Type.Object({
  id: Id,
  title: Type.String(),
  content: Type.String(),
  targetType: Type.Integer(),
  senderName: Type.String(),
  receiverCount: Type.Integer(),
  readCount: Type.Integer(),
  createTime: Millis,
});
export type SentMsg = Static<typeof SentMsg>;
export const SentMsgPagingBody = PageRequest(Type.Object({ title: OptText() }));

// ---------- notices ----------
export const NoticeRecord = Type.Object({
  id: Id,
  title: Type.String(),
  /** Sanitized HTML. */
  content: Type.String(),
  /** 0 draft, 1 published */
  state: Type.Integer(),
  /** 1 everyone, 2 departments */
  targetType: Type.Integer(),
  deptIds: Type.Array(Id),
  createByName: Type.String(),
  publishTime: Type.Union([Millis, Type.Null()]),
  createTime: Millis,
  updateTime: Millis,
});
export type NoticeRecord = Static<typeof NoticeRecord>;
export const NoticeSaveBody = Type.Object({
  id: Type.Optional(Id),
  title: Type.String({ minLength: 1, maxLength: 128 }),
  content: Type.String({ maxLength: 200000 }),
  state: Type.Union([Type.Literal(0), Type.Literal(1)]),
  targetType: Type.Union([Type.Literal(1), Type.Literal(2)]),
  deptIds: Type.Optional(Type.Array(Id, { maxItems: 500 })),
});
export type NoticeSaveBody = Static<typeof NoticeSaveBody>;
export const NoticePagingBody = PageRequest(
  Type.Object({ title: OptText(), state: Type.Optional(Type.Union([Type.Literal(0), Type.Literal(1), Type.Literal('')])) }),
);
/** Learner side: /api/sys/notice/my-paging, /my-detail — only published notices visible to the caller. */
export const MyNoticePagingBody = PageRequest(Type.Object({ title: OptText() }));

// ---------- files: /api/sys/file/upload (multipart, field "file") ----------
export const UploadResult = Type.Object({ id: Id, url: Type.String(), name: Type.String(), size: Type.Integer() });
export type UploadResult = Static<typeof UploadResult>;

// ---------- dashboard: /api/sys/dashboard/stat ----------
export const DashboardStat = Type.Object({
  userCount: Type.Integer(),
  departCount: Type.Integer(),
  noticeCount: Type.Integer(),
  msgCount: Type.Integer(),
});
export type DashboardStat = Static<typeof DashboardStat>;
