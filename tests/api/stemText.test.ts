import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import type { QuDetail, RepoRecord } from '../../common/api';
import { QuType } from '../../common/codes';
import { DIALECTS, insertUser, useTestApp } from './helpers';

describe.each(DIALECTS)('stems in lists on %s', (dialect) => {
  const t = useTestApp(dialect);
  afterAll(() => fs.rmSync(t.config.dataDir, { recursive: true, force: true }));

  it('draw a fill-in blank as ＿＿, never drop it (保存＿＿份数据副本)', async () => {
    const admin = await t.adminToken();
    const repo = (await t.call<RepoRecord>('/api/repo/save', { title: `填空题库${dialect}`, practiceOpen: true, practiceAudience: 1 }, admin)).body.data;
    const saved = await t.call<QuDetail>(
      '/api/qu/qu/save',
      { repoId: repo.id, quType: QuType.FILL, content: '<p>重要数据至少保存<span data-blank="1"></span>份数据副本。</p>', blanks: [{ answers: ['3', '三'] }] },
      admin,
    );
    expect(saved.body.code, saved.body.msg).toBe(0);
    const learner = await insertUser(t, `stem_${dialect}`);
    await t.call('/api/user/repo/favorite', { quId: saved.body.data.id, favorite: true }, learner.token);
    const favorites = (await t.call('/api/user/repo/favorites', { current: 1, size: 10 }, learner.token)).body.data.records as Array<{ title: string }>;
    expect(favorites.map((f) => f.title)).toEqual(['重要数据至少保存＿＿份数据副本。']);
  });
});
