import { render } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import type { RouteEntry, UserInfo } from '../../common/api';
import { setToken } from '../../common/http';
import { createAuthProvider, defaultAuthDeps } from '../providers/authProvider';
import { createDataProvider } from '../providers/dataProvider';
import { AdminApp, type AdminAppProps } from '../root/AdminApp';
import { testProviders } from './providers';
import { server, sessionHandlers } from './server';

/** Stand-ins for the resource screens (tested on their own): the shell only needs something to show. */
const Screen = ({ title }: { title: string }) => <h1>{title}</h1>;
export const testResources: NonNullable<AdminAppProps['resources']> = [
  { name: 'sys/user', list: () => <Screen title="用户列表" />, edit: () => <Screen title="编辑用户" /> },
  { name: 'sys/depart', list: () => <Screen title="部门列表" /> },
  { name: 'sys/role', list: () => <Screen title="角色列表" /> },
];

export interface RenderAdminOptions {
  /** The admin path to open (without /admin). */
  path?: string;
  user?: UserInfo;
  routes?: RouteEntry[];
  /** Start signed in (a token cookie); default true. */
  signedIn?: boolean;
  locale?: 'zh-CN' | 'en';
  props?: Partial<AdminAppProps>;
}

/**
 * The one harness of the admin component tests: the real AdminApp with the real providers over
 * msw, a memory router at /admin, a memory store, zh-CN messages, and full-page navigations
 * (sign-in, learner home) recorded in `leftTo` instead of leaving jsdom's page.
 */
export function renderAdmin({ path = '/dashboard', user, routes, signedIn = true, locale = 'zh-CN', props = {} }: RenderAdminOptions = {}) {
  server.use(...sessionHandlers({ user, routes }));
  if (signedIn) setToken('test-token');
  const leftTo: string[] = [];
  const authProvider = createAuthProvider({ ...defaultAuthDeps, go: (url) => leftTo.push(url), currentPath: () => `/admin${path}` });
  const router = createMemoryRouter([{ path: '*', element: <AdminApp authProvider={authProvider} dataProvider={createDataProvider()} {...testProviders(locale)} resources={testResources} customRoutes={[]} {...props} /> }], {
    initialEntries: [`/admin${path}`],
    basename: '/admin',
  });
  const view = render(<RouterProvider router={router} />);
  return { ...view, router, leftTo, authProvider };
}
