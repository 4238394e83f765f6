import { Perm } from '../../common/permissions';

/**
 * The admin screens that exist, as menu entries with stable ids. Synchronised at every boot:
 * missing entries are added (and granted to the `sa` role); entries an administrator edited are
 * left alone. Later features add their screens here.
 */
export interface SeedMenu {
  id: string;
  menuType: 1 | 2 | 3;
  title: string;
  path?: string;
  name?: string;
  component?: string;
  redirect?: string;
  permissionTag?: string;
  icon?: string;
  hidden?: boolean;
  alwaysShow?: boolean;
  noCache?: boolean;
  affix?: boolean;
  children?: SeedMenu[];
}

const fn = (id: string, title: string, permissionTag: string): SeedMenu => ({ id, menuType: 2, title, permissionTag });

export const SEED_MENUS: SeedMenu[] = [
  {
    id: 'm_dashboard',
    menuType: 1,
    title: '控制台',
    path: '/dashboard',
    name: 'Dashboard',
    component: 'dashboard/index',
    icon: 'dashboard',
    affix: true,
    children: [fn('m_dashboard_view', '查看控制台', Perm.dashboard)],
  },
  {
    id: 'm_sys',
    menuType: 1,
    title: '系统管理',
    path: '/sys',
    name: 'Sys',
    component: 'Layout',
    redirect: '/sys/user',
    icon: 'settings',
    alwaysShow: true,
    children: [
      {
        id: 'm_sys_user',
        menuType: 1,
        title: '用户管理',
        path: 'user',
        name: 'SysUser',
        component: 'sys/user/index',
        icon: 'people',
        children: [
          fn('m_sys_user_list', '用户查询', Perm.userList),
          fn('m_sys_user_save', '用户新增/修改', Perm.userSave),
          fn('m_sys_user_delete', '用户删除', Perm.userDelete),
          fn('m_sys_user_export', '用户导出', Perm.userExport),
          fn('m_sys_user_reset', '重置密码', Perm.userResetPass),
          fn('m_sys_user_state', '启用/禁用', Perm.userState),
          fn('m_sys_user_batch', '批量部门/角色', Perm.userBatch),
          fn('m_sys_user_import', '用户导入', Perm.userImport),
        ],
      },
      {
        id: 'm_sys_depart',
        menuType: 1,
        title: '部门管理',
        path: 'depart',
        name: 'SysDepart',
        component: 'sys/depart/index',
        icon: 'account_tree',
        children: [
          fn('m_sys_depart_list', '部门查询', Perm.departList),
          fn('m_sys_depart_save', '部门新增/修改', Perm.departSave),
          fn('m_sys_depart_delete', '部门删除', Perm.departDelete),
        ],
      },
      {
        id: 'm_sys_role',
        menuType: 1,
        title: '角色管理',
        path: 'role',
        name: 'SysRole',
        component: 'sys/role/index',
        icon: 'badge',
        children: [
          fn('m_sys_role_list', '角色查询', Perm.roleList),
          fn('m_sys_role_save', '角色新增/修改', Perm.roleSave),
          fn('m_sys_role_delete', '角色删除', Perm.roleDelete),
        ],
      },
      {
        id: 'm_sys_menu',
        menuType: 1,
        title: '菜单管理',
        path: 'menu',
        name: 'SysMenu',
        component: 'sys/menu/index',
        icon: 'menu',
        children: [
          fn('m_sys_menu_list', '菜单查询', Perm.menuList),
          fn('m_sys_menu_save', '菜单新增/修改', Perm.menuSave),
          fn('m_sys_menu_delete', '菜单删除', Perm.menuDelete),
        ],
      },
      {
        id: 'm_sys_config',
        menuType: 1,
        title: '站点设置',
        path: 'config',
        name: 'SysConfig',
        component: 'sys/config/index',
        icon: 'tune',
        children: [fn('m_sys_config_save', '保存站点设置', Perm.configSave)],
      },
      {
        id: 'm_sys_notice',
        menuType: 1,
        title: '通知公告',
        path: 'notice',
        name: 'SysNotice',
        component: 'sys/notice/index',
        icon: 'campaign',
        children: [
          fn('m_sys_notice_list', '公告查询', Perm.noticeList),
          fn('m_sys_notice_save', '公告新增/修改', Perm.noticeSave),
          fn('m_sys_notice_delete', '公告删除', Perm.noticeDelete),
        ],
      },
      {
        id: 'm_sys_msg',
        menuType: 1,
        title: '站内消息',
        path: 'msg',
        name: 'SysMsg',
        component: 'sys/msg/index',
        icon: 'mail',
        children: [fn('m_sys_msg_list', '消息查询', Perm.msgList), fn('m_sys_msg_send', '发送消息', Perm.msgSend)],
      },
    ],
  },
  {
    id: 'm_repo',
    menuType: 1,
    title: '题库管理',
    path: '/repo',
    name: 'Repo',
    component: 'Layout',
    redirect: '/repo/catalog',
    icon: 'library_books',
    alwaysShow: true,
    children: [
      {
        id: 'm_repo_catalog',
        menuType: 1,
        title: '题库分类',
        path: 'catalog',
        name: 'RepoCatalog',
        component: 'repo/catalog/index',
        icon: 'folder',
        children: [
          fn('m_repo_catalog_save', '分类新增/修改', Perm.repoCatalogSave),
          fn('m_repo_catalog_delete', '分类删除', Perm.repoCatalogDelete),
        ],
      },
      {
        id: 'm_repo_list',
        menuType: 1,
        title: '题库列表',
        path: 'list',
        name: 'RepoList',
        component: 'repo/list/index',
        icon: 'collections_bookmark',
        children: [
          fn('m_repo_list_view', '题库查询', Perm.repoList),
          fn('m_repo_list_save', '题库新增/修改', Perm.repoSave),
          fn('m_repo_list_delete', '题库删除', Perm.repoDelete),
        ],
      },
      {
        id: 'm_repo_qu',
        menuType: 1,
        title: '试题管理',
        path: 'qu',
        name: 'RepoQu',
        component: 'repo/qu/index',
        icon: 'quiz',
        children: [
          fn('m_repo_qu_view', '试题查询', Perm.quList),
          fn('m_repo_qu_save', '试题新增/修改', Perm.quSave),
          fn('m_repo_qu_delete', '试题删除', Perm.quDelete),
          fn('m_repo_qu_import', '试题导入', Perm.quImport),
          fn('m_repo_qu_export', '试题导出', Perm.quExport),
        ],
      },
    ],
  },
  {
    id: 'm_exam',
    menuType: 1,
    title: '考试管理',
    path: '/exam',
    name: 'Exam',
    component: 'Layout',
    redirect: '/exam/list',
    icon: 'assignment',
    alwaysShow: true,
    children: [
      {
        id: 'm_exam_list',
        menuType: 1,
        title: '考试列表',
        path: 'list',
        name: 'ExamList',
        component: 'exam/list/index',
        icon: 'event_note',
        children: [
          fn('m_exam_list_view', '考试查询', Perm.examList),
          fn('m_exam_list_save', '考试新增/修改', Perm.examSave),
          fn('m_exam_list_delete', '考试删除', Perm.examDelete),
        ],
      },
      {
        id: 'm_exam_paper',
        menuType: 1,
        title: '考试记录',
        path: 'paper',
        name: 'ExamPaper',
        component: 'exam/paper/index',
        icon: 'fact_check',
        children: [fn('m_exam_paper_view', '试卷查询', Perm.paperList), fn('m_exam_paper_export', '试卷导出', Perm.paperExport)],
      },
      {
        id: 'm_exam_mark',
        menuType: 1,
        title: '阅卷中心',
        path: 'mark',
        name: 'ExamMark',
        component: 'exam/mark/index',
        icon: 'rate_review',
        children: [fn('m_exam_mark_do', '阅卷', Perm.paperMark)],
      },
    ],
  },
  {
    id: 'm_course',
    menuType: 1,
    title: '课程管理',
    path: '/course',
    name: 'Course',
    component: 'Layout',
    redirect: '/course/list',
    icon: 'school',
    alwaysShow: true,
    children: [
      {
        id: 'm_course_catalog',
        menuType: 1,
        title: '课程分类',
        path: 'catalog',
        name: 'CourseCatalog',
        component: 'course/catalog/index',
        icon: 'folder',
        children: [
          fn('m_course_catalog_save', '分类新增/修改', Perm.courseCatalogSave),
          fn('m_course_catalog_delete', '分类删除', Perm.courseCatalogDelete),
        ],
      },
      {
        id: 'm_course_list',
        menuType: 1,
        title: '课程列表',
        path: 'list',
        name: 'CourseList',
        component: 'course/list/index',
        icon: 'video_library',
        children: [
          fn('m_course_list_view', '课程查询', Perm.courseList),
          fn('m_course_list_save', '课程新增/修改', Perm.courseSave),
          fn('m_course_list_delete', '课程删除', Perm.courseDelete),
        ],
      },
      {
        id: 'm_course_record',
        menuType: 1,
        title: '学习记录',
        path: 'record',
        name: 'CourseRecord',
        component: 'course/record/index',
        icon: 'fact_check',
        children: [
          fn('m_course_record_view', '学习记录查询', Perm.courseRecordList),
          fn('m_course_record_export', '学习记录导出', Perm.courseRecordExport),
        ],
      },
    ],
  },
];
