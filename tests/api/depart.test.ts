import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../../common/errorCodes';
import type { DepartNode } from '../../common/api';
import { descendantDeptIds } from '../../server/modules/depart/depart.service';
import { DIALECTS, insertUser, useTestApp } from './helpers';

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
    expect(b.sort).toBe(a.sort + 1);
    await insertUser(t, 'tree_u1', { deptId: c.id });
    await insertUser(t, 'tree_u2', { deptId: c.id });
    const nodes = await tree();
    const root = nodes.find((n) => n.id === 'dept_root')!;
    expect(root.parentId).toBe('0');
    expect(childNames(nodes, 'dept_root')).toEqual(expect.arrayContaining(['培训部', '销售部']));
    expect(childNames(nodes, a.id)).toEqual(['讲师组']);
    const group = root.children.find((n) => n.id === a.id)!.children[0];
    expect(group.userCount).toBe(2);
    expect(await descendantDeptIds(t.app.ctx, a.id)).toEqual(expect.arrayContaining([a.id, c.id]));
    expect((await descendantDeptIds(t.app.ctx, a.id)).length).toBe(2);

    const detail = await t.call('/api/sys/depart/detail', { id: a.id }, await t.adminToken());
    expect(detail.body.data).toEqual({ id: a.id, parentId: 'dept_root', deptName: '培训部', deptCode: 'TRAIN', sort: a.sort });
  });

  it('refuses a duplicate sibling name, a missing parent and a parent below itself', async () => {
    const token = await t.adminToken();
    const top = await save({ parentId: 'dept_root', deptName: '质检部' });
    const group = await save({ parentId: top.id, deptName: '一组' });
    const dup = await t.call('/api/sys/depart/save', { parentId: 'dept_root', deptName: '质检部' }, token);
    expect(dup.body.code).toBe(ErrorCode.DUPLICATE);
    expect(dup.body.msg).toBe('同级部门名称已存在');
    const noParent = await t.call('/api/sys/depart/save', { parentId: 'nope', deptName: '某部' }, token);
    expect(noParent.body.code).toBe(ErrorCode.FAIL);
    const cycle = await t.call('/api/sys/depart/save', { id: top.id, parentId: group.id, deptName: '质检部' }, token);
    expect(cycle.body.code).toBe(ErrorCode.FAIL);
    const self = await t.call('/api/sys/depart/save', { id: top.id, parentId: top.id, deptName: '质检部' }, token);
    expect(self.body.code).toBe(ErrorCode.FAIL);
    // Same name under another parent is fine, and so is a second top-level department.
    await save({ parentId: top.id, deptName: '销售部' });
    const topLevel = await save({ parentId: '0', deptName: '分公司' });
    expect(topLevel.parentId).toBe('0');
    expect((await tree()).map((n) => n.deptName)).toContain('分公司');
  });

  it('moves a department up and down among its siblings', async () => {
    const token = await t.adminToken();
    const parent = await save({ parentId: 'dept_root', deptName: '事业部' });
    await save({ parentId: parent.id, deptName: '培训部' });
    await save({ parentId: parent.id, deptName: '销售部' });
    const third = await save({ parentId: parent.id, deptName: '财务部' });
    expect(childNames(await tree(), parent.id)).toEqual(['培训部', '销售部', '财务部']);
    const up = await t.call('/api/sys/depart/sort', { id: third.id, sort: -1 }, token);
    expect(up.body.code).toBe(0);
    expect(childNames(await tree(), parent.id)).toEqual(['培训部', '财务部', '销售部']);
    await t.call('/api/sys/depart/sort', { id: third.id, sort: -1 }, token);
    expect(childNames(await tree(), parent.id)).toEqual(['财务部', '培训部', '销售部']);
    const top = await t.call('/api/sys/depart/sort', { id: third.id, sort: -1 }, token);
    expect(top.body.code).toBe(ErrorCode.FAIL);
    await t.call('/api/sys/depart/sort', { id: third.id, sort: 1 }, token);
    expect(childNames(await tree(), parent.id)).toEqual(['培训部', '财务部', '销售部']);
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
    const node = (await tree()).find((n) => n.id === 'dept_root')!.children.find((n) => n.id === withUser.id) as DepartNode;
    expect(node.userCount).toBe(1);

    const parent = await save({ parentId: 'dept_root', deptName: '行政部' });
    const child = await save({ parentId: parent.id, deptName: '后勤组' });
    const childrenLeft = await t.call('/api/sys/depart/delete', { ids: [parent.id] }, token);
    expect(childrenLeft.body.msg).toBe('请先删除下级部门');
    const notice = await t.call('/api/sys/notice/save', { title: '后勤通知', content: '<p>x</p>', state: 1, targetType: 2, deptIds: [child.id, 'dept_root'] }, token);
    expect(notice.body.code).toBe(0);
    const both = await t.call('/api/sys/depart/delete', { ids: [parent.id, child.id] }, token);
    expect(both.body.code).toBe(0);
    const gone = await t.call('/api/sys/depart/detail', { id: parent.id }, token);
    expect(gone.body.code).toBe(ErrorCode.NOT_FOUND);
    // A notice addressed to a deleted department keeps its other targets.
    expect((await t.call('/api/sys/notice/detail', { id: notice.body.data.id }, token)).body.data.deptIds).toEqual(['dept_root']);
    expect((await t.call('/api/sys/depart/delete', { ids: [parent.id] }, token)).body.code).toBe(ErrorCode.NOT_FOUND);
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
