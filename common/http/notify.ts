import { MESSAGE_DURATION } from '../constants';

/**
 * A framework-free message bus: the http client (and anything else) raises messages here and
 * each SPA mounts one <Notifier/> that shows them. Also counts uploads in flight for <UploadOverlay/>.
 */
export type NotifyType = 'error' | 'success' | 'warning' | 'info';

export interface Notification {
  id: number;
  type: NotifyType;
  message: string;
  /** Milliseconds before the message closes itself. */
  duration: number;
}

type NotifyListener = (n: Notification) => void;
type DismissListener = (id: number) => void;
type UploadingListener = (active: boolean) => void;

/** Confirmations and hints close sooner than errors. */
const SHORT_DURATION = 3000;

const notifyListeners = new Set<NotifyListener>();
const dismissListeners = new Set<DismissListener>();
const uploadingListeners = new Set<UploadingListener>();
let nextId = 1;
let uploads = 0;

/** Raises a message; returns its id, for dismissNotify. */
function emit(type: NotifyType, message: string, duration: number): number {
  const n: Notification = { id: nextId++, type, message, duration };
  notifyListeners.forEach((listener) => listener(n));
  return n.id;
}

export const notify = {
  error: (message: string, durationMs: number = MESSAGE_DURATION) => emit('error', message, durationMs),
  success: (message: string, durationMs: number = SHORT_DURATION) => emit('success', message, durationMs),
  warning: (message: string, durationMs: number = SHORT_DURATION) => emit('warning', message, durationMs),
  info: (message: string, durationMs: number = SHORT_DURATION) => emit('info', message, durationMs),
};

/** Listen to every message raised from now on; returns the unsubscribe function. */
export function subscribeNotify(listener: NotifyListener): () => void {
  notifyListeners.add(listener);
  return () => {
    notifyListeners.delete(listener);
  };
}

/** Closes a message raised earlier (by the id its `notify` call returned) if it is still shown. */
export function dismissNotify(id: number): void {
  dismissListeners.forEach((listener) => listener(id));
}

/** Listen to dismissNotify calls; returns the unsubscribe function. */
export function subscribeDismiss(listener: DismissListener): () => void {
  dismissListeners.add(listener);
  return () => {
    dismissListeners.delete(listener);
  };
}

/** Listen to "some upload is in flight" changes; the listener is told the current state at once. */
export function subscribeUploading(listener: UploadingListener): () => void {
  uploadingListeners.add(listener);
  listener(uploads > 0);
  return () => {
    uploadingListeners.delete(listener);
  };
}

/** Whether an upload is in flight right now. */
export function isUploading(): boolean {
  return uploads > 0;
}

/** Called by the http client around each upload; nested uploads keep the overlay until the last ends. */
export function beginUploading(): void {
  uploads += 1;
  if (uploads === 1) uploadingListeners.forEach((listener) => listener(true));
}

export function endUploading(): void {
  if (uploads === 0) return;
  uploads -= 1;
  if (uploads === 0) uploadingListeners.forEach((listener) => listener(false));
}
