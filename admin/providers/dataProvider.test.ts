import { describe, expect, it } from 'vitest';
import { HttpResponse, http } from 'msw';
import { subscribeNotify, type Notification } from '../../common/http';
import { departTree } from '../testing/fixtures';
import { fail, ok, server, setupMswServer } from '../testing/server';
import { createDataProvider } from './dataProvider';

setupMswServer();

/** Records the JSON bodies posted to `path` and answers `data`. */
function capture(path: string, data: unknown) {
  const bodies: unknown[] = [];
  server.use(
    http.post(path, async ({ request }) => {
      bodies.push(await request.json());
      return ok(data);
    }),
  );
  return bodies;
}

const page = (records: unknown[], total = records.length) => ({ records, total, current: 1, size: 10, pages: 1 });
const role = (id: string) => ({ id, roleCode: `r${id}`, roleName: `角色${id}`, roleType: 2, remark: '', menuIds: [], userCount: 0, createTime: 0 });

describe('dataProvider', () => {
  const provider = createDataProvider();

  it('getList posts the paging body to the paging endpoint and answers records and total', async () => {
    const bodies = capture('/api/sys/user/paging', page([{ id: '1', realName: '张三' }], 31));
    const result = await provider.getList('sys/user', {
      pagination: { page: 3, perPage: 10 },
      sort: { field: 'createTime', order: 'DESC' },
      filter: { realName: '张' },
    });
    expect(bodies).toEqual([{ current: 3, size: 10, params: { realName: '张' }, orders: [{ column: 'createTime', asc: false }] }]);
    expect(result).toEqual({ data: [{ id: '1', realName: '张三' }], total: 31 });
  });

  it('getList without a sort field sends no orders', async () => {
    const bodies = capture('/api/sys/role/paging', page([]));
    await provider.getList('sys/role', { pagination: { page: 1, perPage: 20 }, sort: { field: '', order: 'ASC' }, filter: {} });
    expect(bodies).toEqual([{ current: 1, size: 20, params: {}, orders: [] }]);
  });

  it('lists a tree resource from its tree endpoint, flattened in tree order with depths', async () => {
    capture('/api/sys/depart/tree', departTree);
    const result = await provider.getList('sys/depart', { pagination: { page: 1, perPage: 10 }, sort: { field: '', order: 'ASC' }, filter: {} });
    expect(result.data.map((d) => [d.id, d.depth])).toEqual([
      ['d1', 0],
      ['d2', 1],
      ['d4', 2],
      ['d3', 1],
    ]);
    expect(result.total).toBe(4);
  });

  it('getOne reads the detail endpoint', async () => {
    const bodies = capture('/api/sys/role/detail', role('7'));
    expect((await provider.getOne('sys/role', { id: '7' })).data).toMatchObject({ id: '7', roleName: '角色7' });
    expect(bodies).toEqual([{ id: '7' }]);
  });

  it('getMany asks for several users in one request, answering in the order asked', async () => {
    const bodies = capture('/api/sys/user/paging', page([{ id: 'b' }, { id: 'a' }]));
    expect(await provider.getMany('sys/user', { ids: ['a', 'b', 'gone'] })).toEqual({ data: [{ id: 'a' }, { id: 'b' }] });
    expect(bodies).toEqual([{ current: 1, size: 3, params: { ids: ['a', 'b', 'gone'] } }]);
  });

  it('getMany reads roles from the one list of every role, and departments from the tree', async () => {
    const roles = capture('/api/sys/role/list', [role('1'), role('2'), role('3')]);
    expect((await provider.getMany('sys/role', { ids: ['3', '1'] })).data.map((r) => r.id)).toEqual(['3', '1']);
    expect(roles).toHaveLength(1);
    const tree = capture('/api/sys/depart/tree', departTree);
    expect((await provider.getMany('sys/depart', { ids: ['d4'] })).data).toMatchObject([{ id: 'd4', deptName: '前端组', depth: 2 }]);
    expect(tree).toHaveLength(1);
  });

  it('getManyReference filters the page by the target', async () => {
    const bodies = capture('/api/sys/user/paging', page([]));
    await provider.getManyReference('sys/user', {
      target: 'deptId',
      id: 'd1',
      pagination: { page: 1, perPage: 5 },
      sort: { field: 'userName', order: 'ASC' },
      filter: { state: 0 },
    });
    expect(bodies).toEqual([{ current: 1, size: 5, params: { state: 0, deptId: 'd1' }, orders: [{ column: 'userName', asc: true }] }]);
  });

  it('create and update post the save endpoint (update carries the id) and answer the saved record', async () => {
    const bodies = capture('/api/sys/notice/save', { id: 'n1', title: '放假通知' });
    expect(await provider.create('sys/notice', { data: { title: '放假通知' } })).toEqual({ data: { id: 'n1', title: '放假通知' } });
    await provider.update('sys/notice', { id: 'n1', data: { title: '放假通知' }, previousData: { id: 'n1' } });
    expect(bodies).toEqual([{ title: '放假通知' }, { title: '放假通知', id: 'n1' }]);
  });

  it('creating a message sends it', async () => {
    const sent = { id: 'm1', title: '提醒', content: '内容', targetType: 3, senderName: '管理员', receiverCount: 2, readCount: 0, createTime: 1 };
    const bodies = capture('/api/sys/msg/send', sent);
    const result = await provider.create('sys/msg', { data: { title: '提醒', content: '内容', targetType: 3 } });
    expect(bodies).toEqual([{ title: '提醒', content: '内容', targetType: 3 }]);
    expect(result.data).toMatchObject({ id: 'm1', receiverCount: 2 });
    await expect(provider.update('sys/msg', { id: 'm1', data: {}, previousData: { id: 'm1' } })).rejects.toThrow('sys/msg');
  });

  it('delete and deleteMany post the ids', async () => {
    const bodies = capture('/api/sys/notice/delete', null);
    expect(await provider.delete('sys/notice', { id: 'n1', previousData: { id: 'n1', title: 't' } })).toEqual({ data: { id: 'n1', title: 't' } });
    expect(await provider.deleteMany('sys/notice', { ids: ['a', 'b'] })).toEqual({ data: ['a', 'b'] });
    expect(bodies).toEqual([{ ids: ['n1'] }, { ids: ['a', 'b'] }]);
  });

  it('refuses what the contract does not offer', async () => {
    await expect(provider.updateMany('sys/user', { ids: ['1'], data: {} })).rejects.toThrow('不支持批量更新');
    await expect(provider.getMany('sys/notice', { ids: ['1'] })).rejects.toThrow('不支持');
    await expect(provider.getList('sys/secret', { pagination: { page: 1, perPage: 1 }, sort: { field: '', order: 'ASC' }, filter: {} })).rejects.toThrow('没有对应的接口');
  });

  it('rejects with the server message and shows nothing itself', async () => {
    const shown: Notification[] = [];
    const stop = subscribeNotify((n) => shown.push(n));
    server.use(http.post('/api/sys/role/delete', () => fail(1, '角色下还有用户，不能删除')));
    await expect(provider.delete('sys/role', { id: 'r1' })).rejects.toThrow('角色下还有用户，不能删除');
    server.use(http.post('/api/sys/role/paging', () => new HttpResponse(null, { status: 500 })));
    await expect(provider.getList('sys/role', { pagination: { page: 1, perPage: 1 }, sort: { field: '', order: 'ASC' }, filter: {} })).rejects.toThrow('糟糕，服务器开小差了~');
    stop();
    expect(shown).toEqual([]);
  });

  it('refuses an answer that is not what the endpoint promises', async () => {
    capture('/api/sys/user/paging', { rows: [] });
    await expect(provider.getList('sys/user', { pagination: { page: 1, perPage: 1 }, sort: { field: '', order: 'ASC' }, filter: {} })).rejects.toThrow('分页');
  });
});
