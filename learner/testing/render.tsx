import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RequestHandler } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import type { SiteConfig, UserInfo } from '../../common/api';
import { setToken } from '../../common/http';
import { AppProviders } from '../app/providers/AppProviders';
import { createQueryClient } from '../app/queryClient';
import { routes } from '../app/router';
import { site as siteFixture } from './fixtures';
import { api, server } from './server';

// jsdom has no scrolling; react-router's scroll restoration calls it on every navigation.
window.scrollTo = () => undefined;


export interface Scenario {
  /** Where the app starts (path plus query). */
  path: string;
  /** Signed in as this user (a token cookie is set and /info answers them). */
  user?: UserInfo;
  site?: SiteConfig;
  /** Extra handlers; they win over the seeded ones. */
  handlers?: RequestHandler[];
}

/**
 * Renders the whole learner app (providers, routes, session, guard) at `path` in a memory router,
 * with seeded handlers for the site settings and, when signed in, the user info and unread count.
 * Each render has its own query cache.
 */
export function renderApp({ path, user: signedIn, site = siteFixture(), handlers = [] }: Scenario) {
  // The sign-in page also asks which single sign-on ways are on (none unless a test says so).
  const seeded: RequestHandler[] = [api('sys/config/detail', site), api('sso/status', { oidc: false, ldap: false })];
  if (signedIn) {
    setToken('test-token');
    seeded.push(api('sys/user/info', signedIn), api('sys/user/msg/count-unread', signedIn.unreadMsg));
  }
  server.use(...handlers, ...seeded);
  const queryClient = createQueryClient();
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  const user = userEvent.setup();
  /** Type into the field with this label in one go (a paste: fast, and one change event). */
  const fill = async (label: string, text: string) => {
    const field = await screen.findByLabelText(label);
    await user.clear(field);
    await user.click(field);
    await user.paste(text);
  };
  const location = () => `${router.state.location.pathname}${router.state.location.search}`;
  return { ...view, router, queryClient, location, user, fill };
}
