import { Type, type Static } from '@sinclair/typebox';
import { NoticeState, NoticeTarget } from '../codes';
import { Perm } from '../permissions';
import { defineApi } from './endpoint';
import { Done, Id, IdBody, IdsBody, Millis, OptText, Page, PageRequest } from './base';

export const NoticeRecord = Type.Object({
  id: Id,
  title: Type.String(),
  /** Sanitized HTML. */
  content: Type.String(),
  state: NoticeState.schema,
  targetType: NoticeTarget.schema,
  deptIds: Type.Array(Id),
  createByName: Type.String(),
  publishTime: Type.Union([Millis, Type.Null()]),
  createTime: Millis,
  updateTime: Millis,
});
export type NoticeRecord = Static<typeof NoticeRecord>;
export const NoticeSaveBody = Type.Object({
  id: Type.Optional(Id),
  title: Type.String({ minLength: 1, maxLength: 128 }),
  content: Type.String({ maxLength: 200000 }),
  state: NoticeState.schema,
  targetType: NoticeTarget.schema,
  deptIds: Type.Optional(Type.Array(Id, { maxItems: 500 })),
});
export type NoticeSaveBody = Static<typeof NoticeSaveBody>;
export const NoticePagingBody = PageRequest(
  Type.Object({ title: OptText(), state: Type.Optional(Type.Union([NoticeState.schema, Type.Literal('')])) }),
);
/** Learner side: /api/sys/notice/my-paging, /my-detail — only published notices visible to the caller. */
export const MyNoticePagingBody = PageRequest(Type.Object({ title: OptText() }));

export const noticeApi = defineApi('notice', {
  paging: { path: '/api/sys/notice/paging', access: { perm: Perm.noticeList }, body: NoticePagingBody, response: Page(NoticeRecord), summary: 'Notices, a page at a time' },
  detail: { path: '/api/sys/notice/detail', access: { perm: Perm.noticeList }, body: IdBody, response: NoticeRecord, summary: 'One notice' },
  save: { path: '/api/sys/notice/save', access: { perm: Perm.noticeSave }, body: NoticeSaveBody, response: NoticeRecord, summary: 'Create or update a notice (content is sanitized)', okMsg: '保存成功', bodyLimit: 1024 * 1024 },
  delete: { path: '/api/sys/notice/delete', access: { perm: Perm.noticeDelete }, body: IdsBody, response: Done, summary: 'Delete notices', okMsg: '删除成功' },
  myPaging: { path: '/api/sys/notice/my-paging', access: 'login', body: MyNoticePagingBody, response: Page(NoticeRecord), summary: 'Published notices visible to me, newest first' },
  myDetail: { path: '/api/sys/notice/my-detail', access: 'login', body: IdBody, response: NoticeRecord, summary: 'One published notice visible to me' },
});
