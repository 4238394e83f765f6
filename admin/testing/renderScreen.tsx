import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { QueryClient } from '@tanstack/react-query';
import { AdminContext, ResourceContextProvider, type AuthProvider } from 'react-admin';
import type { UserInfo } from '../../common/api';
import { AdminNotifier } from '../layout/AdminNotifier';
import { canAccess } from '../providers/canAccess';
import { createDataProvider } from '../providers/dataProvider';
import { adminUser } from './fixtures';
import { testProviders } from './providers';

/** A signed-in user for screen tests: what they may do is decided as in production (canAccess). */
function authFor(user: UserInfo): AuthProvider {
  return {
    login: async () => undefined,
    logout: async () => undefined,
    checkAuth: async () => undefined,
    checkError: async () => undefined,
    getPermissions: async () => user.permissions,
    getIdentity: async () => ({ id: user.id, fullName: user.realName }),
    canAccess: async (params) => canAccess(user, params),
  };
}

/**
 * Renders one resource screen inside react-admin with the real data provider over msw (answer
 * its calls with `answer` from ./server), zh-CN messages, a memory store and router, and the
 * app's notifications; the whole shell is renderAdmin.
 */
export function renderScreen(
  ui: ReactNode,
  { resource, path = '/', route = '*', user = adminUser }: { resource?: string; path?: string; route?: string; user?: UserInfo } = {},
) {
  const content = resource ? <ResourceContextProvider value={resource}>{ui}</ResourceContextProvider> : ui;
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <MemoryRouter initialEntries={[path]}>
      <AdminContext dataProvider={createDataProvider()} authProvider={authFor(user)} {...testProviders()} queryClient={queryClient}>
        <Routes>
          <Route path={route} element={content} />
        </Routes>
        <AdminNotifier />
      </AdminContext>
    </MemoryRouter>,
  );
  return { ...view, queryClient };
}
