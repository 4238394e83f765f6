import { describe, expect, it } from 'vitest';
import { bootstrap } from '../../server/seed/bootstrap';
import { DIALECTS, useTestApp } from './helpers';

describe.each(DIALECTS)('first-start seed on %s', (dialect) => {
  const t = useTestApp(dialect);

  it('is idempotent: a second boot creates no second administrator and prints no password', async () => {
    const again = await bootstrap(t.database.db, t.config);
    expect(again.adminPassword).toBeUndefined();
    const admins = await t.database.db.selectFrom('sys_user').select('id').where('user_name', '=', 'admin').execute();
    expect(admins).toHaveLength(1);
    const roles = await t.database.db.selectFrom('sys_role').select('role_code').orderBy('role_code').execute();
    expect(roles.map((r) => r.role_code)).toEqual(['sa', 'student']);
  });

  it('keeps a seeded menu that an administrator deleted deleted after the next boot', async () => {
    const token = await t.adminToken();
    const del = await t.call('/api/sys/menu/delete', { ids: ['m_sys_msg'] }, token);
    expect(del.body.code).toBe(0);
    await bootstrap(t.database.db, t.config);
    const left = await t.database.db.selectFrom('sys_menu').select('id').where('id', 'in', ['m_sys_msg', 'm_sys_msg_send']).execute();
    expect(left).toEqual([]);
    const routes = await t.call('/api/sys/menu/routes', {}, token);
    const sys = routes.body.data.find((r: { path: string }) => r.path === '/sys');
    expect(sys.children.map((c: { path: string }) => c.path)).not.toContain('msg');
    expect(sys.children.map((c: { path: string }) => c.path)).toContain('user');
  });
});
