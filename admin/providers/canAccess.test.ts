import { describe, expect, it } from 'vitest';
import { departApi, userApi } from '../../common/api';
import { RoleType } from '../../common/codes';
import { Perm } from '../../common/permissions';
import { canAccess } from './canAccess';
import { endpointOf, resourceApis } from './resourceApi';

const admin = (...permissions: string[]) => ({ roleType: RoleType.ADMIN, permissions });

describe('canAccess', () => {
  it('grants an action exactly when the user holds the tag of the endpoint that performs it', () => {
    const cases: Array<[string, string, string]> = [
      ['sys/user', 'list', Perm.userList],
      ['sys/user', 'show', Perm.userList],
      ['sys/user', 'create', Perm.userSave],
      ['sys/user', 'clone', Perm.userSave],
      ['sys/user', 'edit', Perm.userSave],
      ['sys/user', 'delete', Perm.userDelete],
      ['sys/user', 'export', Perm.userExport],
      ['sys/user', 'reset-pass', Perm.userResetPass],
      ['sys/user', 'state', Perm.userState],
      ['sys/user', 'unlock', Perm.userState],
      ['sys/user', 'batch-dept', Perm.userBatch],
      ['sys/depart', 'delete', Perm.departDelete],
      ['sys/depart', 'sort', Perm.departSave],
      ['sys/role', 'edit', Perm.roleSave],
      ['sys/menu', 'list', Perm.menuList],
      ['sys/notice', 'create', Perm.noticeSave],
      ['sys/msg', 'list', Perm.msgList],
      ['sys/msg', 'create', Perm.msgSend],
      ['sys/config', 'edit', Perm.configSave],
      ['dashboard', 'list', Perm.dashboard],
    ];
    for (const [resource, action, tag] of cases) {
      expect(canAccess(admin(tag), { resource, action }), `${resource} ${action}`).toBe(true);
      const others = Object.values(Perm).filter((p) => p !== tag);
      expect(canAccess(admin(...others), { resource, action }), `${resource} ${action} without ${tag}`).toBe(false);
    }
  });

  it('follows the endpoint definitions rather than a table of its own', () => {
    // The server lets any administrator read the department tree: so does the admin UI.
    expect(endpointOf('sys/depart', 'list')).toBe(departApi.tree);
    expect(canAccess(admin(), { resource: 'sys/depart', action: 'list' })).toBe(true);
    expect(endpointOf('sys/user', 'state')).toBe(userApi.state);
    // A learner calls no administrator endpoint, whatever tags they hold.
    expect(canAccess({ roleType: RoleType.LEARNER, permissions: [Perm.userList] }, { resource: 'sys/user', action: 'list' })).toBe(false);
  });

  it('refuses unknown resources and actions, and nobody', () => {
    const all = admin(...Object.values(Perm));
    expect(canAccess(all, { resource: 'sys/secret', action: 'list' })).toBe(false);
    expect(canAccess(all, { resource: 'sys/msg', action: 'edit' })).toBe(false);
    expect(canAccess(all, { resource: 'sys/user', action: 'updateMany' })).toBe(false);
    expect(canAccess(all, { resource: 'sys/user', action: 'toString' })).toBe(false);
    expect(canAccess(null, { resource: 'sys/user', action: 'list' })).toBe(false);
  });

  it('names an endpoint for every action of every resource', () => {
    for (const def of Object.values(resourceApis)) for (const endpoint of Object.values(def.actions)) expect(endpoint.path).toMatch(/^\/api\//);
  });
});
