import type { Kysely } from 'kysely';
import type { ServiceContext } from '../../context';
import type { Static } from '@sinclair/typebox';
import type { IdsBody, RolePagingBody, RoleRecord, RoleSaveBody } from '../../../common/api';
import { ErrorCode, type Page } from '../../../common/errorCodes';
import type { DB, RoleRow } from '../../db/schema';
import { AppError, fail, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { paginate } from '../../lib/paging';
import { SA_ROLE_ID, STUDENT_ROLE_ID } from '../../seed/constants';
import { ancestorIds } from '../../lib/tree';
import { invalidatePermissionCache } from '../auth/session.service';
import * as menuRepo from '../menu/menu.repository';
import * as repo from './role.repository';

/** Roles first start creates; they can be edited but never deleted, and keep their code and type. */
export const BUILT_IN_ROLES: readonly string[] = [SA_ROLE_ID, STUDENT_ROLE_ID];

export function roleRowToRecord(row: RoleRow, menuIds: string[], userCount: number): RoleRecord {
  return {
    id: row.id,
    roleCode: row.role_code,
    roleName: row.role_name,
    roleType: row.role_type,
    remark: row.remark,
    menuIds,
    userCount,
    createTime: row.create_time,
  };
}

/** Records for several rows: their grants and user counts in two queries. */
async function toRecords(db: repo.Db, rows: RoleRow[]): Promise<RoleRecord[]> {
  const ids = rows.map((r) => r.id);
  const [menus, users] = await Promise.all([repo.menuIdsByRole(db, ids), repo.userCountByRole(db, ids)]);
  return rows.map((r) => roleRowToRecord(r, menus.get(r.id) ?? [], users.get(r.id) ?? 0));
}

export async function pagingRoles(db: Kysely<DB>, body: Static<typeof RolePagingBody>): Promise<Page<RoleRecord>> {
  const p = body.params ?? {};
  const query = repo.filterRoles(db, {
    roleName: p.roleName?.trim() || undefined,
    roleType: typeof p.roleType === 'number' ? p.roleType : undefined,
  });
  const page = await paginate(query, body, (q) => q.select(repo.ROLE_COLUMNS).orderBy('create_time').orderBy('id'), (r) => r);
  return { ...page, records: await toRecords(db, page.records) };
}

/** Every role, for pickers. */
export async function listAllRoles(db: Kysely<DB>): Promise<RoleRecord[]> {
  return toRecords(db, await repo.listRoles(db));
}

export async function getRole(db: Kysely<DB>, id: string): Promise<RoleRecord> {
  const row = await repo.findRole(db, id);
  if (!row) throw notFound('角色不存在或已被删除');
  return (await toRecords(db, [row]))[0];
}

export async function saveRole(ctx: ServiceContext, body: RoleSaveBody): Promise<RoleRecord> {
  const { db } = ctx;
  const roleCode = body.roleCode.trim();
  const roleName = body.roleName.trim();
  if (!roleName) throw fail('角色名称不能为空');
  const id = await db.transaction().execute(async (trx) => {
    const current = body.id ? await repo.findRole(trx, body.id) : undefined;
    if (body.id && !current) throw notFound('角色不存在或已被删除');
    if (current && BUILT_IN_ROLES.includes(current.id) && (current.role_code !== roleCode || current.role_type !== body.roleType)) {
      throw fail('内置角色的编码和类型不能修改');
    }
    if (await repo.roleCodeTaken(trx, roleCode, current?.id)) throw new AppError(ErrorCode.DUPLICATE, '角色编码已存在');

    const wanted = [...new Set(body.menuIds)];
    if ((await menuRepo.existingMenuIds(trx, wanted)).length !== wanted.length) throw fail('所选菜单不存在或已被删除');
    // The super administrator always holds every menu; any other role gets its choice plus the
    // parents of each chosen entry, so the sidebar tree stays whole.
    const menuIds = current?.id === SA_ROLE_ID ? await menuRepo.allMenuIds(trx) : await ancestorIds(trx, 'sys_menu', wanted);

    const values = { role_code: roleCode, role_name: roleName, role_type: body.roleType, remark: body.remark?.trim() ?? '' };
    let roleId = current?.id;
    if (roleId) {
      await repo.updateRole(trx, roleId, values);
    } else {
      roleId = newId();
      await repo.insertRole(trx, { id: roleId, ...values, create_time: Date.now() });
    }
    await repo.replaceRoleMenus(trx, roleId, menuIds);
    return roleId;
  });
  invalidatePermissionCache(ctx);
  return getRole(db, id);
}

/** Refused for built-in roles and for roles some user still holds. */
export async function deleteRoles(ctx: ServiceContext, { ids }: IdsBody): Promise<void> {
  const { db } = ctx;
  const unique = [...new Set(ids)];
  if (unique.some((id) => BUILT_IN_ROLES.includes(id))) throw fail('内置角色不能删除');
  await db.transaction().execute(async (trx) => {
    if ((await repo.existingRoleIds(trx, unique)).length === 0) throw notFound('角色不存在或已被删除');
    if ((await repo.rolesInUse(trx, unique)).length) throw fail('角色下还有用户，无法删除');
    await repo.deleteRoles(trx, unique);
  });
  invalidatePermissionCache(ctx);
}
