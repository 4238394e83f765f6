import { defineMessages } from '../../i18n/types';

export const roleMessages = defineMessages(
  {
    resources: {
      'sys/role': {
        name: '角色 |||| 角色',
        fields: {
          roleName: '角色名称',
          roleCode: '角色编码',
          roleType: '角色类型',
          userCount: '用户数',
          remark: '备注',
          menuIds: '菜单权限',
          createTime: '创建时间',
        },
      },
    },
    examhall: {
      roles: {
        title: '角色管理',
        createTitle: '新增角色',
        editTitle: '编辑角色：%{name}',
        menus: '菜单权限',
        menusHelper: '勾选上级会同时勾选其全部下级',
        checkAll: '全选',
        uncheckAll: '全不选',
        empty: '还没有角色',
        deleteConfirm: '确定删除选中的 %{smart_count} 个角色吗？',
      },
    },
  },
  {
    resources: {
      'sys/role': {
        name: 'Role |||| Roles',
        fields: {
          roleName: 'Role name',
          roleCode: 'Role code',
          roleType: 'Role type',
          userCount: 'Users',
          remark: 'Remark',
          menuIds: 'Menu permissions',
          createTime: 'Created',
        },
      },
    },
    examhall: {
      roles: {
        title: 'Roles',
        createTitle: 'New role',
        editTitle: 'Edit role: %{name}',
        menus: 'Menu permissions',
        menusHelper: 'Checking an entry also checks everything under it',
        checkAll: 'Check all',
        uncheckAll: 'Uncheck all',
        empty: 'No roles yet',
        deleteConfirm: 'Delete the %{smart_count} selected roles?',
      },
    },
  },
);
