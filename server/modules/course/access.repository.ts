import type { Db } from '../../db/database';

/** What the file server needs to know about the user a signed URL names. */
export function findUserForAccess(db: Db, userId: string): Promise<{ dept_id: string | null; state: number } | undefined> {
  return db.selectFrom('sys_user').select(['dept_id', 'state']).where('id', '=', userId).executeTakeFirst();
}

/**
 * Whether the user passes an endpoint's `{ perm }` rule as the session check applies it: one of
 * their roles is of the administrator type, and one of their roles grants the tag.
 */
export async function userHasPermission(db: Db, userId: string, tag: string, adminRoleType: number): Promise<boolean> {
  const row = await db
    .selectFrom('sys_user as u')
    .select('u.id')
    .where('u.id', '=', userId)
    .where((eb) =>
      eb.and([
        eb.exists(
          eb
            .selectFrom('sys_user_role as ur')
            .innerJoin('sys_role as r', 'r.id', 'ur.role_id')
            .select('ur.user_id')
            .whereRef('ur.user_id', '=', 'u.id')
            .where('r.role_type', '=', adminRoleType),
        ),
        eb.exists(
          eb
            .selectFrom('sys_user_role as ur')
            .innerJoin('sys_role_menu as rm', 'rm.role_id', 'ur.role_id')
            .innerJoin('sys_menu as m', 'm.id', 'rm.menu_id')
            .select('ur.user_id')
            .whereRef('ur.user_id', '=', 'u.id')
            .where('m.permission_tag', '=', tag),
        ),
      ]),
    )
    .executeTakeFirst();
  return row !== undefined;
}
