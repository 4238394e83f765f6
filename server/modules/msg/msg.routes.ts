import { msgApi, myMsgApi } from '../../../common/api';
import { route } from '../../lib/route';
import { caller, type App } from '../../types';
import * as service from './msg.service';

export default async function msgRoutes(app: App) {
  const { ctx } = app;
  // Recipient side: any signed-in user, and only their own deliveries.
  route(app, myMsgApi.paging, (req) => service.pagingMyMsgs(ctx, caller(req).id, req.body));
  route(app, myMsgApi.detailForRead, (req) => service.readMyMsg(ctx, caller(req).id, req.body.id));
  route(app, myMsgApi.countUnread, (req) => service.countUnread(ctx, caller(req).id));
  route(app, myMsgApi.markRead, (req) => service.markMyMsgsRead(ctx, caller(req).id, req.body));
  route(app, myMsgApi.userDelete, (req) => service.deleteMyMsgs(ctx, caller(req).id, req.body));

  // Sender side: administrators.
  route(app, msgApi.send, (req) => service.sendMsg(ctx, caller(req).id, req.body));
  route(app, msgApi.paging, (req) => service.pagingSentMsgs(ctx, req.body));
  route(app, msgApi.detail, (req) => service.getSentMsg(ctx, req.body.id));
  route(app, msgApi.delete, async (req) => {
    await service.deleteSentMsgs(ctx, req.body);
    return null;
  });
}
