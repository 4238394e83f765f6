import { defineMessages } from '../../i18n/types';

export const noticeMessages = defineMessages(
  {
    resources: {
      'sys/notice': {
        name: '公告 |||| 公告',
        fields: {
          title: '标题',
          content: '内容',
          state: '状态',
          targetType: '发布范围',
          deptIds: '发布部门',
          createByName: '发布人',
          publishTime: '发布时间',
          createTime: '创建时间',
        },
      },
    },
    examhall: {
      notices: {
        title: '通知公告',
        createTitle: '新增公告',
        editTitle: '编辑公告',
        showTitle: '公告详情',
        empty: '还没有公告',
        deleteConfirm: '确定删除选中的 %{smart_count} 条公告吗？',
        everyone: '全员可见',
      },
    },
  },
  {
    resources: {
      'sys/notice': {
        name: 'Notice |||| Notices',
        fields: {
          title: 'Title',
          content: 'Content',
          state: 'State',
          targetType: 'Audience',
          deptIds: 'Departments',
          createByName: 'Published by',
          publishTime: 'Published',
          createTime: 'Created',
        },
      },
    },
    examhall: {
      notices: {
        title: 'Notices',
        createTitle: 'New notice',
        editTitle: 'Edit notice',
        showTitle: 'Notice',
        empty: 'No notices yet',
        deleteConfirm: 'Delete the %{smart_count} selected notices?',
        everyone: 'Visible to everyone',
      },
    },
  },
);
