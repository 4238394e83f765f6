import { describe, expect, it } from 'vitest';
import { HttpResponse, http } from 'msw';
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

describe('dataProvider', () => {
  const provider = createDataProvider();

  it('getList posts the paging body and answers records and total', async () => {
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

  it('getOne and getMany read /detail per id', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post('/api/sys/role/detail', async ({ request }) => {
        const body = (await request.json()) as { id: string };
        bodies.push(body);
        return ok({ id: body.id, roleName: `角色${body.id}` });
      }),
    );
    expect(await provider.getOne('sys/role', { id: '7' })).toEqual({ data: { id: '7', roleName: '角色7' } });
    expect(await provider.getMany('sys/role', { ids: ['1', '2'] })).toEqual({
      data: [
        { id: '1', roleName: '角色1' },
        { id: '2', roleName: '角色2' },
      ],
    });
    expect(bodies).toEqual([{ id: '7' }, { id: '1' }, { id: '2' }]);
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

  it('create and update post /save (update carries the id) and answer the saved record', async () => {
    const bodies = capture('/api/sys/notice/save', { id: 'n1', title: '放假通知' });
    expect(await provider.create('sys/notice', { data: { title: '放假通知' } })).toEqual({ data: { id: 'n1', title: '放假通知' } });
    await provider.update('sys/notice', { id: 'n1', data: { title: '放假通知' }, previousData: { id: 'n1' } });
    expect(bodies).toEqual([{ title: '放假通知' }, { title: '放假通知', id: 'n1' }]);
  });

  it('delete and deleteMany post the ids', async () => {
    const bodies = capture('/api/sys/notice/delete', null);
    expect(await provider.delete('sys/notice', { id: 'n1', previousData: { id: 'n1', title: 't' } })).toEqual({ data: { id: 'n1', title: 't' } });
    expect(await provider.deleteMany('sys/notice', { ids: ['a', 'b'] })).toEqual({ data: ['a', 'b'] });
    expect(bodies).toEqual([{ ids: ['n1'] }, { ids: ['a', 'b'] }]);
  });

  it('updateMany is refused', async () => {
    await expect(provider.updateMany('sys/user', { ids: ['1'], data: {} })).rejects.toThrow('不支持批量更新');
  });

  it('rejects with the server message', async () => {
    server.use(http.post('/api/sys/role/delete', () => fail(1, '角色下还有用户，不能删除')));
    await expect(provider.delete('sys/role', { id: 'r1' })).rejects.toThrow('角色下还有用户，不能删除');
  });

  it('consults per-resource overrides first', async () => {
    const tree = createDataProvider({
      'sys/depart': { getList: async () => ({ data: [{ id: 'd1' }] as any[], total: 1 }) },
    });
    expect(await tree.getList('sys/depart', { pagination: { page: 1, perPage: 10 }, sort: { field: '', order: 'ASC' }, filter: {} })).toEqual({
      data: [{ id: 'd1' }],
      total: 1,
    });
    // Methods the override leaves out still use the envelope mapping.
    const bodies = capture('/api/sys/depart/detail', { id: 'd1' });
    await tree.getOne('sys/depart', { id: 'd1' });
    expect(bodies).toEqual([{ id: 'd1' }]);
  });

  it('call posts any path and resolves its data', async () => {
    const bodies = capture('/api/sys/user/reset-pass', null);
    await provider.call('/api/sys/user/reset-pass', { ids: ['1'], password: 'abc123' });
    expect(bodies).toEqual([{ ids: ['1'], password: 'abc123' }]);
    server.use(http.post('/api/sys/dashboard/stat', () => HttpResponse.json({ code: 0, msg: '', data: { userCount: 3 } })));
    expect(await provider.call('/api/sys/dashboard/stat')).toEqual({ userCount: 3 });
  });
});
