import { describe, expect, it } from 'vitest';
import type { Db } from './database';
import { groupRead } from './groupRead';

const fakeDb = (isTransaction = false) => ({ isTransaction }) as unknown as Db;

function counted(fail = false) {
  const calls: { one: string[]; many: string[][] } = { one: [], many: [] };
  const read = groupRead<string[]>(
    async (_db, key) => {
      calls.one.push(key);
      return [`${key}!`];
    },
    async (_db, keys) => {
      calls.many.push([...keys]);
      await new Promise((r) => setTimeout(r, 5));
      if (fail) throw new Error('database down');
      return new Map(keys.filter((k) => k !== 'unknown').map((k) => [k, [`${k}!`]]));
    },
    () => [],
    () => true,
  );
  return { read, calls };
}

describe('groupRead', () => {
  it('answers the keys asked for together from one read, each its own, a key asked twice once', async () => {
    const { read, calls } = counted();
    const db = fakeDb();
    const out = await Promise.all(['a', 'b', 'a', 'unknown'].map((k) => read(db, k)));
    expect(out).toEqual([['a!'], ['b!'], ['a!'], []]);
    expect(calls.many).toEqual([['a', 'b', 'unknown']]);
  });

  it('sends the keys asked while a read is out together in the next one', async () => {
    const { read, calls } = counted();
    const db = fakeDb();
    const first = read(db, 'a');
    await new Promise((r) => setImmediate(r));
    const later = ['b', 'c', 'd'].map((k) => read(db, k));
    expect(await Promise.all([first, ...later])).toEqual([['a!'], ['b!'], ['c!'], ['d!']]);
    expect(calls.many).toEqual([['a'], ['b', 'c', 'd']]);
  });

  it('fails every caller of a failed read, and reads again afterwards', async () => {
    const failing = counted(true);
    const db = fakeDb();
    const results = await Promise.allSettled(['a', 'b'].map((k) => failing.read(db, k)));
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    await expect(failing.read(db, 'c')).rejects.toThrow('database down');
    expect(failing.calls.many).toEqual([['a', 'b'], ['c']]);
  });

  it('reads alone, at once, inside a transaction', async () => {
    const { read, calls } = counted();
    expect(await read(fakeDb(true), 'a')).toEqual(['a!']);
    expect(calls).toEqual({ one: ['a'], many: [] });
  });
});
