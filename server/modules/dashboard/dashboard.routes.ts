import { DashboardStat, EmptyBody, Envelope } from '../../../common/api';
import { Perm } from '../../../common/permissions';
import { ok } from '../../lib/envelope';
import type { App } from '../../types';
import { dashboardStat } from './dashboard.service';

export default async function dashboardRoutes(app: App) {
  app.post(
    '/api/sys/dashboard/stat',
    {
      config: { access: { perm: Perm.dashboard } },
      schema: { tags: ['dashboard'], summary: 'Counts for the administrator home', body: EmptyBody, response: { 200: Envelope(DashboardStat) } },
    },
    async () => ok(await dashboardStat(app.db)),
  );
}
