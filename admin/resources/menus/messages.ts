import { defineMessages } from '../../i18n/types';

export const menuMessages = defineMessages(
  {
    resources: {
      'sys/menu': {
        name: '菜单 |||| 菜单',
        fields: {
          parentId: '上级菜单',
          menuType: '类型',
          title: '标题',
          path: '路径',
          name: '名称',
          component: '组件',
          redirect: '重定向',
          permissionTag: '权限标识',
          icon: '图标',
          sort: '排序',
          hidden: '隐藏',
          alwaysShow: '总是显示',
          noCache: '不缓存',
          affix: '固定标签',
        },
      },
    },
    examhall: {
      menus: {
        title: '菜单管理',
        addTop: '新增菜单',
        createTitle: '新增菜单',
        createChildTitle: '新增下级：%{name}',
        editTitle: '编辑菜单',
        deleteTitle: '删除菜单',
        deleteConfirm: '确定删除菜单“%{name}”吗？其全部下级菜单也会一并删除。',
        empty: '还没有菜单，点击“新增菜单”创建。',
        pathHelper: '顶级菜单以 / 开头，下级填写相对路径',
        componentHelper: '顶级菜单填 Layout，页面填组件名，如 sys/user/index',
        tagHelper: '例如 sys:user:save',
      },
    },
  },
  {
    resources: {
      'sys/menu': {
        name: 'Menu |||| Menus',
        fields: {
          parentId: 'Parent menu',
          menuType: 'Type',
          title: 'Title',
          path: 'Path',
          name: 'Name',
          component: 'Component',
          redirect: 'Redirect',
          permissionTag: 'Permission tag',
          icon: 'Icon',
          sort: 'Order',
          hidden: 'Hidden',
          alwaysShow: 'Always show',
          noCache: 'No cache',
          affix: 'Pinned tab',
        },
      },
    },
    examhall: {
      menus: {
        title: 'Menus',
        addTop: 'New menu',
        createTitle: 'New menu',
        createChildTitle: 'New entry under %{name}',
        editTitle: 'Edit menu',
        deleteTitle: 'Delete menu',
        deleteConfirm: 'Delete the menu “%{name}”? Everything under it is deleted too.',
        empty: 'No menus yet. Click “New menu” to create one.',
        pathHelper: 'Top-level menus start with /, children use a relative path',
        componentHelper: 'Top-level menus use Layout, pages their component name such as sys/user/index',
        tagHelper: 'For example sys:user:save',
      },
    },
  },
);
