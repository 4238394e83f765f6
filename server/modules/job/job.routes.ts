import { jobApi } from '../../../common/api';
import { route } from '../../lib/route';
import type { App } from '../../types';
import { heavyJobProgress } from '../../workers/pool';

/** Heavy jobs (workers/pool.ts) as their clients see them: where the one they started stands. */
export default async function jobRoutes(app: App) {
  route(app, jobApi.progress, async (req) => heavyJobProgress(req.body.ticket));
}
