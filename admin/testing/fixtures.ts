import type { DashboardStat, RouteEntry, SiteConfig, UserInfo } from '../../common/api';
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
};

export const dashboardStat: DashboardStat = { userCount: 128, departCount: 7, noticeCount: 12, msgCount: 30 };
