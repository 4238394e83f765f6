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
