import type { Multipart } from '@fastify/multipart';
import { Type } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import {
  COURSE_FILE_CONTENT_PATH,
  COURSE_FILE_LIMIT,
  CourseFileUploadFields,
  CourseState,
  courseApi,
  courseCatalogApi,
  courseFileApi,
  courseLearnApi,
  courseRecordApi,
} from '../../../common/api/course';
import { Id } from '../../../common/api/base';
import { fail } from '../../lib/errors';
import { route, withMsg } from '../../lib/route';
import { caller, type App } from '../../types';
import contentDisposition from 'content-disposition';
import * as catalogs from './catalog.service';
import { authorizeContent, sendFileWithRanges, urlKey } from './course.content';
import { beat, confirm } from './course.learning';
import { exportRecords, pagingRecords, XLSX_MIME } from './course.records';
import * as courses from './course.service';
import * as ware from './courseware.service';
import * as learner from './learner.service';

/** Plain form fields that came before the file part, as strings. */
function fieldValues(fields: Record<string, Multipart | Multipart[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, raw] of Object.entries(fields)) {
    const first = Array.isArray(raw) ? raw[0] : raw;
    if (first?.type === 'field' && typeof first.value === 'string') out[name] = first.value;
  }
  return out;
}

export default async function courseRoutes(app: App) {
  const { ctx } = app;
  // The URL-signing key exists from the first start on (generated once, kept in the database).
  await urlKey(ctx);
  await ware.restoreDemoFiles(ctx);

  // ---------- categories ----------
  route(app, courseCatalogApi.tree, () => catalogs.catalogTree(ctx));
  route(app, courseCatalogApi.detail, (req) => catalogs.getCatalog(ctx, req.body.id));
  route(app, courseCatalogApi.save, (req) => catalogs.saveCatalog(ctx, req.body));
  route(app, courseCatalogApi.delete, async (req) => {
    await catalogs.deleteCatalogs(ctx, req.body);
    return null;
  });
  route(app, courseCatalogApi.sort, (req) => catalogs.sortCatalog(ctx, req.body));

  // ---------- courses ----------
  route(app, courseApi.paging, (req) => courses.pagingCourses(ctx, req.body));
  route(app, courseApi.detail, (req) => courses.getCourse(ctx, req.body.id));
  route(app, courseApi.save, (req) => courses.saveCourse(ctx, caller(req).id, req.body));
  route(app, courseApi.delete, async (req) => {
    await courses.deleteCourses(ctx, req.body);
    return null;
  });
  route(app, courseApi.state, async (req) => {
    await courses.setCoursesState(ctx, req.body);
    return withMsg(null, req.body.state === CourseState.PUBLISHED ? '发布成功' : '已取消发布');
  });

  // ---------- chapters and files ----------
  route(app, courseFileApi.outline, (req) => ware.courseOutline(ctx, caller(req), req.body.courseId));
  route(app, courseFileApi.chapterSave, (req) => ware.saveChapter(ctx, req.body));
  route(app, courseFileApi.chapterSort, (req) => ware.sortChapter(ctx, req.body));
  route(app, courseFileApi.chapterDelete, async (req) => {
    await ware.deleteChapters(ctx, req.body);
    return null;
  });
  route(app, courseFileApi.upload, async (req) => {
    if (!req.isMultipart()) throw fail('请选择要上传的课件');
    const part = await req.file({ limits: { fileSize: COURSE_FILE_LIMIT, files: 1, fields: 10 } });
    if (!part) throw fail('请选择要上传的课件');
    const fields = fieldValues(part.fields);
    if (!Value.Check(CourseFileUploadFields, fields)) {
      part.file.resume();
      throw fail('上传参数不正确：请先选择课程');
    }
    return ware.uploadCourseFile(ctx, caller(req), { fields, fileName: part.filename, stream: part.file });
  });
  route(app, courseFileApi.save, (req) => ware.saveCourseFile(ctx, caller(req), req.body));
  route(app, courseFileApi.sort, (req) => ware.sortCourseFile(ctx, caller(req), req.body));
  route(app, courseFileApi.delete, async (req) => {
    await ware.deleteCourseFiles(ctx, req.body);
    return null;
  });
  route(app, courseFileApi.convert, async (req) => {
    await ware.requeueConversion(ctx, req.body);
    return null;
  });

  // The bytes: signed URL instead of the token (see course.content.ts); Range for seeking.
  app.get(
    `${COURSE_FILE_CONTENT_PATH}/:fileId`,
    {
      config: { access: 'public' },
      schema: {
        tags: ['course'],
        summary: 'A course file, by the signed URL a detail call answered (byte ranges supported; the user is checked on every request)',
        params: Type.Object({ fileId: Id }),
        querystring: Type.Object({
          u: Type.String({ minLength: 1, maxLength: 32 }),
          k: Type.String({ pattern: '^[0-9a-f]{32}$' }),
          e: Type.String({ pattern: '^[0-9]{1,16}$' }),
          s: Type.String({ minLength: 1, maxLength: 128 }),
        }),
        response: {
          200: { description: 'The whole file', content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } } },
          206: { description: 'One byte range', content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } } },
        },
      },
    },
    async (req, reply) => sendFileWithRanges(req, reply, await authorizeContent(ctx, req.params.fileId, req.query)),
  );

  // ---------- learning ----------
  route(app, courseLearnApi.myPaging, (req) => learner.pagingMyCourses(ctx, caller(req).id, req.body));
  route(app, courseLearnApi.detail, (req) => learner.myCourseDetail(ctx, caller(req), req.body.id));
  route(app, courseLearnApi.beat, async (req) => {
    const { result, msg } = await beat(ctx, caller(req).id, req.body);
    return msg ? withMsg(result, msg) : result;
  });
  route(app, courseLearnApi.confirm, (req) => confirm(ctx, caller(req).id, req.body.courseId));

  // ---------- records ----------
  route(app, courseRecordApi.paging, (req) => pagingRecords(ctx, req.body));
  route(app, courseRecordApi.export, async (req, reply) => {
    const file = await exportRecords(ctx, req.body);
    return reply.header('Content-Type', XLSX_MIME).header('Content-Disposition', contentDisposition(file.fileName)).send(file.data);
  });
  route(app, courseRecordApi.userPaging, (req) => learner.pagingUserCourses(ctx, req.body));
  route(app, courseRecordApi.myPaging, (req) => learner.pagingMyRecords(ctx, caller(req).id, req.body));
}
