import { matchPath } from 'react-router-dom';

/**
 * The one registry of learner routes: every path the app links to or mounts, with the title shown
 * in the browser tab (documentTitle(title, siteName)). Patterns use react-router syntax.
 */
export const paths = {
  root: { path: '/', title: '' },
  login: { path: '/login', title: '登录' },
  register: { path: '/register', title: '注册' },
  forgot: { path: '/forgot', title: '找回密码' },
  /** After sign-in, with the redirect the sign-in page was given, if any. */
  sync: { path: '/sync', title: '正在登录', to: (redirect: string | null) => (redirect ? `/sync?redirect=${encodeURIComponent(redirect)}` : '/sync') },
  redirect: { path: '/redirect/*', title: '' },
  /** A session that must change its password first (PASSWORD_CHANGE_REQUIRED) can open nothing else. */
  changePassword: { path: '/change-password', title: '修改密码' },
  unauthorized: { path: '/401', title: '无权访问' },
  notFound: { path: '/404', title: '页面不存在' },

  examList: { path: '/web/index', title: '在线考试' },
  examCheck: { path: '/web/exam/check/:id', title: '考试须知', to: (examId: string) => `/web/exam/check/${encodeURIComponent(examId)}` },
  /** The exam page of a paper (id = the paper's id). */
  examStart: { path: '/web/exam/start/:id', title: '正在考试', to: (paperId: string) => `/web/exam/start/${encodeURIComponent(paperId)}` },
  examResult: { path: '/web/exam/result/:id', title: '考试结果', to: (paperId: string) => `/web/exam/result/${encodeURIComponent(paperId)}` },
  examDebug: { path: '/web/exam/debug', title: '设备检测' },
  paperRecords: { path: '/web/paper', title: '我的成绩' },
  /** The attempts of one exam by one learner (a learner sees only their own; the server restricts). */
  paperList: {
    path: '/web/paper/list/:examId/:userId',
    title: '考试记录',
    to: (examId: string, userId: string) => `/web/paper/list/${encodeURIComponent(examId)}/${encodeURIComponent(userId)}`,
  },
  wrongBook: { path: '/web/book/list/:examId', title: '错题本', to: (examId: string) => `/web/book/list/${encodeURIComponent(examId)}` },
  /** My wrong questions of one knowledge point, across exams. */
  wrongBookTag: { path: '/web/book/point', title: '错题本', to: (tag: string) => `/web/book/point?tag=${encodeURIComponent(tag)}` },
  quView: { path: '/web/qu/view/:id', title: '试题详情', to: (quId: string) => `/web/qu/view/${encodeURIComponent(quId)}` },
  course: { path: '/web/course', title: '课程学习' },
  courseView: {
    path: '/web/course/view/:courseId/:fileId?',
    title: '课程详情',
    to: (courseId: string, fileId?: string) =>
      `/web/course/view/${encodeURIComponent(courseId)}${fileId ? `/${encodeURIComponent(fileId)}` : ''}`,
  },
  /** `tag`: the banks holding a knowledge point, each practising it. */
  repo: { path: '/web/repo', title: '题库训练', to: (tab?: 'fav', tag?: string) => (tab ? `/web/repo?tab=${tab}` : tag ? `/web/repo?tag=${encodeURIComponent(tag)}` : '/web/repo') },
  repoView: { path: '/web/repo/view/:repoId', title: '题库详情', to: (repoId: string) => `/web/repo/view/${encodeURIComponent(repoId)}` },
  repoTraining: {
    path: '/web/repo/training/:repoId/:mode',
    title: '题库练习',
    /** `query`: what the start call needs besides bank and mode (quType, tag, fromTrainId), or the training to go on with (trainId). */
    to: (repoId: string, mode: number, query: Record<string, string | number | undefined> = {}) => {
      const q = new URLSearchParams(Object.entries(query).flatMap(([k, v]) => (v === undefined || v === '' ? [] : [[k, String(v)]]))).toString();
      return `/web/repo/training/${encodeURIComponent(repoId)}/${mode}${q ? `?${q}` : ''}`;
    },
  },
  repoResult: { path: '/web/repo/repo/:trainId', title: '练习结果', to: (trainId: string) => `/web/repo/repo/${encodeURIComponent(trainId)}` },
  notice: { path: '/web/notice', title: '系统公告' },
  noticeDetail: {
    path: '/web/notice/detail/:id',
    title: '公告详情',
    to: (id: string) => `/web/notice/detail/${encodeURIComponent(id)}`,
  },
  userCenter: {
    path: '/web/uc',
    title: '用户中心',
    to: (tab?: UserCenterTab) => (tab && tab !== 'profile' ? `/web/uc?tab=${tab}` : '/web/uc'),
  },
  profile: { path: '/profile/index', title: '个人资料' },
  /** Everything else under /web that no page claims yet: the standard 404 inside the web layout. */
  webFallback: { path: '/web/*', title: '页面不存在' },
  fallback: { path: '*', title: '页面不存在' },
} as const;

export type UserCenterTab = 'profile' | 'password' | 'face' | 'msg' | 'exam' | 'mastery' | 'course';
export const USER_CENTER_TABS: readonly UserCenterTab[] = ['profile', 'password', 'face', 'msg', 'exam', 'mastery', 'course'];

/** The five header buttons, in the spec's order (label = the route's title). */
export const webMenu = [paths.course, paths.examList, paths.repo, paths.notice, paths.userCenter].map((p) => ({
  path: p.path,
  label: p.title,
}));

/**
 * Pages outside the five sections' own paths, with the section (menu path) each belongs to. The
 * question view is opened from the wrong book and results (exams) and from practice and favourites
 * (question banks): it keeps the section of the page it was opened from.
 */
const SECTION_OF_PAGE: { path: string; section: string | 'from' }[] = [
  ...[paths.examCheck, paths.examStart, paths.examResult, paths.examDebug, paths.paperRecords, paths.paperList, paths.wrongBook, paths.wrongBookTag].map((p) => ({
    path: p.path,
    section: paths.examList.path,
  })),
  { path: paths.profile.path, section: paths.userCenter.path },
  { path: paths.quView.path, section: 'from' },
];

/**
 * The header button a location belongs to: the menu entry sharing its first two path segments
 * (/web/repo/view/1 → 题库训练), else the section SECTION_OF_PAGE gives it. `from` is the
 * section of the page before (for pages reached from several sections); without one they count
 * as part of 在线考试. Undefined for pages of no section (the 404).
 */
export function activeMenuPath(pathname: string, from?: string): string | undefined {
  const section = (p: string) => p.split('/').slice(0, 3).join('/');
  const own = webMenu.find((m) => section(pathname) === section(m.path))?.path;
  if (own) return own;
  const page = SECTION_OF_PAGE.find((s) => matchPath(s.path, pathname));
  if (!page) return undefined;
  return page.section === 'from' ? (from ?? paths.examList.path) : page.section;
}
