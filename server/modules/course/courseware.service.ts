import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type {
  ChapterSaveBody,
  CourseChapterRecord,
  CourseFileRecord,
  CourseFileSaveBody,
  CourseFileUploadFields,
  CourseOutline,
  CourseViewer,
  IdsBody,
  SortBody,
} from '../../../common/api';
import { COURSE_FILE_LIMIT, ConvertState, CourseFileKind } from '../../../common/api/course';
import { inTransaction, type ServiceContext } from '../../context';
import type { CourseChapterRow, CourseFileRow } from '../../db/schema';
import { fail, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { isBlankRichText, sanitizeRichText } from '../../lib/sanitize';
import { copyDemoCourseFiles, DEMO_COURSE_KEY_PREFIX } from '../../seed/demoCourse';
import { planMove } from '../../lib/siblingOrder';
import { updateSorts } from '../../lib/catalog';
import { signedFileUrl, urlExpiry, urlKey, urlRenewAfter, type UrlViewer } from './course.content';
import { invalidateCourses, orderCourseware } from './course.def';
import {
  UNSUPPORTED_TYPE,
  claimedKind,
  courseRoot,
  detectCourseFile,
  mp4DurationSeconds,
  newStorageKey,
  pdfPageCount,
  receiveToDisk,
  removeStored,
  storedPath,
} from './course.storage';
import * as courses from './course.repository';
import * as learn from './learn.repository';
import * as repo from './courseware.repository';

const missingCourse = () => notFound('课程不存在或已被删除');
const missingChapter = () => notFound('章节不存在或已被删除');
const missingFile = () => notFound('课件不存在或已被删除');

/** How the learner page shows a file. */
export function viewerOf(kind: number, convState: number): CourseViewer {
  switch (kind) {
    case CourseFileKind.VIDEO:
      return 'video';
    case CourseFileKind.AUDIO:
      return 'audio';
    case CourseFileKind.PDF:
      return 'pdf';
    case CourseFileKind.IMAGE:
      return 'image';
    case CourseFileKind.LESSON:
      return 'lesson';
    default:
      return convState === ConvertState.DONE ? 'pdf' : 'download';
  }
}

export function chapterRowToRecord(row: CourseChapterRow): CourseChapterRecord {
  return { id: row.id, courseId: row.course_id, title: row.title, sort: row.sort };
}

export function fileRowToRecord(row: CourseFileRow, url: string): CourseFileRecord {
  return {
    id: row.id,
    courseId: row.course_id,
    chapterId: row.chapter_id ?? '',
    title: row.title,
    kind: CourseFileKind.of(row.kind),
    fileName: row.file_name,
    size: row.size,
    durationSec: row.duration_sec,
    pageCount: row.page_count,
    needSeconds: row.need_seconds,
    needAllPages: row.need_all_pages === 1,
    sort: row.sort,
    convState: ConvertState.of(row.conv_state),
    convError: row.conv_error,
    content: row.content,
    viewer: viewerOf(row.kind, row.conv_state),
    url,
    createTime: row.create_time,
    updateTime: row.update_time,
  };
}

/** Signs preview URLs of files for one viewer (an administrator here). */
async function urlSigner(ctx: ServiceContext, viewer: UrlViewer): Promise<{ sign: (row: CourseFileRow) => string; renewAfter: number }> {
  const key = await urlKey(ctx);
  const now = ctx.clock.now();
  const expiry = urlExpiry(now);
  return { sign: (row) => (row.kind === CourseFileKind.LESSON ? '' : signedFileUrl(key, row.id, viewer, expiry)), renewAfter: urlRenewAfter(now, expiry) };
}

async function assertCourse(ctx: ServiceContext, courseId: string): Promise<void> {
  if ((await courses.existingCourseIds(ctx.db, [courseId])).length === 0) throw missingCourse();
}

/** A chapter id of this course, or null for "no chapter". */
async function checkChapter(ctx: ServiceContext, courseId: string, raw: string | undefined): Promise<string | null> {
  const id = raw?.trim() ?? '';
  if (!id || id === '0') return null;
  const chapter = await repo.findChapter(ctx.db, id);
  if (!chapter || chapter.course_id !== courseId) throw fail('所选章节不存在或不属于本课程');
  return id;
}

/**
 * After files change: each changed file's done flags follow its current rule, and every learner's
 * finish follows the current file list (a new file reopens a finished course).
 */
async function refreshCompletion(ctx: ServiceContext, courseId: string, changed: CourseFileRow[]): Promise<void> {
  const now = ctx.clock.now();
  for (const f of changed) {
    const needPages = f.need_all_pages === 1 && f.page_count > 0 ? f.page_count : 0;
    await learn.refreshFileDone(ctx.db, f.id, f.need_seconds * 1000, needPages, now);
  }
  const count = (await repo.listFiles(ctx.db, courseId)).length;
  await learn.refreshCourseFinish(ctx.db, courseId, count, now);
}

// ---------- outline and chapters ----------

export async function courseOutline(ctx: ServiceContext, viewer: UrlViewer, courseId: string): Promise<CourseOutline> {
  await assertCourse(ctx, courseId);
  const [chapters, files] = await Promise.all([repo.listChapters(ctx.db, courseId), repo.listFiles(ctx.db, courseId)]);
  const { sign, renewAfter } = await urlSigner(ctx, viewer);
  const ordered = orderCourseware(chapters, files);
  const toRecord = (f: CourseFileRow) => fileRowToRecord(f, sign(f));
  return {
    courseId,
    files: ordered.loose.map(toRecord),
    chapters: ordered.chapters.map((c) => ({ ...chapterRowToRecord(c), files: ordered.byChapter.get(c.id)!.map(toRecord) })),
    urlRenewAfter: renewAfter,
  };
}

export async function saveChapter(ctx: ServiceContext, body: ChapterSaveBody): Promise<CourseChapterRecord> {
  const title = body.title.trim();
  if (!title) throw fail('章节名称不能为空');
  const id = await inTransaction(ctx, async (tx) => {
    await assertCourse(tx, body.courseId);
    if (body.id) {
      const current = await repo.findChapter(tx.db, body.id);
      if (!current || current.course_id !== body.courseId) throw missingChapter();
      await repo.renameChapter(tx.db, current.id, title);
      return current.id;
    }
    const created = newId();
    await repo.insertChapter(tx.db, { id: created, course_id: body.courseId, title, sort: await repo.nextChapterSort(tx.db, body.courseId), create_time: tx.clock.now() });
    return created;
  });
  invalidateCourses(ctx, [body.courseId]);
  return chapterRowToRecord((await repo.findChapter(ctx.db, id))!);
}

const bySort = (a: { sort: number; id: string }, b: { sort: number; id: string }) => a.sort - b.sort || a.id.localeCompare(b.id);

export async function sortChapter(ctx: ServiceContext, { id, sort }: SortBody): Promise<CourseChapterRecord> {
  const row = await inTransaction(ctx, async (tx) => {
    const chapter = await repo.findChapter(tx.db, id);
    if (!chapter) throw missingChapter();
    if (sort === -1 || sort === 1) {
      const siblings = (await repo.listChapters(tx.db, chapter.course_id)).sort(bySort);
      await updateSorts(tx.db, 'course_chapter', planMove(siblings, id, sort));
    } else {
      await updateSorts(tx.db, 'course_chapter', [{ id, sort }]);
    }
    return chapter;
  });
  invalidateCourses(ctx, [row.course_id]);
  return chapterRowToRecord((await repo.findChapter(ctx.db, id))!);
}

/** Refused, naming them, while a chapter holds files. */
export async function deleteChapters(ctx: ServiceContext, { ids }: IdsBody): Promise<void> {
  const unique = [...new Set(ids)];
  const courseIds = await inTransaction(ctx, async (tx) => {
    const holding = await repo.chaptersWithFiles(tx.db, unique);
    if (holding.length) throw fail(`章节“${holding.join('”、“')}”下还有课件，请先删除或移走这些课件`);
    const owners = await repo.courseIdsOfChapters(tx.db, unique);
    if ((await repo.deleteChapters(tx.db, unique)) === 0) throw missingChapter();
    return owners;
  });
  invalidateCourses(ctx, courseIds);
}

// ---------- files ----------

export interface IncomingCourseFile {
  fields: CourseFileUploadFields;
  /** The name the browser sent: display only, never a path. */
  fileName: string;
  stream: Readable;
}

/** Display name: the last path segment, without control characters, bounded. */
function displayName(raw: string): string {
  const base = raw.split(/[\\/]/).pop() ?? '';
  return base.replace(/[\p{Cc}\p{Cf}]/gu, '').trim().slice(-200) || 'file';
}

/**
 * Stores one uploaded course file: streamed to disk (up to 2 GB, never buffered), its kind decided
 * by its magic bytes and checked against its name, media length and PDF pages read where we can,
 * Office documents queued for conversion. The required time defaults to the media's length.
 */
export async function uploadCourseFile(ctx: ServiceContext, uploader: UrlViewer, upload: IncomingCourseFile): Promise<CourseFileRecord> {
  const { fields } = upload;
  const name = displayName(upload.fileName);
  let chapterId: string | null;
  try {
    await assertCourse(ctx, fields.courseId);
    chapterId = await checkChapter(ctx, fields.courseId, fields.chapterId);
    if (claimedKind(name) === undefined) throw fail(UNSUPPORTED_TYPE);
  } catch (e) {
    // Drain the part so the request completes and the refusal reaches the client.
    upload.stream.resume();
    throw e;
  }

  const base = newStorageKey(ctx.clock.now(), '');
  const partPath = path.join(courseRoot(ctx.config.dataDir), `${base}.part`);
  let stored: string | undefined;
  try {
    const received = await receiveToDisk(upload.stream, partPath, COURSE_FILE_LIMIT);
    if (received.tooBig) throw fail('课件不能超过 2GB');
    if (received.size === 0) throw fail('上传的文件是空的');
    const type = await detectCourseFile(partPath, name);
    if (typeof type === 'string') throw fail(type);
    stored = `${base}${type.ext}`;
    const finalPath = storedPath(ctx.config.dataDir, stored)!;
    await fs.promises.rename(partPath, finalPath);

    const media = type.kind === CourseFileKind.VIDEO || type.kind === CourseFileKind.AUDIO;
    const measured = type.ext === '.mp4' || type.ext === '.m4a' ? await mp4DurationSeconds(finalPath) : 0;
    const hinted = fields.durationSec ? Math.round(Number(fields.durationSec)) : 0;
    const duration = media ? measured || hinted : 0;
    const pageCount = type.kind === CourseFileKind.PDF ? await pdfPageCount(finalPath) : 0;
    const needSeconds = fields.needSeconds !== undefined ? Number(fields.needSeconds) : duration;
    const title = (fields.title?.trim() || name.replace(/\.[^.]*$/, '') || name).slice(0, 128);

    const id = newId();
    const row = await inTransaction(ctx, async (tx) => {
      const now = tx.clock.now();
      const values: CourseFileRow = {
        id,
        course_id: fields.courseId,
        chapter_id: chapterId,
        title,
        kind: type.kind,
        file_name: name,
        mime: type.mime,
        size: received.size,
        storage_key: stored!,
        content: '',
        duration_sec: duration,
        page_count: pageCount,
        need_seconds: Math.min(needSeconds, 100 * 3600),
        need_all_pages: 0,
        sort: await repo.nextFileSort(tx.db, fields.courseId, chapterId),
        conv_state: type.kind === CourseFileKind.OFFICE ? ConvertState.WAITING : ConvertState.NONE,
        conv_key: '',
        conv_error: '',
        conv_attempts: 0,
        conv_time: null,
        create_by: uploader.id,
        create_time: now,
        update_time: now,
      };
      await repo.insertFile(tx.db, values);
      await refreshCompletion(tx, fields.courseId, []);
      return values;
    });
    invalidateCourses(ctx, [fields.courseId]);
    return fileRowToRecord(row, (await urlSigner(ctx, uploader)).sign(row));
  } catch (e) {
    await fs.promises.rm(partPath, { force: true });
    if (stored) await removeStored(ctx.config.dataDir, [stored]);
    throw e;
  }
}

/** Updates a file's settings, or (without id) creates a rich-text lesson. */
export async function saveCourseFile(ctx: ServiceContext, editor: UrlViewer, body: CourseFileSaveBody): Promise<CourseFileRecord> {
  const title = body.title.trim();
  if (!title) throw fail('课件名称不能为空');
  const content = body.content === undefined ? undefined : sanitizeRichText(body.content);
  const id = await inTransaction(ctx, async (tx) => {
    await assertCourse(tx, body.courseId);
    const chapterId = await checkChapter(tx, body.courseId, body.chapterId);
    const now = tx.clock.now();
    if (!body.id) {
      if (!content || isBlankRichText(content)) throw fail('图文课的内容不能为空');
      const created = newId();
      await repo.insertFile(tx.db, {
        id: created,
        course_id: body.courseId,
        chapter_id: chapterId,
        title,
        kind: CourseFileKind.LESSON,
        file_name: '',
        mime: '',
        size: 0,
        storage_key: '',
        content,
        duration_sec: 0,
        page_count: 0,
        need_seconds: body.needSeconds ?? 0,
        need_all_pages: 0,
        sort: await repo.nextFileSort(tx.db, body.courseId, chapterId),
        conv_state: ConvertState.NONE,
        conv_key: '',
        conv_error: '',
        conv_attempts: 0,
        conv_time: null,
        create_by: editor.id,
        create_time: now,
        update_time: now,
      });
      await refreshCompletion(tx, body.courseId, []);
      return created;
    }
    const current = await repo.findFile(tx.db, body.id);
    if (!current || current.course_id !== body.courseId) throw missingFile();
    if (current.kind === CourseFileKind.LESSON && content !== undefined && isBlankRichText(content)) throw fail('图文课的内容不能为空');
    const movedChapter = chapterId !== current.chapter_id;
    await repo.updateFile(tx.db, current.id, {
      title,
      chapter_id: chapterId,
      need_seconds: body.needSeconds ?? current.need_seconds,
      need_all_pages: body.needAllPages === undefined ? current.need_all_pages : body.needAllPages ? 1 : 0,
      ...(current.kind === CourseFileKind.LESSON && content !== undefined ? { content } : {}),
      ...(movedChapter ? { sort: await repo.nextFileSort(tx.db, body.courseId, chapterId) } : {}),
      update_time: now,
    });
    await refreshCompletion(tx, body.courseId, [(await repo.findFile(tx.db, current.id))!]);
    return current.id;
  });
  invalidateCourses(ctx, [body.courseId]);
  const row = (await repo.findFile(ctx.db, id))!;
  return fileRowToRecord(row, (await urlSigner(ctx, editor)).sign(row));
}

export async function sortCourseFile(ctx: ServiceContext, viewer: UrlViewer, { id, sort }: SortBody): Promise<CourseFileRecord> {
  const file = await inTransaction(ctx, async (tx) => {
    const row = await repo.findFile(tx.db, id);
    if (!row) throw missingFile();
    if (sort === -1 || sort === 1) {
      const siblings = (await repo.listSiblingFiles(tx.db, row.course_id, row.chapter_id)).sort(bySort);
      await updateSorts(tx.db, 'course_file', planMove(siblings, id, sort));
    } else {
      await updateSorts(tx.db, 'course_file', [{ id, sort }]);
    }
    return row;
  });
  invalidateCourses(ctx, [file.course_id]);
  const row = (await repo.findFile(ctx.db, id))!;
  return fileRowToRecord(row, (await urlSigner(ctx, viewer)).sign(row));
}

/** Deletes files with their learning records, then their bytes; learners' finishes follow the remaining files. */
export async function deleteCourseFiles(ctx: ServiceContext, { ids }: IdsBody): Promise<void> {
  const unique = [...new Set(ids)];
  const gone = await inTransaction(ctx, async (tx) => {
    const rows = await repo.filesToDelete(tx.db, unique);
    if (rows.length === 0) throw missingFile();
    await repo.deleteFiles(tx.db, unique);
    for (const courseId of new Set(rows.map((r) => r.course_id))) await refreshCompletion(tx, courseId, []);
    return rows;
  });
  invalidateCourses(ctx, new Set(gone.map((r) => r.course_id)));
  await removeStored(ctx.config.dataDir, gone.flatMap((r) => [r.storage_key, r.conv_key]).filter(Boolean));
}

/** Puts failed (or converter-less) Office documents back in the conversion queue. */
export async function requeueConversion(ctx: ServiceContext, { ids }: IdsBody): Promise<void> {
  const courseIds = await repo.requeueConversions(
    ctx.db,
    [...new Set(ids)],
    [ConvertState.FAILED, ConvertState.UNAVAILABLE],
    ConvertState.WAITING,
    ctx.clock.now(),
  );
  if (courseIds.length === 0) throw fail('所选课件无需重新转换');
  invalidateCourses(ctx, courseIds);
}

/** The demo course's rows are seeded without a data folder at hand: its files are put in place here, at start. */
export async function restoreDemoFiles(ctx: ServiceContext): Promise<void> {
  const keys = await repo.storageKeysLike(ctx.db, DEMO_COURSE_KEY_PREFIX);
  if (keys.length) await copyDemoCourseFiles(courseRoot(ctx.config.dataDir), keys);
}
