import { roleApi } from '../../../common/api';
import { route } from '../../lib/route';
import { caller, type App } from '../../types';
import * as service from './role.service';

export default async function roleRoutes(app: App) {
  const { ctx } = app;
  route(app, roleApi.paging, (req) => service.pagingRoles(ctx, req.body));
  // Every administrator: the user screens pick roles from this list.
  route(app, roleApi.list, () => service.listAllRoles(ctx));
  route(app, roleApi.detail, (req) => service.getRole(ctx, req.body.id));
  route(app, roleApi.save, (req) => service.saveRole(ctx, caller(req), req.body));
  route(app, roleApi.delete, async (req) => {
    await service.deleteRoles(ctx, caller(req), req.body);
    return null;
  });
}
