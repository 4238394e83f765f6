import pg from 'pg';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PaperDetail } from '../../common/api';
import { HandType, PaperState } from '../../common/codes';
import { bankWithEveryType, examBody, saveExam } from './exam.helpers';
import { DIALECTS, insertUser, useTestApp } from './helpers';

/** The text of a statement as pg's Client.query is given it (a string or a config). */
const textOf = (arg: unknown) => (typeof arg === 'string' ? arg : ((arg as { text?: string } | null)?.text ?? ''));

/**
 * A hand-in on PostgreSQL reads what it grades from (the paper, its draft and its rows) in one
 * statement: each round trip costs the process a write and a read on its socket, ten thousand
 * times in a cohort's minute of handing in.
 */
describe.skipIf(!DIALECTS.includes('postgres'))('a hand-in reading its paper on postgres', () => {
  const t = useTestApp('postgres');
  afterEach(() => vi.restoreAllMocks());

  it('reads the paper, its draft and its rows in one statement, and grades from them', async () => {
    const { repo, qus } = await bankWithEveryType(t);
    const exam = await saveExam(t, examBody(repo.id, { qualifyScore: 2, groups: [{ title: '单选', quType: 1, perScore: 2, draws: [{ repoId: repo.id, count: 2 }], quIds: [] }] }));
    const learner = await insertUser(t, 'hand_in_read');
    const paperId = (await t.call<{ id: string }>('/api/paper/paper/create-paper', { examId: exam.id }, learner.token)).body.data.id;
    const detail = (await t.call<PaperDetail>('/api/paper/paper/paper-detail', { id: paperId }, learner.token)).body.data;
    // One question answered right (its row made), the other left on the draft.
    const answered = detail.groups[0].quList[0].quId;
    const right = qus.find((q) => q.id === answered)?.answerList?.find((o) => o.isRight)?.id;
    expect((await t.call('/api/paper/paper/fill-answer', { paperId, quId: answered, seq: 1, answers: [right] }, learner.token)).body.code).toBe(0);

    const sent: string[] = [];
    const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
    vi.spyOn(pg.Client.prototype, 'query').mockImplementation(function (this: pg.Client, ...args: unknown[]) {
      sent.push(textOf(args[0]));
      return query.apply(this, args);
    } as never);
    const handed = await t.call<{ state: number }>('/api/paper/paper/hand-exam', { id: paperId, type: HandType.LEARNER }, learner.token);
    vi.restoreAllMocks();
    expect(handed.body.code, handed.body.msg).toBe(0);
    expect(handed.body.data.state).toBe(PaperState.FINISHED);

    const reads = sent.filter((s) => /^(\/\* named \*\/ )?select/i.test(s) && /"?paper(_qu|_draft)?"?\b/.test(s) && !/sys_session/.test(s));
    expect(reads).toHaveLength(1);
    expect(reads[0]).toMatch(/paper_draft/);
    expect(reads[0]).toMatch(/paper_qu/);

    const result = (await t.call<{ userScore: number }>('/api/paper/paper/paper-result', { id: paperId }, learner.token)).body;
    expect(result.code, result.msg).toBe(0);
    expect(result.data.userScore).toBe(2);
  });
});
