import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider, createBrowserRouter } from 'react-router-dom';
import { UploadOverlay } from '../common/components';
import { AdminApp } from './root/AdminApp';

// A data router (not react-admin's default hash router): real /admin/... addresses. The
// notifications are mounted inside the app (AdminNotifier), where they speak its language.
const router = createBrowserRouter([{ path: '*', element: <AdminApp /> }], { basename: '/admin' });

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={router} />
    <UploadOverlay />
  </StrictMode>,
);
