import { defineMessages } from '../../i18n/types';

export const repoCatalogMessages = defineMessages(
  {
    resources: {
      'repo/catalog': {
        name: '题库分类 |||| 题库分类',
        fields: { parentId: '上级分类', title: '分类名称', sort: '排序', repoCount: '题库数' },
      },
    },
    examhall: {
      repoCatalogs: {
        title: '题库分类',
        addTop: '新增分类',
        createTitle: '新增分类',
        createChildTitle: '新增下级分类：%{name}',
        editTitle: '编辑分类',
        deleteTitle: '删除分类',
        deleteConfirm: '确定删除分类“%{name}”吗？分类下没有题库和下级分类时才能删除。',
        empty: '还没有题库分类，点击“新增分类”创建。',
        repoCount: '%{smart_count} 个题库',
        parentHelper: '留空即为顶级分类',
      },
    },
  },
  {
    resources: {
      'repo/catalog': {
        name: 'Bank category |||| Bank categories',
        fields: { parentId: 'Parent category', title: 'Name', sort: 'Order', repoCount: 'Banks' },
      },
    },
    examhall: {
      repoCatalogs: {
        title: 'Bank categories',
        addTop: 'New category',
        createTitle: 'New category',
        createChildTitle: 'New category under %{name}',
        editTitle: 'Edit category',
        deleteTitle: 'Delete category',
        deleteConfirm: 'Delete the category "%{name}"? Only a category without banks or sub-categories can be deleted.',
        empty: 'No bank categories yet: click "New category" to add one.',
        repoCount: '%{smart_count} banks',
        parentHelper: 'Leave empty for a top-level category',
      },
    },
  },
);
