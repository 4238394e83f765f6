import { Audience } from '../../../common/codes';
import type { ServiceContext } from '../../context';
import type { CourseChapterRow, CourseFileRow } from '../../db/schema';
import { descendantDeptIds } from '../depart/depart.service';
import type { CourseDef, CourseFileDef } from './course.cache';
import * as courses from './course.repository';
import * as ware from './courseware.repository';

const bySort = <T extends { sort: number; id: string }>(a: T, b: T) => a.sort - b.sort || a.id.localeCompare(b.id);

/** Chapters in order, and files in learning order: loose files first, then each chapter's files. */
export function orderCourseware<F extends Pick<CourseFileRow, 'id' | 'sort' | 'chapter_id'>>(
  chapters: CourseChapterRow[],
  files: F[],
): { chapters: CourseChapterRow[]; loose: F[]; byChapter: Map<string, F[]>; ordered: F[] } {
  const sortedChapters = [...chapters].sort(bySort);
  const known = new Set(sortedChapters.map((c) => c.id));
  const byChapter = new Map<string, F[]>(sortedChapters.map((c) => [c.id, []]));
  const loose: F[] = [];
  for (const f of [...files].sort(bySort)) {
    if (f.chapter_id && known.has(f.chapter_id)) byChapter.get(f.chapter_id)!.push(f);
    else loose.push(f);
  }
  const ordered = [...loose, ...sortedChapters.flatMap((c) => byChapter.get(c.id)!)];
  return { chapters: sortedChapters, loose, byChapter, ordered };
}

export function fileRowToDef(f: CourseFileRow): CourseFileDef {
  return {
    id: f.id,
    title: f.title,
    chapterId: f.chapter_id ?? '',
    kind: f.kind,
    needMs: f.need_seconds * 1000,
    durationSec: f.duration_sec,
    pageCount: f.page_count,
    needAllPages: f.need_all_pages === 1 && f.page_count > 0,
    fileName: f.file_name,
    mime: f.mime,
    storageKey: f.storage_key,
    convState: f.conv_state,
    convKey: f.conv_key,
  };
}

async function loadCourseDef(ctx: ServiceContext, id: string): Promise<CourseDef | null> {
  const row = await courses.findCourse(ctx.db, id);
  if (!row) return null;
  const [departs, users, chapters, files] = await Promise.all([
    courses.departIdsByCourse(ctx.db, [id]),
    courses.userIdsByCourse(ctx.db, [id]),
    ware.listChapters(ctx.db, id),
    ware.listFiles(ctx.db, id),
  ]);
  const deptIds = row.audience === Audience.DEPARTS ? await descendantDeptIds(ctx, departs.get(id) ?? []) : [];
  const { ordered } = orderCourseware(chapters, files);
  return {
    id: row.id,
    title: row.title,
    state: row.state,
    audience: row.audience,
    deptIds: new Set(deptIds),
    userIds: new Set(row.audience === Audience.PEOPLE ? users.get(id) ?? [] : []),
    required: row.required === 1,
    deadline: row.deadline,
    unlockInOrder: row.unlock_in_order === 1,
    noSkip: row.no_skip === 1,
    checkMinutes: row.check_minutes,
    examId: row.exam_id,
    files: new Map(ordered.map((f) => [f.id, fileRowToDef(f)])),
    order: ordered.map((f) => f.id),
  };
}

/** The course as the learner side checks it (cached; null when it does not exist). */
export function courseDef(ctx: ServiceContext, courseId: string): Promise<CourseDef | null> {
  return ctx.caches.course.defs.getOrLoad(courseId, () => loadCourseDef(ctx, courseId));
}

/** The course a file belongs to (cached: a file never moves between courses). */
export function courseOfFile(ctx: ServiceContext, fileId: string): Promise<string | null> {
  return ctx.caches.course.fileCourse.getOrLoad(fileId, async () => (await ware.findFileCourseId(ctx.db, fileId)) ?? null);
}

/** After an administrator's change: this process sees it at once, others within the cache's TTL. */
export function invalidateCourses(ctx: ServiceContext, courseIds: Iterable<string>): void {
  for (const id of courseIds) ctx.caches.course.defs.delete(id);
}

