import type { BodyOf, IdsBody, RoleRecord, RoleSaveBody, roleApi } from '../../../common/api';
import { ErrorCode, type Page } from '../../../common/errorCodes';
import { inTransaction, type ServiceContext } from '../../context';
import type { RoleRow } from '../../db/schema';
import { AppError, fail, forbidden, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { SA_ROLE_ID, STUDENT_ROLE_ID } from '../../seed/constants';
import { invalidatePermissionCache, type AuthUser } from '../identity/session.service';
import { allMenuIds, existingMenuIds, menuTitles, withAncestorMenus } from '../menu/menu.service';
import { heldMenuIds, rolesBeyond } from '../access/grants.service';
import * as repo from './role.repository';

/** Roles first start creates; they can be edited but never deleted, and keep their code and type. */
export const BUILT_IN_ROLES: readonly string[] = [SA_ROLE_ID, STUDENT_ROLE_ID];

const missing = () => notFound('角色不存在或已被删除');

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
async function toRecords(ctx: ServiceContext, rows: RoleRow[]): Promise<RoleRecord[]> {
  const ids = rows.map((r) => r.id);
  const [menus, users] = await Promise.all([repo.menuIdsByRole(ctx.db, ids), repo.userCountByRole(ctx.db, ids)]);
  return rows.map((r) => roleRowToRecord(r, menus.get(r.id) ?? [], users.get(r.id) ?? 0));
}

// ---------- for other modules ----------

// ---------- administrators ----------

export async function pagingRoles(ctx: ServiceContext, body: BodyOf<typeof roleApi.paging>): Promise<Page<RoleRecord>> {
  const p = body.params ?? {};
  const filters = { roleName: p.roleName?.trim() || undefined, roleType: typeof p.roleType === 'number' ? p.roleType : undefined };
  const page = await repo.pageRoles(ctx.db, filters, body);
  return { ...page, records: await toRecords(ctx, page.records) };
}

/** Every role, for pickers. */
export async function listAllRoles(ctx: ServiceContext): Promise<RoleRecord[]> {
  return toRecords(ctx, await repo.listRoles(ctx.db));
}

export async function getRole(ctx: ServiceContext, id: string): Promise<RoleRecord> {
  const row = await repo.findRole(ctx.db, id);
  if (!row) throw missing();
  return (await toRecords(ctx, [row]))[0];
}

/**
 * Creates or updates a role and its menus. Nobody grants a menu they do not hold themselves, and
 * nobody edits a role that holds a menu they lack.
 */
export async function saveRole(ctx: ServiceContext, who: AuthUser, body: RoleSaveBody): Promise<RoleRecord> {
  const roleCode = body.roleCode.trim();
  const roleName = body.roleName.trim();
  if (!roleName) throw fail('角色名称不能为空');
  const id = await inTransaction(ctx, async (tx) => {
    const current = body.id ? await repo.findRole(tx.db, body.id) : undefined;
    if (body.id && !current) throw missing();
    if (current && (await rolesBeyond(tx, who, [current.id])).length) {
      throw forbidden(`不能修改拥有您所没有权限的角色：${current.role_name}`);
    }
    if (current && BUILT_IN_ROLES.includes(current.id) && (current.role_code !== roleCode || current.role_type !== body.roleType)) {
      throw fail('内置角色的编码和类型不能修改');
    }
    if (await repo.roleCodeTaken(tx.db, roleCode, current?.id)) throw new AppError(ErrorCode.DUPLICATE, '角色编码已存在');

    const wanted = [...new Set(body.menuIds)];
    if ((await existingMenuIds(tx, wanted)).length !== wanted.length) throw fail('所选菜单不存在或已被删除');
    // The super administrator always holds every menu; any other role gets its choice plus the
    // parents of each chosen entry, so the sidebar tree stays whole.
    const menuIds = current?.id === SA_ROLE_ID ? await allMenuIds(tx) : await withAncestorMenus(tx, wanted);
    const held = await heldMenuIds(tx, who);
    const notHeld = menuIds.filter((m) => !held.has(m));
    if (notHeld.length) {
      const titles = await menuTitles(tx, notHeld.slice(0, 5));
      throw forbidden(`您不能授予自己没有的菜单或权限：${titles.join('、')}${notHeld.length > 5 ? '等' : ''}`);
    }

    const values = { role_code: roleCode, role_name: roleName, role_type: body.roleType, remark: body.remark?.trim() ?? '' };
    let roleId = current?.id;
    if (roleId) {
      await repo.updateRole(tx.db, roleId, values);
    } else {
      roleId = newId();
      await repo.insertRole(tx.db, { id: roleId, ...values, create_time: tx.clock.now() });
    }
    await repo.replaceRoleMenus(tx.db, roleId, menuIds);
    return roleId;
  });
  invalidatePermissionCache(ctx);
  return getRole(ctx, id);
}

/** Refused for built-in roles, roles some user still holds, and roles holding a menu the caller lacks. */
export async function deleteRoles(ctx: ServiceContext, who: AuthUser, { ids }: IdsBody): Promise<void> {
  const unique = [...new Set(ids)];
  if (unique.some((id) => BUILT_IN_ROLES.includes(id))) throw fail('内置角色不能删除');
  await inTransaction(ctx, async (tx) => {
    if ((await repo.existingRoleIds(tx.db, unique)).length === 0) throw missing();
    if ((await rolesBeyond(tx, who, unique)).length) throw forbidden('不能删除拥有您所没有权限的角色');
    if ((await repo.rolesInUse(tx.db, unique)).length) throw fail('角色下还有用户，无法删除');
    await repo.deleteRoles(tx.db, unique);
  });
  invalidatePermissionCache(ctx);
}
