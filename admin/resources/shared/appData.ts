import { useCallback, useEffect, useState } from 'react';
import { useDataProvider } from 'react-admin';
import type { AppDataProvider } from '../../providers/dataProvider';

export type { AppDataProvider };

export const useAppDataProvider = () => useDataProvider<AppDataProvider>();

export interface ApiQueryState<T> {
  data: T | undefined;
  error: unknown;
  isPending: boolean;
  refetch: () => void;
}

/**
 * Loads one POST endpoint through the data provider's `call`, re-running when the path or body
 * changes or `refetch` is called. Errors have already been shown by the http client.
 */
export function useApiQuery<T>(path: string, body?: unknown, enabled = true): ApiQueryState<T> {
  const dataProvider = useAppDataProvider();
  const bodyKey = JSON.stringify(body ?? {});
  const [tick, setTick] = useState(0);
  const [state, setState] = useState<{ data: T | undefined; error: unknown; isPending: boolean }>({
    data: undefined,
    error: undefined,
    isPending: enabled,
  });
  useEffect(() => {
    if (!enabled) return;
    let alive = true;
    setState((s) => ({ ...s, isPending: true }));
    dataProvider.call<T>(path, JSON.parse(bodyKey)).then(
      (data) => alive && setState({ data, error: undefined, isPending: false }),
      (error) => alive && setState((s) => ({ data: s.data, error, isPending: false })),
    );
    return () => {
      alive = false;
    };
  }, [dataProvider, path, bodyKey, tick, enabled]);
  const refetch = useCallback(() => setTick((t) => t + 1), []);
  return { ...state, refetch };
}
