import type { NoticeRecord, SiteConfig, UserInfo, UserMsg } from '../../common/api';
import type { Page } from '../../common/errorCodes';

/** Seed records for component tests, shaped exactly like the API's answers. */
export const site = (over: Partial<SiteConfig> = {}): SiteConfig => ({
  id: '1',
  siteName: '测试考试平台',
  frontLogo: '',
  backLogo: '',
  copyRight: '© 2026 测试单位',
  allowRegister: true,
  registerReview: false,
  loginPassword: true,
  loginSms: false,
  resetSms: false,
  resetEmail: false,
  loginFace: false,
  faceKeepPhoto: false,
  faceThreshold: 60,
  faceLiveness: 40,
  smsReady: false,
  mailReady: false,
  ...over,
});

export const learner = (over: Partial<UserInfo> = {}): UserInfo => ({
  id: 'u1',
  userName: 'student',
  realName: '张三',
  avatar: '',
  roleType: 1,
  roles: ['student'],
  roleNames: ['学员'],
  permissions: [],
  mobile: '13800138000',
  email: 'zhangsan@example.com',
  deptId: 'd1',
  deptName: '培训部',
  unreadMsg: 0,
  ...over,
});

export const admin = (over: Partial<UserInfo> = {}): UserInfo =>
  learner({ id: 'a1', userName: 'admin', realName: '管理员', roleType: 2, roles: ['sa'], roleNames: ['超级管理员'], ...over });

export const notice = (over: Partial<NoticeRecord> = {}): NoticeRecord => ({
  id: 'n1',
  title: '关于期末考试安排的通知',
  content: '<p>考试将于<strong>下周一</strong>开始。</p><img src="/api/sys/file/get/f1" alt="考场">',
  state: 1,
  targetType: 1,
  deptIds: [],
  createByName: '教务处',
  publishTime: Date.now() - 5 * 60_000,
  createTime: Date.now() - 10 * 60_000,
  updateTime: Date.now() - 5 * 60_000,
  ...over,
});

export const message = (over: Partial<UserMsg> = {}): UserMsg => ({
  id: 'm1',
  msgId: 's1',
  title: '欢迎加入',
  content: '欢迎使用本平台。\n祝学习顺利！',
  senderName: '管理员',
  readState: 0,
  readTime: null,
  createTime: Date.now() - 60 * 60_000,
  ...over,
});

export function pageOf<T>(records: T[], current = 1, size = 10): Page<T> {
  const start = (current - 1) * size;
  return {
    records: records.slice(start, start + size),
    total: records.length,
    current,
    size,
    pages: Math.max(1, Math.ceil(records.length / size)),
  };
}
