import { Outlet, ScrollRestoration } from 'react-router-dom';
import { Notifier, UploadOverlay } from '../../common/components';
import { HEADER_HEIGHT } from '../../common/constants';
import { STORAGE_PREFIX } from '../../common/storage';
import { DocumentTitle } from './DocumentTitle';
import { NavigationProgress } from './NavigationProgress';
import { RouteGuard } from './RouteGuard';
import { SessionProvider } from './session/SessionProvider';

/** Messages appear just below the learner header, never over its menu. */
const NOTIFIER_TOP = HEADER_HEIGHT + 16;

/** Scroll positions live in sessionStorage under the app's namespace, like everything it keeps. */
const SCROLL_KEY = `${STORAGE_PREFIX}scroll-positions`;

/**
 * The root route: session, guard and title around every page, the shared message and upload
 * layers, and react-router's scroll restoration (back/forward returns to where the page was).
 */
export function AppRoot() {
  return (
    <SessionProvider>
      <DocumentTitle />
      <NavigationProgress />
      <RouteGuard>
        <Outlet />
      </RouteGuard>
      <Notifier top={NOTIFIER_TOP} />
      <UploadOverlay />
      <ScrollRestoration storageKey={SCROLL_KEY} />
    </SessionProvider>
  );
}
