import { Type } from '@sinclair/typebox';
import { DepartNode, DepartRecord, DepartSaveBody, EmptyBody, Envelope, IdBody, IdsBody, SortBody } from '../../../common/api';
import { Perm } from '../../../common/permissions';
import { ok } from '../../lib/envelope';
import type { App } from '../../types';
import { deleteDeparts, departTree, getDepart, saveDepart, sortDepart } from './depart.service';

const tags = ['depart'];

export default async function departRoutes(app: App) {
  // Tree and detail serve every administrator: the user screens pick departments from them.
  app.post(
    '/api/sys/depart/tree',
    {
      config: { access: 'admin' },
      schema: { tags, summary: 'Department tree with user counts', body: EmptyBody, response: { 200: Envelope(Type.Array(DepartNode)) } },
    },
    async () => ok(await departTree(app.db)),
  );

  app.post(
    '/api/sys/depart/detail',
    { config: { access: 'admin' }, schema: { tags, summary: 'One department', body: IdBody, response: { 200: Envelope(DepartRecord) } } },
    async (req) => ok(await getDepart(app.db, req.body.id)),
  );

  app.post(
    '/api/sys/depart/save',
    {
      config: { access: { perm: Perm.departSave } },
      schema: { tags, summary: 'Create or update a department', body: DepartSaveBody, response: { 200: Envelope(DepartRecord) } },
    },
    async (req) => ok(await saveDepart(app.db, req.body), '保存成功'),
  );

  app.post(
    '/api/sys/depart/delete',
    {
      config: { access: { perm: Perm.departDelete } },
      schema: { tags, summary: 'Delete empty departments', body: IdsBody, response: { 200: Envelope(Type.Null()) } },
    },
    async (req) => {
      await deleteDeparts(app.db, req.body);
      return ok(null, '删除成功');
    },
  );

  app.post(
    '/api/sys/depart/sort',
    {
      config: { access: { perm: Perm.departSave } },
      schema: { tags, summary: 'Move a department up (-1) or down (+1) among its siblings', body: SortBody, response: { 200: Envelope(DepartRecord) } },
    },
    async (req) => ok(await sortDepart(app.db, req.body), '排序成功'),
  );
}
