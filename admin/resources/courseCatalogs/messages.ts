import { defineMessages } from '../../i18n/types';

export const courseCatalogMessages = defineMessages(
  {
    resources: {
      'course/catalog': {
        name: '课程分类 |||| 课程分类',
        fields: { parentId: '上级分类', title: '分类名称', sort: '排序', courseCount: '课程数' },
      },
    },
    examhall: {
      courseCatalogs: {
        title: '课程分类',
        addTop: '新增分类',
        createTitle: '新增分类',
        createChildTitle: '新增下级分类：%{name}',
        editTitle: '编辑分类',
        deleteTitle: '删除分类',
        deleteConfirm: '确定删除分类“%{name}”吗？分类下没有课程和下级分类时才能删除。',
        empty: '还没有课程分类，点击“新增分类”创建。',
        courseCount: '%{smart_count} 门课程',
        parentHelper: '留空即为顶级分类',
      },
    },
  },
  {
    resources: {
      'course/catalog': {
        name: 'Course category |||| Course categories',
        fields: { parentId: 'Parent category', title: 'Name', sort: 'Order', courseCount: 'Courses' },
      },
    },
    examhall: {
      courseCatalogs: {
        title: 'Course categories',
        addTop: 'New category',
        createTitle: 'New category',
        createChildTitle: 'New category under %{name}',
        editTitle: 'Edit category',
        deleteTitle: 'Delete category',
        deleteConfirm: 'Delete the category "%{name}"? Only a category without courses or sub-categories can be deleted.',
        empty: 'No course categories yet: click "New category" to add one.',
        courseCount: '%{smart_count} courses',
        parentHelper: 'Leave empty for a top-level category',
      },
    },
  },
);
