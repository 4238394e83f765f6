import { defineMessages } from '../../i18n/types';

export const departMessages = defineMessages(
  {
    resources: {
      'sys/depart': {
        name: '部门 |||| 部门',
        fields: { parentId: '上级部门', deptName: '部门名称', deptCode: '部门编码', sort: '排序', userCount: '用户数' },
      },
    },
    examhall: {
      departs: {
        title: '部门管理',
        addTop: '新增部门',
        createTitle: '新增部门',
        createChildTitle: '新增下级部门：%{name}',
        editTitle: '编辑部门',
        deleteTitle: '删除部门',
        deleteConfirm: '确定删除部门“%{name}”吗？',
        empty: '还没有部门，点击“新增部门”创建。',
        userCount: '%{smart_count} 人',
        parentHelper: '留空即为顶级部门',
      },
    },
  },
  {
    resources: {
      'sys/depart': {
        name: 'Department |||| Departments',
        fields: { parentId: 'Parent department', deptName: 'Department name', deptCode: 'Department code', sort: 'Order', userCount: 'Users' },
      },
    },
    examhall: {
      departs: {
        title: 'Departments',
        addTop: 'New department',
        createTitle: 'New department',
        createChildTitle: 'New department under %{name}',
        editTitle: 'Edit department',
        deleteTitle: 'Delete department',
        deleteConfirm: 'Delete the department “%{name}”?',
        empty: 'No departments yet. Click “New department” to create one.',
        userCount: '%{smart_count} user |||| %{smart_count} users',
        parentHelper: 'Leave empty for a top-level department',
      },
    },
  },
);
