import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { ExamOpenType } from '../../common/codes';
import { bankWithEveryType, examBody, saveExam } from './exam.helpers';
import { DIALECTS, insertUser, useTestApp } from './helpers';

describe.each(DIALECTS)("an exam's password on %s", (dialect) => {
  const t = useTestApp(dialect);
  afterAll(() => fs.rmSync(t.config.dataDir, { recursive: true, force: true }));

  it('takes five wrong guesses per learner and exam in 15 minutes, then refuses even the right one; the right one never counts', async () => {
    const { repo } = await bankWithEveryType(t);
    const exam = await saveExam(t, examBody(repo.id, { openType: ExamOpenType.PASSWORD, password: 'pw-2026' }));
    const guesser = await insertUser(t, `l_${dialect}_guess`);
    const honest = await insertUser(t, `l_${dialect}_honest`);
    const check = (token: string, password: string) => t.call('/api/paper/paper/pre-check', { examId: exam.id, password }, token);

    // The right password, asked for again and again, never uses up the guesses.
    for (let i = 0; i < 6; i++) expect((await check(honest.token, 'pw-2026')).body.data).toEqual({ validated: true, message: '' });

    for (let i = 0; i < 5; i++) expect((await check(guesser.token, `guess${i}`)).body.data).toEqual({ validated: false, message: '考试密码错误' });
    const locked = { validated: false, message: '考试密码错误次数过多，请15分钟后再试' };
    expect((await check(guesser.token, 'pw-2026')).body.data).toEqual(locked);
    const start = await t.call('/api/paper/paper/create-paper', { examId: exam.id, password: 'pw-2026' }, guesser.token);
    expect(start.body.msg).toBe(locked.message);
    // Someone else is not locked out by it.
    expect((await check(honest.token, 'pw-2026')).body.data.validated).toBe(true);
  });

  it('counts one guess per start, however often the entry rules are checked', async () => {
    const { repo } = await bankWithEveryType(t);
    const exam = await saveExam(t, examBody(repo.id, { openType: ExamOpenType.PASSWORD, password: 'right' }));
    const learner = await insertUser(t, `l_${dialect}_starts`);
    for (let i = 0; i < 5; i++) {
      const r = await t.call('/api/paper/paper/create-paper', { examId: exam.id, password: 'wrong' }, learner.token);
      expect(r.body.msg, `start ${i + 1}`).toBe('考试密码错误');
    }
    expect((await t.call('/api/paper/paper/create-paper', { examId: exam.id, password: 'wrong' }, learner.token)).body.msg).toBe('考试密码错误次数过多，请15分钟后再试');
  });
});
