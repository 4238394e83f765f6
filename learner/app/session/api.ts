import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { authApi, type BindMobileBody, type ProfileUpdateBody, type UserInfo } from '../../../common/api/user';
import { MSG_POLL_MS } from '../../../common/constants';
import { call } from '../../../common/http';
import { fetchSiteConfig } from '../../../common/services/config';
import { countUnread } from '../../../common/services/msg';

/**
 * What the whole learner app shares about the session: the site settings, who is signed in, the
 * unread count, and changing one's own profile (the header and two features show it).
 */
export const sessionKeys = {
  site: ['site'] as const,
  /** One entry per token: signing in as someone else never shows the previous user. */
  me: (token: string | undefined) => ['me', token ?? ''] as const,
  meAll: ['me'] as const,
  unread: (token: string | undefined, userId: string | undefined) => ['unread', token ?? '', userId ?? ''] as const,
  unreadAll: ['unread'] as const,
};

/** Site settings are public and change rarely. */
export const siteQuery = () =>
  queryOptions({ queryKey: sessionKeys.site, queryFn: fetchSiteConfig, staleTime: 5 * 60_000 });

/**
 * /api/sys/user/info, silent: a failure ends the session and its text is shown on the sign-in
 * page (spec section 8), not in a toast that disappears with the page.
 */
export const meQuery = (token: string | undefined) =>
  queryOptions({
    queryKey: sessionKeys.me(token),
    queryFn: () => call(authApi.info, {}, { silent: true }),
    enabled: Boolean(token),
    staleTime: Infinity,
  });

/**
 * The unread count (spec section 7: at start, then every MSG_POLL_MS). The user info answers the
 * count at start, so the first poll comes one interval later: a cohort signing in together does
 * not double its requests.
 */
export const unreadQuery = (token: string | undefined, user: UserInfo | null, userFetchedAt: number) =>
  queryOptions({
    queryKey: sessionKeys.unread(token, user?.id),
    queryFn: countUnread,
    enabled: Boolean(user),
    initialData: user?.unreadMsg,
    initialDataUpdatedAt: userFetchedAt,
    staleTime: MSG_POLL_MS,
    refetchInterval: MSG_POLL_MS,
  });

/** Who I am, asked again now (a page that shows my details fresh: department and roles may have changed). */
export const useFreshMe = (token: string | undefined) => useQuery({ ...meQuery(token), refetchOnMount: 'always' });

/** Save my own profile; the answer is the refreshed user, shown at once everywhere. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProfileUpdateBody) => call(authApi.update, body),
    onSuccess: (user: UserInfo) => {
      queryClient.setQueriesData<UserInfo>({ queryKey: sessionKeys.meAll }, user);
    },
  });
}

/** Bind or change my phone with a code sent to it; the answer is the refreshed user. */
export function useBindMobile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BindMobileBody) => call(authApi.bindMobile, body),
    onSuccess: (user: UserInfo) => {
      queryClient.setQueriesData<UserInfo>({ queryKey: sessionKeys.meAll }, user);
    },
  });
}

/** Reading or deleting messages changes the badge: ask for the count again now. */
export const refreshUnread = (queryClient: ReturnType<typeof useQueryClient>) =>
  queryClient.invalidateQueries({ queryKey: sessionKeys.unreadAll });
