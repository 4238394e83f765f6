import { dashboardApi } from '../../../common/api';
import { route } from '../../lib/route';
import type { App } from '../../types';
import { dashboardStat } from './dashboard.service';

export default async function dashboardRoutes(app: App) {
  route(app, dashboardApi.stat, () => dashboardStat(app.ctx));
}
