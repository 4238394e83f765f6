import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { dataProviderOverrides } from './overrides';

const ok = (data: unknown) => HttpResponse.json({ code: 0, msg: '', data });
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const listParams = { pagination: { page: 1, perPage: 10 }, sort: { field: 'id', order: 'ASC' as const }, filter: {} };

describe('data provider overrides', () => {
  it('lists departments from /tree, flattened in tree order with their depth', async () => {
    server.use(
      http.post('/api/sys/depart/tree', () =>
        ok([
          { id: 'd1', parentId: '0', deptName: '总部', deptCode: '', sort: 0, userCount: 0, children: [{ id: 'd2', parentId: 'd1', deptName: '研发部', deptCode: '', sort: 0, userCount: 0, children: [] }] },
          { id: 'd3', parentId: '0', deptName: '分部', deptCode: '', sort: 1, userCount: 0, children: [] },
        ]),
      ),
    );
    const result = await dataProviderOverrides['sys/depart'].getList!('sys/depart', listParams);
    expect(result.total).toBe(3);
    expect(result.data.map((d: any) => [d.id, d.depth])).toEqual([
      ['d1', 0],
      ['d2', 1],
      ['d3', 0],
    ]);
  });

  it('creates a message through /api/sys/msg/send', async () => {
    let sent: unknown;
    server.use(
      http.post('/api/sys/msg/send', async ({ request }) => {
        sent = await request.json();
        return ok({ id: 'm1', title: '提醒', content: '内容', targetType: 3, senderName: '管理员', receiverCount: 2, readCount: 0, createTime: 1 });
      }),
    );
    const body = { title: '提醒', content: '内容', targetType: 3 };
    const result = await dataProviderOverrides['sys/msg'].create!('sys/msg', { data: body });
    expect(sent).toEqual(body);
    expect(result.data).toMatchObject({ id: 'm1', receiverCount: 2 });
  });
});
