import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import type { QuDetail, RepoRecord } from '../../common/api';
import { QuType } from '../../common/codes';
import { examBody, saveDraft } from './exam.helpers';
import { DIALECTS, insertUser, useTestApp } from './helpers';

/**
 * The user centre's mastery links each knowledge point to the banks that practise it and to the
 * wrong book's questions of it: /api/user/repo/paging and /api/user/wrong-book/paging take a `tag`.
 */
describe.each(DIALECTS)('knowledge-point links of the mastery tab on %s', (dialect) => {
  const t = useTestApp(dialect);
  afterAll(() => fs.rmSync(t.config.dataDir, { recursive: true, force: true }));

  it('lists the open banks holding a knowledge point, and my wrong questions of it across exams', async () => {
    const admin = await t.adminToken();
    const bank = async (title: string, practiceOpen: boolean) => (await t.call<RepoRecord>('/api/repo/save', { title, practiceOpen, practiceAudience: 1 }, admin)).body.data;
    const question = async (repoId: string, tags: string[], stem: string) => {
      const r = await t.call<QuDetail>(
        '/api/qu/qu/save',
        { repoId, quType: QuType.JUDGE, content: `<p>${stem}</p>`, tags, answerList: [{ content: '正确', isRight: true }, { content: '错误', isRight: false }] },
        admin,
      );
      expect(r.body.code, r.body.msg).toBe(0);
      return r.body.data;
    };
    const a = await bank(`知识点甲${dialect}`, true);
    const b = await bank(`知识点乙${dialect}`, true);
    const closed = await bank(`知识点丙${dialect}`, false);
    const q1 = await question(a.id, ['口令安全'], '口令题');
    const q2 = await question(a.id, ['网络安全'], '网络题一');
    const q3 = await question(b.id, ['网络安全', '口令安全'], '网络题二');
    await question(closed.id, ['口令安全'], '未开放题');
    const learner = await insertUser(t, `mlink_${dialect}`);

    const banks = async (tag?: string) =>
      (await t.call('/api/user/repo/paging', { current: 1, size: 50, params: tag === undefined ? {} : { tag } }, learner.token)).body.data.records
        .map((r: { title: string }) => r.title)
        .filter((title: string) => title.startsWith('知识点'))
        .sort();
    expect(await banks()).toEqual([a.title, b.title].sort());
    expect(await banks('口令安全')).toEqual([a.title, b.title].sort());
    expect(await banks('网络安全')).toEqual([a.title, b.title].sort());
    await t.call('/api/qu/qu/delete', { ids: [q3.id] }, admin);
    expect(await banks('口令安全')).toEqual([a.title]);
    expect(await banks('没有这个知识点')).toEqual([]);
    const tooLong = await t.call('/api/user/repo/paging', { current: 1, size: 10, params: { tag: 'x'.repeat(33) } }, learner.token);
    expect(tooLong.body.code).not.toBe(0);

    // My wrong book, across two exams: the questions of the knowledge point only.
    const exam = (title: string) => saveDraft(t, examBody(a.id, { title, qualifyScore: 1, groups: [{ title: '判断', quType: QuType.JUDGE, perScore: 2, draws: [{ repoId: a.id, count: 1 }], quIds: [] }] }));
    const [one, two] = [(await exam('知识点考试一')).id, (await exam('知识点考试二')).id];
    const now = Date.now();
    const row = (examId: string, q: QuDetail, i: number) => ({
      id: `wb_${dialect}_${i}`, user_id: learner.id, exam_id: examId, qu_id: q.id, qu_type: q.quType, title: q.content.replace(/<[^>]+>/g, ''),
      question: JSON.stringify(q), wrong_count: 1, create_time: now + i, update_time: now + i,
    });
    await t.database.db.insertInto('wrong_book').values([row(one, q1, 1), row(one, q2, 2), row(two, q1, 3)]).execute();
    const book = async (params: object) => (await t.call('/api/user/wrong-book/paging', { current: 1, size: 20, params }, learner.token)).body.data;
    const byTag = await book({ tag: '口令安全' });
    expect(byTag.total).toBe(2);
    expect(byTag.records.map((r: { examId: string; quId: string }) => `${r.examId}:${r.quId}`).sort()).toEqual([`${one}:${q1.id}`, `${two}:${q1.id}`].sort());
    expect((await book({ tag: '网络安全' })).records.map((r: { quId: string }) => r.quId)).toEqual([q2.id]);
    expect((await book({ tag: '没有这个知识点' })).total).toBe(0);
    expect((await book({})).total).toBe(3);
    // Someone else's book holds none of mine.
    const other = await insertUser(t, `mlink2_${dialect}`);
    expect((await t.call('/api/user/wrong-book/paging', { current: 1, size: 20, params: { tag: '口令安全' } }, other.token)).body.data.total).toBe(0);
  });
});
