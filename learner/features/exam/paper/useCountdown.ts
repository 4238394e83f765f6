import { useCallback, useEffect, useRef, useState } from 'react';
import { leftTime } from '../api/exam';

/** Re-synced with the server this often, and whenever the tab comes back. */
export const RESYNC_MS = 60_000;

/**
 * Seconds left on a paper by the server's clock: seeded from paper-detail's leftSeconds, counted
 * down locally on the monotonic clock, and re-read from /left-time every minute and when the
 * learner comes back to the tab (a sleeping laptop or a skewed local clock changes nothing).
 * `left` is null for papers without a deadline.
 */
export function useCountdown(paperId: string, initialLeft: number | null, onExpired: () => void) {
  const deadline = useRef(initialLeft === null ? null : performance.now() + initialLeft * 1000);
  const [left, setLeft] = useState(initialLeft);
  const expired = useRef(false);
  const onExpiredRef = useRef(onExpired);
  onExpiredRef.current = onExpired;

  const tick = useCallback(() => {
    if (deadline.current === null) return;
    const next = Math.max(0, Math.ceil((deadline.current - performance.now()) / 1000));
    setLeft(next);
    if (next === 0 && !expired.current) {
      expired.current = true;
      onExpiredRef.current();
    }
  }, []);

  const resync = useCallback(() => {
    if (deadline.current === null) return;
    leftTime(paperId)
      .then((seconds) => {
        deadline.current = performance.now() + seconds * 1000;
        if (seconds > 0) expired.current = false;
        tick();
      })
      // Offline: keep counting on the local clock; the next resync corrects it.
      .catch(() => undefined);
  }, [paperId, tick]);

  useEffect(() => {
    if (initialLeft === null) return;
    const timer = setInterval(tick, 1000);
    const sync = setInterval(resync, RESYNC_MS);
    const onVisible = () => document.visibilityState === 'visible' && resync();
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener('focus', resync);
    return () => {
      clearInterval(timer);
      clearInterval(sync);
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('focus', resync);
    };
  }, [initialLeft, tick, resync]);

  return left;
}
