import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../../common/errorCodes';
import type { DepartNode } from '../../common/api';
import { descendantDeptIds } from '../../server/modules/depart/depart.service';
import { DIALECTS, useTestApp } from './helpers';

const learnerBody = (userName: string) => ({ userName, password: 'Abc12345', realName: '学员' });

describe.each(DIALECTS)('departments on %s', (dialect) => {
  const t = useTestApp(dialect);

  const save = async (body: Record<string, unknown>) => {
    const r = await t.call('/api/sys/depart/save', body, await t.adminToken());
    expect(r.body.code, r.body.msg).toBe(0);
    return r.body.data as { id: string; parentId: string; deptName: string; sort: number };
  };
  const tree = async () => (await t.call<DepartNode[]>('/api/sys/depart/tree', {}, await t.adminToken())).body.data;
  const childNames = (nodes: DepartNode[], id: string): string[] => {
    for (const n of nodes) {
      if (n.id === id) return n.children.map((c) => c.deptName);
      const found = childNames(n.children, id);
      if (found.length) return found;
    }
    return [];
  };

  it('builds a tree under the root department, ordered by sort, with user counts', async () => {
    const a = await save({ parentId: 'dept_root', deptName: '培训部', deptCode: 'TRAIN' });
    const b = await save({ parentId: 'dept_root', deptName: '销售部' });
    const c = await save({ parentId: a.id, deptName: '讲师组' });
    expect(a.sort).toBe(1);
    expect(b.sort).toBe(2);
    const nodes = await tree();
    expect(nodes.map((n) => n.id)).toEqual(['dept_root']);
    expect(nodes[0].userCount).toBe(1); // the administrator
    expect(childNames(nodes, 'dept_root')).toEqual(['培训部', '销售部']);
    expect(childNames(nodes, a.id)).toEqual(['讲师组']);
    expect(await descendantDeptIds(t.database.db, a.id)).toEqual(expect.arrayContaining([a.id, c.id]));
    expect((await descendantDeptIds(t.database.db, a.id)).length).toBe(2);

    const detail = await t.call('/api/sys/depart/detail', { id: a.id }, await t.adminToken());
    expect(detail.body.data).toEqual({ id: a.id, parentId: 'dept_root', deptName: '培训部', deptCode: 'TRAIN', sort: 1 });
  });

  it('refuses a duplicate sibling name, a missing parent and a parent below itself', async () => {
    const token = await t.adminToken();
    const dup = await t.call('/api/sys/depart/save', { parentId: 'dept_root', deptName: '培训部' }, token);
    expect(dup.body.code).toBe(ErrorCode.DUPLICATE);
    expect(dup.body.msg).toBe('同级部门名称已存在');
    const noParent = await t.call('/api/sys/depart/save', { parentId: 'nope', deptName: '某部' }, token);
    expect(noParent.body.code).toBe(ErrorCode.FAIL);
    const nodes = await tree();
    const train = nodes[0].children.find((n) => n.deptName === '培训部') as DepartNode;
    const group = train.children[0];
    const cycle = await t.call('/api/sys/depart/save', { id: train.id, parentId: group.id, deptName: '培训部' }, token);
    expect(cycle.body.code).toBe(ErrorCode.FAIL);
    const self = await t.call('/api/sys/depart/save', { id: train.id, parentId: train.id, deptName: '培训部' }, token);
    expect(self.body.code).toBe(ErrorCode.FAIL);
    // Same name under another parent is fine.
    await save({ parentId: train.id, deptName: '销售部' });
  });

  it('moves a department up and down among its siblings', async () => {
    const token = await t.adminToken();
    const third = await save({ parentId: 'dept_root', deptName: '财务部' });
    expect(childNames(await tree(), 'dept_root')).toEqual(['培训部', '销售部', '财务部']);
    const up = await t.call('/api/sys/depart/sort', { id: third.id, sort: -1 }, token);
    expect(up.body.code).toBe(0);
    expect(childNames(await tree(), 'dept_root')).toEqual(['培训部', '财务部', '销售部']);
    await t.call('/api/sys/depart/sort', { id: third.id, sort: -1 }, token);
    expect(childNames(await tree(), 'dept_root')).toEqual(['财务部', '培训部', '销售部']);
    const top = await t.call('/api/sys/depart/sort', { id: third.id, sort: -1 }, token);
    expect(top.body.code).toBe(ErrorCode.FAIL);
    await t.call('/api/sys/depart/sort', { id: third.id, sort: 1 }, token);
    expect(childNames(await tree(), 'dept_root')).toEqual(['培训部', '财务部', '销售部']);
  });

  it('heals tied sort values when moving', async () => {
    const token = await t.adminToken();
    const parent = await save({ parentId: 'dept_root', deptName: '项目部' });
    const made = [];
    for (const deptName of ['甲组', '乙组', '丙组']) made.push(await save({ parentId: parent.id, deptName, sort: 5 }));
    const before = childNames(await tree(), parent.id);
    const last = made.find((d) => d.deptName === before[2]) as { id: string };
    const r = await t.call('/api/sys/depart/sort', { id: last.id, sort: -1 }, token);
    expect(r.body.data.sort).toBe(2);
    expect(childNames(await tree(), parent.id)).toEqual([before[0], before[2], before[1]]);
  });

  it('refuses to delete the root, a department with users, or one with sub-departments', async () => {
    const token = await t.adminToken();
    const root = await t.call('/api/sys/depart/delete', { ids: ['dept_root'] }, token);
    expect(root.body.code).toBe(ErrorCode.FAIL);

    const withUser = await save({ parentId: 'dept_root', deptName: '人事部' });
    const reg = await t.call('/api/sys/user/reg', learnerBody('dept_user1'));
    expect(reg.body.code).toBe(0);
    await t.database.db.updateTable('sys_user').set({ dept_id: withUser.id }).where('user_name', '=', 'dept_user1').execute();
    const usersLeft = await t.call('/api/sys/depart/delete', { ids: [withUser.id] }, token);
    expect(usersLeft.body.msg).toBe('部门下还有用户，无法删除');
    const node = (await tree())[0].children.find((n) => n.id === withUser.id) as DepartNode;
    expect(node.userCount).toBe(1);

    const parent = await save({ parentId: 'dept_root', deptName: '行政部' });
    const child = await save({ parentId: parent.id, deptName: '后勤组' });
    const childrenLeft = await t.call('/api/sys/depart/delete', { ids: [parent.id] }, token);
    expect(childrenLeft.body.msg).toBe('请先删除下级部门');
    const both = await t.call('/api/sys/depart/delete', { ids: [parent.id, child.id] }, token);
    expect(both.body.code).toBe(0);
    const gone = await t.call('/api/sys/depart/detail', { id: parent.id }, token);
    expect(gone.body.code).toBe(ErrorCode.NOT_FOUND);
  });

  it('keeps learners out', async () => {
    const reg = await t.call('/api/sys/user/reg', learnerBody('dept_learner'));
    const token = reg.body.data.token as string;
    for (const url of ['/api/sys/depart/tree', '/api/sys/depart/detail', '/api/sys/depart/save', '/api/sys/depart/delete', '/api/sys/depart/sort']) {
      const body = { id: 'dept_root', ids: ['dept_root'], deptName: 'x', sort: 1 };
      const r = await t.call(url, body, token);
      expect(r.body.code, url).toBe(ErrorCode.FORBIDDEN);
      // Refusals carry no data.
      expect(r.body.data).toBeNull();
    }
  });
});
