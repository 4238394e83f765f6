import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { emit, inTransaction } from '../../server/context';
import { DIALECTS, useTestApp } from './helpers';

/**
 * Domain events with a real transaction: after-commit handlers run once it has committed, never
 * when it rolls back; transaction handlers write inside it. And the app wires the subscribers the
 * modules rely on (the wrong book, messages, access, papers, question caches).
 */
describe.each(DIALECTS)('domain events on %s', (dialect) => {
  const t = useTestApp(dialect);
  afterAll(() => fs.rmSync(t.config.dataDir, { recursive: true, force: true }));

  it('wires every module subscription once', () => {
    const bus = t.app.ctx.events;
    expect(bus.subscribers('paper.handedIn')).toEqual(['afterCommit:wrongbook.file', 'afterCommit:stats.record']);
    expect(bus.subscribers('paper.marked')).toEqual(['afterCommit:wrongbook.file', 'afterCommit:msg.markingDone', 'afterCommit:stats.record']);
    expect(bus.subscribers('exam.disabled')).toEqual(['afterCommit:exam.forget', 'afterCommit:paper.handInClosed']);
    expect(bus.subscribers('exam.changed')).toEqual(['afterCommit:access.closingExams', 'afterCommit:exam.warm']);
    expect(bus.subscribers('question.changed')).toEqual(['afterCommit:qu.drawPools']);
    expect(bus.subscribers('user.removed')).toEqual(['transaction:face.forget']);
    expect(bus.subscribers('user.reviewed')).toEqual(['afterCommit:msg.reviewDone']);
  });

  it('runs after-commit work only once the transaction commits, and never for one rolled back', async () => {
    const ctx = t.app.ctx;
    const seen: string[] = [];
    const inside: boolean[] = [];
    ctx.events.on('exam.changed', 'afterCommit', `test.seen.${dialect}`, (c, e) => {
      inside.push(c.db.isTransaction);
      seen.push(...e.examIds);
    });
    await inTransaction(ctx, async (tx) => {
      await emit(tx, 'exam.changed', { examIds: ['committed'] });
      expect(seen).toEqual([]);
    });
    expect(seen).toEqual(['committed']);
    expect(inside).toEqual([false]);
    await expect(
      inTransaction(ctx, async (tx) => {
        await emit(tx, 'exam.changed', { examIds: ['rolled-back'] });
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect(seen).toEqual(['committed']);
  });
});
