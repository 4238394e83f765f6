import { wrongBookApi } from '../../../common/api/wrongBook';
import { route } from '../../lib/route';
import { caller, type App } from '../../types';
import * as wrong from './wrongbook.service';

/** The learner's wrong book (filed from paper events: wrongbook.events.ts). */
export default async function wrongBookRoutes(app: App) {
  const { ctx } = app;
  route(app, wrongBookApi.paging, (req) => wrong.pagingWrong(ctx, caller(req).id, req.body));
  route(app, wrongBookApi.next, (req) => wrong.nextWrong(ctx, caller(req).id, req.body.examId, req.body.quId));
  route(app, wrongBookApi.check, (req) => wrong.checkWrong(ctx, caller(req).id, req.body));
  route(app, wrongBookApi.delete, async (req) => {
    await wrong.deleteWrong(ctx, caller(req).id, req.body.ids);
    return null;
  });
}
