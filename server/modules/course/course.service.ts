import type { BodyOf, CourseRecord, CourseSaveBody, CourseStateBody, IdsBody, courseApi } from '../../../common/api';
import { CourseState } from '../../../common/api/course';
import { Audience } from '../../../common/codes';
import type { Page } from '../../../common/errorCodes';
import { inTransaction, type ServiceContext } from '../../context';
import { fail, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { isBlankRichText, sanitizeRichText } from '../../lib/sanitize';
import { assertDepartsExist } from '../depart/depart.service';
import { assertCatalogExists, catalogWithDescendants } from './catalog.service';
import { invalidateCourses } from './course.def';
import { removeStored } from './course.storage';
import * as repo from './course.repository';
import { isForeignKeyViolation } from '../../db/errors';
import * as ware from './courseware.repository';

const missing = () => notFound('课程不存在或已被删除');

/** Covers come from our file store or the web; nothing else is rendered as an image source. */
const SAFE_COVER = /^(\/api\/sys\/file\/get\/[A-Za-z0-9]{1,64}|https?:\/\/[^\s"'<>]{1,500})$/;
/** Exam ids as the exam module makes them (checked against exams when that module exists). */
const EXAM_ID = /^[A-Za-z0-9_-]{1,32}$/;

interface Extras {
  departIds: string[];
  userIds: string[];
  files: { count: number; needSeconds: number };
  learners: { learners: number; finished: number };
}

export function courseRowToRecord(row: repo.CourseJoinedRow, x: Extras): CourseRecord {
  return {
    id: row.id,
    title: row.title,
    cover: row.cover,
    content: row.content,
    catId: row.cat_id ?? '',
    catName: row.cat_name ?? '',
    teacher: row.teacher,
    classHours: row.class_hours,
    audience: Audience.of(row.audience),
    departIds: x.departIds,
    userIds: x.userIds,
    required: row.required === 1,
    state: CourseState.of(row.state),
    deadline: row.deadline,
    unlockInOrder: row.unlock_in_order === 1,
    examId: row.exam_id,
    checkMinutes: row.check_minutes,
    noSkip: row.no_skip === 1,
    fileCount: x.files.count,
    needSeconds: x.files.needSeconds,
    learnerCount: x.learners.learners,
    finishCount: x.learners.finished,
    createByName: row.create_by_name ?? '',
    publishTime: row.publish_time,
    createTime: row.create_time,
    updateTime: row.update_time,
  };
}

async function toRecords(ctx: ServiceContext, rows: repo.CourseJoinedRow[]): Promise<CourseRecord[]> {
  const ids = rows.map((r) => r.id);
  const [departs, users, files, learners] = await Promise.all([
    repo.departIdsByCourse(ctx.db, ids),
    repo.userIdsByCourse(ctx.db, ids),
    repo.fileStatsByCourse(ctx.db, ids),
    repo.learnerStatsByCourse(ctx.db, ids),
  ]);
  return rows.map((r) =>
    courseRowToRecord(r, {
      departIds: departs.get(r.id) ?? [],
      userIds: users.get(r.id) ?? [],
      files: files.get(r.id) ?? { count: 0, needSeconds: 0 },
      learners: learners.get(r.id) ?? { learners: 0, finished: 0 },
    }),
  );
}

export async function pagingCourses(ctx: ServiceContext, body: BodyOf<typeof courseApi.paging>): Promise<Page<CourseRecord>> {
  const p = body.params ?? {};
  const catId = p.catId?.trim();
  const page = await repo.pageCourses(
    ctx.db,
    {
      title: p.title?.trim() || undefined,
      catIds: catId ? await catalogWithDescendants(ctx, catId) : undefined,
      state: p.state === '' ? undefined : p.state,
      required: p.required === '' ? undefined : p.required,
    },
    body,
  );
  return { ...page, records: await toRecords(ctx, page.records) };
}

export async function getCourse(ctx: ServiceContext, id: string): Promise<CourseRecord> {
  const row = await repo.findCourse(ctx.db, id);
  if (!row) throw missing();
  return (await toRecords(ctx, [row]))[0];
}

/** Create (no id) or update a course; its audience lists are replaced; the first publication is stamped. */
export async function saveCourse(ctx: ServiceContext, authorId: string, body: CourseSaveBody): Promise<CourseRecord> {
  const title = body.title.trim();
  if (!title) throw fail('课程名称不能为空');
  const cover = body.cover.trim();
  if (cover && !SAFE_COVER.test(cover)) throw fail('封面图片地址不正确，请重新上传封面');
  const content = sanitizeRichText(body.content);
  const examId = body.examId.trim();
  if (examId && !EXAM_ID.test(examId)) throw fail('关联的考试不正确');
  const departIds = body.audience === Audience.DEPARTS ? [...new Set(body.departIds)] : [];
  const userIds = body.audience === Audience.PEOPLE ? [...new Set(body.userIds)] : [];
  if (body.audience === Audience.DEPARTS && departIds.length === 0) throw fail('请选择课程的学习部门');
  if (body.audience === Audience.PEOPLE && userIds.length === 0) throw fail('请选择课程的学习人员');
  if (body.deadline !== null && body.deadline <= 0) throw fail('截止时间不正确');
  const catId = body.catId.trim();

  let id: string;
  try {
    id = await inTransaction(ctx, async (tx) => {
      if (catId) await assertCatalogExists(tx, catId);
      await assertDepartsExist(tx, departIds);
      const current = body.id ? await repo.findCourse(tx.db, body.id) : undefined;
      if (body.id && !current) throw missing();
      const now = tx.clock.now();
      const values: repo.CourseValues = {
        title,
        cover,
        content: isBlankRichText(content) ? '' : content,
        cat_id: catId || null,
        teacher: body.teacher.trim(),
        class_hours: Math.round(body.classHours * 10) / 10,
        audience: body.audience,
        required: body.required ? 1 : 0,
        state: body.state,
        deadline: body.deadline,
        unlock_in_order: body.unlockInOrder ? 1 : 0,
        exam_id: examId,
        check_minutes: body.checkMinutes,
        no_skip: body.noSkip ? 1 : 0,
        publish_time: current?.publish_time ?? (body.state === CourseState.PUBLISHED ? now : null),
        update_time: now,
      };
      let courseId = current?.id;
      if (courseId) {
        await repo.updateCourse(tx.db, courseId, values);
      } else {
        courseId = newId();
        await repo.insertCourse(tx.db, { id: courseId, ...values, create_by: authorId, create_time: now });
      }
      await repo.replaceAudience(tx.db, courseId, departIds, userIds);
      return courseId;
    });
  } catch (e) {
    if (isForeignKeyViolation(e)) throw fail('所选人员不存在或已被删除，请刷新后重试');
    throw e;
  }
  invalidateCourses(ctx, [id]);
  return getCourse(ctx, id);
}

/** Deletes courses with their chapters, files (also from disk) and learning records. */
export async function deleteCourses(ctx: ServiceContext, { ids }: IdsBody): Promise<void> {
  const unique = [...new Set(ids)];
  const stored = await inTransaction(ctx, async (tx) => {
    const files = await ware.storedFilesOfCourses(tx.db, unique);
    if ((await repo.deleteCourses(tx.db, unique)) === 0) throw missing();
    return files;
  });
  invalidateCourses(ctx, unique);
  await removeStored(ctx.config.dataDir, stored.flatMap((f) => [f.storage_key, f.conv_key]).filter(Boolean));
}

/** Publish or withdraw: learners see a course only while it is published. */
export async function setCoursesState(ctx: ServiceContext, { ids, state }: CourseStateBody): Promise<void> {
  const unique = [...new Set(ids)];
  const changed = await repo.setCourseState(ctx.db, unique, state, ctx.clock.now());
  if (changed === 0) throw missing();
  invalidateCourses(ctx, unique);
}
