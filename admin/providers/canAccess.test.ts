import { describe, expect, it } from 'vitest';
import { Perm } from '../../common/permissions';
import { canAccess, requiredPermission } from './canAccess';

const user = (...permissions: string[]) => ({ permissions });

describe('canAccess', () => {
  it('maps each users-screen action to its own tag', () => {
    expect(requiredPermission({ resource: 'sys/user', action: 'list' })).toBe(Perm.userList);
    expect(requiredPermission({ resource: 'sys/user', action: 'show' })).toBe(Perm.userList);
    expect(requiredPermission({ resource: 'sys/user', action: 'create' })).toBe(Perm.userSave);
    expect(requiredPermission({ resource: 'sys/user', action: 'edit' })).toBe(Perm.userSave);
    expect(requiredPermission({ resource: 'sys/user', action: 'delete' })).toBe(Perm.userDelete);
    expect(requiredPermission({ resource: 'sys/user', action: 'export' })).toBe(Perm.userExport);
    expect(requiredPermission({ resource: 'sys/user', action: 'reset-pass' })).toBe(Perm.userResetPass);
    expect(requiredPermission({ resource: 'sys/user', action: 'state' })).toBe(Perm.userState);
    expect(requiredPermission({ resource: 'sys/user', action: 'batch' })).toBe(Perm.userBatch);
  });

  it('maps the other screens', () => {
    expect(requiredPermission({ resource: 'sys/depart', action: 'delete' })).toBe(Perm.departDelete);
    expect(requiredPermission({ resource: 'sys/role', action: 'edit' })).toBe(Perm.roleSave);
    expect(requiredPermission({ resource: 'sys/menu', action: 'list' })).toBe(Perm.menuList);
    expect(requiredPermission({ resource: 'sys/notice', action: 'create' })).toBe(Perm.noticeSave);
    expect(requiredPermission({ resource: 'sys/msg', action: 'list' })).toBe(Perm.msgList);
    expect(requiredPermission({ resource: 'sys/msg', action: 'create' })).toBe(Perm.msgSend);
    expect(requiredPermission({ resource: 'sys/config', action: 'edit' })).toBe(Perm.configSave);
    expect(requiredPermission({ resource: 'dashboard', action: 'list' })).toBe(Perm.dashboard);
  });

  it('grants only what the user holds', () => {
    const viewer = user(Perm.userList);
    expect(canAccess(viewer, { resource: 'sys/user', action: 'list' })).toBe(true);
    expect(canAccess(viewer, { resource: 'sys/user', action: 'edit' })).toBe(false);
    expect(canAccess(viewer, { resource: 'sys/user', action: 'delete' })).toBe(false);
  });

  it('refuses unknown resources and actions, and nobody', () => {
    const all = user(...Object.values(Perm));
    expect(canAccess(all, { resource: 'sys/secret', action: 'list' })).toBe(false);
    expect(canAccess(all, { resource: 'sys/msg', action: 'edit' })).toBe(false);
    expect(canAccess(all, { resource: 'sys/user', action: 'updateMany' })).toBe(false);
    expect(canAccess(null, { resource: 'sys/user', action: 'list' })).toBe(false);
  });
});
