import { describe, expect, it, vi } from 'vitest';
import { EventBus, type EventScope } from './events';

interface Events {
  'thing.done': { id: string };
}
type Ctx = EventScope & { name: string; afterCommit?: Array<(outside: Ctx) => Promise<void>> };

describe('EventBus', () => {
  it('runs transaction handlers at once with the emitter context and queues after-commit ones on the transaction', async () => {
    const bus = new EventBus<Events, Ctx>(() => undefined);
    const seen: string[] = [];
    bus.on('thing.done', 'afterCommit', 'b.later', (ctx, e) => void seen.push(`later:${ctx.name}:${e.id}`));
    bus.on('thing.done', 'transaction', 'a.now', (ctx, e) => void seen.push(`now:${ctx.name}:${e.id}`));
    const queue: Array<(outside: Ctx) => Promise<void>> = [];
    await bus.emit({ name: 'tx', afterCommit: queue }, 'thing.done', { id: '1' });
    expect(seen).toEqual(['now:tx:1']);
    // The transaction commits: its queue runs with the context outside it.
    for (const run of queue) await run({ name: 'outside' });
    expect(seen).toEqual(['now:tx:1', 'later:outside:1']);
  });

  it('runs after-commit handlers at once outside a transaction, and logs a failing one without stopping the rest', async () => {
    const log = vi.fn();
    const bus = new EventBus<Events, Ctx>(log);
    const seen: string[] = [];
    bus.on('thing.done', 'afterCommit', 'a.fails', () => {
      throw new Error('boom');
    });
    bus.on('thing.done', 'afterCommit', 'b.works', (_ctx, e) => void seen.push(e.id));
    await bus.emit({ name: 'plain' }, 'thing.done', { id: '2' });
    expect(seen).toEqual(['2']);
    expect(log).toHaveBeenCalledWith('event handler a.fails of thing.done failed', expect.any(Error));
  });

  it('lets a failing transaction handler fail the emitter (it is part of the transaction)', async () => {
    const bus = new EventBus<Events, Ctx>(() => undefined);
    bus.on('thing.done', 'transaction', 'a.fails', () => {
      throw new Error('undo');
    });
    await expect(bus.emit({ name: 'tx', afterCommit: [] }, 'thing.done', { id: '3' })).rejects.toThrow('undo');
  });

  it('refuses the same handler twice', () => {
    const bus = new EventBus<Events, Ctx>(() => undefined);
    bus.on('thing.done', 'transaction', 'a', () => undefined);
    expect(() => bus.on('thing.done', 'transaction', 'a', () => undefined)).toThrow(/twice/);
  });
});
