import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../../common/errorCodes';
import { DIALECTS, insertUser, useTestApp } from './helpers';

describe.each(DIALECTS)('dashboard on %s', (dialect) => {
  const t = useTestApp(dialect);

  it('counts users, departments, notices and messages, each in its own field', async () => {
    const admin = await t.adminToken();
    const before = await t.call('/api/sys/dashboard/stat', {}, admin);
    expect(before.body.data).toEqual({ userCount: 1, departCount: 1, noticeCount: 0, msgCount: 0 });

    // Distinct counts, so a swapped field cannot pass: 4 users, 2 departments, 5 notices, 3 messages.
    const learner = await insertUser(t, 'dash_a');
    await insertUser(t, 'dash_b');
    await insertUser(t, 'dash_c');
    await t.call('/api/sys/depart/save', { parentId: 'dept_root', deptName: '培训部' }, admin);
    for (let i = 1; i <= 5; i += 1) {
      const r = await t.call('/api/sys/notice/save', { title: `公告${i}`, content: '<p>内容</p>', state: 1, targetType: 1 }, admin);
      expect(r.body.code).toBe(0);
    }
    for (let i = 1; i <= 3; i += 1) {
      const r = await t.call('/api/sys/msg/send', { title: `消息${i}`, content: '内容', targetType: 3 }, admin);
      expect(r.body.code).toBe(0);
    }

    const after = await t.call('/api/sys/dashboard/stat', {}, admin);
    expect(after.body.data).toEqual({ userCount: 4, departCount: 2, noticeCount: 5, msgCount: 3 });

    const refused = await t.call('/api/sys/dashboard/stat', {}, learner.token);
    expect(refused.body.code).toBe(ErrorCode.FORBIDDEN);
  });
});
