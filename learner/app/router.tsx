import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { LoadingScreen } from '../components/LoadingScreen';
import { paths } from '../config/paths';
import { AppRoot } from './AppRoot';
import type { RouteHandle } from './DocumentTitle';
import { RedirectPage } from './RedirectPage';

/** A screen loaded on first visit: each page (and each layout) is its own chunk. */
const page = (entry: { path: string; title: string }, load: () => Promise<ComponentType>): RouteObject => ({
  path: entry.path,
  handle: { title: entry.title } satisfies RouteHandle,
  lazy: async () => ({ Component: await load() }),
});

const layout = (load: () => Promise<ComponentType>, children: RouteObject[]): RouteObject => ({
  lazy: async () => ({ Component: await load() }),
  children,
});

const notFound = () => import('../features/errors/NotFoundPage').then((m) => m.NotFoundPage);

/**
 * Every learner route. Learner pages not built yet fall through to the 404 page inside the web
 * layout; /forgot is not built yet either, so it is the plain 404.
 */
export const routes: RouteObject[] = [
  {
    element: <AppRoot />,
    // Shown while the first screen's code loads.
    hydrateFallbackElement: <LoadingScreen fullPage />,
    children: [
      // The exam page has no site header: its own bar holds the time, the save state and hand-in.
      page(paths.examStart, () => import('../features/exam/ExamPage').then((m) => m.ExamPage)),
      page(paths.sync, () => import('../features/auth/SyncPage').then((m) => m.SyncPage)),
      { path: paths.redirect.path, element: <RedirectPage />, handle: { title: paths.redirect.title } satisfies RouteHandle },
      layout(
        () => import('../layouts/WebLayout').then((m) => m.WebLayout),
        [
          page(paths.examList, () => import('../features/exam/ExamListPage').then((m) => m.ExamListPage)),
          page(paths.examCheck, () => import('../features/exam/ExamCheckPage').then((m) => m.ExamCheckPage)),
          page(paths.examResult, () => import('../features/exam/ExamResultPage').then((m) => m.ExamResultPage)),
          page(paths.examDebug, () => import('../features/examDebug/ExamDebugPage').then((m) => m.ExamDebugPage)),
          page(paths.paperRecords, () => import('../features/records/PaperRecordsPage').then((m) => m.PaperRecordsPage)),
          page(paths.paperList, () => import('../features/records/PaperListPage').then((m) => m.PaperListPage)),
          page(paths.wrongBook, () => import('../features/wrongbook/WrongBookPage').then((m) => m.WrongBookPage)),
          page(paths.quView, () => import('../features/qu/QuViewPage').then((m) => m.QuViewPage)),
          page(paths.course, () => import('../features/course/CourseListPage').then((m) => m.CourseListPage)),
          page(paths.courseView, () => import('../features/course/CourseViewPage').then((m) => m.CourseViewPage)),
          page(paths.repo, () => import('../features/practice/RepoListPage').then((m) => m.RepoListPage)),
          page(paths.repoView, () => import('../features/practice/RepoViewPage').then((m) => m.RepoViewPage)),
          page(paths.repoTraining, () => import('../features/practice/TrainingPage').then((m) => m.TrainingPage)),
          page(paths.repoResult, () => import('../features/practice/TrainingResultPage').then((m) => m.TrainingResultPage)),
          page(paths.notice, () => import('../features/notice/NoticeListPage').then((m) => m.NoticeListPage)),
          page(paths.noticeDetail, () => import('../features/notice/NoticeDetailPage').then((m) => m.NoticeDetailPage)),
          page(paths.userCenter, () => import('../features/uc/UserCenterPage').then((m) => m.UserCenterPage)),
          page(paths.profile, () => import('../features/profile/ProfilePage').then((m) => m.ProfilePage)),
          page(paths.webFallback, notFound),
        ],
      ),
      layout(
        () => import('../layouts/BareLayout').then((m) => m.BareLayout),
        [
          page(paths.login, () => import('../features/auth/LoginPage').then((m) => m.LoginPage)),
          page(paths.register, () => import('../features/auth/RegisterPage').then((m) => m.RegisterPage)),
          page(paths.unauthorized, () => import('../features/errors/UnauthorizedPage').then((m) => m.UnauthorizedPage)),
          page(paths.notFound, notFound),
          page(paths.fallback, notFound),
        ],
      ),
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);
