import { defineMessages } from '../../i18n/types';

export const msgMessages = defineMessages(
  {
    resources: {
      'sys/msg': {
        name: '消息 |||| 消息',
        fields: {
          title: '标题',
          content: '内容',
          senderName: '发送人',
          receiverCount: '接收人数',
          readCount: '已读数',
          createTime: '发送时间',
          targetType: '发送对象',
          userIds: '接收用户',
          deptIds: '接收部门',
        },
      },
    },
    // The tab and breadcrumb of the send screen (otherwise 站内消息 - 新增).
    pages: { 'sys/msg': { create: '发送消息' } },
    examhall: {
      messages: {
        title: '站内消息',
        sendTitle: '发送消息',
        send: '发送',
        sent: '发送成功',
        showTitle: '消息详情',
        empty: '还没有发送过消息',
        searchUser: '输入用户名或姓名搜索',
        deleteConfirm: '确定删除选中的 %{smart_count} 条消息吗？收件人那里也会一并删除。',
      },
    },
  },
  {
    resources: {
      'sys/msg': {
        name: 'Message |||| Messages',
        fields: {
          title: 'Title',
          content: 'Content',
          senderName: 'Sender',
          receiverCount: 'Recipients',
          readCount: 'Read',
          createTime: 'Sent',
          targetType: 'Send to',
          userIds: 'Users',
          deptIds: 'Departments',
        },
      },
    },
    pages: { 'sys/msg': { create: 'Send message' } },
    examhall: {
      messages: {
        title: 'Messages',
        sendTitle: 'Send message',
        send: 'Send',
        sent: 'Message sent',
        showTitle: 'Message',
        empty: 'No messages sent yet',
        searchUser: 'Search by user name or name',
        deleteConfirm: 'Delete the %{smart_count} selected messages? Recipients lose them too.',
      },
    },
  },
);
