import { dashboardApi } from '../../../common/api';
import { route } from '../../lib/route';
import type { App } from '../../types';
import { dashboardLive, dashboardStat, dashboardTrend } from './dashboard.service';

export default async function dashboardRoutes(app: App) {
  route(app, dashboardApi.stat, () => dashboardStat(app.ctx));
  route(app, dashboardApi.live, () => dashboardLive(app.ctx));
  route(app, dashboardApi.trend, (req) => dashboardTrend(app.ctx, req.body));
}
