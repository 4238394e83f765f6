import { Readable } from 'node:stream';
import contentDisposition from 'content-disposition';
import { Value } from '@sinclair/typebox/value';
import { repoApi, repoCatalogApi } from '../../../common/api/repo';
import { IMPORT_MAX_BYTES, ImportFormat, ImportTextBody, quApi, userQuApi } from '../../../common/api/qu';
import type { FastifyReply } from 'fastify';
import { ok } from '../../lib/envelope';
import { fail } from '../../lib/errors';
import { jobTicketOf } from '../../lib/jobTicket';
import { route, routeRawJson } from '../../lib/route';
import { caller, type App } from '../../types';
import { detectFormat } from './import';
import * as questions from './qu.service';
import { closeHeavyWorkers } from '../../workers/pool';
import { commitImport, exportQuestions, importTemplate, prewarmImports, previewImport, XLSX_MIME } from './qu.transfer';
import * as repos from './repo.service';

const REPO_ID = /^[A-Za-z0-9_-]{1,32}$/;

export default async function quRoutes(app: App) {
  const { ctx } = app;
  // A listening server boots its import worker at once, so the first import does not wait for it;
  // an app that never listens (the API tests) starts one at its first import. Idle workers end with the app.
  app.addHook('onListen', async () => prewarmImports());
  app.addHook('onClose', async () => closeHeavyWorkers());

  // ---------- bank categories ----------
  route(app, repoCatalogApi.tree, () => repos.catalogTree(ctx));
  route(app, repoCatalogApi.detail, (req) => repos.getCatalog(ctx, req.body.id));
  route(app, repoCatalogApi.save, (req) => repos.saveCatalog(ctx, req.body));
  route(app, repoCatalogApi.delete, async (req) => {
    await repos.deleteCatalogs(ctx, req.body.ids);
    return null;
  });
  route(app, repoCatalogApi.sort, (req) => repos.sortCatalog(ctx, req.body));

  // ---------- banks ----------
  route(app, repoApi.paging, (req) => repos.pagingRepos(ctx, req.body));
  route(app, repoApi.detail, (req) => repos.getRepo(ctx, req.body.id));
  route(app, repoApi.save, (req) => repos.saveRepo(ctx, caller(req).id, req.body));
  route(app, repoApi.delete, async (req) => {
    await repos.deleteRepos(ctx, req.body.ids);
    return null;
  });
  route(app, repoApi.listStat, (req) => repos.listStat(ctx, req.body.id));

  // ---------- questions ----------
  route(app, quApi.paging, (req) => questions.pagingQuestions(ctx, req.body));
  route(app, quApi.detail, (req) => questions.getQuestion(ctx, req.body.id));
  route(app, quApi.save, (req) => questions.saveQuestion(ctx, caller(req).id, req.body));
  route(app, quApi.delete, async (req) => {
    await questions.deleteQuestions(ctx, req.body.ids);
    return null;
  });
  route(app, quApi.batch, (req) => questions.batchQuestions(ctx, caller(req).id, req.body));
  route(app, quApi.batchLevel, (req) => questions.batchLevel(ctx, req.body));
  route(app, quApi.batchTag, (req) => questions.batchTag(ctx, req.body));
  route(app, quApi.tags, (req) => questions.tagsOfRepo(ctx, req.body.repoId));

  // ---------- import and export ----------
  // The preview comes back as JSON written off the event loop (see previewImport): sent as it is,
  // in the envelope every call answers.
  const sendPreview = async (reply: FastifyReply, json: Promise<Buffer[]>) => {
    const { code, msg } = ok(null, quApi.importParse.okMsg);
    const pieces = [Buffer.from(`{"code":${code},"msg":${JSON.stringify(msg)},"data":`), ...(await json), Buffer.from('}')];
    // Written piece by piece: the preview's megabytes go to the socket as the worker wrote them.
    return reply
      .header('content-type', 'application/json; charset=utf-8')
      .header('content-length', pieces.reduce((n, p) => n + p.length, 0))
      .send(Readable.from(pieces));
  };
  route(app, quApi.importParse, async (req, reply) => {
    const who = caller(req);
    if (!req.isMultipart()) {
      const body: unknown = req.body;
      if (!Value.Check(ImportTextBody, body)) throw fail('请粘贴要导入的试题文本');
      return sendPreview(reply, previewImport(ctx, who, { ...body, ticket: jobTicketOf(req) }));
    }
    const part = await req.file({ limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 5 } });
    if (!part) throw fail('请选择要导入的文件');
    const fieldValue = (name: string) => {
      const raw = part.fields[name];
      const field = Array.isArray(raw) ? raw[0] : raw;
      return field?.type === 'field' && typeof field.value === 'string' ? field.value : undefined;
    };
    const given = fieldValue('repoId');
    const repoId = given && REPO_ID.test(given) ? given : undefined;
    // A format the administrator chose is read as is; otherwise the name says it and the content may correct it.
    const chosen = fieldValue('format');
    const format = chosen && Value.Check(ImportFormat, chosen) ? chosen : detectFormat(part.filename);
    if (!format) {
      part.file.resume();
      throw fail('不支持的文件格式，请上传 Word（.docx）、Excel（.xlsx）、文本（.txt）、GIFT（.gift）或 Moodle XML（.xml）文件');
    }
    const buffer = await part.toBuffer();
    if (part.file.truncated) throw fail(`文件太大，最大 ${IMPORT_MAX_BYTES / 1024 / 1024}MB`);
    return sendPreview(reply, previewImport(ctx, who, { format, buffer, fileName: part.filename, repoId, detect: format !== chosen, ticket: jobTicketOf(req) }));
  });
  routeRawJson(app, quApi.importCommit, (req, body) => commitImport(ctx, caller(req).id, body, jobTicketOf(req)));
  route(app, quApi.importTemplate, async (_req, reply) =>
    reply.header('Content-Type', XLSX_MIME).header('Content-Disposition', contentDisposition('试题导入模板.xlsx')).send(await importTemplate()),
  );
  route(app, quApi.export, async (req, reply) =>
    reply.header('Content-Type', XLSX_MIME).header('Content-Disposition', contentDisposition('试题导出.xlsx')).send(await exportQuestions(ctx, req.body)),
  );

  // ---------- learners ----------
  route(app, userQuApi.detail, (req) => questions.learnerQuestion(ctx, caller(req).id, req.body.id));
}
