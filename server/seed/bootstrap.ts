import { sql, type Kysely, type Transaction } from 'kysely';
import type { Config } from '../config';
import type { DB } from '../db/schema';
import { newId } from '../lib/ids';
import { hashPassword } from '../lib/password';
import { systemClock, type Clock } from '../lib/clock';
import { RoleType } from '../../common/codes';
import { SEED_MENUS, type SeedMenu } from './menus';
import { seedDemo } from './demo';
import { ROOT_DEPT_ID, SA_ROLE_ID, SITE_CONFIG_ID, STUDENT_ROLE_ID, generatePassword } from './constants';

export interface BootstrapResult {
  /** Set only when this start created the administrator with a generated password. */
  adminPassword?: string;
  demoLearner?: { userName: string; password: string };
}

/** The seed menus in insert order, each with its parent (null at the top) and place among its siblings. */
function flatten(menus: SeedMenu[], parentId: string | null = null): Array<SeedMenu & { parentId: string | null; sort: number }> {
  return menus.flatMap((m, i) => [{ ...m, parentId, sort: i + 1 }, ...flatten(m.children ?? [], m.id)]);
}

/**
 * Adds each seeded menu the first time this database sees it (and grants it to `sa`); a mark
 * remembers it, so a seeded menu an administrator deleted stays deleted.
 */
async function syncMenus(trx: Transaction<DB>, now: number): Promise<void> {
  const all = flatten(SEED_MENUS);
  const marked = new Set(
    (await trx.selectFrom('sys_seed_mark').select('mark_key').where('mark_key', 'like', 'menu:%').execute()).map((r) => r.mark_key),
  );
  const existing = new Set((await trx.selectFrom('sys_menu').select('id').execute()).map((r) => r.id));
  const fresh = all.filter((m) => !marked.has(`menu:${m.id}`));
  if (fresh.length === 0) return;
  // Parents come before their children in `all`; a new entry under a menu an administrator
  // deleted is not added (it would have no place in the tree).
  const missing: typeof fresh = [];
  for (const m of fresh) {
    if (existing.has(m.id) || (m.parentId !== null && !existing.has(m.parentId))) continue;
    missing.push(m);
    existing.add(m.id);
  }
  if (missing.length > 0) {
    await trx
      .insertInto('sys_menu')
      .values(
        missing.map((m) => ({
          id: m.id,
          parent_id: m.parentId,
          menu_type: m.menuType,
          title: m.title,
          path: m.path ?? '',
          name: m.name ?? '',
          component: m.component ?? '',
          redirect: m.redirect ?? '',
          permission_tag: m.permissionTag ?? '',
          icon: m.icon ?? '',
          hidden: m.hidden ? 1 : 0,
          always_show: m.alwaysShow ? 1 : 0,
          no_cache: m.noCache ? 1 : 0,
          affix: m.affix ? 1 : 0,
          sort: m.sort,
          create_time: now,
        })),
      )
      .execute();
    await trx
      .insertInto('sys_role_menu')
      .values(missing.map((m) => ({ role_id: SA_ROLE_ID, menu_id: m.id })))
      .execute();
  }
  await trx
    .insertInto('sys_seed_mark')
    .values(fresh.map((m) => ({ mark_key: `menu:${m.id}`, create_time: now })))
    .execute();
}

/**
 * First start (and every start after, idempotently): administrator, roles, root department,
 * site settings, menus; demo content unless SEED_DEMO=false. Serialised across processes.
 */
const findAdmin = (db: Kysely<DB>) =>
  db.selectFrom('sys_user').select('id').where(sql<string>`lower(user_name)`, '=', 'admin').executeTakeFirst();

interface FirstStartSecrets {
  adminPassword: string;
  adminHash: string;
  demo?: { password: string; hash: string };
}

/** The first start's passwords and their hashes, made outside any transaction (hashing is slow CPU work). */
async function firstStartSecrets(config: Config): Promise<FirstStartSecrets> {
  const adminPassword = config.adminPassword ?? generatePassword();
  const demoPassword = config.seedDemo ? generatePassword() : undefined;
  const [adminHash, demoHash] = await Promise.all([hashPassword(adminPassword), demoPassword ? hashPassword(demoPassword) : undefined]);
  return { adminPassword, adminHash, demo: demoPassword && demoHash ? { password: demoPassword, hash: demoHash } : undefined };
}

export async function bootstrap(db: Kysely<DB>, config: Config, clock: Clock = systemClock): Promise<BootstrapResult> {
  // Only a first start needs them; another process may create the administrator meanwhile.
  const prepared = (await findAdmin(db)) ? undefined : await firstStartSecrets(config);
  return db.transaction().execute(async (trx) => {
    if (config.dialect === 'postgres') await sql`select pg_advisory_xact_lock(7315001)`.execute(trx);
    const now = clock.now();
    const result: BootstrapResult = {};

    const hasRoles = await trx.selectFrom('sys_role').select('id').where('id', '=', SA_ROLE_ID).executeTakeFirst();
    if (!hasRoles) {
      await trx
        .insertInto('sys_role')
        .values([
          { id: SA_ROLE_ID, role_code: 'sa', role_name: '超级管理员', role_type: RoleType.ADMIN, remark: '拥有全部菜单与功能', create_time: now },
          { id: STUDENT_ROLE_ID, role_code: 'student', role_name: '学员', role_type: RoleType.LEARNER, remark: '学员端用户', create_time: now },
        ])
        .execute();
    }
    const hasRoot = await trx.selectFrom('sys_depart').select('id').where('id', '=', ROOT_DEPT_ID).executeTakeFirst();
    if (!hasRoot) {
      await trx
        .insertInto('sys_depart')
        .values({ id: ROOT_DEPT_ID, parent_id: null, dept_name: '总部', dept_code: 'ROOT', sort: 1, create_time: now })
        .execute();
    }
    const hasConfig = await trx.selectFrom('sys_config').select('id').where('id', '=', SITE_CONFIG_ID).executeTakeFirst();
    if (!hasConfig) {
      await trx
        .insertInto('sys_config')
        .values({
          id: SITE_CONFIG_ID,
          site_name: 'Examhall 在线考试',
          front_logo: '',
          back_logo: '',
          copy_right: `© ${new Date(now).getFullYear()} Examhall`,
          allow_register: 1,
          register_review: 0,
          update_time: now,
        })
        .execute();
    }
    await syncMenus(trx, now);

    if (!(await findAdmin(trx))) {
      const secrets = prepared ?? (await firstStartSecrets(config));
      if (!config.adminPassword) result.adminPassword = secrets.adminPassword;
      const id = newId();
      await trx
        .insertInto('sys_user')
        .values({
          id,
          user_name: 'admin',
          real_name: '系统管理员',
          password_hash: secrets.adminHash,
          avatar: '',
          mobile: '',
          email: '',
          dept_id: ROOT_DEPT_ID,
          state: 0,
          create_time: now,
          update_time: now,
        })
        .execute();
      await trx.insertInto('sys_user_role').values({ user_id: id, role_id: SA_ROLE_ID }).execute();
      if (secrets.demo) result.demoLearner = await seedDemo(trx, id, now, secrets.demo);
    }
    return result;
  });
}
