import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createDatabase, type Database, type Db } from './database';
import { groupCommit } from './groupCommit';

/** How SQLite writes under a cohort: saves arriving together commit together; the log is copied back off the request thread. */

const dirs: string[] = [];
const open: Database[] = [];
afterEach(async () => {
  for (const d of open.splice(0)) await d.destroy();
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

function fileDatabase(): { database: Database; file: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'examhall-sqlite-'));
  dirs.push(dir);
  const file = path.join(dir, 'x.db');
  const database = createDatabase({ dialect: 'sqlite', url: file });
  open.push(database);
  return { database, file };
}


describe('groupCommit', () => {
  it('commits writes that arrive together in one transaction and answers each', async () => {
    const { database } = fileDatabase();
    const { db } = database;
    await sql`create table t (k text primary key, v integer not null)`.execute(db);
    const seen: boolean[] = [];
    const put = groupCommit(async (d: Db, a: { k: string; v: number }) => {
      seen.push(d.isTransaction);
      await sql`insert into t (k, v) values (${a.k}, ${a.v})`.execute(d);
      return a.v * 2;
    }, (a) => a.k);
    const answers = await Promise.all([1, 2, 3].map((v) => put(db, { k: `k${v}`, v })));
    expect(answers).toEqual([2, 4, 6]);
    expect(seen).toEqual([true, true, true]);
    const rows = await sql<{ n: number }>`select count(*) as n from t`.execute(db);
    expect(rows.rows[0].n).toBe(3);
  });

  it('runs a failed batch again one by one: only the bad write fails', async () => {
    const { database } = fileDatabase();
    const { db } = database;
    await sql`create table t (k text primary key, v integer not null)`.execute(db);
    await sql`insert into t (k, v) values ('taken', 0)`.execute(db);
    const put = groupCommit(async (d: Db, a: { k: string; v: number }) => {
      await sql`insert into t (k, v) values (${a.k}, ${a.v})`.execute(d);
      return a.k;
    }, (a) => a.k);
    const outcomes = await Promise.allSettled([put(db, { k: 'a', v: 1 }), put(db, { k: 'taken', v: 2 }), put(db, { k: 'b', v: 3 })]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    const keys = await sql<{ k: string }>`select k from t order by k`.execute(db);
    expect(keys.rows.map((r) => r.k)).toEqual(['a', 'b', 'taken']);
  });

  it('writes a batch of several with writeMany, in lock order, and answers each caller its own result', async () => {
    const { database } = fileDatabase();
    const { db } = database;
    await sql`create table t (k text primary key, v integer not null)`.execute(db);
    const batches: string[][] = [];
    const one = async (d: Db, a: { k: string; v: number }) => {
      batches.push([a.k]);
      await sql`insert into t (k, v) values (${a.k}, ${a.v})`.execute(d);
      return a.v * 10;
    };
    const put = groupCommit(one, (a) => a.k, {
      write: async (d, all) => {
        batches.push(all.map((a) => a.k));
        for (const a of all) await sql`insert into t (k, v) values (${a.k}, ${a.v})`.execute(d);
        return all.map((a) => a.v * 10);
      },
    });
    const answers = await Promise.all([{ k: 'c', v: 3 }, { k: 'a', v: 1 }, { k: 'b', v: 2 }].map((a) => put(db, a)));
    expect(answers).toEqual([30, 10, 20]);
    expect(batches).toEqual([['a', 'b', 'c']]);
    // Alone, a write goes through `write`.
    expect(await put(db, { k: 'd', v: 4 })).toBe(40);
    expect(batches.at(-1)).toEqual(['d']);
  });

  it('keeps one batch in flight: writes arriving meanwhile wait and go together in the next', async () => {
    const { database } = fileDatabase();
    const { db } = database;
    await sql`create table t (k text primary key)`.execute(db);
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const batches: string[][] = [];
    const put = groupCommit(
      async (d: Db, k: string) => {
        batches.push([k]);
        if (k === 'first') await gate;
        await sql`insert into t (k) values (${k})`.execute(d);
        return k;
      },
      (k) => k,
      {
        write: async (d, ks) => {
          batches.push([...ks]);
          for (const k of ks) await sql`insert into t (k) values (${k})`.execute(d);
          return [...ks];
        },
      },
    );
    const first = put(db, 'first');
    await new Promise((r) => setImmediate(r));
    expect(batches).toEqual([['first']]);
    // Arriving over several rounds of the event loop (each would have been a batch of its own).
    const later = [put(db, 'x')];
    await new Promise((r) => setImmediate(r));
    later.push(put(db, 'y'));
    await new Promise((r) => setTimeout(r, 20));
    later.push(put(db, 'z'));
    await new Promise((r) => setImmediate(r));
    // Still waiting for the first batch: nothing else has started.
    expect(batches).toEqual([['first']]);
    release();
    expect(await Promise.all([first, ...later])).toEqual(['first', 'x', 'y', 'z']);
    expect(batches).toEqual([['first'], ['x', 'y', 'z']]);
  });

  it('runs at once inside a caller’s transaction', async () => {
    const { database } = fileDatabase();
    const { db } = database;
    await sql`create table t (k text primary key)`.execute(db);
    const put = groupCommit(async (d: Db, k: string) => {
      await sql`insert into t (k) values (${k})`.execute(d);
      return d.isTransaction;
    }, (k) => k);
    const inside = await db.transaction().execute((tx) => put(tx, 'x'));
    expect(inside).toBe(true);
  });
});

describe('the checkpoint worker', () => {
  it('copies the write-ahead log into the database file without a request doing it', async () => {
    const { database, file } = fileDatabase();
    const { db } = database;
    await sql`create table big (id integer primary key, body text not null)`.execute(db);
    const sizeBefore = fs.statSync(file).size;
    // About 4 MB of rows: below the connection's own automatic checkpoint (16,384 pages).
    const body = 'x'.repeat(4000);
    await db.transaction().execute(async (tx) => {
      for (let i = 0; i < 1000; i++) await sql`insert into big (id, body) values (${i}, ${body})`.execute(tx);
    });
    // The commit itself left the log as it was (SQLite alone would have checkpointed past 1,000 pages)…
    expect(fs.statSync(`${file}-wal`).size).toBeGreaterThan(4_000_000);
    expect(fs.statSync(file).size).toBeLessThan(sizeBefore + 1_000_000);
    // …and the worker copies it back shortly after.
    await expect.poll(() => fs.statSync(file).size, { timeout: 10_000, interval: 100 }).toBeGreaterThan(sizeBefore + 4_000_000);
  });
});
