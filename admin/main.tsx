import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider, createBrowserRouter } from 'react-router-dom';
import { Notifier, UploadOverlay } from '../common/components';
import { AdminApp } from './root/AdminApp';

// A data router (not react-admin's default hash router): real /admin/... addresses, and blocking of
// unsaved forms works.
const router = createBrowserRouter([{ path: '*', element: <AdminApp /> }], { basename: '/admin' });

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={router} />
    <Notifier />
    <UploadOverlay />
  </StrictMode>,
);
