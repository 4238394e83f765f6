/** Where services read the time: the real clock in production, a hand-moved one in tests. */
export interface Clock {
  /** Epoch milliseconds. */
  now(): number;
}

export const systemClock: Clock = Object.freeze({ now: () => Date.now() });

export interface ManualClock extends Clock {
  /** Moves time forward by `ms`. */
  advance(ms: number): void;
  set(epochMs: number): void;
}

/** A clock that only moves when told to, so tests move time instead of waiting. */
export function manualClock(start = Date.now()): ManualClock {
  let current = start;
  return {
    now: () => current,
    advance(ms) {
      current += ms;
    },
    set(epochMs) {
      current = epochMs;
    },
  };
}
