import type { NotifyType } from './http/notify';

/**
 * A message that must survive a full-page change: the admin app refuses an administrator with no
 * menus (spec section 6) or fails to load their routes, then sends them to the learner app's
 * /login, which shows the message there. Kept in sessionStorage (this tab only) under the app's
 * namespace, read once, and ignored when stale.
 */
export interface Flash {
  message: string;
  type: NotifyType;
}

const KEY = 'examhall:flash';
/** A flash older than this was never picked up by a page change; drop it. */
const MAX_AGE_MS = 60_000;

function storage(): Storage | undefined {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
  } catch {
    return undefined;
  }
}

/** Leaves a message for the next page this tab opens. */
export function setFlash(message: string, type: NotifyType = 'error'): void {
  storage()?.setItem(KEY, JSON.stringify({ message, type, at: Date.now() }));
}

/** The waiting message, if any; taking it removes it. */
export function takeFlash(): Flash | null {
  const s = storage();
  const raw = s?.getItem(KEY);
  if (!s || !raw) return null;
  s.removeItem(KEY);
  try {
    const { message, type, at } = JSON.parse(raw) as { message?: unknown; type?: NotifyType; at?: number };
    if (typeof message !== 'string' || !message || typeof at !== 'number' || Date.now() - at > MAX_AGE_MS) return null;
    return { message, type: type ?? 'error' };
  } catch {
    return null;
  }
}
