import type { Kysely } from 'kysely';
import type { ServiceContext } from '../../context';
import type { DepartNode, DepartRecord, DepartSaveBody, IdsBody, SortBody } from '../../../common/api';
import { ErrorCode } from '../../../common/errorCodes';
import type { DB, DepartRow } from '../../db/schema';
import { AppError, fail, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { ancestorIds, subtreeIds, updateSorts } from '../../lib/tree';
import { ROOT_DEPT_ID } from '../../seed/constants';
import * as repo from './depart.repository';
import { planMove } from './siblingOrder';

/** parent_id of a top-level department. */
export const TOP_PARENT = '0';

export function departRowToRecord(row: DepartRow): DepartRecord {
  return { id: row.id, parentId: row.parent_id, deptName: row.dept_name, deptCode: row.dept_code, sort: row.sort };
}

/** A department and all of its sub-departments (itself included). */
export function descendantDeptIds(db: repo.Db, deptId: string | readonly string[]): Promise<string[]> {
  return subtreeIds(db, 'sys_depart', typeof deptId === 'string' ? [deptId] : deptId);
}

/** A department and all of its parents up to the top (itself included); [] for no department. */
export function ancestorDeptIds(db: repo.Db, deptId: string): Promise<string[]> {
  return ancestorIds(db, 'sys_depart', [deptId]);
}

/** Refuses unless every id names an existing department (for callers that target departments). */
export async function assertDepartsExist(ctx: ServiceContext, ids: readonly string[]): Promise<void> {
  const unique = [...new Set(ids)];
  if ((await repo.existingDeptIds(ctx.db, unique)).length !== unique.length) throw fail('所选部门不存在或已被删除');
}

/** Display order of siblings: sort, then name, then id. */
const compareDepart = (a: { sort: number; name: string; id: string }, b: { sort: number; name: string; id: string }) =>
  a.sort - b.sort || a.name.localeCompare(b.name, 'zh-CN') || a.id.localeCompare(b.id);
const byOrder = (a: DepartNode, b: DepartNode) =>
  compareDepart({ sort: a.sort, name: a.deptName, id: a.id }, { sort: b.sort, name: b.deptName, id: b.id });

/** The whole tree in two queries, each node with the number of users directly in it. */
export async function departTree(db: Kysely<DB>): Promise<DepartNode[]> {
  const [rows, counts] = await Promise.all([repo.listDeparts(db), repo.countUsersByDept(db)]);
  const nodes = new Map<string, DepartNode>(
    rows.map((r) => [r.id, { ...departRowToRecord(r), userCount: counts.get(r.id) ?? 0, children: [] }]),
  );
  const roots: DepartNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentId === node.id ? undefined : nodes.get(node.parentId);
    (parent ? parent.children : roots).push(node);
  }
  const sortAll = (list: DepartNode[]) => {
    list.sort(byOrder);
    list.forEach((n) => sortAll(n.children));
  };
  sortAll(roots);
  return roots;
}

export async function getDepart(db: Kysely<DB>, id: string): Promise<DepartRecord> {
  const row = await repo.findDepart(db, id);
  if (!row) throw notFound('部门不存在或已被删除');
  return departRowToRecord(row);
}

const normalParent = (parentId: string | undefined) => (!parentId || parentId === TOP_PARENT ? TOP_PARENT : parentId);

export async function saveDepart(db: Kysely<DB>, body: DepartSaveBody): Promise<DepartRecord> {
  const name = body.deptName.trim();
  if (!name) throw fail('部门名称不能为空');
  const parentId = normalParent(body.parentId);
  const id = await db.transaction().execute(async (trx) => {
    const current = body.id ? await repo.findDepart(trx, body.id) : undefined;
    if (body.id && !current) throw notFound('部门不存在或已被删除');
    if (parentId !== TOP_PARENT) {
      if (!(await repo.findDepart(trx, parentId))) throw fail('上级部门不存在');
      if (current && (await subtreeIds(trx, 'sys_depart', [current.id])).includes(parentId)) {
        throw fail('上级部门不能是本部门或其下级部门');
      }
    }
    if (current?.id === ROOT_DEPT_ID && parentId !== current.parent_id) throw fail('根部门不能移动');
    if (await repo.siblingNameTaken(trx, parentId, name, current?.id)) throw new AppError(ErrorCode.DUPLICATE, '同级部门名称已存在');
    const values = {
      parent_id: parentId,
      dept_name: name,
      dept_code: body.deptCode?.trim() ?? current?.dept_code ?? '',
      sort:
        body.sort ??
        (current && current.parent_id === parentId ? current.sort : await repo.nextSort(trx, parentId)),
    };
    if (current) {
      await repo.updateDepart(trx, current.id, values);
      return current.id;
    }
    const created = newId();
    await repo.insertDepart(trx, { id: created, ...values, create_time: Date.now() });
    return created;
  });
  return getDepart(db, id);
}

/** Refused for the root department, while users remain, or while sub-departments outside the list remain. */
export async function deleteDeparts(db: Kysely<DB>, { ids }: IdsBody): Promise<void> {
  const unique = [...new Set(ids)];
  if (unique.includes(ROOT_DEPT_ID)) throw fail('根部门不能删除');
  await db.transaction().execute(async (trx) => {
    if ((await repo.deptsWithUsers(trx, unique)).length) throw fail('部门下还有用户，无法删除');
    if ((await repo.childrenOutside(trx, unique)).length) throw fail('请先删除下级部门');
    await repo.deleteDeparts(trx, unique);
  });
}

/** sort -1 moves up one place among siblings, +1 down one; any other value is written as the sort itself. */
export async function sortDepart(db: Kysely<DB>, { id, sort }: SortBody): Promise<DepartRecord> {
  await db.transaction().execute(async (trx) => {
    const row = await repo.findDepart(trx, id);
    if (!row) throw notFound('部门不存在或已被删除');
    if (sort === -1 || sort === 1) {
      const siblings = (await repo.listSiblings(trx, row.parent_id))
        .map((s) => ({ id: s.id, sort: s.sort, name: s.dept_name }))
        .sort(compareDepart);
      await updateSorts(trx, 'sys_depart', planMove(siblings, id, sort));
    } else {
      await updateSorts(trx, 'sys_depart', [{ id, sort }]);
    }
  });
  return getDepart(db, id);
}
