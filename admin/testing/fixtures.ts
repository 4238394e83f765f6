import type { DashboardLive, DashboardTrend, DepartNode, MenuNode, RouteEntry, SiteConfig, UserInfo } from '../../common/api';
import { Perm } from '../../common/permissions';

/** Seeded data of the admin component tests: shaped like the server's seed (server/seed/menus.ts). */
export const adminUser: UserInfo = {
  id: 'u_admin',
  userName: 'admin',
  realName: '系统管理员',
  avatar: '',
  roleType: 2,
  roles: ['sa'],
  roleNames: ['超级管理员'],
  permissions: Object.values(Perm),
  mobile: '',
  email: '',
  deptId: 'd_root',
  deptName: '总部',
  unreadMsg: 0,
};

export const learnerUser: UserInfo = { ...adminUser, id: 'u_student', userName: 'student', realName: '张三', roleType: 1, roles: ['student'], roleNames: ['学员'], permissions: [] };

const page = (path: string, name: string, title: string, icon: string, extra: Partial<RouteEntry> = {}): RouteEntry => ({
  path,
  name,
  component: `sys/${path}/index`,
  alwaysShow: false,
  hidden: false,
  meta: { title, icon },
  children: [],
  ...extra,
});

export const adminRoutes: RouteEntry[] = [
  {
    path: '/dashboard',
    name: 'Dashboard',
    component: 'dashboard/index',
    alwaysShow: false,
    hidden: false,
    meta: { title: '控制台', icon: 'dashboard', affix: true },
    children: [],
  },
  {
    path: '/sys',
    name: 'Sys',
    component: 'Layout',
    redirect: '/sys/user',
    alwaysShow: true,
    hidden: false,
    meta: { title: '系统管理', icon: 'settings' },
    children: [
      page('user', 'SysUser', '用户管理', 'people'),
      page('depart', 'SysDepart', '部门管理', 'account_tree'),
      page('role', 'SysRole', '角色管理', 'badge'),
      page('audit', 'SysAudit', '审计日志', 'history', { hidden: true }),
    ],
  },
];

export const siteConfig: SiteConfig = {
  id: '1',
  siteName: '考试中心',
  frontLogo: '',
  backLogo: '',
  copyRight: '',
  allowRegister: true,
  registerReview: false,
  loginPassword: true,
  loginSms: false,
  resetSms: false,
  resetEmail: false,
  loginFace: false,
  faceKeepPhoto: false,
  faceThreshold: 60,
  faceLiveness: 40,
  smsReady: false,
  mailReady: false,
};

/** 2026-12-10 12:00 in China Standard Time. */
const DASH_NOW = Date.UTC(2026, 11, 10, 4, 0, 0);

export const dashboardLive: DashboardLive = {
  examsOpen: 3,
  learnersInExam: 12,
  handedInToday: 45,
  awaitingMarking: 7,
  todayStart: Date.UTC(2026, 11, 9, 16, 0, 0),
  endingSoon: [{ id: 'exam_soon', title: '安全生产月考', endTime: DASH_NOW + 26 * 3_600_000, inExam: 4, handedIn: 31 }],
  lowestCompletion: [
    { id: 'course_low', title: '消防安全基础', learners: 40, finished: 6, rate: 15 },
    { id: 'course_mid', title: '信息安全意识', learners: 20, finished: 13, rate: 65 },
  ],
  computedAt: DASH_NOW,
};

/** 30 days to 2026-12-10: papers every third day, a score rate where there are papers. */
export const dashboardTrend: DashboardTrend = {
  points: Array.from({ length: 30 }, (_, i) => {
    const date = new Date(Date.UTC(2026, 10, 11 + i)).toISOString().slice(0, 10);
    const examsTaken = i % 3 === 0 ? 10 + i : 0;
    return { date, examsTaken, avgScore: examsTaken ? 60 + (i % 10) : null, completions: i % 5, practiceAnswers: 100 + i * 10 };
  }),
  computedAt: DASH_NOW,
};

/** A menu entry of /api/sys/menu/tree; `extra` sets path, component, permission tag… */
export const menuNode = (id: string, parentId: string, title: string, menuType: number, children: MenuNode[] = [], extra: Partial<MenuNode> = {}): MenuNode => ({
  id,
  parentId,
  menuType,
  title,
  path: '',
  name: '',
  component: '',
  redirect: '',
  permissionTag: '',
  icon: '',
  hidden: false,
  alwaysShow: false,
  noCache: false,
  affix: false,
  sort: 0,
  children,
  ...extra,
});

/** The menu tree of the menu and role screens: two pages under 系统管理 (one with two functions) and 控制台. */
export const menuTree: MenuNode[] = [
  menuNode(
    'm1',
    '0',
    '系统管理',
    1,
    [
      menuNode(
        'm2',
        'm1',
        '用户管理',
        1,
        [menuNode('m3', 'm2', '新增用户', 2, [], { permissionTag: 'sys:user:save' }), menuNode('m4', 'm2', '删除用户', 2, [], { permissionTag: 'sys:user:delete' })],
        { path: 'user', component: 'sys/user/index' },
      ),
      menuNode('m5', 'm1', '部门管理', 1, [], { path: 'depart', component: 'sys/depart/index' }),
    ],
    { path: '/sys', component: 'Layout' },
  ),
  menuNode('m6', '0', '控制台', 1, [], { path: '/dashboard', component: 'dashboard/index' }),
];

/** A department of /api/sys/depart/tree. */
export const departNode = (id: string, parentId: string, deptName: string, children: DepartNode[] = [], extra: Partial<DepartNode> = {}): DepartNode => ({
  id,
  parentId,
  deptName,
  deptCode: '',
  sort: 0,
  userCount: 0,
  children,
  ...extra,
});

/** 总部 with 研发部 (and its 前端组) and 市场部. */
export const departTree: DepartNode[] = [departNode('d1', '0', '总部', [departNode('d2', 'd1', '研发部', [departNode('d4', 'd2', '前端组')]), departNode('d3', 'd1', '市场部')])];
