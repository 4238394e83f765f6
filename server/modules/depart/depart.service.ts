import type { DepartNode, DepartRecord, DepartSaveBody, IdsBody, SortBody } from '../../../common/api';
import { ErrorCode } from '../../../common/errorCodes';
import { inTransaction, type ServiceContext } from '../../context';
import type { DepartRow } from '../../db/schema';
import { AppError, fail, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { planMove } from '../../lib/siblingOrder';
import { ancestorIds, subtreeIds, updateSorts } from '../../lib/tree';
import { ROOT_DEPT_ID } from '../../seed/constants';
import * as repo from './depart.repository';

/** parentId of a top-level department in the API (NULL in the database). */
export const TOP_PARENT = '0';

export function departRowToRecord(row: DepartRow): DepartRecord {
  return { id: row.id, parentId: row.parent_id ?? TOP_PARENT, deptName: row.dept_name, deptCode: row.dept_code, sort: row.sort };
}

const missing = () => notFound('部门不存在或已被删除');

// ---------- for other modules ----------

/** A department and all of its sub-departments (itself included). */
export function descendantDeptIds(ctx: ServiceContext, deptId: string | readonly string[]): Promise<string[]> {
  return subtreeIds(ctx.db, 'sys_depart', typeof deptId === 'string' ? [deptId] : deptId);
}

/** A department and all of its parents up to the top (itself included); [] for no department. */
export function ancestorDeptIds(ctx: ServiceContext, deptId: string | null): Promise<string[]> {
  return deptId ? ancestorIds(ctx.db, 'sys_depart', [deptId]) : Promise.resolve([]);
}

/** Refuses unless every id names an existing department (for callers that target departments). */
export async function assertDepartsExist(ctx: ServiceContext, ids: readonly string[], msg = '所选部门不存在或已被删除'): Promise<void> {
  const unique = [...new Set(ids)];
  if ((await repo.existingDeptIds(ctx.db, unique)).length !== unique.length) throw fail(msg);
}

/** The department's name; '' for none (or one that is gone). */
export async function departName(ctx: ServiceContext, deptId: string | null): Promise<string> {
  if (!deptId) return '';
  return (await repo.findDepart(ctx.db, deptId))?.dept_name ?? '';
}

/** How a department path is written in spreadsheets: names from the top down, e.g. 总部/研发部/前端组. */
export const DEPT_PATH_SEPARATOR = '/';

/** A path as typed, as its names: split on / (or ／ and \\), each trimmed, empty ones dropped. */
export const splitDeptPath = (path: string): string[] =>
  path
    .split(/[/／\\]/)
    .map((s) => s.trim())
    .filter(Boolean);

/** Every department's path (总部/研发部/前端组), by id, from one read of the tree. */
export async function departPaths(ctx: ServiceContext): Promise<Map<string, string>> {
  const rows = await repo.listDeparts(ctx.db);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const paths = new Map<string, string>();
  const pathOf = (id: string, depth = 0): string => {
    const known = paths.get(id);
    if (known !== undefined) return known;
    const row = byId.get(id);
    if (!row) return '';
    // A cycle cannot be saved (saveDepart refuses it); the depth cap only keeps a broken table from hanging us.
    const parent = row.parent_id && depth < 64 ? pathOf(row.parent_id, depth + 1) : '';
    const path = parent ? `${parent}${DEPT_PATH_SEPARATOR}${row.dept_name}` : row.dept_name;
    paths.set(id, path);
    return path;
  };
  for (const id of byId.keys()) pathOf(id);
  return paths;
}

/**
 * Creates the departments of these paths that do not exist yet (parents first, each placed after
 * its siblings), in the caller's transaction; answers the id of every path.
 */
export async function ensureDepartPaths(ctx: ServiceContext, paths: readonly string[]): Promise<Map<string, string>> {
  const idOf = new Map<string, string>();
  for (const [id, path] of await departPaths(ctx)) if (!idOf.has(path)) idOf.set(path, id);
  const now = ctx.clock.now();
  for (const path of paths) {
    const names = splitDeptPath(path);
    let parentId: string | null = null;
    let prefix = '';
    for (const name of names) {
      prefix = prefix ? `${prefix}${DEPT_PATH_SEPARATOR}${name}` : name;
      let id = idOf.get(prefix);
      if (!id) {
        id = newId();
        await repo.insertDepart(ctx.db, { id, parent_id: parentId, dept_name: name, dept_code: '', sort: await repo.nextSort(ctx.db, parentId), create_time: now });
        idOf.set(prefix, id);
      }
      parentId = id;
    }
  }
  return idOf;
}

// ---------- administrators ----------

/** Display order of siblings: sort, then name, then id. */
const compareDepart = (a: { sort: number; name: string; id: string }, b: { sort: number; name: string; id: string }) =>
  a.sort - b.sort || a.name.localeCompare(b.name, 'zh-CN') || a.id.localeCompare(b.id);
const byOrder = (a: DepartNode, b: DepartNode) =>
  compareDepart({ sort: a.sort, name: a.deptName, id: a.id }, { sort: b.sort, name: b.deptName, id: b.id });

/** The whole tree in two queries, each node with the number of users directly in it. */
export async function departTree(ctx: ServiceContext): Promise<DepartNode[]> {
  const [rows, counts] = await Promise.all([repo.listDeparts(ctx.db), repo.countUsersByDept(ctx.db)]);
  const nodes = new Map<string, DepartNode>(
    rows.map((r) => [r.id, { ...departRowToRecord(r), userCount: counts.get(r.id) ?? 0, children: [] }]),
  );
  const roots: DepartNode[] = [];
  for (const node of nodes.values()) {
    const parent = nodes.get(node.parentId);
    (parent ? parent.children : roots).push(node);
  }
  const sortAll = (list: DepartNode[]) => {
    list.sort(byOrder);
    list.forEach((n) => sortAll(n.children));
  };
  sortAll(roots);
  return roots;
}

export async function getDepart(ctx: ServiceContext, id: string): Promise<DepartRecord> {
  const row = await repo.findDepart(ctx.db, id);
  if (!row) throw missing();
  return departRowToRecord(row);
}

/** The stored parent: null for the top level ('' or '0' in the API). */
const storedParent = (parentId: string | undefined) => (!parentId || parentId === TOP_PARENT ? null : parentId);

export async function saveDepart(ctx: ServiceContext, body: DepartSaveBody): Promise<DepartRecord> {
  const name = body.deptName.trim();
  if (!name) throw fail('部门名称不能为空');
  const parentId = storedParent(body.parentId);
  const id = await inTransaction(ctx, async (tx) => {
    const current = body.id ? await repo.findDepart(tx.db, body.id) : undefined;
    if (body.id && !current) throw missing();
    if (parentId !== null) {
      if (!(await repo.findDepart(tx.db, parentId))) throw fail('上级部门不存在');
      if (current && (await subtreeIds(tx.db, 'sys_depart', [current.id])).includes(parentId)) {
        throw fail('上级部门不能是本部门或其下级部门');
      }
    }
    if (current?.id === ROOT_DEPT_ID && parentId !== current.parent_id) throw fail('根部门不能移动');
    if (await repo.siblingNameTaken(tx.db, parentId, name, current?.id)) throw new AppError(ErrorCode.DUPLICATE, '同级部门名称已存在');
    const values = {
      parent_id: parentId,
      dept_name: name,
      dept_code: body.deptCode?.trim() ?? current?.dept_code ?? '',
      sort: body.sort ?? (current && current.parent_id === parentId ? current.sort : await repo.nextSort(tx.db, parentId)),
    };
    if (current) {
      await repo.updateDepart(tx.db, current.id, values);
      return current.id;
    }
    const created = newId();
    await repo.insertDepart(tx.db, { id: created, ...values, create_time: tx.clock.now() });
    return created;
  });
  return getDepart(ctx, id);
}

/** Refused for the root department, while users remain, or while sub-departments outside the list remain. */
export async function deleteDeparts(ctx: ServiceContext, { ids }: IdsBody): Promise<void> {
  const unique = [...new Set(ids)];
  if (unique.includes(ROOT_DEPT_ID)) throw fail('根部门不能删除');
  await inTransaction(ctx, async (tx) => {
    if ((await repo.deptsWithUsers(tx.db, unique)).length) throw fail('部门下还有用户，无法删除');
    if ((await repo.childrenOutside(tx.db, unique)).length) throw fail('请先删除下级部门');
    if ((await repo.deleteDeparts(tx.db, unique)) === 0) throw missing();
  });
}

/** sort -1 moves up one place among siblings, +1 down one; any other value is written as the sort itself. */
export async function sortDepart(ctx: ServiceContext, { id, sort }: SortBody): Promise<DepartRecord> {
  await inTransaction(ctx, async (tx) => {
    const row = await repo.findDepart(tx.db, id);
    if (!row) throw missing();
    if (sort === -1 || sort === 1) {
      const siblings = (await repo.listSiblings(tx.db, row.parent_id))
        .map((s) => ({ id: s.id, sort: s.sort, name: s.dept_name }))
        .sort(compareDepart);
      await updateSorts(tx.db, 'sys_depart', planMove(siblings, id, sort));
    } else {
      await updateSorts(tx.db, 'sys_depart', [{ id, sort }]);
    }
  });
  return getDepart(ctx, id);
}
