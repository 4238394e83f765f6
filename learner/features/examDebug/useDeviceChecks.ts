import { useCallback, useEffect, useState } from 'react';
import { estimateClock, median, parseBrowser, type Browser, type ClockEstimate, type ClockSample } from './checks';

/** The device's facts the check shows, read from the browser (no permission needed for any of them). */
export interface DeviceFacts {
  browser: Browser;
  screen: { width: number; height: number; viewportWidth: number; viewportHeight: number; ratio: number };
  fullscreen: boolean;
  storage: boolean;
  /** navigator.mediaDevices exists (only on https or localhost). */
  media: boolean;
}

function storageWorks(): boolean {
  try {
    const key = '__examhall_device_check__';
    window.localStorage.setItem(key, '1');
    const ok = window.localStorage.getItem(key) === '1';
    window.localStorage.removeItem(key);
    return ok;
  } catch {
    return false;
  }
}

export function readDevice(): DeviceFacts {
  const doc = document as Document & { webkitFullscreenEnabled?: boolean };
  return {
    browser: parseBrowser(navigator.userAgent),
    screen: {
      width: window.screen.width,
      height: window.screen.height,
      viewportWidth: window.innerWidth,
      viewportHeight: window.innerHeight,
      ratio: window.devicePixelRatio || 1,
    },
    fullscreen: Boolean(doc.fullscreenEnabled ?? doc.webkitFullscreenEnabled),
    storage: storageWorks(),
    media: Boolean(navigator.mediaDevices?.getUserMedia),
  };
}

/** The liveness probe: public, light, answered by the server itself (plus a database ping). */
export const PROBE_URL = '/api/health';
const PROBES = 5;

export type NetworkResult =
  | { state: 'measuring' }
  | { state: 'done'; latency: number; clock: ClockEstimate | null }
  | { state: 'failed' };

/**
 * A few timed calls to the server, one after another: the round trip's median (the first call,
 * which may open the connection, is left out) and the clock difference from the Date headers.
 */
export async function measureNetwork(fetcher: typeof fetch = fetch): Promise<NetworkResult> {
  const trips: number[] = [];
  const samples: ClockSample[] = [];
  for (let i = 0; i < PROBES; i++) {
    const sent = Date.now();
    const t0 = performance.now();
    const res = await fetcher(`${PROBE_URL}?t=${sent}-${i}`, { cache: 'no-store' });
    const trip = performance.now() - t0;
    const received = Date.now();
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    await res.text();
    // The first call may open the connection: it counts for the clock, not the latency.
    if (i > 0) trips.push(trip);
    const date = Date.parse(res.headers.get('date') ?? '');
    if (Number.isFinite(date)) samples.push({ sent, received, serverDate: date });
  }
  return { state: 'done', latency: Math.round(median(trips)), clock: estimateClock(samples) };
}

/** Measures once on mount and again on `remeasure`. */
export function useNetworkCheck() {
  const [result, setResult] = useState<NetworkResult>({ state: 'measuring' });
  const [round, setRound] = useState(0);
  useEffect(() => {
    let live = true;
    setResult({ state: 'measuring' });
    measureNetwork().then(
      (r) => live && setResult(r),
      () => live && setResult({ state: 'failed' }),
    );
    return () => {
      live = false;
    };
  }, [round]);
  const remeasure = useCallback(() => setRound((r) => r + 1), []);
  return { result, remeasure };
}
