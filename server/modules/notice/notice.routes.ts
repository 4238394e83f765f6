import { Type } from '@sinclair/typebox';
import { Envelope, IdBody, IdsBody, MyNoticePagingBody, NoticePagingBody, NoticeRecord, NoticeSaveBody, Page } from '../../../common/api';
import { Perm } from '../../../common/permissions';
import { ok } from '../../lib/envelope';
import { caller, type App } from '../../types';
import { deleteNotices, getMyNotice, getNotice, pagingMyNotices, pagingNotices, saveNotice } from './notice.service';

const tags = ['notice'];

export default async function noticeRoutes(app: App) {
  app.post(
    '/api/sys/notice/paging',
    {
      config: { access: { perm: Perm.noticeList } },
      schema: { tags, summary: 'Notices, a page at a time', body: NoticePagingBody, response: { 200: Envelope(Page(NoticeRecord)) } },
    },
    async (req) => ok(await pagingNotices(app.db, req.body)),
  );

  app.post(
    '/api/sys/notice/detail',
    {
      config: { access: { perm: Perm.noticeList } },
      schema: { tags, summary: 'One notice', body: IdBody, response: { 200: Envelope(NoticeRecord) } },
    },
    async (req) => ok(await getNotice(app.db, req.body.id)),
  );

  app.post(
    '/api/sys/notice/save',
    {
      config: { access: { perm: Perm.noticeSave } },
      schema: { tags, summary: 'Create or update a notice (content is sanitized)', body: NoticeSaveBody, response: { 200: Envelope(NoticeRecord) } },
    },
    async (req) => ok(await saveNotice(app.db, caller(req).id, req.body), '保存成功'),
  );

  app.post(
    '/api/sys/notice/delete',
    {
      config: { access: { perm: Perm.noticeDelete } },
      schema: { tags, summary: 'Delete notices', body: IdsBody, response: { 200: Envelope(Type.Null()) } },
    },
    async (req) => {
      await deleteNotices(app.db, req.body);
      return ok(null, '删除成功');
    },
  );

  // Readers: any signed-in user, published notices addressed to them only.
  app.post(
    '/api/sys/notice/my-paging',
    {
      config: { access: 'login' },
      schema: { tags, summary: 'Published notices visible to me, newest first', body: MyNoticePagingBody, response: { 200: Envelope(Page(NoticeRecord)) } },
    },
    async (req) => ok(await pagingMyNotices(app.db, caller(req).id, req.body)),
  );

  app.post(
    '/api/sys/notice/my-detail',
    {
      config: { access: 'login' },
      schema: { tags, summary: 'One published notice visible to me', body: IdBody, response: { 200: Envelope(NoticeRecord) } },
    },
    async (req) => ok(await getMyNotice(app.db, caller(req).id, req.body.id)),
  );
}
