/**
 * The browser's storage, namespaced: every key Examhall writes starts with `examhall:`, so the apps
 * never touch what other code on the origin keeps and never need `localStorage.clear()`. The exam
 * page keeps its answer journal under its own scope, which must outlive a sign-out (answers not yet
 * saved are replayed after the next sign-in); data that belongs to one signed-in session lives
 * under `sessionScope` and goes when the session ends.
 */
export const STORAGE_PREFIX = 'examhall:';

export type StorageArea = 'local' | 'session';

export interface ScopedStorage {
  /** The full key a name is stored under (prefix + scope + name). */
  key(name: string): string;
  /** The stored JSON value, or undefined when missing or unreadable. */
  get<T>(name: string): T | undefined;
  set(name: string, value: unknown): void;
  remove(name: string): void;
  /** The names (without prefix and scope) stored in this scope. */
  names(): string[];
  /** Removes every key of this scope, and nothing else. */
  clear(): void;
}

function area(which: StorageArea): Storage | undefined {
  try {
    return which === 'local' ? globalThis.localStorage : globalThis.sessionStorage;
  } catch {
    // Storage refused (privacy mode, sandboxed frame): behave as empty.
    return undefined;
  }
}

/** A storage scope under `examhall:<scope>:` (or `examhall:` itself for scope ''). */
export function scopedStorage(scope: string, which: StorageArea = 'local'): ScopedStorage {
  const prefix = STORAGE_PREFIX + (scope ? `${scope}:` : '');
  const names = () => {
    const s = area(which);
    if (!s) return [];
    const out: string[] = [];
    for (let i = 0; i < s.length; i += 1) {
      const k = s.key(i);
      if (k?.startsWith(prefix)) out.push(k.slice(prefix.length));
    }
    return out;
  };
  return {
    key: (name) => prefix + name,
    get<T>(name: string) {
      const raw = area(which)?.getItem(prefix + name);
      if (raw === null || raw === undefined) return undefined;
      try {
        return JSON.parse(raw) as T;
      } catch {
        return undefined;
      }
    },
    set(name, value) {
      try {
        area(which)?.setItem(prefix + name, JSON.stringify(value));
      } catch {
        // Quota exceeded or storage refused: the value is simply not kept.
      }
    },
    remove(name) {
      area(which)?.removeItem(prefix + name);
    },
    names,
    clear() {
      const s = area(which);
      // Collected first: removing while walking the keys shifts their indexes.
      names().forEach((name) => s?.removeItem(prefix + name));
    },
  };
}

/** Data of the signed-in session (per tab and across tabs); removed when the session ends. */
export const sessionScope = {
  local: scopedStorage('session', 'local'),
  tab: scopedStorage('session', 'session'),
  /** Forgets what this session kept; the rest of the app's storage (journals, flashes) stays. */
  clear(): void {
    sessionScope.local.clear();
    sessionScope.tab.clear();
  },
};
