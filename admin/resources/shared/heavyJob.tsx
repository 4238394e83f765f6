import { useCallback, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import Alert from '@mui/material/Alert';
import { jobApi, withJobTicket, type Endpoint, type JobProgress } from '../../../common/api';
import { call } from '../../../common/http';

/** A fresh ticket naming one heavy job (common/api/job.ts): 24 random letters and digits. */
function newTicket(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(18));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_');
}

/**
 * For a screen that starts heavy jobs (an import's parse or commit): `named(endpoint)` is the
 * endpoint with a fresh ticket naming the next call's job (withJobTicket), and while `pending` the
 * job's place in the queue is asked every second, for <HeavyJobNote>.
 */
export function useHeavyJob(pending: boolean): { named: <E extends Endpoint>(endpoint: E) => E; progress: JobProgress | undefined } {
  const [current, setCurrent] = useState<string | null>(null);
  const named = useCallback(<E extends Endpoint>(endpoint: E) => {
    const t = newTicket();
    setCurrent(t);
    return withJobTicket(endpoint, t);
  }, []);
  const { data } = useQuery({
    queryKey: ['job-progress', current],
    queryFn: () => call(jobApi.progress, { ticket: current! }, { silent: true }),
    enabled: pending && current !== null,
    refetchInterval: 1000,
    gcTime: 0,
  });
  return { named, progress: pending ? data : undefined };
}

/** Where a heavy job stands, while it is pending: queued behind how many, or being worked on. */
export function HeavyJobNote({ progress }: { progress: JobProgress | undefined }) {
  const translate = useTranslate();
  if (!progress || progress.state === 'unknown') return null;
  return (
    <Alert severity="info" role="status" sx={{ py: 0.25 }}>
      {progress.state === 'waiting' ? translate('examhall.common.jobWaiting', { smart_count: progress.ahead }) : translate('examhall.common.jobRunning')}
    </Alert>
  );
}
