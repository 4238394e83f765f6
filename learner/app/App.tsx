import { useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { AppProviders } from './providers/AppProviders';
import { setPassChangeHandler } from '../../common/http';
import { createAppRouter } from './router';

// A session that must change its password is held on that page by the router (RouteGuard), from
// the session's own user query: no full-page navigation from the http client.
setPassChangeHandler(() => undefined);

export function App() {
  const [router] = useState(createAppRouter);
  return (
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
