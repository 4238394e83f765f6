import { useSyncExternalStore } from 'react';
import { setFlash, takeFlash, type Flash } from '../../common/flash';

/**
 * The message the sign-in page shows in an alert: why the user was sent there (the admin app's
 * "no menu" refusal, a failed user-info or route load, an expired session). Messages arrive
 * through the flash store (common/flash: it survives the full-page change from the admin app and
 * the reload after 10010002); the first read takes it out of storage and holds it here until the
 * user closes it or signs in.
 */
let held: Flash | null = null;
const listeners = new Set<() => void>();

function current(): Flash | null {
  const arrived = takeFlash();
  if (arrived) held = arrived;
  return held;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Leave a message for the sign-in page (before sending the user there). */
export function leaveLoginNotice(message: string): void {
  setFlash(message);
  listeners.forEach((l) => l());
}

/** Forget the message (closed by the user, or a new session began). */
export function dismissLoginNotice(): void {
  takeFlash();
  held = null;
  listeners.forEach((l) => l());
}

/** The message waiting for the sign-in page, if any. */
export function useLoginNotice(): Flash | null {
  return useSyncExternalStore(subscribe, current, () => null);
}
