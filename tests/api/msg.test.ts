import { beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../common/errorCodes';
import type { SentMsg, UserMsg } from '../../common/api';
import { createDeptTree, DIALECTS, insertUser, useTestApp, type TestContext } from './helpers';


const makeLearner = (t: TestContext, userName: string, deptId: string, state = 0) => insertUser(t, userName, { deptId, state, realName: `学员${userName}` });

describe.each(DIALECTS)('messages on %s', (dialect) => {
  const t = useTestApp(dialect);
  // 总部 > 培训部 > 讲师组; 总部 > 销售部
  const dept = { train: '', group: '', sales: '' };
  let a: { id: string; token: string }; // 培训部
  let b: { id: string; token: string }; // 讲师组
  let c: { id: string; token: string }; // 销售部

  beforeAll(async () => {
    Object.assign(dept, await createDeptTree(t));
    a = await makeLearner(t, 'msg_a', dept.train);
    b = await makeLearner(t, 'msg_b', dept.group);
    c = await makeLearner(t, 'msg_c', dept.sales);
    await makeLearner(t, 'msg_disabled', dept.train, 1);
  });

  const send = async (body: Record<string, unknown>) => {
    const r = await t.call<SentMsg>('/api/sys/msg/send', body, await t.adminToken());
    expect(r.body.code, r.body.msg).toBe(0);
    return r.body.data;
  };
  const unread = async (token: string) => (await t.call<number>('/api/sys/user/msg/count-unread', {}, token)).body.data;
  const inbox = async (token: string, params: Record<string, unknown> = {}) =>
    (await t.call('/api/sys/user/msg/paging', { current: 1, size: 50, params }, token)).body.data as { records: UserMsg[]; total: number };

  it('delivers a department message to its active members and those of its sub-departments', async () => {
    const sent = await send({ title: '培训通知', content: '<b>周三</b>开课', targetType: 2, deptIds: [dept.train] });
    expect(sent).toMatchObject({ title: '培训通知', targetType: 2, receiverCount: 2, readCount: 0, senderName: '系统管理员' });
    expect(await unread(a.token)).toBe(1);
    expect(await unread(b.token)).toBe(1);
    expect(await unread(c.token)).toBe(0);
    const box = await inbox(b.token);
    // Content is stored as written: plain text, rendered as text by the clients.
    expect(box.records[0]).toMatchObject({ title: '培训通知', content: '<b>周三</b>开课', readState: 0, readTime: null, senderName: '系统管理员' });
  });

  it('delivers to named users and to everyone active', async () => {
    const named = await send({ title: '点名', content: '请到办公室', targetType: 1, userIds: [c.id, c.id, 'nobody'] });
    expect(named.receiverCount).toBe(1);
    const all = await send({ title: '全员', content: '放假通知', targetType: 3 });
    expect(all.receiverCount).toBe(4); // admin, a, b, c; the disabled account is skipped
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

  it('reads, filters, marks read and deletes only the caller\'s own messages', async () => {
    const box = await inbox(a.token);
    expect(box.records.map((m) => m.title)).toEqual(['全员', '培训通知']);
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
    expect((await inbox(a.token, { readState: 1 })).records.map((m) => m.title)).toEqual(['培训通知']);
    expect((await inbox(a.token, { readState: 0, title: '' })).records.map((m) => m.title)).toEqual(['全员']);
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
    const page = await t.call('/api/sys/msg/paging', { current: 1, size: 10, params: { title: '培训' } }, admin);
    expect(page.body.data.total).toBe(1);
    const train = page.body.data.records[0] as SentMsg;
    // a read it and then deleted their copy; b has not read it.
    expect(train).toMatchObject({ receiverCount: 2, readCount: 0 });
    const all = (await t.call('/api/sys/msg/paging', { current: 1, size: 10 }, admin)).body.data.records as SentMsg[];
    expect(all.map((m) => m.title)).toEqual(['全员', '点名', '培训通知']);
    expect(all[0]).toMatchObject({ receiverCount: 4, readCount: 1 });
    expect((await t.call('/api/sys/msg/detail', { id: all[0].id }, admin)).body.data).toEqual(all[0]);

    const del = await t.call('/api/sys/msg/delete', { ids: [train.id] }, admin);
    expect(del.body.code).toBe(0);
    expect(await unread(b.token)).toBe(1);
    expect((await t.call('/api/sys/msg/detail', { id: train.id }, admin)).body.code).toBe(ErrorCode.NOT_FOUND);
  });

  it('keeps learners away from the sender side and strangers away from inboxes', async () => {
    for (const url of ['/api/sys/msg/send', '/api/sys/msg/paging', '/api/sys/msg/detail', '/api/sys/msg/delete']) {
      const r = await t.call(url, { title: 'x', content: 'y', targetType: 3, current: 1, size: 10, id: 'x', ids: ['x'] }, a.token);
      expect(r.body.code, url).toBe(ErrorCode.FORBIDDEN);
    }
    const anon = await t.call('/api/sys/user/msg/count-unread', {});
    expect(anon.body.code).toBe(ErrorCode.SESSION_INVALID);
  });
});
