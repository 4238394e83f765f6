import type { ReactNode } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { paths } from '../config/paths';
import { LoginPage } from '../features/auth/LoginPage';
import { RegisterPage } from '../features/auth/RegisterPage';
import { SyncPage } from '../features/auth/SyncPage';
import { NotFoundPage } from '../features/errors/NotFoundPage';
import { UnauthorizedPage } from '../features/errors/UnauthorizedPage';
import { NoticeDetailPage } from '../features/notice/NoticeDetailPage';
import { NoticeListPage } from '../features/notice/NoticeListPage';
import { ProfilePage } from '../features/profile/ProfilePage';
import { UserCenterPage } from '../features/uc/UserCenterPage';
import { BareLayout } from '../layouts/BareLayout';
import { WebLayout } from '../layouts/WebLayout';
import { AppRoot } from './AppRoot';
import type { RouteHandle } from './DocumentTitle';
import { RedirectPage } from './RedirectPage';

const page = (entry: { path: string; title: string }, element: ReactNode): RouteObject => ({
  path: entry.path,
  element,
  handle: { title: entry.title } satisfies RouteHandle,
});

/**
 * Every learner route. /web/index, /web/course, /web/repo and the other learner pages of later
 * issues fall through to the 404 page inside the web layout until they are built; /forgot is not
 * built yet either, so it is the plain 404.
 */
export const routes: RouteObject[] = [
  {
    element: <AppRoot />,
    children: [
      page(paths.sync, <SyncPage />),
      page(paths.redirect, <RedirectPage />),
      {
        element: <WebLayout />,
        children: [
          page(paths.notice, <NoticeListPage />),
          page(paths.noticeDetail, <NoticeDetailPage />),
          page(paths.userCenter, <UserCenterPage />),
          page(paths.profile, <ProfilePage />),
          page(paths.webFallback, <NotFoundPage />),
        ],
      },
      {
        element: <BareLayout />,
        children: [
          page(paths.login, <LoginPage />),
          page(paths.register, <RegisterPage />),
          page(paths.unauthorized, <UnauthorizedPage />),
          page(paths.notFound, <NotFoundPage />),
          page(paths.fallback, <NotFoundPage />),
        ],
      },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);
