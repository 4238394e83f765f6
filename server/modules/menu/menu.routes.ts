import { menuApi } from '../../../common/api';
import { route } from '../../lib/route';
import { caller, type App } from '../../types';
import * as service from './menu.service';

export default async function menuRoutes(app: App) {
  const { ctx } = app;
  route(app, menuApi.routes, (req) => service.routesOf(ctx, caller(req).roleIds));
  route(app, menuApi.tree, () => service.menuTree(ctx));
  route(app, menuApi.detail, (req) => service.getMenu(ctx, req.body.id));
  route(app, menuApi.save, (req) => service.saveMenu(ctx, caller(req), req.body));
  route(app, menuApi.delete, async (req) => {
    await service.deleteMenus(ctx, req.body);
    return null;
  });
  route(app, menuApi.sort, (req) => service.sortMenu(ctx, req.body));
}
