import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { vi, type Mock } from 'vitest';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { QueryClient } from '@tanstack/react-query';
import { AdminContext, Notification, ResourceContextProvider, type DataProvider } from 'react-admin';
import type { AppDataProvider } from '../providers/dataProvider';
import { testProviders } from './providers';

type CallHandler = (path: string, body: any) => unknown;

/**
 * A fake data provider: every standard method and `call` are vi.fn()s; `calls` answers custom
 * calls by path (an unknown path fails the test loudly).
 */
export function fakeDataProvider(standard: Partial<Record<keyof DataProvider, (...args: any[]) => Promise<any>>> = {}, calls: Record<string, unknown | CallHandler> = {}) {
  const unexpected = (name: string) => vi.fn(async (...args: unknown[]) => {
    throw new Error(`unexpected ${name} ${JSON.stringify(args)}`);
  });
  const provider = {
    getList: unexpected('getList'),
    getOne: unexpected('getOne'),
    getMany: unexpected('getMany'),
    getManyReference: unexpected('getManyReference'),
    create: unexpected('create'),
    update: unexpected('update'),
    updateMany: unexpected('updateMany'),
    delete: unexpected('delete'),
    deleteMany: unexpected('deleteMany'),
    ...Object.fromEntries(Object.entries(standard).map(([k, fn]) => [k, vi.fn(fn as any)])),
    call: vi.fn(async (path: string, body?: unknown) => {
      if (!(path in calls)) throw new Error(`unexpected call ${path} ${JSON.stringify(body)}`);
      const answer = calls[path];
      return typeof answer === 'function' ? (answer as CallHandler)(path, body) : answer;
    }),
    download: vi.fn(async () => undefined),
    upload: vi.fn(async (file: Blob) => ({ id: 'f1', url: '/api/sys/file/get/f1', name: (file as File).name ?? 'file', size: file.size })),
  };
  return provider as unknown as AppDataProvider & { [K in keyof AppDataProvider]: Mock };
}

/**
 * Renders one resource screen inside react-admin over a fake data provider (zh-CN messages, memory
 * store, memory router); the shell over msw is renderAdmin.
 */
export function renderScreen(
  ui: ReactNode,
  { dataProvider, resource, path = '/', route = '*' }: { dataProvider: AppDataProvider; resource?: string; path?: string; route?: string },
) {
  const content = resource ? <ResourceContextProvider value={resource}>{ui}</ResourceContextProvider> : ui;
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <MemoryRouter initialEntries={[path]}>
      <AdminContext dataProvider={dataProvider} {...testProviders()} queryClient={queryClient}>
        <Routes>
          <Route path={route} element={content} />
        </Routes>
        <Notification />
      </AdminContext>
    </MemoryRouter>,
  );
  return { ...view, queryClient };
}
