import type { ComponentType } from 'react';
import { scopedStorage } from '../../common/storage';

/**
 * Loading the app's code split into chunks, so that a chunk that fails to load never strands the
 * learner: a failed import is tried again a moment later, and when the server answers but the
 * chunk is gone (a new release replaced the files of an open tab) the tab reloads once to pick up
 * the new ones. Nothing here touches localStorage: an exam's answer journal survives the reload.
 */

/** What browsers and Vite's preload helper say when a chunk cannot be fetched or evaluated. */
const CHUNK_FAILURE =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|Failed to load module script|ChunkLoadError/i;

/** A chunk (a page or a layout) that could not be loaded, whatever the retries did. */
export class ChunkLoadError extends Error {
  constructor(cause: unknown) {
    super('页面文件加载失败', { cause });
    this.name = 'ChunkLoadError';
  }
}

export function isChunkLoadError(error: unknown, depth = 0): boolean {
  if (error instanceof ChunkLoadError) return true;
  if (typeof error !== 'object' || error === null || depth > 3) return false;
  // Read as a plain object: an error thrown by a module loader may come from another realm, and
  // a loader may wrap the browser's error (its cause).
  const { name, message, cause } = error as { name?: unknown; message?: unknown; cause?: unknown };
  return CHUNK_FAILURE.test(`${String(name ?? '')} ${String(message ?? '')}`) || isChunkLoadError(cause, depth + 1);
}

/** Waits before each retry of a failed import (ms): a dropped packet or a server restart is often over by then. */
export const RETRY_DELAYS = [300, 1000];

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Whether the server answers at all (any status): then a missing chunk means new files, not a lost network. */
export async function serverAnswers(): Promise<boolean> {
  try {
    await fetch('/api/health', { cache: 'no-store' });
    return true;
  } catch {
    return false;
  }
}

let reload = (href?: string) => {
  if (href && href !== window.location.href) window.location.assign(href);
  else window.location.reload();
};

/**
 * Loads a page afresh: new chunks, the same storage (an exam's answer journal stays). `href`: the
 * page to load instead of this one (a navigation that failed has not changed the address yet).
 */
export function reloadPage(href?: string): void {
  reload(href);
}

/** Replace how the page reloads (tests: jsdom cannot reload). Returns the previous way. */
export function setReloadPage(fn: (href?: string) => void): (href?: string) => void {
  const previous = reload;
  reload = fn;
  return previous;
}

const reloads = scopedStorage('', 'session');
const RELOAD_KEY = 'chunk-reload';
/** A tab reloads for new files at most once in this time: a broken deployment never makes it loop. */
export const RELOAD_GUARD_MS = 10 * 60_000;

/**
 * Reloads the page (or loads `href`) once when a chunk failed although the server answers (a
 * release removed the files this tab was built with). Returns whether it did; never twice within
 * RELOAD_GUARD_MS in one tab (sessionStorage), so a page that still fails after the reload shows
 * its error page instead.
 */
export async function reloadForNewRelease(href?: string, now: () => number = Date.now): Promise<boolean> {
  const last = reloads.get<number>(RELOAD_KEY);
  if (typeof last === 'number' && now() - last < RELOAD_GUARD_MS) return false;
  if (!(await serverAnswers())) return false;
  reloads.set(RELOAD_KEY, now());
  reloadPage(href);
  return true;
}

/**
 * `load()`, tried again after each of `delays` when the chunk failed to load; other errors (a bug
 * in the module) fail at once. Rejects with a ChunkLoadError after the last retry.
 */
export async function importWithRetry<T>(load: () => Promise<T>, delays: readonly number[] = RETRY_DELAYS): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await load();
    } catch (error) {
      if (!isChunkLoadError(error)) throw error;
      if (attempt >= delays.length) throw new ChunkLoadError(error);
      await sleep(delays[attempt]);
    }
  }
}

/**
 * importWithRetry, and when that fails while the server answers, the reload for a new release
 * (loading `href`, the page being opened); the promise then never settles, as the page goes.
 */
export async function loadOrReload<T>(load: () => Promise<T>, href?: string, delays: readonly number[] = RETRY_DELAYS): Promise<T> {
  try {
    return await importWithRetry(load, delays);
  } catch (error) {
    if (error instanceof ChunkLoadError && (await reloadForNewRelease(href))) return new Promise<T>(() => undefined);
    throw error;
  }
}

/** A React.lazy loader with the same retries and reload: `lazy(withRetry(() => import('./X').then(…)))`. */
export const withRetry =
  <T>(load: () => Promise<T>) =>
  () =>
    loadOrReload(load);

export interface RouteChunk {
  /**
   * Resolves once the component is loaded (at once after the first time); rejects with a
   * ChunkLoadError. `href`: the page being opened, loaded afresh after a new release.
   */
  load: (href?: string) => Promise<ComponentType>;
  loaded: () => ComponentType | undefined;
}

/**
 * A route's component in its own chunk, loaded by the route's loader rather than react-router's
 * `lazy`: the router keeps a failed `lazy` promise for good (the route would fail until a
 * reload), while a loader runs again on the next visit or on 重试 (revalidation).
 */
export function routeChunk(load: () => Promise<ComponentType>): RouteChunk {
  let component: ComponentType | undefined;
  let pending: Promise<ComponentType> | undefined;
  return {
    load: (href) => {
      if (component) return Promise.resolve(component);
      pending ??= loadOrReload(load, href).then(
        (c) => (component = c),
        (error: unknown) => {
          pending = undefined;
          throw error;
        },
      );
      return pending;
    },
    loaded: () => component,
  };
}
