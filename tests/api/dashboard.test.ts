import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../../common/errorCodes';
import { DIALECTS, useTestApp } from './helpers';

describe.each(DIALECTS)('dashboard on %s', (dialect) => {
  const t = useTestApp(dialect);

  it('counts users, departments, notices and messages', async () => {
    const admin = await t.adminToken();
    const before = await t.call('/api/sys/dashboard/stat', {}, admin);
    expect(before.body.data).toEqual({ userCount: 1, departCount: 1, noticeCount: 0, msgCount: 0 });

    const reg = await t.call('/api/sys/user/reg', { userName: 'dash_learner', password: 'Abc12345', realName: '学员' });
    expect(reg.body.code).toBe(0);
    await t.call('/api/sys/depart/save', { parentId: 'dept_root', deptName: '培训部' }, admin);
    await t.call('/api/sys/notice/save', { title: '公告', content: '<p>内容</p>', state: 1, targetType: 1 }, admin);
    await t.call('/api/sys/msg/send', { title: '消息', content: '内容', targetType: 3 }, admin);

    const after = await t.call('/api/sys/dashboard/stat', {}, admin);
    expect(after.body.data).toEqual({ userCount: 2, departCount: 2, noticeCount: 1, msgCount: 1 });

    const refused = await t.call('/api/sys/dashboard/stat', {}, reg.body.data.token as string);
    expect(refused.body.code).toBe(ErrorCode.FORBIDDEN);
  });
});
