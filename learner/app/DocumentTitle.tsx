import { useEffect } from 'react';
import { useMatches } from 'react-router-dom';
import { documentTitle } from '../../common/title';
import { useSession } from './session/context';

export interface RouteHandle {
  title?: string;
}

/** document.title = route title, then site name — on every route change and when the site name loads. */
export function DocumentTitle() {
  const matches = useMatches();
  const { site } = useSession();
  const routeTitle = [...matches].reverse().find((m) => (m.handle as RouteHandle | undefined)?.title !== undefined)?.handle as
    | RouteHandle
    | undefined;
  const title = documentTitle(routeTitle?.title, site?.siteName);

  useEffect(() => {
    document.title = title;
  }, [title]);

  return null;
}
