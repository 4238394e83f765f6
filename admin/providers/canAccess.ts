import { Perm, type PermTag } from '../../common/permissions';

/** What canAccess needs to know about the signed-in user. */
export interface AccessUser {
  permissions: readonly string[];
}

export interface AccessRequest {
  resource: string;
  action: string;
}

/**
 * resource → action → permission tag. Actions are react-admin's (list, show, create, edit, delete,
 * export, clone) plus the screens' own (reset-pass, state, batch, sort); '*' stands for every action.
 * Anything not listed is refused.
 */
const RULES: Record<string, Record<string, PermTag>> = {
  'sys/user': {
    list: Perm.userList,
    show: Perm.userList,
    create: Perm.userSave,
    clone: Perm.userSave,
    edit: Perm.userSave,
    delete: Perm.userDelete,
    export: Perm.userExport,
    'reset-pass': Perm.userResetPass,
    state: Perm.userState,
    batch: Perm.userBatch,
  },
  'sys/depart': {
    list: Perm.departList,
    show: Perm.departList,
    create: Perm.departSave,
    edit: Perm.departSave,
    sort: Perm.departSave,
    delete: Perm.departDelete,
  },
  'sys/role': {
    list: Perm.roleList,
    show: Perm.roleList,
    create: Perm.roleSave,
    clone: Perm.roleSave,
    edit: Perm.roleSave,
    delete: Perm.roleDelete,
  },
  'sys/menu': {
    list: Perm.menuList,
    show: Perm.menuList,
    create: Perm.menuSave,
    edit: Perm.menuSave,
    sort: Perm.menuSave,
    delete: Perm.menuDelete,
  },
  'sys/notice': {
    list: Perm.noticeList,
    show: Perm.noticeList,
    create: Perm.noticeSave,
    clone: Perm.noticeSave,
    edit: Perm.noticeSave,
    delete: Perm.noticeDelete,
  },
  'sys/msg': {
    list: Perm.msgList,
    show: Perm.msgList,
    create: Perm.msgSend,
    delete: Perm.msgSend,
  },
  'sys/config': {
    list: Perm.configSave,
    show: Perm.configSave,
    edit: Perm.configSave,
  },
  // The dashboard is one screen: whatever is asked of it needs the one tag.
  dashboard: { '*': Perm.dashboard },
};

/** The permission tag that guards `action` on `resource`, or undefined when nothing grants it. */
export function requiredPermission({ resource, action }: AccessRequest): PermTag | undefined {
  const rules = RULES[resource];
  return rules?.[action] ?? rules?.['*'];
}

/** Pure authorization: may this user do `action` on `resource`? Unknown pairs are refused. */
export function canAccess(user: AccessUser | null | undefined, request: AccessRequest): boolean {
  if (!user) return false;
  const tag = requiredPermission(request);
  return tag !== undefined && user.permissions.includes(tag);
}
