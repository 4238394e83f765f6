import { describe, expect, it } from 'vitest';
import type { Db } from './database';
import { perRound } from './rounds';

const db = {} as Db;
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A gathering that records each batch it was handed and answers every call with its item. */
function recorded(gatherMs?: number) {
  const batches: string[][] = [];
  const call = perRound<string, string>(async (_db, batch) => {
    batches.push(batch.map((p) => p.item));
    for (const p of batch) p.resolve(p.item);
  }, gatherMs);
  return { call, batches };
}

describe('perRound', () => {
  it('hands calls of one round over together, and a call of a later round in a batch of its own', async () => {
    const { call, batches } = recorded();
    await Promise.all([call(db, 'a'), call(db, 'b')]);
    await pause(5);
    await call(db, 'c');
    expect(batches).toEqual([['a', 'b'], ['c']]);
  });

  it('with gatherMs, waits that long after the first call for the ones that come one after another', async () => {
    const { call, batches } = recorded(60);
    const first = call(db, 'a');
    await pause(5);
    const second = call(db, 'b');
    await pause(5);
    const third = call(db, 'c');
    expect(await Promise.all([first, second, third])).toEqual(['a', 'b', 'c']);
    expect(batches).toEqual([['a', 'b', 'c']]);
  });
});
