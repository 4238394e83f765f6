import type { ComponentType, ReactNode } from 'react';
import { createBrowserRouter, type NonIndexRouteObject, type RouteObject } from 'react-router-dom';
import { LoadingScreen } from '../components/LoadingScreen';
import { paths } from '../config/paths';
import { RouteErrorPage } from '../features/errors/RouteErrorPage';
import { AppRoot } from './AppRoot';
import { routeChunk } from './chunks';
import type { RouteHandle } from './DocumentTitle';
import { RedirectPage } from './RedirectPage';

/**
 * A route whose component is its own chunk, loaded by the route's loader (learner/app/chunks.ts:
 * retried, and run again by 重试 or the next visit). Any failure, loading or rendering, shows
 * `errorElement` in the route's place: inside the parent layout, header and all.
 */
function chunked(load: () => Promise<ComponentType>, errorElement: ReactNode): NonIndexRouteObject {
  const chunk = routeChunk(load);
  function ChunkedRoute() {
    const Loaded = chunk.loaded();
    return Loaded ? <Loaded /> : null;
  }
  return {
    loader: async ({ request }) => {
      await chunk.load(request.url);
      return null;
    },
    // Once loaded there is nothing to load again: search changes and revalidations stay instant.
    shouldRevalidate: () => chunk.loaded() === undefined,
    Component: ChunkedRoute,
    errorElement,
  };
}

/** A screen loaded on first visit: each page (and each layout) is its own chunk. */
const page = (entry: { path: string; title: string }, load: () => Promise<ComponentType>, errorElement: ReactNode = <RouteErrorPage />): RouteObject => ({
  path: entry.path,
  handle: { title: entry.title } satisfies RouteHandle,
  ...chunked(load, errorElement),
});

/** A layout in its own chunk; if it fails, nothing of it can show, so its error page is the whole page. */
const layout = (load: () => Promise<ComponentType>, children: RouteObject[]): RouteObject => ({
  ...chunked(load, <RouteErrorPage fullPage />),
  children,
});

const notFound = () => import('../features/errors/NotFoundPage').then((m) => m.NotFoundPage);

/**
 * Every learner route. Learner pages not built yet fall through to the 404 page inside the web
 * layout.
 */
export const routes: RouteObject[] = [
  {
    element: <AppRoot />,
    errorElement: <RouteErrorPage fullPage />,
    // Shown while the first screen's code loads.
    hydrateFallbackElement: <LoadingScreen fullPage />,
    children: [
      // The exam page has no site header: its own bar holds the time, the save state and hand-in.
      page(paths.examStart, () => import('../features/exam/ExamPage').then((m) => m.ExamPage), <RouteErrorPage fullPage />),
      page(paths.sync, () => import('../features/auth/SyncPage').then((m) => m.SyncPage), <RouteErrorPage fullPage />),
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
          page(paths.wrongBookTag, () => import('../features/wrongbook/WrongBookPage').then((m) => m.WrongBookPage)),
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
          page(paths.changePassword, () => import('../features/uc/ChangePasswordPage').then((m) => m.ChangePasswordPage)),
          page(paths.forgot, () => import('../features/auth/ForgotPage').then((m) => m.ForgotPage)),
          page(paths.unauthorized, () => import('../features/errors/UnauthorizedPage').then((m) => m.UnauthorizedPage)),
          page(paths.notFound, notFound),
          page(paths.fallback, notFound),
        ],
      ),
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);
