import { rankingApi } from '../../../common/api';
import { route } from '../../lib/route';
import { caller, type App } from '../../types';
import { rankingPage } from './ranking.service';

export default async function rankingRoutes(app: App) {
  route(app, rankingApi.ranking, (req) => rankingPage(app.ctx, caller(req), req.body));
}
