import { queryOptions, useQueryClient } from '@tanstack/react-query';
import type { BodyOf, DataOf, Endpoint } from '../../common/api';
import { call, type CallArgs } from '../../common/http';

/**
 * Screens read what is not a react-admin resource call (trees, pickers, counts, settings) through
 * TanStack Query on react-admin's QueryClient, keyed by the endpoint's path and body, so
 * react-admin's refresh reloads them too and one invalidation reaches every screen that shows them.
 */

/** The query key of an endpoint: its path, then the body when there is one. */
export const endpointKey = (endpoint: Endpoint, body?: unknown): readonly unknown[] => (body === undefined ? [endpoint.path] : [endpoint.path, body]);

/**
 * `useQuery(endpointQuery(departApi.tree))`. Silent: a failed load is shown in place, with 重试
 * (LoadError), not as a passing message; and at once, not after rounds of automatic retries (as
 * react-admin's own lists do).
 */
export function endpointQuery<E extends Endpoint>(endpoint: E, body?: BodyOf<E>) {
  return queryOptions({
    retry: false,
    queryKey: endpointKey(endpoint, body),
    queryFn: (): Promise<DataOf<E>> => call(endpoint, ...([body, { silent: true }] as CallArgs<E>)),
  });
}

/** Marks what an endpoint answered as stale (every body), so the screens showing it reload. */
export function useInvalidateEndpoint() {
  const queryClient = useQueryClient();
  return (...endpoints: Endpoint[]) => Promise.all(endpoints.map((e) => queryClient.invalidateQueries({ queryKey: [e.path] }))).then(() => undefined);
}
