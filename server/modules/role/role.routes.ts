import { Type } from '@sinclair/typebox';
import { EmptyBody, Envelope, IdBody, IdsBody, Page, RolePagingBody, RoleRecord, RoleSaveBody } from '../../../common/api';
import { Perm } from '../../../common/permissions';
import { ok } from '../../lib/envelope';
import type { App } from '../../types';
import { deleteRoles, getRole, listAllRoles, pagingRoles, saveRole } from './role.service';

const tags = ['role'];

export default async function roleRoutes(app: App) {
  app.post(
    '/api/sys/role/paging',
    {
      config: { access: { perm: Perm.roleList } },
      schema: { tags, summary: 'Roles, a page at a time', body: RolePagingBody, response: { 200: Envelope(Page(RoleRecord)) } },
    },
    async (req) => ok(await pagingRoles(app.db, req.body)),
  );

  // Every administrator: the user screens pick roles from this list.
  app.post(
    '/api/sys/role/list',
    {
      config: { access: 'admin' },
      schema: { tags, summary: 'Every role (for pickers)', body: EmptyBody, response: { 200: Envelope(Type.Array(RoleRecord)) } },
    },
    async () => ok(await listAllRoles(app.db)),
  );

  app.post(
    '/api/sys/role/detail',
    {
      config: { access: { perm: Perm.roleList } },
      schema: { tags, summary: 'One role with its menu ids', body: IdBody, response: { 200: Envelope(RoleRecord) } },
    },
    async (req) => ok(await getRole(app.db, req.body.id)),
  );

  app.post(
    '/api/sys/role/save',
    {
      config: { access: { perm: Perm.roleSave } },
      schema: { tags, summary: 'Create or update a role and its menus', body: RoleSaveBody, response: { 200: Envelope(RoleRecord) } },
    },
    async (req) => ok(await saveRole(app.ctx, req.body), '保存成功'),
  );

  app.post(
    '/api/sys/role/delete',
    {
      config: { access: { perm: Perm.roleDelete } },
      schema: { tags, summary: 'Delete roles no user holds', body: IdsBody, response: { 200: Envelope(Type.Null()) } },
    },
    async (req) => {
      await deleteRoles(app.ctx, req.body);
      return ok(null, '删除成功');
    },
  );
}
