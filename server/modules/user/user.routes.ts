import { userApi } from '../../../common/api';
import contentDisposition from 'content-disposition';
import { route, withMsg } from '../../lib/route';
import { caller, type App } from '../../types';
import { USER_EXPORT_FILE_NAME, XLSX_MIME } from './user.export';
import * as service from './user.service';

/** User administration. The signed-in user's own account (/update, /update-pass) is in auth.routes. */
export default async function userRoutes(app: App) {
  const { ctx } = app;
  route(app, userApi.save, (req) => service.saveUser(ctx, caller(req), req.body));
  route(app, userApi.detail, (req) => service.getUserRecord(ctx, req.body.id));
  route(app, userApi.paging, (req) => service.pageUsers(ctx, req.body));
  route(app, userApi.resetPass, async (req) => {
    await service.resetPasswords(ctx, caller(req), req.body.ids, req.body.password);
    return null;
  });
  route(app, userApi.batchDept, async (req) => {
    await service.batchDept(ctx, caller(req), req.body.ids, req.body.deptId);
    return null;
  });
  route(app, userApi.batchRole, async (req) => {
    await service.batchRole(ctx, caller(req), req.body.ids, req.body.roleIds);
    return null;
  });
  route(app, userApi.state, async (req) => {
    await service.setUserState(ctx, caller(req), req.body.ids, req.body.state);
    return null;
  });
  route(app, userApi.review, async (req) => {
    await service.reviewUsers(ctx, caller(req), req.body.ids, req.body.approve);
    return withMsg(null, req.body.approve ? '已通过审核' : '已拒绝注册');
  });
  route(app, userApi.unlock, async (req) => {
    await service.unlockUsers(ctx, req.body.ids);
    return null;
  });
  route(app, userApi.delete, async (req) => {
    await service.deleteUsers(ctx, caller(req), req.body.ids);
    return null;
  });
  route(app, userApi.export, async (req, reply) => {
    const file = await service.exportUsers(ctx, req.body.params);
    return reply
      .header('Content-Type', XLSX_MIME)
      .header('Content-Disposition', contentDisposition(USER_EXPORT_FILE_NAME))
      .send(file);
  });
}
