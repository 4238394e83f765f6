import dayjs from 'dayjs';
import type { BodyOf, CourseLearnerRecord, CourseRecordExportBody, courseRecordApi } from '../../../common/api';
import { CourseLearnerState } from '../../../common/api/course';
import { formatDuration } from '../../../common/duration';
import type { Page } from '../../../common/errorCodes';
import type { ServiceContext } from '../../context';
import { fail, notFound } from '../../lib/errors';
import { buildXlsx, readInPages } from '../../workers/xlsx';
import { descendantDeptIds } from '../depart/depart.service';
import type { CourseDef } from './course.cache';
import { courseDef } from './course.def';
import { courseFigures, isOverdue, standingState, type FileFigures } from './course.progress';
import * as learn from './learn.repository';
import * as repo from './records.repository';

/** Rows an export may hold; past it the administrator narrows the filters. */
export const RECORD_EXPORT_LIMIT = 50_000;
export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

type Filters = NonNullable<BodyOf<typeof courseRecordApi.paging>['params']>;

async function audienceFilter(ctx: ServiceContext, params: Filters | undefined): Promise<{ def: CourseDef; filter: repo.AudienceFilter }> {
  if (!params?.courseId) throw fail('请选择课程');
  const def = await courseDef(ctx, params.courseId);
  if (!def) throw notFound('课程不存在或已被删除');
  const deptId = params.deptId?.trim();
  return {
    def,
    filter: {
      courseId: def.id,
      audience: def.audience,
      courseDeptIds: [...def.deptIds],
      deptIds: deptId ? await descendantDeptIds(ctx, deptId) : undefined,
      realName: params.realName?.trim() || undefined,
      state: params.state === '' ? undefined : params.state,
    },
  };
}

/** Each learner's figures from their rows on the course, in one query for the page. */
async function toRecords(ctx: ServiceContext, def: CourseDef, rows: repo.AudienceRow[]): Promise<CourseLearnerRecord[]> {
  const learned = await learn.learnRowsOfCourse(ctx.db, def.id, rows.map((r) => r.id));
  const byUser = new Map<string, Map<string, FileFigures & { update_time: number }>>();
  for (const l of learned) {
    if (!byUser.has(l.user_id)) byUser.set(l.user_id, new Map());
    byUser.get(l.user_id)!.set(l.file_id, l);
  }
  const files = def.order.map((id) => def.files.get(id)!);
  const now = ctx.clock.now();
  return rows.map((r) => {
    const mine = byUser.get(r.id) ?? new Map();
    const fig = courseFigures(files, mine);
    const last = Math.max(0, ...[...mine.values()].map((x) => x.update_time));
    return {
      userId: r.id,
      userName: r.user_name,
      realName: r.real_name,
      deptName: r.dept_name ?? '',
      ...fig,
      state: standingState(r.start_time === null ? null : r),
      overdue: isOverdue(def.deadline, r.finish_time, now),
      startTime: r.start_time,
      finishTime: r.finish_time,
      lastTime: last > 0 ? last : null,
    };
  });
}

/** A course's audience, a page at a time, with each learner's progress, time and completion. */
export async function pagingRecords(ctx: ServiceContext, body: BodyOf<typeof courseRecordApi.paging>): Promise<Page<CourseLearnerRecord>> {
  const { def, filter } = await audienceFilter(ctx, body.params);
  const page = await repo.pageAudience(ctx.db, filter, body);
  return { ...page, records: await toRecords(ctx, def, page.records) };
}

const time = (t: number | null) => (t === null ? '' : dayjs(t).format('YYYY-MM-DD HH:mm:ss'));

/** The records spreadsheet: one header row, one row per learner of the audience (filtered). */
export async function exportRecords(ctx: ServiceContext, body: CourseRecordExportBody): Promise<{ fileName: string; data: Buffer }> {
  const { def, filter } = await audienceFilter(ctx, body.params);
  const rows = await readInPages(RECORD_EXPORT_LIMIT + 1, (offset, size) => repo.listAudience(ctx.db, filter, size, offset));
  if (rows.length > RECORD_EXPORT_LIMIT) throw fail(`导出的数据超过 ${RECORD_EXPORT_LIMIT} 条，请缩小筛选范围后再试`);
  const records: CourseLearnerRecord[] = [];
  for (let i = 0; i < rows.length; i += 500) records.push(...(await toRecords(ctx, def, rows.slice(i, i + 500))));

  const data = await buildXlsx({
    creator: 'Examhall',
    created: ctx.clock.now(),
    sheets: [
      {
        name: '学习记录',
        frozenHeader: true,
        columns: [
          { header: '用户名', width: 18 },
          { header: '姓名', width: 14 },
          { header: '部门', width: 18 },
          { header: '学习状态', width: 10 },
          { header: '学习进度(%)', width: 12 },
          { header: '已学时长', width: 14 },
          { header: '应学时长', width: 14 },
          { header: '完成课件', width: 10 },
          { header: '开始学习', width: 20 },
          { header: '完成时间', width: 20 },
          { header: '最近学习', width: 20 },
          { header: '是否逾期', width: 10 },
        ],
        rows: records.map((r) => [
          r.userName,
          r.realName,
          r.deptName,
          CourseLearnerState.label(r.state),
          r.progress,
          formatDuration(r.learnedSeconds),
          formatDuration(r.needSeconds),
          `${r.doneCount}/${r.fileCount}`,
          time(r.startTime),
          time(r.finishTime),
          time(r.lastTime),
          r.overdue ? '是' : '否',
        ]),
      },
    ],
  });
  const safeTitle = def.title.replace(/[\\/:*?"<>|\p{Cc}]/gu, '_').slice(0, 60);
  return { fileName: `${safeTitle}-学习记录.xlsx`, data };
}
