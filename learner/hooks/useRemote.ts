import { useCallback, useEffect, useState, type DependencyList } from 'react';

export interface Remote<T> {
  data: T | null;
  loading: boolean;
  failed: boolean;
  /** Loads again with the same inputs (after a change the list should show). */
  reload: () => void;
}

/**
 * Loads data for the current inputs (`deps`) and keeps only the newest answer: a slow answer for
 * inputs that have since changed, or for a screen that has gone, is dropped. A failure leaves no
 * data (the http client has already shown its message).
 */
export function useRemote<T>(load: () => Promise<T>, deps: DependencyList): Remote<T> {
  const [data, setData] = useState<T | null>(null);
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);
  const [version, setVersion] = useState(0);

  useEffect(() => {
    let cancelled = false;
    setLoading(true);
    setFailed(false);
    load()
      .then((result) => {
        if (!cancelled) setData(result);
      })
      .catch(() => {
        if (cancelled) return;
        setData(null);
        setFailed(true);
      })
      .finally(() => {
        if (!cancelled) setLoading(false);
      });
    return () => {
      cancelled = true;
    };
    // `load` is a new closure every render; the inputs it reads are the deps.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [...deps, version]);

  const reload = useCallback(() => setVersion((v) => v + 1), []);
  return { data, loading, failed, reload };
}
