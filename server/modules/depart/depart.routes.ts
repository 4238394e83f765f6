import { departApi } from '../../../common/api';
import { route } from '../../lib/route';
import type { App } from '../../types';
import * as service from './depart.service';

export default async function departRoutes(app: App) {
  const { ctx } = app;
  // Tree and detail serve every administrator: the user screens pick departments from them.
  route(app, departApi.tree, () => service.departTree(ctx));
  route(app, departApi.detail, (req) => service.getDepart(ctx, req.body.id));
  route(app, departApi.save, (req) => service.saveDepart(ctx, req.body));
  route(app, departApi.delete, async (req) => {
    await service.deleteDeparts(ctx, req.body);
    return null;
  });
  route(app, departApi.sort, (req) => service.sortDepart(ctx, req.body));
}
