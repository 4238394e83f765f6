import { useEffect, useMemo, useState } from 'react';
import type { ApiError } from '../../../../common/http';
import { fillAnswer } from '../api/exam';
import { AnswerSync, type SyncStatus } from '../answerSync';

/**
 * The paper's AnswerSync for the page's lifetime, its status, and the browser's connection
 * events: back online replays the journal at once.
 */
export function useAnswerSync(paperId: string, onRefused: (e: ApiError) => void) {
  const [refusal, setRefusal] = useState<ApiError | null>(null);
  const sync = useMemo(() => new AnswerSync({ paperId, send: fillAnswer, onRefused: (e) => setRefusal(e) }), [paperId]);
  const [status, setStatus] = useState<SyncStatus>(sync.getStatus());
  const [browserOnline, setBrowserOnline] = useState(() => navigator.onLine);

  useEffect(() => sync.subscribe(setStatus), [sync]);
  useEffect(() => {
    if (refusal) onRefused(refusal);
    // onRefused is the page's handler of the moment; the refusal is what triggers it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [refusal]);

  useEffect(() => {
    // A journal left by a reload or a crash goes first.
    sync.flush();
    const online = () => {
      setBrowserOnline(true);
      sync.flush();
    };
    const offline = () => setBrowserOnline(false);
    window.addEventListener('online', online);
    window.addEventListener('offline', offline);
    return () => {
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
    };
  }, [sync]);

  return { sync, status, online: browserOnline && status.online };
}
