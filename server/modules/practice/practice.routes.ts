import contentDisposition from 'content-disposition';
import { practiceAdminApi, practiceApi } from '../../../common/api/practice';
import { route } from '../../lib/route';
import { caller, type App } from '../../types';
import * as practice from './practice.service';

export default async function practiceRoutes(app: App) {
  const { ctx } = app;
  route(app, practiceApi.paging, (req) => practice.pagingPractice(ctx, caller(req).id, req.body));
  route(app, practiceApi.detail, (req) => practice.practiceDetail(ctx, caller(req).id, req.body.repoId));
  route(app, practiceApi.check, (req) => practice.checkTraining(ctx, caller(req).id, req.body.repoId, req.body.mode));
  route(app, practiceApi.start, (req) => practice.startTraining(ctx, caller(req).id, req.body));
  route(app, practiceApi.card, (req) => practice.trainingCard(ctx, caller(req).id, req.body.trainId));
  route(app, practiceApi.next, (req) => practice.trainingQu(ctx, caller(req).id, req.body.trainId, req.body.sequence));
  route(app, practiceApi.fill, (req) => practice.fillTraining(ctx, caller(req).id, req.body));
  route(app, practiceApi.assess, (req) => practice.assessTraining(ctx, caller(req).id, req.body));
  route(app, practiceApi.result, (req) => practice.trainingResult(ctx, caller(req).id, req.body.trainId));
  route(app, practiceApi.favorite, (req) => practice.setFavorite(ctx, caller(req).id, req.body.quId, req.body.favorite));
  route(app, practiceApi.favorites, (req) => practice.pagingFavorites(ctx, caller(req).id, req.body));

  route(app, practiceAdminApi.users, (req) => practice.practiceUsers(ctx, req.body));
  route(app, practiceAdminApi.usersExport, async (req, reply) =>
    reply
      .header('Content-Type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('Content-Disposition', contentDisposition('题库练习情况.xlsx'))
      .send(await practice.exportPracticeUsers(ctx, req.body.params)),
  );
  route(app, practiceAdminApi.missed, (req) => practice.missedQuestions(ctx, req.body));
}
