import { USER_IMPORT_MAX_BYTES, userApi } from '../../../common/api';
import contentDisposition from 'content-disposition';
import type { FastifyRequest } from 'fastify';
import { fail } from '../../lib/errors';
import { jobTicketOf } from '../../lib/jobTicket';
import { route, withMsg } from '../../lib/route';
import { caller, type App } from '../../types';
import { USER_EXPORT_FILE_NAME, XLSX_MIME } from './user.export';
import { buildUserImportTemplate } from './user.import';
import { commitUserImport, previewUserImport, type UserImportSource } from './user.import.service';
import * as service from './user.service';

/** The multipart of /import/parse and /import/commit: createDepts, then the .xlsx as `file`. */
async function importSource(req: FastifyRequest): Promise<UserImportSource> {
  if (!req.isMultipart()) throw fail('请选择要导入的 Excel 文件');
  const part = await req.file({ limits: { fileSize: USER_IMPORT_MAX_BYTES, files: 1, fields: 2 } });
  if (!part) throw fail('请选择要导入的 Excel 文件');
  if (!/\.xlsx$/i.test(part.filename)) {
    part.file.resume();
    throw fail('请上传 Excel 文件（.xlsx），可先下载导入模板');
  }
  const raw = part.fields.createDepts;
  const field = Array.isArray(raw) ? raw[0] : raw;
  const createDepts = field?.type === 'field' && field.value === '1';
  const buffer = await part.toBuffer();
  if (part.file.truncated) throw fail(`文件太大，最大 ${USER_IMPORT_MAX_BYTES / 1024 / 1024}MB`);
  return { buffer, createDepts, ticket: jobTicketOf(req) };
}

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
  route(app, userApi.passChange, async (req) => {
    await service.setPassChangeRequired(ctx, caller(req), req.body.ids, req.body.required);
    return null;
  });
  route(app, userApi.importTemplate, async (_req, reply) =>
    reply.header('Content-Type', XLSX_MIME).header('Content-Disposition', contentDisposition('用户导入模板.xlsx')).send(await buildUserImportTemplate()),
  );
  route(app, userApi.importParse, async (req) => previewUserImport(ctx, caller(req), await importSource(req)));
  route(app, userApi.importCommit, async (req) => commitUserImport(ctx, caller(req), await importSource(req)));
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
