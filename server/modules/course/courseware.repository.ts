import type { Db } from '../../db/database';
import type { CourseChapterRow, CourseFileRow } from '../../db/schema';

// ---------- chapters ----------

const CHAPTER_COLUMNS = ['id', 'course_id', 'title', 'sort', 'create_time'] as const;

export function listChapters(db: Db, courseId: string): Promise<CourseChapterRow[]> {
  return db.selectFrom('course_chapter').select(CHAPTER_COLUMNS).where('course_id', '=', courseId).execute();
}

export function findChapter(db: Db, id: string): Promise<CourseChapterRow | undefined> {
  return db.selectFrom('course_chapter').select(CHAPTER_COLUMNS).where('id', '=', id).executeTakeFirst();
}

export async function nextChapterSort(db: Db, courseId: string): Promise<number> {
  const row = await db.selectFrom('course_chapter').select((eb) => eb.fn.max('sort').as('m')).where('course_id', '=', courseId).executeTakeFirst();
  return Number(row?.m ?? 0) + 1;
}

export async function insertChapter(db: Db, row: CourseChapterRow): Promise<void> {
  await db.insertInto('course_chapter').values(row).execute();
}

export async function renameChapter(db: Db, id: string, title: string): Promise<void> {
  await db.updateTable('course_chapter').set({ title }).where('id', '=', id).execute();
}

/** Titles of the chapters among `ids` that still hold files. */
export async function chaptersWithFiles(db: Db, ids: readonly string[]): Promise<string[]> {
  const rows = await db
    .selectFrom('course_chapter as h')
    .select('h.title')
    .where('h.id', 'in', ids)
    .where((eb) => eb.exists(eb.selectFrom('course_file as f').select('f.id').whereRef('f.chapter_id', '=', 'h.id')))
    .orderBy('h.title')
    .execute();
  return rows.map((r) => r.title);
}

export async function courseIdsOfChapters(db: Db, ids: readonly string[]): Promise<string[]> {
  const rows = await db.selectFrom('course_chapter').select('course_id').distinct().where('id', 'in', ids).execute();
  return rows.map((r) => r.course_id);
}

export async function deleteChapters(db: Db, ids: readonly string[]): Promise<number> {
  const res = await db.deleteFrom('course_chapter').where('id', 'in', ids).executeTakeFirst();
  return Number(res.numDeletedRows);
}

// ---------- files ----------

const FILE_COLUMNS = [
  'id', 'course_id', 'chapter_id', 'title', 'kind', 'file_name', 'mime', 'size', 'storage_key', 'content', 'duration_sec',
  'page_count', 'need_seconds', 'need_all_pages', 'sort', 'conv_state', 'conv_key', 'conv_error', 'conv_attempts', 'conv_time',
  'create_by', 'create_time', 'update_time',
] as const;

/** A course's files (any order: the service orders them with the chapters). */
export function listFiles(db: Db, courseId: string): Promise<CourseFileRow[]> {
  return db.selectFrom('course_file').select(FILE_COLUMNS).where('course_id', '=', courseId).execute();
}

/** Files' required seconds for several courses (learner cards). */
export function needsOfCourses(db: Db, courseIds: readonly string[]): Promise<Array<Pick<CourseFileRow, 'id' | 'course_id' | 'need_seconds'>>> {
  if (courseIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('course_file').select(['id', 'course_id', 'need_seconds']).where('course_id', 'in', courseIds).execute();
}

/** Lesson bodies (kept out of the cached course definitions). */
export function lessonContents(db: Db, ids: readonly string[]): Promise<Array<Pick<CourseFileRow, 'id' | 'content'>>> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('course_file').select(['id', 'content']).where('id', 'in', ids).execute();
}

export function findFile(db: Db, id: string): Promise<CourseFileRow | undefined> {
  return db.selectFrom('course_file').select(FILE_COLUMNS).where('id', '=', id).executeTakeFirst();
}

export async function findFileCourseId(db: Db, id: string): Promise<string | undefined> {
  return (await db.selectFrom('course_file').select('course_id').where('id', '=', id).executeTakeFirst())?.course_id;
}

/** Files of one chapter (or the loose files when chapterId is null), for sorting. */
export function listSiblingFiles(db: Db, courseId: string, chapterId: string | null): Promise<Array<Pick<CourseFileRow, 'id' | 'sort' | 'title'>>> {
  let q = db.selectFrom('course_file').select(['id', 'sort', 'title']).where('course_id', '=', courseId);
  q = chapterId === null ? q.where('chapter_id', 'is', null) : q.where('chapter_id', '=', chapterId);
  return q.execute();
}

export async function nextFileSort(db: Db, courseId: string, chapterId: string | null): Promise<number> {
  let q = db.selectFrom('course_file').select((eb) => eb.fn.max('sort').as('m')).where('course_id', '=', courseId);
  q = chapterId === null ? q.where('chapter_id', 'is', null) : q.where('chapter_id', '=', chapterId);
  return Number((await q.executeTakeFirst())?.m ?? 0) + 1;
}

export async function insertFile(db: Db, row: CourseFileRow): Promise<void> {
  await db.insertInto('course_file').values(row).execute();
}

export async function updateFile(
  db: Db,
  id: string,
  values: Partial<Pick<CourseFileRow, 'chapter_id' | 'title' | 'need_seconds' | 'need_all_pages' | 'content' | 'sort' | 'update_time'>>,
): Promise<void> {
  await db.updateTable('course_file').set(values).where('id', '=', id).execute();
}

/** The files among `ids` with what must be removed from disk after they are deleted. */
export function filesToDelete(db: Db, ids: readonly string[]): Promise<Array<Pick<CourseFileRow, 'id' | 'course_id' | 'storage_key' | 'conv_key'>>> {
  return db.selectFrom('course_file').select(['id', 'course_id', 'storage_key', 'conv_key']).where('id', 'in', ids).execute();
}

/** Storage keys starting with a prefix (the demo course's files). */
export async function storageKeysLike(db: Db, prefix: string): Promise<string[]> {
  const rows = await db.selectFrom('course_file').select('storage_key').where('storage_key', 'like', `${prefix}%`).execute();
  return rows.map((r) => r.storage_key);
}

/** Stored files of whole courses (before the courses are deleted). */
export function storedFilesOfCourses(db: Db, courseIds: readonly string[]): Promise<Array<Pick<CourseFileRow, 'storage_key' | 'conv_key'>>> {
  return db.selectFrom('course_file').select(['storage_key', 'conv_key']).where('course_id', 'in', courseIds).execute();
}

export async function deleteFiles(db: Db, ids: readonly string[]): Promise<number> {
  const res = await db.deleteFrom('course_file').where('id', 'in', ids).executeTakeFirst();
  return Number(res.numDeletedRows);
}

// ---------- conversion queue ----------

export type ConvertRow = Pick<CourseFileRow, 'id' | 'course_id' | 'storage_key' | 'file_name' | 'conv_attempts'>;

export function nextFileInState(db: Db, convState: number): Promise<ConvertRow | undefined> {
  return db
    .selectFrom('course_file')
    .select(['id', 'course_id', 'storage_key', 'file_name', 'conv_attempts'])
    .where('conv_state', '=', convState)
    .orderBy('create_time')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
}

/** Moves one file from one conversion state to another; false when another run got there first. */
export async function moveConvState(
  db: Db,
  id: string,
  from: number,
  values: Partial<Pick<CourseFileRow, 'conv_state' | 'conv_key' | 'conv_error' | 'conv_attempts' | 'conv_time' | 'page_count' | 'update_time'>>,
): Promise<boolean> {
  const res = await db.updateTable('course_file').set(values).where('id', '=', id).where('conv_state', '=', from).executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/** Conversions that have been "converting" since before `before` (their process died). */
export function staleConversions(db: Db, convState: number, before: number): Promise<ConvertRow[]> {
  return db
    .selectFrom('course_file')
    .select(['id', 'course_id', 'storage_key', 'file_name', 'conv_attempts'])
    .where('conv_state', '=', convState)
    .where('conv_time', '<', before)
    .execute();
}

/** Every file in one conversion state moved to another (no converter on this machine). */
export async function moveAllConvState(db: Db, from: number, to: number, now: number): Promise<string[]> {
  const rows = await db.selectFrom('course_file').select('course_id').distinct().where('conv_state', '=', from).execute();
  if (rows.length) await db.updateTable('course_file').set({ conv_state: to, update_time: now }).where('conv_state', '=', from).execute();
  return rows.map((r) => r.course_id);
}

export async function requeueConversions(db: Db, ids: readonly string[], states: readonly number[], waiting: number, now: number): Promise<string[]> {
  const rows = await db.selectFrom('course_file').select('course_id').distinct().where('id', 'in', ids).where('conv_state', 'in', states).execute();
  await db
    .updateTable('course_file')
    .set({ conv_state: waiting, conv_error: '', conv_attempts: 0, update_time: now })
    .where('id', 'in', ids)
    .where('conv_state', 'in', states)
    .execute();
  return rows.map((r) => r.course_id);
}
