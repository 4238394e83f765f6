import { Outlet } from 'react-router-dom';
import { Notifier, UploadOverlay } from '../../common/components';
import { DocumentTitle } from './DocumentTitle';
import { RouteGuard } from './RouteGuard';
import { SessionProvider } from './session/SessionProvider';

/** The root route: session, guard and title around every page, plus the shared message and upload layers. */
export function AppRoot() {
  return (
    <SessionProvider>
      <DocumentTitle />
      <RouteGuard>
        <Outlet />
      </RouteGuard>
      <Notifier />
      <UploadOverlay />
    </SessionProvider>
  );
}
