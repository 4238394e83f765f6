import { defineMessages } from '../../i18n/types';

export const configMessages = defineMessages(
  {
    resources: {
      'sys/config': {
        name: '站点设置',
        fields: {
          siteName: '站点名称',
          frontLogo: '前台 Logo',
          backLogo: '后台 Logo',
          copyRight: '版权信息',
          allowRegister: '允许注册',
          registerReview: '注册需要审核',
        },
      },
    },
    examhall: {
      config: {
        title: '站点设置',
        upload: '上传图片',
        replace: '更换图片',
        noLogo: '未设置',
        imageOnly: '请选择图片文件',
        logoHelper: '支持 PNG、JPG、GIF、WEBP，不超过 5MB，建议高度 40 像素',
        registerHelper: '关闭后前台不显示注册入口',
        reviewHelper: '开启后新注册的账号需管理员审核通过后才能登录',
      },
    },
  },
  {
    resources: {
      'sys/config': {
        name: 'Site settings',
        fields: {
          siteName: 'Site name',
          frontLogo: 'Learner logo',
          backLogo: 'Admin logo',
          copyRight: 'Copyright',
          allowRegister: 'Allow registration',
          registerReview: 'Registration needs review',
        },
      },
    },
    examhall: {
      config: {
        title: 'Site settings',
        upload: 'Upload image',
        replace: 'Replace image',
        noLogo: 'Not set',
        imageOnly: 'Choose an image file',
        logoHelper: 'PNG, JPG, GIF or WEBP up to 5 MB, about 40 pixels high',
        registerHelper: 'When off, the learner site shows no registration link',
        reviewHelper: 'When on, new accounts must be approved before they can sign in',
      },
    },
  },
);
