import { Audience, RoleType } from '../../../common/codes';
import { CourseLearnerState } from '../../../common/api/course';
import type { Page } from '../../../common/errorCodes';
import type { Db } from '../../db/database';
import { contains, paginate, type PageArgs } from '../../lib/paging';

export interface AudienceFilter {
  courseId: string;
  audience: number;
  /** audience 2: the course's departments with their sub-departments. */
  courseDeptIds: readonly string[];
  /** Only these departments (a department and its sub-departments). */
  deptIds?: string[];
  realName?: string;
  state?: number;
}

export interface AudienceRow {
  id: string;
  user_name: string;
  real_name: string;
  dept_name: string | null;
  start_time: number | null;
  finish_time: number | null;
}

/**
 * The people a course is for, with their standing joined: for everyone or departments, the users
 * holding a learner role (in those departments); for named people, exactly them.
 */
function filterAudience(db: Db, f: AudienceFilter) {
  let q = db
    .selectFrom('sys_user as u')
    .leftJoin('sys_depart as d', 'd.id', 'u.dept_id')
    .leftJoin('course_learner as cl', (j) => j.onRef('cl.user_id', '=', 'u.id').on('cl.course_id', '=', f.courseId));
  const learnerRole = (eb: any) =>
    eb.exists(
      eb
        .selectFrom('sys_user_role as ur')
        .innerJoin('sys_role as r', 'r.id', 'ur.role_id')
        .select('ur.user_id')
        .whereRef('ur.user_id', '=', 'u.id')
        .where('r.role_type', '=', RoleType.LEARNER),
    );
  if (f.audience === Audience.PEOPLE) {
    q = q.where((eb) =>
      eb.exists(eb.selectFrom('course_user as cu').select('cu.user_id').whereRef('cu.user_id', '=', 'u.id').where('cu.course_id', '=', f.courseId)),
    );
  } else {
    q = q.where(learnerRole);
    if (f.audience === Audience.DEPARTS) q = q.where('u.dept_id', 'in', f.courseDeptIds.length ? [...f.courseDeptIds] : ['']);
  }
  if (f.deptIds) q = q.where('u.dept_id', 'in', f.deptIds.length ? f.deptIds : ['']);
  if (f.realName) q = q.where(contains('u.real_name', f.realName));
  if (f.state === CourseLearnerState.NOT_STARTED) q = q.where('cl.user_id', 'is', null);
  if (f.state === CourseLearnerState.LEARNING) q = q.where('cl.user_id', 'is not', null).where('cl.finish_time', 'is', null);
  if (f.state === CourseLearnerState.FINISHED) q = q.where('cl.finish_time', 'is not', null);
  return q;
}

const COLUMNS = ['u.id', 'u.user_name', 'u.real_name', 'd.dept_name', 'cl.start_time', 'cl.finish_time'] as const;

export function pageAudience(db: Db, f: AudienceFilter, page: PageArgs): Promise<Page<AudienceRow>> {
  return paginate(
    filterAudience(db, f),
    page,
    (q) => q.select(COLUMNS).orderBy('d.dept_name').orderBy('u.user_name').orderBy('u.id'),
    (r) => r as AudienceRow,
  );
}

export async function listAudience(db: Db, f: AudienceFilter, limit: number, offset = 0): Promise<AudienceRow[]> {
  return (await filterAudience(db, f).select(COLUMNS).orderBy('d.dept_name').orderBy('u.user_name').orderBy('u.id').limit(limit).offset(offset).execute()) as AudienceRow[];
}
