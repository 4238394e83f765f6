import { beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../common/errorCodes';
import type { SentMsg, UserMsg } from '../../common/api';
import { createDeptTree, DIALECTS, insertUser, useTestApp, type TestContext } from './helpers';

const makeLearner = (t: TestContext, userName: string, deptId: string, state = 0) => insertUser(t, userName, { deptId, state, realName: `学员${userName}` });

describe.each(DIALECTS)('messages on %s', (dialect) => {
  const t = useTestApp(dialect);
  // 总部 > 培训部 > 讲师组; 总部 > 销售部 (a fixture no test changes)
  const dept = { train: '', group: '', sales: '' };

  beforeAll(async () => {
    Object.assign(dept, await createDeptTree(t));
  });

  /** Each test's own learners: one in 培训部, one in 讲师组, one in 销售部. */
  const learners = async (tag: string) => ({
    a: await makeLearner(t, `${tag}_a`, dept.train),
    b: await makeLearner(t, `${tag}_b`, dept.group),
    c: await makeLearner(t, `${tag}_c`, dept.sales),
  });
  const send = async (body: Record<string, unknown>) => {
    const r = await t.call<SentMsg>('/api/sys/msg/send', body, await t.adminToken());
    expect(r.body.code, r.body.msg).toBe(0);
    return r.body.data;
  };
  const unread = async (token: string) => (await t.call<number>('/api/sys/user/msg/count-unread', {}, token)).body.data;
  const inbox = async (token: string, params: Record<string, unknown> = {}) =>
    (await t.call('/api/sys/user/msg/paging', { current: 1, size: 50, params }, token)).body.data as { records: UserMsg[]; total: number };
  const activeUsers = async () =>
    (await t.database.db.selectFrom('sys_user').select('id').where('state', '=', 0).execute()).length;

  it('delivers a department message to its active members and those of its sub-departments', async () => {
    // A department of this test's own, so the count is exact.
    const admin = await t.adminToken();
    const top = (await t.call('/api/sys/depart/save', { parentId: dept.train, deptName: '新员工组' }, admin)).body.data.id as string;
    const sub = (await t.call('/api/sys/depart/save', { parentId: top, deptName: '新员工一班' }, admin)).body.data.id as string;
    const a = await makeLearner(t, 'dep_a', top);
    const b = await makeLearner(t, 'dep_b', sub);
    await makeLearner(t, 'dep_off', sub, 1);
    const c = await makeLearner(t, 'dep_c', dept.sales);
    const sent = await send({ title: '培训通知', content: '<b>周三</b>开课', targetType: 2, deptIds: [top] });
    expect(sent).toMatchObject({ title: '培训通知', targetType: 2, receiverCount: 2, readCount: 0, senderName: '系统管理员' });
    expect(await unread(a.token)).toBe(1);
    expect(await unread(b.token)).toBe(1);
    expect(await unread(c.token)).toBe(0);
    const box = await inbox(b.token);
    // Content is stored as written: plain text, rendered as text by the clients.
    expect(box.records[0]).toMatchObject({ title: '培训通知', content: '<b>周三</b>开课', readState: 0, readTime: null, senderName: '系统管理员' });
  });

  it('delivers to named users and to everyone active', async () => {
    const { c } = await learners('all');
    await makeLearner(t, 'all_disabled', dept.train, 1);
    const named = await send({ title: '点名', content: '请到办公室', targetType: 1, userIds: [c.id, c.id, 'nobody'] });
    expect(named.receiverCount).toBe(1);
    const everyone = await activeUsers();
    const all = await send({ title: '全员', content: '放假通知', targetType: 3 });
    // Every active account, the administrator included; disabled ones are skipped.
    expect(all.receiverCount).toBe(everyone);
    expect(await unread(c.token)).toBe(2);
  });

  it('refuses a send without recipients', async () => {
    const admin = await t.adminToken();
    const empty = await t.call('/api/sys/msg/send', { title: 'x', content: 'y', targetType: 1, userIds: ['nobody'] }, admin);
    expect(empty.body.msg).toBe('没有符合条件的接收人');
    const noDept = await t.call('/api/sys/msg/send', { title: 'x', content: 'y', targetType: 2, deptIds: [] }, admin);
    expect(noDept.body.code).toBe(ErrorCode.FAIL);
    const bad = await t.call('/api/sys/msg/send', { title: '', content: 'y', targetType: 3 }, admin);
    expect(bad.status).toBe(400);
  });

  it("reads, filters, marks read and deletes only the caller's own messages", async () => {
    const { a, b, c } = await learners('own');
    await send({ title: '培训课表', content: '周三开课', targetType: 1, userIds: [a.id, b.id] });
    await send({ title: '放假安排', content: '周五放假', targetType: 1, userIds: [a.id, b.id, c.id] });
    const box = await inbox(a.token);
    expect(box.records.map((m) => m.title)).toEqual(['放假安排', '培训课表']);
    const first = box.records[1];

    // Another learner can neither read, mark nor delete it.
    const foreign = await t.call('/api/sys/user/msg/detail-for-read', { id: first.id }, c.token);
    expect(foreign.body.code).toBe(ErrorCode.NOT_FOUND);
    expect((await t.call('/api/sys/user/msg/mark-read', { ids: [first.id] }, c.token)).body.data).toBe(0);
    expect((await t.call('/api/sys/user/msg/user-delete', { ids: [first.id] }, c.token)).body.data).toBe(0);
    expect((await inbox(a.token)).records.find((m) => m.id === first.id)?.readState).toBe(0);

    const read = await t.call<UserMsg>('/api/sys/user/msg/detail-for-read', { id: first.id }, a.token);
    expect(read.body.data).toMatchObject({ id: first.id, readState: 1 });
    expect(read.body.data.readTime).toBeGreaterThan(0);
    expect(await unread(a.token)).toBe(1);
    expect((await inbox(a.token, { readState: 1 })).records.map((m) => m.title)).toEqual(['培训课表']);
    expect((await inbox(a.token, { readState: 0, title: '' })).records.map((m) => m.title)).toEqual(['放假安排']);
    expect((await inbox(a.token, { title: '培训' })).total).toBe(1);

    const rest = (await inbox(a.token, { readState: 0 })).records.map((m) => m.id);
    expect((await t.call('/api/sys/user/msg/mark-read', { ids: rest }, a.token)).body.data).toBe(1);
    expect(await unread(a.token)).toBe(0);

    const del = await t.call('/api/sys/user/msg/user-delete', { ids: [first.id] }, a.token);
    expect(del.body.data).toBe(1);
    expect((await inbox(a.token)).total).toBe(1);
    // b's copy of the same message is untouched.
    expect((await inbox(b.token)).total).toBe(2);
  });

  it('shows senders their messages with read counts, and deletes them with their deliveries', async () => {
    const admin = await t.adminToken();
    const { a, b } = await learners('sent');
    const lesson = await send({ title: '发件培训', content: '周三', targetType: 1, userIds: [a.id, b.id] });
    const holiday = await send({ title: '发件放假', content: '周五', targetType: 1, userIds: [a.id, b.id] });
    const aBox = await inbox(a.token, { title: '发件' });
    await t.call('/api/sys/user/msg/detail-for-read', { id: aBox.records.find((m) => m.title === '发件放假')!.id }, a.token);
    // a deletes their copy of the lesson unread; b reads nothing.
    await t.call('/api/sys/user/msg/user-delete', { ids: [aBox.records.find((m) => m.title === '发件培训')!.id] }, a.token);

    const page = await t.call('/api/sys/msg/paging', { current: 1, size: 10, params: { title: '发件' } }, admin);
    const records = page.body.data.records as SentMsg[];
    expect(records.map((m) => m.title)).toEqual(['发件放假', '发件培训']);
    expect(records[0]).toMatchObject({ id: holiday.id, receiverCount: 2, readCount: 1 });
    expect(records[1]).toMatchObject({ id: lesson.id, receiverCount: 2, readCount: 0 });
    expect((await t.call('/api/sys/msg/detail', { id: holiday.id }, admin)).body.data).toEqual(records[0]);

    expect(await unread(b.token)).toBe(2);
    const del = await t.call('/api/sys/msg/delete', { ids: [lesson.id] }, admin);
    expect(del.body.code).toBe(0);
    expect(await unread(b.token)).toBe(1);
    expect((await t.call('/api/sys/msg/detail', { id: lesson.id }, admin)).body.code).toBe(ErrorCode.NOT_FOUND);
    const deliveries = await t.database.db.selectFrom('sys_user_msg').select('id').where('msg_id', '=', lesson.id).execute();
    expect(deliveries).toEqual([]);
  });

  it('keeps learners away from the sender side and strangers away from inboxes', async () => {
    const { a } = await learners('away');
    for (const url of ['/api/sys/msg/send', '/api/sys/msg/paging', '/api/sys/msg/detail', '/api/sys/msg/delete']) {
      const r = await t.call(url, { title: 'x', content: 'y', targetType: 3, current: 1, size: 10, id: 'x', ids: ['x'] }, a.token);
      expect(r.body.code, url).toBe(ErrorCode.FORBIDDEN);
    }
    const anon = await t.call('/api/sys/user/msg/count-unread', {});
    expect(anon.body.code).toBe(ErrorCode.SESSION_INVALID);
  });
});
