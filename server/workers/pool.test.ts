import { afterAll, describe, expect, it, vi } from 'vitest';
import { closeHeavyWorkers, HEAVY_JOBS_AT_ONCE, heavyJobProgress, heavyJobs, prewarmHeavyJob, runHeavyJob, type HeavyJobLimits } from './pool';
import type { FixtureInput } from './fixtures/reusable.worker';

const REUSABLE = new URL('./fixtures/reusable.worker.ts', import.meta.url);
const NO_HANDLE = new URL('./fixtures/nohandle.worker.ts', import.meta.url);
const LIMITS: HeavyJobLimits = { memoryMb: 64, timeoutMs: 20_000, tooBig: '太大', tooSlow: '太慢' };
const run = (input: FixtureInput, limits: Partial<HeavyJobLimits> = {}) => runHeavyJob<{ threadId: number }>(REUSABLE, input, { ...LIMITS, ...limits });

afterAll(() => closeHeavyWorkers());

describe('the heavy-job pool', () => {
  it('boots a worker once and runs job after job on it', async () => {
    prewarmHeavyJob(REUSABLE, LIMITS);
    const started = heavyJobs().started;
    const first = await run({});
    const second = await run({});
    const third = await run({});
    expect(second.threadId).toBe(first.threadId);
    expect(third.threadId).toBe(first.threadId);
    expect(heavyJobs().started).toBe(started);
  }, 60_000);

  it('answers a job’s own refusal with its code and message, the worker kept', async () => {
    const before = await run({});
    await expect(run({ fail: '文件无法读取' })).rejects.toMatchObject({ message: '文件无法读取', code: 1 });
    expect((await run({})).threadId).toBe(before.threadId);
  }, 60_000);

  it('ends a job past its time limit with its worker, and the next job gets a fresh one', async () => {
    const before = await run({});
    const replaced = heavyJobs().replaced;
    const t0 = Date.now();
    await expect(run({ spin: true }, { timeoutMs: 1_500 })).rejects.toThrow('太慢');
    expect(Date.now() - t0).toBeLessThan(10_000);
    expect(heavyJobs().replaced).toBe(replaced + 1);
    const after = await run({});
    expect(after.threadId).not.toBe(before.threadId);
  }, 60_000);

  it('ends a job that outgrows its memory ceiling, and the next job gets a fresh worker', async () => {
    const before = await run({});
    await expect(run({ hog: true })).rejects.toThrow('太大');
    const after = await run({});
    expect(after.threadId).not.toBe(before.threadId);
    expect(heavyJobs().workers).toBeLessThanOrEqual(HEAVY_JOBS_AT_ONCE);
  }, 60_000);

  it(`runs at most ${HEAVY_JOBS_AT_ONCE} jobs at once, the rest queued`, async () => {
    const jobs = Array.from({ length: HEAVY_JOBS_AT_ONCE + 2 }, () => run({ sleepMs: 800 }));
    await new Promise((r) => setTimeout(r, 100));
    expect(heavyJobs()).toMatchObject({ running: HEAVY_JOBS_AT_ONCE, waiting: 2 });
    const threads = new Set((await Promise.all(jobs)).map((j) => j.threadId));
    expect(threads.size).toBeLessThanOrEqual(HEAVY_JOBS_AT_ONCE);
    expect(heavyJobs()).toMatchObject({ running: 0, waiting: 0 });
    expect(heavyJobs().workers).toBeLessThanOrEqual(HEAVY_JOBS_AT_ONCE);
  }, 60_000);

  it('refuses a job module without handle(input), and its worker serves the next job', async () => {
    const before = await run({});
    await expect(runHeavyJob(NO_HANDLE, {}, LIMITS)).rejects.toThrow(/exports no handle/);
    expect((await run({})).threadId).toBe(before.threadId);
  }, 60_000);

  it('moves the bytes a job transfers, both ways, without a copy', async () => {
    const bytes = new Uint8Array(1024).fill(7);
    const back = await runHeavyJob<{ bytes: Uint8Array }>(REUSABLE, { echo: bytes }, LIMITS, [bytes.buffer]);
    // Sent: detached here. Answered: the worker's own buffer, whole.
    expect(bytes.byteLength).toBe(0);
    expect([back.bytes.byteLength, back.bytes[1023]]).toEqual([1024, 7]);
  }, 60_000);

  it('tells a queued job, by its ticket, how many are ahead of it, then that it runs', async () => {
    const busy = [run({ sleepMs: 1500 }), run({ sleepMs: 1500 })];
    const ticket = 'ticket-0123456789abcdef';
    const queued = runHeavyJob(REUSABLE, { sleepMs: 800 }, LIMITS, [], ticket);
    expect(heavyJobProgress(ticket)).toEqual({ state: 'waiting', ahead: 2 });
    await Promise.all(busy);
    await vi.waitFor(() => expect(heavyJobProgress(ticket)).toEqual({ state: 'running', ahead: 0 }));
    await queued;
    expect(heavyJobProgress(ticket)).toEqual({ state: 'unknown', ahead: 0 });
  }, 60_000);

  it('closes its idle workers', async () => {
    await run({});
    await closeHeavyWorkers();
    expect(heavyJobs()).toMatchObject({ idle: 0, workers: 0 });
  }, 60_000);
});
