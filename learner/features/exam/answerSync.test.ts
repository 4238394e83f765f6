import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FillAnswerBody, FillAnswerResult } from '../../../common/api/paper';
import { ApiError, NO_ENVELOPE } from '../../../common/http';
import { AnswerSync, journalStorage } from './answerSync';

/** A fake server: keeps the newest seq per question, like fill-answer. */
function fakeServer() {
  const stored = new Map<string, FillAnswerBody>();
  let down = false;
  let refuse: ApiError | undefined;
  const calls: FillAnswerBody[] = [];
  const send = vi.fn(async (body: FillAnswerBody): Promise<FillAnswerResult> => {
    calls.push(body);
    await Promise.resolve();
    if (down) throw new ApiError(NO_ENVELOPE, '啊哦，与服务器失去连接了~');
    if (refuse) throw refuse;
    const old = stored.get(body.quId);
    if (!old || old.seq < body.seq) stored.set(body.quId, body);
    return { seq: stored.get(body.quId)!.seq, savedAt: 1000 + calls.length };
  });
  return {
    send,
    stored,
    calls,
    setDown: (v: boolean) => (down = v),
    setRefuse: (e: ApiError | undefined) => (refuse = e),
  };
}

const settle = async () => {
  for (let i = 0; i < 10; i += 1) await Promise.resolve();
};

beforeEach(() => {
  vi.useFakeTimers();
  localStorage.clear();
});
afterEach(() => vi.useRealTimers());

describe('AnswerSync', () => {
  it('journals a change, sends it, and forgets it once acknowledged', async () => {
    const server = fakeServer();
    const sync = new AnswerSync({ paperId: 'p1', send: server.send });
    sync.known('q1', 3);
    sync.change('q1', { answers: ['a'] }, false);
    expect(journalStorage('p1').get<Record<string, unknown>>('journal')).toHaveProperty('q1');
    await settle();
    expect(server.stored.get('q1')).toMatchObject({ seq: 4, answers: ['a'], paperId: 'p1' });
    expect(sync.getStatus()).toMatchObject({ pending: 0, online: true });
    expect(journalStorage('p1').get('journal')).toBeUndefined();
  });

  it('debounces typing: one save with the last text', async () => {
    const server = fakeServer();
    const sync = new AnswerSync({ paperId: 'p1', send: server.send });
    sync.change('q1', { answer: 'a' }, false, 800);
    sync.change('q1', { answer: 'ab' }, false, 800);
    sync.change('q1', { answer: 'abc' }, false, 800);
    expect(server.send).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(800);
    expect(server.calls).toHaveLength(1);
    expect(server.stored.get('q1')).toMatchObject({ answer: 'abc', seq: 3 });
  });

  it('keeps answers while offline, retries, and sends the newest state when back', async () => {
    const server = fakeServer();
    const sync = new AnswerSync({ paperId: 'p1', send: server.send, retryDelays: [1000] });
    server.setDown(true);
    sync.change('q1', { answers: ['a'] }, false);
    sync.change('q2', { blanks: ['x'] }, true);
    await settle();
    expect(sync.getStatus()).toMatchObject({ online: false, pending: 2 });
    sync.change('q1', { answers: ['b'] }, false);
    await settle();
    server.setDown(false);
    await vi.advanceTimersByTimeAsync(1000);
    await settle();
    expect(server.stored.get('q1')).toMatchObject({ answers: ['b'] });
    expect(server.stored.get('q2')).toMatchObject({ blanks: ['x'], mark: true });
    expect(sync.getStatus()).toMatchObject({ online: true, pending: 0 });
  });

  it('replays the journal of a page that was closed before its saves were acknowledged', async () => {
    const down = fakeServer();
    down.setDown(true);
    const first = new AnswerSync({ paperId: 'p9', send: down.send, retryDelays: [60_000] });
    first.change('q1', { answer: '写了一半' }, false);
    first.change('q2', { answers: ['c'] }, false);
    await settle();

    // The page reloads: a new sync reads the journal and replays it in order.
    const server = fakeServer();
    const again = new AnswerSync({ paperId: 'p9', send: server.send });
    expect(again.local('q1')?.answer).toEqual({ answer: '写了一半' });
    again.flush();
    await settle();
    expect(server.calls.map((c) => c.quId)).toEqual(['q1', 'q2']);
    expect(again.getStatus().pending).toBe(0);
  });

  it('never lets an older state overwrite a newer one sent meanwhile', async () => {
    const server = fakeServer();
    const sync = new AnswerSync({ paperId: 'p1', send: server.send });
    sync.change('q1', { answers: ['a'] }, false);
    sync.change('q1', { answers: ['b'] }, false); // while the first is in flight
    await settle();
    await settle();
    expect(server.stored.get('q1')).toMatchObject({ answers: ['b'], seq: 2 });
    expect(sync.getStatus().pending).toBe(0);
  });

  it('drops a journal entry the server already holds', () => {
    const sync = new AnswerSync({ paperId: 'p2', send: fakeServer().send });
    journalStorage('p2').set('journal', { q1: { quId: 'q1', seq: 2, answer: {}, mark: false, at: 1 } });
    const reloaded = new AnswerSync({ paperId: 'p2', send: fakeServer().send });
    reloaded.known('q1', 2);
    expect(reloaded.local('q1')).toBeUndefined();
    expect(sync).toBeTruthy();
  });

  it.each([500, 502, 503, 504, 429])('keeps the answer and retries when the server answers HTTP %i, never taking it as a refusal', async (status) => {
    const server = fakeServer();
    const refused = vi.fn();
    const sync = new AnswerSync({ paperId: 'p1', send: server.send, onRefused: refused, retryDelays: [1000] });
    server.setRefuse(new ApiError(1, '服务器繁忙', status));
    sync.change('q1', { answers: ['a'] }, false);
    await settle();
    expect(sync.getStatus()).toMatchObject({ pending: 1, online: false });
    expect(journalStorage('p1').get<Record<string, unknown>>('journal')).toHaveProperty('q1');
    server.setRefuse(undefined);
    await vi.advanceTimersByTimeAsync(1000);
    await settle();
    expect(refused).not.toHaveBeenCalled();
    expect(server.stored.get('q1')).toMatchObject({ answers: ['a'], seq: 1 });
    expect(sync.getStatus()).toMatchObject({ pending: 0, online: true });
  });

  it('stops on a refusal (handed in) and tells the page', async () => {
    const server = fakeServer();
    const refused = vi.fn();
    const sync = new AnswerSync({ paperId: 'p1', send: server.send, onRefused: refused });
    server.setRefuse(new ApiError(1, '试卷已交卷，答案不能再修改', 200));
    sync.change('q1', { answers: ['a'] }, false);
    await settle();
    expect(refused).toHaveBeenCalledWith(expect.objectContaining({ message: '试卷已交卷，答案不能再修改' }));
  });

  it('drain waits for the journal to empty', async () => {
    const server = fakeServer();
    const sync = new AnswerSync({ paperId: 'p1', send: server.send });
    sync.change('q1', { answer: 'x' }, false, 5000);
    const drained = sync.drain(10_000);
    await settle();
    await expect(drained).resolves.toBe(true);
    expect(server.stored.get('q1')).toMatchObject({ answer: 'x' });
  });
});
