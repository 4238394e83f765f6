import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ChunkLoadError, importWithRetry, isChunkLoadError, loadOrReload, RELOAD_GUARD_MS, reloadForNewRelease, routeChunk, setReloadPage } from './chunks';

const chunkFailure = () => new TypeError('Failed to fetch dynamically imported module: http://localhost/assets/NoticeListPage-abc.js');
const NO_WAIT = [0, 0];

let reload: ReturnType<typeof vi.fn<(href?: string) => void>>;
let serverUp = true;
let restoreReload: () => void;

beforeEach(() => {
  sessionStorage.clear();
  serverUp = true;
  reload = vi.fn<(href?: string) => void>();
  vi.stubGlobal('fetch', vi.fn(async () => (serverUp ? new Response('{}') : Promise.reject(new TypeError('Failed to fetch')))));
  restoreReload = setReloadPage(reload);
});

afterEach(() => {
  setReloadPage(restoreReload);
  vi.unstubAllGlobals();
});

/** A loader that fails `times` times with a chunk failure, then loads. */
function flaky(times: number) {
  let calls = 0;
  const load = vi.fn(async () => {
    calls += 1;
    if (calls <= times) throw chunkFailure();
    return 'page';
  });
  return load;
}

describe('chunk loading', () => {
  it('knows the chunk failures of Chromium, Firefox, Safari and Vite', () => {
    expect(isChunkLoadError(chunkFailure())).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module: https://x/a.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Unable to preload CSS for /assets/a.css'))).toBe(true);
    expect(isChunkLoadError(new ChunkLoadError(chunkFailure()))).toBe(true);
    expect(isChunkLoadError(new TypeError("Cannot read properties of undefined (reading 'x')"))).toBe(false);
  });

  it('tries a failed chunk again and loads it without reloading', async () => {
    const load = flaky(2);
    await expect(importWithRetry(load, NO_WAIT)).resolves.toBe('page');
    expect(load).toHaveBeenCalledTimes(3);
    expect(reload).not.toHaveBeenCalled();
  });

  it('does not retry a module that failed for another reason (a bug): that error as it is', async () => {
    const bug = new TypeError('x is not a function');
    const load = vi.fn(async () => Promise.reject(bug));
    await expect(importWithRetry(load, NO_WAIT)).rejects.toBe(bug);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('offline: gives up with a ChunkLoadError after the retries, and never reloads (the browser would show its own error page)', async () => {
    serverUp = false;
    const load = flaky(99);
    await expect(loadOrReload(load, undefined, NO_WAIT)).rejects.toBeInstanceOf(ChunkLoadError);
    expect(load).toHaveBeenCalledTimes(3);
    expect(reload).not.toHaveBeenCalled();
  });

  it('after a release (server answers, chunk gone): reloads the tab once, then shows the error instead of looping', async () => {
    localStorage.setItem('examhall:paper:p1:journal', '[{"quId":"q1"}]');
    let settled = false;
    void loadOrReload(flaky(99), 'http://localhost/web/notice', NO_WAIT).finally(() => (settled = true));
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    // The page being opened, not the one the navigation started from.
    expect(reload).toHaveBeenCalledWith('http://localhost/web/notice');
    // The page goes away: the import never settles into an error page meanwhile.
    await new Promise((r) => setTimeout(r, 20));
    expect(settled).toBe(false);

    // The reloaded tab still fails (a broken deployment): no second reload within the guard's time.
    await expect(loadOrReload(flaky(99), 'http://localhost/web/notice', NO_WAIT)).rejects.toBeInstanceOf(ChunkLoadError);
    expect(reload).toHaveBeenCalledTimes(1);
    // The exam's answer journal is untouched.
    expect(localStorage.getItem('examhall:paper:p1:journal')).toBe('[{"quId":"q1"}]');
  });

  it('reloads again for a later release, once the guard time has passed', async () => {
    let now = 1_000_000;
    expect(await reloadForNewRelease(undefined, () => now)).toBe(true);
    now += RELOAD_GUARD_MS - 1;
    expect(await reloadForNewRelease(undefined, () => now)).toBe(false);
    now += 2;
    expect(await reloadForNewRelease(undefined, () => now)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('a route chunk loads again after a failure (the router would keep a failed lazy route failed)', async () => {
    serverUp = false;
    let online = false;
    const load = vi.fn(async () => {
      if (!online) throw chunkFailure();
      return () => null;
    });
    const chunk = routeChunk(load);
    await expect(chunk.load()).rejects.toBeInstanceOf(ChunkLoadError);
    expect(chunk.loaded()).toBeUndefined();
    online = true;
    const component = await chunk.load();
    expect(chunk.loaded()).toBe(component);
    // Loaded once: later visits do not import again.
    const calls = load.mock.calls.length;
    await chunk.load();
    expect(load.mock.calls.length).toBe(calls);
  });
});
