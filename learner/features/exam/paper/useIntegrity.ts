import { useCallback, useEffect, useRef, useState } from 'react';
import type { BrowserEvent, PaperDetail } from '../../../../common/api/paper';
import { PaperEvent } from '../../../../common/codes';
import { sendPaperEvent } from '../api/exam';

export interface IntegrityState {
  leaveCount: number;
  /** Set after the learner came back from leaving the page: the warning to show. */
  leaveWarning: string | null;
  /** Fullscreen is required and the page is not in it. */
  needFullscreen: boolean;
  /** Seconds until the inactivity limit hands the paper in, shown in the last minute; null otherwise. */
  idleLeft: number | null;
}

/** Idle warnings show this long before the limit. */
const IDLE_WARN_SECONDS = 60;

/**
 * The exam's integrity settings in effect: leaving the page (tab switch, window switch) is
 * reported as an event and counted by the server, which hands the paper in at the limit;
 * fullscreen is asked for and its exit recorded; inactivity counts down and is reported at the
 * limit (the server hands in). Every event goes to the server with its own time; the page only
 * shows what the server answers.
 */
export function useIntegrity(paper: PaperDetail, onHanded: () => void) {
  const [state, setState] = useState<IntegrityState>({
    leaveCount: paper.leaveCount,
    leaveWarning: null,
    needFullscreen: paper.fullscreen && !document.fullscreenElement,
    idleLeft: null,
  });
  const away = useRef(false);
  const onHandedRef = useRef(onHanded);
  onHandedRef.current = onHanded;

  const report = useCallback(
    (type: BrowserEvent, detail?: string) =>
      sendPaperEvent({ paperId: paper.id, type, detail })
        .then((r) => {
          if (r.handed) onHandedRef.current();
          return r;
        })
        // Offline: the event is lost to the timeline, the answers are not (they are journaled).
        .catch(() => null),
    [paper.id],
  );

  // Leaving and coming back.
  useEffect(() => {
    const leave = (why: string) => {
      if (away.current) return;
      away.current = true;
      void report(PaperEvent.LEAVE, why).then((r) => {
        if (!r) return;
        setState((s) => ({
          ...s,
          leaveCount: r.leaveCount,
          leaveWarning:
            r.leaveLimit > 0
              ? `你已离开考试页面 ${r.leaveCount} 次，达到 ${r.leaveLimit} 次将被强制交卷。`
              : `你已离开考试页面 ${r.leaveCount} 次，离开记录会被保存。`,
        }));
      });
    };
    const back = () => {
      if (!away.current) return;
      away.current = false;
      void report(PaperEvent.RETURN);
    };
    const onVisibility = () => (document.visibilityState === 'hidden' ? leave('切换标签页或最小化') : back());
    const onBlur = () => leave('切换到其他窗口');
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('blur', onBlur);
    window.addEventListener('focus', back);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('blur', onBlur);
      window.removeEventListener('focus', back);
    };
  }, [report]);

  // Fullscreen.
  useEffect(() => {
    if (!paper.fullscreen) return;
    const onChange = () => {
      const inside = Boolean(document.fullscreenElement);
      setState((s) => ({ ...s, needFullscreen: !inside }));
      if (!inside) void report(PaperEvent.FULLSCREEN_EXIT);
    };
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, [paper.fullscreen, report]);

  // Inactivity.
  useEffect(() => {
    if (paper.idleLimit <= 0) return;
    let last = Date.now();
    let reported = false;
    const touch = () => {
      last = Date.now();
    };
    const events = ['keydown', 'pointerdown', 'pointermove', 'wheel', 'touchstart', 'input'] as const;
    events.forEach((e) => window.addEventListener(e, touch, { passive: true, capture: true }));
    const timer = setInterval(() => {
      const left = paper.idleLimit * 60 - Math.floor((Date.now() - last) / 1000);
      setState((s) => ({ ...s, idleLeft: left <= IDLE_WARN_SECONDS ? Math.max(0, left) : null }));
      if (left <= 0 && !reported) {
        reported = true;
        void report(PaperEvent.IDLE, `${paper.idleLimit} 分钟无操作`);
      }
      if (left > 0) reported = false;
    }, 1000);
    return () => {
      clearInterval(timer);
      events.forEach((e) => window.removeEventListener(e, touch, { capture: true }));
    };
  }, [paper.idleLimit, report]);

  const enterFullscreen = useCallback(() => {
    document.documentElement.requestFullscreen?.().catch(() => undefined);
  }, []);
  const dismissLeaveWarning = useCallback(() => setState((s) => ({ ...s, leaveWarning: null })), []);
  const pasteBlocked = useCallback(() => void report(PaperEvent.PASTE), [report]);
  const reconnected = useCallback(() => void report(PaperEvent.RECONNECT), [report]);

  return { ...state, enterFullscreen, dismissLeaveWarning, pasteBlocked, reconnected };
}
