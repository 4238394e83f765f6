import { noticeApi } from '../../../common/api';
import { route } from '../../lib/route';
import { caller, type App } from '../../types';
import * as service from './notice.service';

export default async function noticeRoutes(app: App) {
  const { ctx } = app;
  route(app, noticeApi.paging, (req) => service.pagingNotices(ctx, req.body));
  route(app, noticeApi.detail, (req) => service.getNotice(ctx, req.body.id));
  route(app, noticeApi.save, (req) => service.saveNotice(ctx, caller(req).id, req.body));
  route(app, noticeApi.delete, async (req) => {
    await service.deleteNotices(ctx, req.body);
    return null;
  });
  // Readers: any signed-in user, published notices addressed to them only.
  route(app, noticeApi.myPaging, (req) => service.pagingMyNotices(ctx, caller(req).id, req.body));
  route(app, noticeApi.myDetail, (req) => service.getMyNotice(ctx, caller(req).id, req.body.id));
}
