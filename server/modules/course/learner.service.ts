import type { BodyOf, MyCourseDetail, MyCourseFile, MyCourseRecord, courseLearnApi, courseRecordApi } from '../../../common/api';
import { ConvertState, CourseFileKind, CourseTab, LearnState } from '../../../common/api/course';
import type { Page } from '../../../common/errorCodes';
import type { ServiceContext } from '../../context';
import { fail, notFound } from '../../lib/errors';
import { userExists } from '../access/access.service';
import { ancestorDeptIds } from '../depart/depart.service';
import { deptIdOf } from '../user/user.service';
import type { CourseFileDef } from './course.cache';
import { signedFileUrl, urlExpiry, urlKey, urlRenewAfter, type UrlViewer } from './course.content';
import { courseDef } from './course.def';
import { courseFigures, fileStates, isOverdue, standingState, type FileFigures } from './course.progress';
import { catalogWithDescendants } from './catalog.service';
import { viewerOf } from './courseware.service';
import * as courses from './course.repository';
import * as learn from './learn.repository';
import * as ware from './courseware.repository';

const missing = () => notFound('课程不存在、未发布或不对您开放');

/** The learner's department and its ancestors: a course for a department reaches its sub-departments. */
async function learnerDeptIds(ctx: ServiceContext, userId: string): Promise<string[]> {
  return ancestorDeptIds(ctx, await deptIdOf(ctx, userId));
}

/** Cards for a page of courses: each course's files and the learner's rows, in two queries. */
async function toMyRecords(ctx: ServiceContext, userId: string, rows: courses.VisibleCourseRow[]): Promise<MyCourseRecord[]> {
  const ids = rows.map((r) => r.id);
  const [files, learned] = await Promise.all([ware.needsOfCourses(ctx.db, ids), learn.learnRowsOfUser(ctx.db, userId, ids)]);
  const filesBy = new Map<string, Array<{ id: string; needMs: number }>>(ids.map((id) => [id, []]));
  for (const f of files) filesBy.get(f.course_id)?.push({ id: f.id, needMs: f.need_seconds * 1000 });
  const rowsBy = new Map<string, Map<string, FileFigures>>(ids.map((id) => [id, new Map()]));
  for (const r of learned) rowsBy.get(r.course_id)?.set(r.file_id, r);
  const now = ctx.clock.now();
  return rows.map((r) => myRecordOf(r, courseFigures(filesBy.get(r.id)!, rowsBy.get(r.id)!), now));
}

function myRecordOf(r: courses.VisibleCourseRow, fig: ReturnType<typeof courseFigures>, now: number): MyCourseRecord {
  return {
    id: r.id,
    title: r.title,
    cover: r.cover,
    teacher: r.teacher,
    classHours: r.class_hours,
    catName: r.cat_name ?? '',
    required: r.required === 1,
    deadline: r.deadline,
    overdue: isOverdue(r.deadline, r.finish_time, now),
    ...fig,
    state: standingState(r.start_time === null ? null : r),
    startTime: r.start_time,
    finishTime: r.finish_time,
  };
}

function tabFilter(tab: number | '' | undefined): courses.VisibleFilter {
  switch (tab) {
    case CourseTab.REQUIRED:
      return { required: true };
    case CourseTab.ELECTIVE:
      return { required: false };
    case CourseTab.LEARNING:
      return { standing: 'learning' };
    case CourseTab.FINISHED:
      return { standing: 'finished' };
    default:
      return {};
  }
}

export async function pagingMyCourses(ctx: ServiceContext, userId: string, body: BodyOf<typeof courseLearnApi.myPaging>): Promise<Page<MyCourseRecord>> {
  const p = body.params ?? {};
  const catId = p.catId?.trim();
  const filter: courses.VisibleFilter = {
    ...tabFilter(p.tab),
    title: p.title?.trim() || undefined,
    catIds: catId ? await catalogWithDescendants(ctx, catId) : undefined,
  };
  const page = await courses.pageVisibleCourses(ctx.db, userId, await learnerDeptIds(ctx, userId), filter, body);
  return { ...page, records: await toMyRecords(ctx, userId, page.records) };
}

/** My learning records: the courses I have started, the latest first. */
export async function pagingMyRecords(ctx: ServiceContext, userId: string, body: BodyOf<typeof courseRecordApi.myPaging>): Promise<Page<MyCourseRecord>> {
  const filter: courses.VisibleFilter = { standing: 'started', title: body.params?.title?.trim() || undefined };
  const page = await courses.pageVisibleCourses(ctx.db, userId, await learnerDeptIds(ctx, userId), filter, body, true);
  return { ...page, records: await toMyRecords(ctx, userId, page.records) };
}

/** For administrators: one learner's courses (published and open to them), with their figures. */
export async function pagingUserCourses(ctx: ServiceContext, body: BodyOf<typeof courseRecordApi.userPaging>): Promise<Page<MyCourseRecord>> {
  const userId = body.params?.userId;
  if (!userId) throw fail('请选择学员');
  if (!(await userExists(ctx, userId))) throw notFound('用户不存在或已被删除');
  const filter: courses.VisibleFilter = { title: body.params?.title?.trim() || undefined };
  const page = await courses.pageVisibleCourses(ctx.db, userId, await learnerDeptIds(ctx, userId), filter, body);
  return { ...page, records: await toMyRecords(ctx, userId, page.records) };
}

/**
 * A course for the learner page: its introduction, the files in learning order with the learner's
 * figures and states, signed short-lived URLs for the unlocked files, and the linked exam once
 * the course is finished.
 */
export async function myCourseDetail(ctx: ServiceContext, viewer: UrlViewer, courseId: string): Promise<MyCourseDetail> {
  const userId = viewer.id;
  const row = await courses.findVisibleCourse(ctx.db, userId, await learnerDeptIds(ctx, userId), courseId);
  const def = row ? await courseDef(ctx, courseId) : null;
  if (!row || !def) throw missing();
  const rows = new Map((await learn.learnRowsOfUser(ctx.db, userId, [courseId])).map((r) => [r.file_id, r]));
  const files = def.order.map((id) => def.files.get(id)!);
  const fig = courseFigures(files, rows);
  const states = fileStates(def, rows);
  const now = ctx.clock.now();
  const key = await urlKey(ctx);
  const expiry = urlExpiry(now);
  const lessons = new Map((await ware.lessonContents(ctx.db, files.filter((f) => f.kind === CourseFileKind.LESSON).map((f) => f.id))).map((l) => [l.id, l.content]));

  const fileOf = (f: CourseFileDef): MyCourseFile => {
    const r = rows.get(f.id);
    const state = states.get(f.id)!;
    const open = state !== LearnState.LOCKED;
    return {
      id: f.id,
      chapterId: f.chapterId,
      title: f.title,
      kind: CourseFileKind.of(f.kind),
      viewer: viewerOf(f.kind, f.convState),
      fileName: f.fileName,
      durationSec: f.durationSec,
      pageCount: f.pageCount,
      needSeconds: Math.round(f.needMs / 1000),
      needAllPages: f.needAllPages,
      learnedSeconds: Math.floor((r?.learned_ms ?? 0) / 1000),
      pagesSeen: r?.pages_count ?? 0,
      position: (r?.position_ms ?? 0) / 1000,
      furthest: (r?.furthest_ms ?? 0) / 1000,
      state: LearnState.of(state),
      convState: ConvertState.of(f.convState),
      url: open && f.kind !== CourseFileKind.LESSON ? signedFileUrl(key, f.id, viewer, expiry) : '',
      content: open ? lessons.get(f.id) ?? '' : '',
    };
  };

  const chapters = await ware.listChapters(ctx.db, courseId);
  const record = myRecordOf(row, fig, now);
  return {
    ...record,
    content: row.content,
    unlockInOrder: def.unlockInOrder,
    noSkip: def.noSkip,
    checkMinutes: def.checkMinutes,
    publishTime: row.publish_time,
    examId: row.finish_time !== null ? def.examId : '',
    files: files.filter((f) => !f.chapterId).map(fileOf),
    chapters: chapters
      .sort((a, b) => a.sort - b.sort || a.id.localeCompare(b.id))
      .map((c) => ({ id: c.id, title: c.title, files: files.filter((f) => f.chapterId === c.id).map(fileOf) })),
    urlExpireTime: expiry,
    urlRenewAfter: urlRenewAfter(now, expiry),
  };
}
