import { useCallback, useEffect, useRef, useState } from 'react';
import { COURSE_BEAT_MS, LearnState, type BeatResult, type MyCourseFile } from '../../../common/api/course';
import { notify } from '../../../common/http';
import { confirmPresence, sendBeat } from './api/courses';

/** Forward seeks within this many seconds of the furthest point are not skipping (buffering, rounding). */
const SEEK_SLACK_S = 2;
/** A timeupdate step larger than this is a seek, not playback. */
const PLAY_STEP_S = 3;

/** A page session: 16 random bytes in hex, made each time the page opens a file (getRandomValues works on plain http too). */
export function newPageSession(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

const isMediaViewer = (file: MyCourseFile) => file.viewer === 'video' || file.viewer === 'audio';
const pageVisible = () => typeof document === 'undefined' || document.visibilityState === 'visible';

export interface Learning {
  /** Attach to the <video>/<audio> of a media file. */
  mediaRef: (el: HTMLMediaElement | null) => void;
  /** The PDF page on screen changed (sends a beat at once so the page is recorded). */
  setPage: (page: number) => void;
  /** An "are you still here?" check is pending. */
  check: boolean;
  confirm: () => Promise<void>;
}

/**
 * The learning heartbeat of one open file: a beat every COURSE_BEAT_MS, and at once when playback
 * starts, pauses or ends, when the page is hidden or shown, when the PDF page changes and when the
 * file is left. Beats never overlap (a change during a beat is sent right after it). Each opening
 * of a file is a page session with its own random id, sent with its beats: the server credits only
 * the time between two beats of one page session, never across a close and reopen. The server
 * decides what counts; this hook only reports, follows its seek-back, and shows its check.
 * With noSkip, seeking past the furthest point reached is undone here too.
 */
export function useLearning({
  courseId,
  file,
  noSkip,
  onResult,
}: {
  courseId: string;
  file: MyCourseFile | undefined;
  noSkip: boolean;
  onResult: (fileId: string, result: BeatResult) => void;
}): Learning {
  const [check, setCheck] = useState(false);
  const media = useRef<HTMLMediaElement | null>(null);
  const page = useRef<number | undefined>(undefined);
  const pageSession = useRef('');
  const furthest = useRef(0);
  const lastTime = useRef(0);
  const inflight = useRef(false);
  const pending = useRef(false);
  const onResultRef = useRef(onResult);
  onResultRef.current = onResult;
  const fileId = file?.id;
  const isMedia = file ? isMediaViewer(file) : false;
  const learnable = Boolean(file && file.state !== LearnState.LOCKED);
  const noSkipRef = useRef(noSkip);
  noSkipRef.current = noSkip;

  const body = useCallback(
    (leaving = false) => {
      const el = media.current;
      const playing = leaving ? false : isMedia ? Boolean(el && !el.paused && !el.ended) : true;
      return {
        courseId,
        fileId: fileId!,
        pageSession: pageSession.current,
        position: isMedia && el ? Math.max(0, el.currentTime || 0) : 0,
        playing,
        visible: pageVisible(),
        ...(page.current ? { page: page.current } : {}),
      };
    },
    [courseId, fileId, isMedia],
  );

  const beat = useCallback(async () => {
    if (!fileId) return;
    if (inflight.current) {
      pending.current = true;
      return;
    }
    inflight.current = true;
    try {
      const sentFor = fileId;
      const result = await sendBeat(body());
      onResultRef.current(sentFor, result);
      if (result.seekTo !== null && media.current) {
        media.current.currentTime = result.seekTo;
        furthest.current = result.seekTo;
        notify.warning('本课程不允许拖动到尚未学习的位置，已回到上次学习的位置');
      } else {
        furthest.current = Math.max(furthest.current, result.furthest);
      }
      if (result.check) {
        media.current?.pause();
        setCheck(true);
      }
    } catch {
      // A lost beat is covered by the next one (the server credits real time, capped).
    } finally {
      inflight.current = false;
      if (pending.current) {
        pending.current = false;
        void beat();
      }
    }
  }, [fileId, body]);

  // Every COURSE_BEAT_MS while the file is open, at once on opening it, on showing/hiding the page, and once more (not playing) on leaving it.
  useEffect(() => {
    if (!fileId || !learnable) return;
    pageSession.current = newPageSession();
    furthest.current = file?.furthest ?? 0;
    lastTime.current = file?.position ?? 0;
    page.current = undefined;
    setCheck(false);
    void beat();
    const timer = window.setInterval(() => void beat(), COURSE_BEAT_MS);
    const onVisibility = () => void beat();
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisibility);
      void sendBeat(body(true)).catch(() => undefined);
    };
    // The file's figures are read when it opens; later refreshes of them must not restart the beat.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fileId, learnable, beat]);

  const beatRef = useRef(beat);
  beatRef.current = beat;
  // Listeners go on each media element once and read the current beat and rule through refs.
  const mediaRef = useCallback((el: HTMLMediaElement | null) => {
    media.current = el;
    if (!el || el.dataset.learning) return;
    el.dataset.learning = '1';
    const now = () => void beatRef.current();
    const onTime = () => {
      const t = el.currentTime;
      if (!el.seeking && t >= lastTime.current && t - lastTime.current <= PLAY_STEP_S) furthest.current = Math.max(furthest.current, t);
      lastTime.current = t;
    };
    const onSeeking = () => {
      if (noSkipRef.current && el.currentTime > furthest.current + SEEK_SLACK_S) {
        el.currentTime = furthest.current;
        notify.warning('本课程不允许拖动到尚未学习的位置');
      }
      lastTime.current = el.currentTime;
    };
    el.addEventListener('play', now);
    el.addEventListener('pause', now);
    el.addEventListener('ended', now);
    el.addEventListener('timeupdate', onTime);
    el.addEventListener('seeking', onSeeking);
  }, []);

  const setPage = useCallback(
    (n: number) => {
      if (page.current === n) return;
      page.current = n;
      void beat();
    },
    [beat],
  );

  const confirm = useCallback(async () => {
    const result = await confirmPresence(courseId);
    setCheck(result.check);
    if (!result.check) void beat();
  }, [courseId, beat]);

  return { mediaRef, setPage, check, confirm };
}
