import { Type } from '@sinclair/typebox';
import {
  BatchDeptBody,
  BatchRoleBody,
  Envelope,
  IdBody,
  IdsBody,
  Page,
  ProfileUpdateBody,
  ResetPassBody,
  UpdatePassBody,
  UserExportBody,
  UserInfo,
  UserPagingBody,
  UserRecord,
  UserSaveBody,
  UserStateBody,
} from '../../../common/api';
import { Perm } from '../../../common/permissions';
import { ok } from '../../lib/envelope';
import { caller, type App } from '../../types';
import { contentDisposition } from '../file/file.disposition';
import { USER_EXPORT_FILE_NAME, XLSX_MIME } from './user.export';
import * as service from './user.service';

const tags = ['user'];
const Done = Envelope(Type.Null());

export default async function userRoutes(app: App) {
  app.post(
    '/api/sys/user/update',
    { schema: { tags, summary: 'Update my own profile', body: ProfileUpdateBody, response: { 200: Envelope(UserInfo) } } },
    async (req) => ok(await service.updateProfile(app.db, caller(req), req.body), '保存成功'),
  );

  app.post(
    '/api/sys/user/update-pass',
    { schema: { tags, summary: 'Change my password (signs out my other sessions)', body: UpdatePassBody, response: { 200: Done } } },
    async (req) => {
      await service.updatePassword(app.db, app.rateLimiter, caller(req), req.body);
      return ok(null, '密码修改成功');
    },
  );

  app.post(
    '/api/sys/user/save',
    {
      config: { access: { perm: Perm.userSave } },
      schema: { tags, summary: 'Create (no id) or update a user', body: UserSaveBody, response: { 200: Envelope(UserRecord) } },
    },
    async (req) => ok(await service.saveUser(app.db, caller(req), req.body), '保存成功'),
  );

  app.post(
    '/api/sys/user/detail',
    {
      config: { access: { perm: Perm.userList } },
      schema: { tags, summary: 'One user', body: IdBody, response: { 200: Envelope(UserRecord) } },
    },
    async (req) => ok(await service.getUserRecord(app.db, req.body.id)),
  );

  app.post(
    '/api/sys/user/paging',
    {
      config: { access: { perm: Perm.userList } },
      schema: {
        tags,
        summary: 'Users, filtered (deptId includes sub-departments) and paged',
        body: UserPagingBody,
        response: { 200: Envelope(Page(UserRecord)) },
      },
    },
    async (req) => ok(await service.pageUsers(app.db, req.body)),
  );

  app.post(
    '/api/sys/user/reset-pass',
    {
      config: { access: { perm: Perm.userResetPass } },
      schema: { tags, summary: 'Set a new password on users (signs them out)', body: ResetPassBody, response: { 200: Done } },
    },
    async (req) => {
      await service.resetPasswords(app.db, caller(req), req.body.ids, req.body.password);
      return ok(null, '密码已重置');
    },
  );

  app.post(
    '/api/sys/user/batch-dept',
    {
      config: { access: { perm: Perm.userBatch } },
      schema: { tags, summary: 'Move users to a department', body: BatchDeptBody, response: { 200: Done } },
    },
    async (req) => {
      await service.batchDept(app.db, req.body.ids, req.body.deptId);
      return ok(null);
    },
  );

  app.post(
    '/api/sys/user/batch-role',
    {
      config: { access: { perm: Perm.userBatch } },
      schema: { tags, summary: 'Replace the roles of users', body: BatchRoleBody, response: { 200: Done } },
    },
    async (req) => {
      await service.batchRole(app.db, req.body.ids, req.body.roleIds);
      return ok(null);
    },
  );

  app.post(
    '/api/sys/user/state',
    {
      config: { access: { perm: Perm.userState } },
      schema: { tags, summary: 'Enable (0), disable (1) or set pending (2)', body: UserStateBody, response: { 200: Done } },
    },
    async (req) => {
      await service.setUserState(app.db, caller(req), req.body.ids, req.body.state);
      return ok(null);
    },
  );

  app.post(
    '/api/sys/user/delete',
    {
      config: { access: { perm: Perm.userDelete } },
      schema: { tags, summary: 'Delete users (never yourself, never the last administrator)', body: IdsBody, response: { 200: Done } },
    },
    async (req) => {
      await service.deleteUsers(app.db, caller(req), req.body.ids);
      return ok(null, '删除成功');
    },
  );

  app.post(
    '/api/sys/user/export',
    {
      config: { access: { perm: Perm.userExport } },
      schema: {
        tags,
        summary: 'Users matching the filters as an .xlsx file (JSON envelope on error)',
        body: UserExportBody,
        response: {
          200: {
            description: 'The spreadsheet, or the error envelope',
            content: {
              [XLSX_MIME]: { schema: { type: 'string', format: 'binary' } },
              'application/json': { schema: Done },
            },
          },
        },
      },
    },
    async (req, reply) => {
      const file = await service.exportUsers(app.db, req.body.params);
      return reply
        .header('Content-Type', XLSX_MIME)
        .header('Content-Disposition', contentDisposition('attachment', USER_EXPORT_FILE_NAME))
        .header('Cache-Control', 'no-store')
        .send(file);
    },
  );
}
