import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../../server/db/database';
import { migrateTo, migrateToLatest } from '../../server/db/migrate';
import { createPgDatabase, DIALECTS } from './helpers';

/**
 * The foreign-key migration runs on databases that already hold data, some of it pointing at
 * nothing (rows left by deletes before the constraints existed). It keeps what is whole, clears
 * or drops what dangles, and from then on the database keeps links whole by itself.
 */
describe.each(DIALECTS)('migrating existing data to foreign keys on %s', (dialect) => {
  let database: Database;
  let drop: (() => Promise<void>) | undefined;
  let db: Kysely<any>;
  const now = 1_700_000_000_000;

  beforeAll(async () => {
    let url = ':memory:';
    if (dialect === 'postgres') {
      const created = await createPgDatabase();
      url = created.url;
      drop = created.drop;
    }
    database = createDatabase({ dialect, url, poolSize: 2 });
    db = database.db as unknown as Kysely<any>;
    await migrateTo(db, '20261121_0002_seed_mark');

    const user = (id: string, name: string, dept: string) => ({
      id, user_name: name, real_name: name, password_hash: 'x', avatar: '', mobile: '', email: '', dept_id: dept, state: 0, create_time: now, update_time: now,
    });
    await db.insertInto('sys_depart').values([
      { id: 'd_root', parent_id: '0', dept_name: '总部', dept_code: '', sort: 1, create_time: now },
      { id: 'd_child', parent_id: 'd_root', dept_name: '分部', dept_code: '', sort: 1, create_time: now },
      { id: 'd_orphan', parent_id: 'd_gone', dept_name: '孤儿', dept_code: '', sort: 1, create_time: now },
    ]).execute();
    await db.insertInto('sys_user').values([
      user('u_admin', 'admin', 'd_root'),
      user('u_none', 'nobody_dept', ''),
      user('u_lost', 'lost_dept', 'd_gone'),
      user('u_case', 'ADMIN2', 'd_child'),
      user('u_case_later', 'admin2', 'd_child'),
    ]).execute();
    await db.insertInto('sys_role').values({ id: 'r1', role_code: 'r1', role_name: '角色', role_type: 2, remark: '', create_time: now }).execute();
    await db.insertInto('sys_user_role').values([{ user_id: 'u_admin', role_id: 'r1' }, { user_id: 'u_gone', role_id: 'r1' }, { user_id: 'u_admin', role_id: 'r_gone' }]).execute();
    await db.insertInto('sys_menu').values([
      { id: 'm_top', parent_id: '0', menu_type: 1, title: '顶', path: '/top', name: '', component: 'Layout', redirect: '', permission_tag: '', icon: '', hidden: 0, always_show: 0, no_cache: 0, affix: 0, sort: 1, create_time: now },
      { id: 'm_child', parent_id: 'm_top', menu_type: 2, title: '子', path: '', name: '', component: '', redirect: '', permission_tag: 'a:b', icon: '', hidden: 0, always_show: 0, no_cache: 0, affix: 0, sort: 1, create_time: now },
    ]).execute();
    await db.insertInto('sys_role_menu').values([{ role_id: 'r1', menu_id: 'm_child' }, { role_id: 'r1', menu_id: 'm_gone' }]).execute();
    await db.insertInto('sys_session').values([
      { token_hash: 'live', user_id: 'u_admin', create_time: now, last_seen_time: now, expire_time: now + 1, ip: '', user_agent: '' },
      { token_hash: 'dead', user_id: 'u_gone', create_time: now, last_seen_time: now, expire_time: now + 1, ip: '', user_agent: '' },
    ]).execute();
    await db.insertInto('sys_msg').values([
      { id: 'msg1', title: 't', content: 'c', target_type: 1, sender_id: 'u_admin', receiver_count: 1, create_time: now },
      { id: 'msg2', title: 't', content: 'c', target_type: 1, sender_id: 'u_gone', receiver_count: 1, create_time: now },
    ]).execute();
    await db.insertInto('sys_user_msg').values([
      { id: 'um1', msg_id: 'msg1', user_id: 'u_none', read_state: 0, read_time: null, create_time: now },
      { id: 'um2', msg_id: 'msg_gone', user_id: 'u_none', read_state: 0, read_time: null, create_time: now },
    ]).execute();
    await db.insertInto('sys_notice').values({ id: 'n1', title: 't', content: 'c', state: 1, target_type: 2, create_by: 'u_gone', publish_time: now, create_time: now, update_time: now }).execute();
    await db.insertInto('sys_notice_depart').values([{ notice_id: 'n1', dept_id: 'd_child' }, { notice_id: 'n1', dept_id: 'd_gone' }]).execute();
    await db.insertInto('sys_file').values([
      { id: 'f1', storage_key: 'a.png', file_name: 'a.png', mime: 'image/png', size: 1, create_by: 'u_admin', create_time: now },
      { id: 'f2', storage_key: 'b.pdf', file_name: 'b.pdf', mime: 'application/pdf', size: 1, create_by: 'u_gone', create_time: now },
    ]).execute();

    await migrateToLatest(db);
  });

  afterAll(async () => {
    await database?.destroy();
    await drop?.();
  });

  const ids = async (table: string, column = 'id') => (await db.selectFrom(table).select(column).orderBy(column).execute()).map((r) => r[column]);

  it('turns sentinels and dangling references into NULL, and drops links to nothing', async () => {
    const before = (table: string, column = 'id') => db.selectFrom(table).where(column, 'not like', 'k_%');
    expect(await before('sys_depart').select(['id', 'parent_id']).orderBy('id').execute()).toEqual([
      { id: 'd_child', parent_id: 'd_root' },
      { id: 'd_orphan', parent_id: null },
      { id: 'd_root', parent_id: null },
    ]);
    expect(await before('sys_user').select(['id', 'dept_id']).orderBy('id').execute()).toEqual([
      { id: 'u_admin', dept_id: 'd_root' },
      { id: 'u_case', dept_id: 'd_child' },
      { id: 'u_case_later', dept_id: 'd_child' },
      { id: 'u_lost', dept_id: null },
      { id: 'u_none', dept_id: null },
    ]);
    expect(await before('sys_menu').select(['id', 'parent_id']).orderBy('id').execute()).toEqual([
      { id: 'm_child', parent_id: 'm_top' },
      { id: 'm_top', parent_id: null },
    ]);
    expect(await before('sys_user_role', 'user_id').select(['user_id', 'role_id']).execute()).toEqual([{ user_id: 'u_admin', role_id: 'r1' }]);
    expect(await before('sys_role_menu', 'menu_id').select(['role_id', 'menu_id']).execute()).toEqual([{ role_id: 'r1', menu_id: 'm_child' }]);
    expect((await ids('sys_session', 'token_hash')).filter((id) => !String(id).startsWith('k_'))).toEqual(['live']);
    expect(await before('sys_msg').select(['id', 'sender_id']).orderBy('id').execute()).toEqual([
      { id: 'msg1', sender_id: 'u_admin' },
      { id: 'msg2', sender_id: null },
    ]);
    expect((await ids('sys_user_msg')).filter((id) => !String(id).startsWith('k_'))).toEqual(['um1']);
    expect(await before('sys_notice').select('create_by').execute()).toEqual([{ create_by: null }]);
    expect(await before('sys_notice_depart', 'notice_id').select('dept_id').execute()).toEqual([{ dept_id: 'd_child' }]);
    expect(await before('sys_file').select(['id', 'create_by', 'kind']).orderBy('id').execute()).toEqual([
      { id: 'f1', create_by: 'u_admin', kind: 'image' },
      { id: 'f2', create_by: null, kind: 'file' },
    ]);
  });

  it('makes user names unique whatever their case, keeping the oldest account as it was', async () => {
    expect(await db.selectFrom('sys_user').select(['id', 'user_name']).where('id', 'in', ['u_case', 'u_case_later']).orderBy('id').execute()).toEqual([
      { id: 'u_case', user_name: 'ADMIN2' },
      { id: 'u_case_later', user_name: 'admin2_2' },
    ]);
    await expect(
      db.insertInto('sys_user').values({ id: 'u_dup', user_name: 'Admin2', real_name: 'x', password_hash: 'x', create_time: now, update_time: now }).execute(),
    ).rejects.toThrow();
  });

  it('keeps links whole from now on: cascades, cleared authorship and refused deletes', async () => {
    // This test's own rows, made after the migration.
    await db.insertInto('sys_depart').values({ id: 'k_dept', parent_id: null, dept_name: '新部门', dept_code: '', sort: 1, create_time: now }).execute();
    await db.insertInto('sys_user').values({ id: 'k_user', user_name: 'k_user', real_name: 'k', password_hash: 'x', dept_id: 'k_dept', state: 0, create_time: now, update_time: now }).execute();
    await db.insertInto('sys_user_role').values({ user_id: 'k_user', role_id: 'r1' }).execute();
    await db.insertInto('sys_session').values({ token_hash: 'k_token', user_id: 'k_user', create_time: now, last_seen_time: now, expire_time: now, ip: '', user_agent: '' }).execute();
    await db.insertInto('sys_msg').values({ id: 'k_msg', title: 't', content: 'c', target_type: 1, sender_id: 'k_user', receiver_count: 1, create_time: now }).execute();
    await db.insertInto('sys_user_msg').values({ id: 'k_um', msg_id: 'k_msg', user_id: 'u_none', read_state: 0, read_time: null, create_time: now }).execute();
    await db.insertInto('sys_file').values({ id: 'k_file', storage_key: 'k.png', file_name: 'k.png', mime: 'image/png', size: 1, create_by: 'k_user', create_time: now, kind: 'avatar' }).execute();
    const menu = (id: string, parent: string | null) => ({
      id, parent_id: parent, menu_type: 1, title: id, path: '/x', name: '', component: 'Layout', redirect: '', permission_tag: '', icon: '', hidden: 0, always_show: 0, no_cache: 0, affix: 0, sort: 1, create_time: now,
    });
    await db.insertInto('sys_menu').values([menu('k_top', null), menu('k_mid', 'k_top'), menu('k_leaf', 'k_mid')]).execute();
    await db.insertInto('sys_role_menu').values({ role_id: 'r1', menu_id: 'k_leaf' }).execute();
    await db.insertInto('sys_notice').values({ id: 'k_notice', title: 't', content: 'c', state: 1, target_type: 2, create_by: 'k_user', publish_time: now, create_time: now, update_time: now }).execute();
    await db.insertInto('sys_notice_depart').values({ notice_id: 'k_notice', dept_id: 'k_dept' }).execute();

    // A department still holding users cannot go.
    await expect(db.deleteFrom('sys_depart').where('id', '=', 'k_dept').execute()).rejects.toThrow();
    // A user takes their roles and sessions along; what they wrote stays, unsigned.
    await db.deleteFrom('sys_user').where('id', '=', 'k_user').execute();
    expect(await db.selectFrom('sys_user_role').select('role_id').where('user_id', '=', 'k_user').execute()).toEqual([]);
    expect(await db.selectFrom('sys_session').select('token_hash').where('token_hash', '=', 'k_token').execute()).toEqual([]);
    expect(await db.selectFrom('sys_msg').select('sender_id').where('id', '=', 'k_msg').execute()).toEqual([{ sender_id: null }]);
    expect(await db.selectFrom('sys_file').select('create_by').where('id', '=', 'k_file').execute()).toEqual([{ create_by: null }]);
    expect(await db.selectFrom('sys_notice').select('create_by').where('id', '=', 'k_notice').execute()).toEqual([{ create_by: null }]);
    // A menu takes its sub-menus and their grants along.
    await db.deleteFrom('sys_menu').where('id', '=', 'k_top').execute();
    expect(await db.selectFrom('sys_menu').select('id').where('id', 'in', ['k_top', 'k_mid', 'k_leaf']).execute()).toEqual([]);
    expect(await db.selectFrom('sys_role_menu').select('menu_id').where('menu_id', '=', 'k_leaf').execute()).toEqual([]);
    // A message takes its deliveries along; a deleted department leaves the notices addressed to it.
    await db.deleteFrom('sys_msg').where('id', '=', 'k_msg').execute();
    expect(await db.selectFrom('sys_user_msg').select('id').where('id', '=', 'k_um').execute()).toEqual([]);
    await db.deleteFrom('sys_depart').where('id', '=', 'k_dept').execute();
    expect(await db.selectFrom('sys_notice_depart').select('dept_id').where('notice_id', '=', 'k_notice').execute()).toEqual([]);
    // A link to nothing is refused.
    await expect(db.insertInto('sys_session').values({ token_hash: 'x', user_id: 'nobody', create_time: now, last_seen_time: now, expire_time: now, ip: '', user_agent: '' }).execute()).rejects.toThrow();
    if (dialect === 'sqlite') {
      expect((await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(db)).rows[0].foreign_keys).toBe(1);
    }
  });
});
